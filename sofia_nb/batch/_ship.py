"""What travels between the client and a worker: the notebook and the files its parameters name go
out as content, the executed notebook, its result and its side outputs come back as content.

No path on the client's disk is ever handed to a worker, so a grid runs the same on local
processes, on one machine's Dask cluster and on a real cluster without a shared filesystem.
"""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path
from typing import Any

from ..session import SessionStore
from ._models import RunJob, RunOutput, RunResult

SCRIPTED_PREFIX = "scripted:"
"""An ``llm`` spec naming a scripted model file (architecture.md §4.2)."""
SESSION_PARAMETER = "session"
SIDE_OUTPUTS = ("exports", "poc", ".sofia/sessions")
"""Folders of a run's private working folder that come back to the client."""


def pack_job(
    notebook: Path,
    parameters: dict[str, Any],
    *,
    timeout_s: float,
    kernel_name: str | None,
    store: SessionStore | None = None,
) -> RunJob:
    """The notebook and every file a parameter names, as content; parameters point at the copies.

    A string parameter naming an existing file (with a path separator or a suffix), an
    ``llm="scripted:PATH"`` spec, and ``session=ID`` (the client's session file; ``"last"``
    ships every session, so the notebook's own meaning of "last" still holds) are shipped.
    """
    files: dict[str, bytes] = {}
    params = dict(parameters)
    for name, value in parameters.items():
        if not isinstance(value, str):
            continue
        if name == SESSION_PARAMETER:
            files.update(_sessions(value, store or SessionStore()))
            continue
        prefix = SCRIPTED_PREFIX if value.startswith(SCRIPTED_PREFIX) else ""
        path = value[len(prefix) :]
        if _names_a_file(path):
            shipped = f"inputs/{name}/{Path(path).name}"
            files[shipped] = Path(path).read_bytes()
            params[name] = prefix + shipped
    return RunJob(
        notebook_name=notebook.name,
        notebook=notebook.read_bytes(),
        parameters=params,
        files=files,
        timeout_s=timeout_s,
        kernel_name=kernel_name,
    )


def _names_a_file(value: str) -> bool:
    return ("/" in value or Path(value).suffix != "") and Path(value).is_file()


def _sessions(session: str, store: SessionStore) -> dict[str, bytes]:
    if session == "last":
        paths = sorted(store.root.glob("*.json")) if store.root.is_dir() else []
    else:
        paths = [store.path_for(session)] if store.exists(session) else []
    return {f".sofia/sessions/{p.name}": p.read_bytes() for p in paths}


def pack_outputs(work: Path) -> bytes:
    """The side outputs of a finished run, as one gzipped tar (a PoC keeps its ``.git``)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for folder in SIDE_OUTPUTS:
            if (work / folder).is_dir():
                tar.add(work / folder, arcname=folder)
    return buffer.getvalue()


def write_output(output: RunOutput, notebook: Path, parameters: dict[str, Any], target: Path) -> RunResult:
    """Write what came back: ``target`` (the executed notebook), its ``.result.json`` and its side
    outputs in the folder ``target`` without suffix; the row names the client's paths and parameters."""
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(output.notebook)
    if output.row.result is not None:
        target.with_suffix(".result.json").write_text(json.dumps(output.row.result), encoding="utf-8")
    folder = target.with_suffix("")
    with tarfile.open(fileobj=io.BytesIO(output.outputs), mode="r:gz") as tar:
        tar.extractall(folder, filter="data")  # "data": nothing lands outside the folder
    return output.row.model_copy(
        update={"notebook": str(notebook), "parameters": parameters, "output_path": str(target)}
    )
