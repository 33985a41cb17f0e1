"""Run one notebook headless with papermill: ``interactive=False`` always, a timeout always."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..redact import redact, redacted_head
from ..session import write_atomically
from ._models import RunResult

NOTEBOOK_TIMEOUT_S = 600.0
"""One cell's execution limit: a cell that waits on a model or on the Ralph loop may take minutes;
ten minutes without an end is taken as a hung kernel, and the run is reported failed."""
RESULT_PARAMETER = "result_path"
"""Notebooks that report a result write it as JSON to the path given in this parameter."""
INJECTED = ("interactive", RESULT_PARAMETER)
"""The parameters every headless run sets itself."""
KERNEL_STARTS = 2
"""Starts of a kernel that dies before it answers. jupyter_client picks a kernel's ports by binding
to port 0 and letting go, so two processes starting kernels at once (two Dask workers on one host)
can pick the same port, and the kernel that loses exits. Nothing has run then: starting again on
new ports is safe."""


class ParameterError(ValueError):
    """A parameter the notebook does not declare in its ``parameters`` cell; nothing was run."""


def declared_parameters(notebook: str | Path) -> list[str]:
    """The names the notebook's cell tagged ``parameters`` assigns, in order (papermill reads it)."""
    import papermill

    return list(papermill.inspect_notebook(str(notebook)))


def check_parameters(notebook: str | Path, names: Iterable[str]) -> None:
    """Refuse a name the notebook does not declare. papermill would inject any name as a line of
    code (``NAME = VALUE``), so a name is never data: only the notebook's own parameters pass."""
    declared = declared_parameters(notebook)
    unknown = [name for name in names if name not in declared and name not in INJECTED]
    if unknown:
        offered = ", ".join(name for name in declared if name not in INJECTED) or "none"
        raise ParameterError(
            f"{notebook}: {', '.join(redacted_head(repr(n), 80) for n in unknown)} "
            f"{'is not a parameter' if len(unknown) == 1 else 'are not parameters'} of this notebook "
            f"(its parameters cell declares: {offered})"
        )


def run_notebook(
    notebook: str | Path,
    output: str | Path,
    parameters: dict[str, Any] | None = None,
    *,
    timeout_s: float = NOTEBOOK_TIMEOUT_S,
    kernel_name: str | None = None,
    cwd: str | Path | None = None,
) -> RunResult:
    """Execute ``notebook`` into ``output`` with ``parameters``; never raises for a failing notebook.

    ``interactive=False`` is injected so no cell waits for a click, every cell has an execution
    timeout (papermill's default is none), and ``result_path`` tells the notebook where to write
    its result JSON, which is read back into the row. A parameter the notebook does not declare
    raises ``ParameterError`` before anything runs.
    """
    import papermill

    check_parameters(notebook, parameters or {})

    output = Path(output).resolve()  # the kernel may run elsewhere (cwd); result_path must still work
    output.parent.mkdir(parents=True, exist_ok=True)
    result_file = output.with_suffix(".result.json")
    result_file.unlink(missing_ok=True)
    params = {**(parameters or {}), "interactive": False, RESULT_PARAMETER: str(result_file)}
    options = {
        "parameters": params,
        "kernel_name": kernel_name,
        "cwd": str(cwd) if cwd else str(Path(notebook).resolve().parent),
        "progress_bar": False,
        "execution_timeout": timeout_s,
        **_encrypted_kernel(),
    }
    failure: Exception | None = None
    started = time.monotonic()
    for _ in range(KERNEL_STARTS):
        try:
            papermill.execute_notebook(str(notebook), _redacted_target(output), **options)
            failure = None
        except Exception as exc:  # a failing notebook is a row, not a crash of the batch
            failure = exc
        if not _died_at_start(failure):
            break
    error = _first_line(failure) if failure else ""
    duration = time.monotonic() - started
    result = _redacted_result(result_file)
    return RunResult(
        notebook=str(notebook),
        parameters=parameters or {},
        status="failed" if error else "ok",
        duration_s=round(duration, 3),
        output_path=str(output),
        result=result,
        error=error,
    )


_REDACTED = "sofia-redacted://"
"""The scheme of an output path papermill writes through ``_RedactingWriter``."""


class _RedactingWriter:
    """papermill's I/O handler for executed notebooks: papermill saves the notebook after each cell
    and at the end, and every save passes the redactor first (all outputs — text, HTML, Markdown,
    the record, errors — the widget state in the metadata, the injected parameters), so a secret a
    cell printed never reaches disk. Written atomically, so a reader never sees half a save."""

    @staticmethod
    def read(path: str) -> str:
        return Path(path.removeprefix(_REDACTED)).read_text(encoding="utf-8")

    @staticmethod
    def write(buf: str, path: str) -> None:
        target = Path(path.removeprefix(_REDACTED))
        document = redact(json.loads(buf))
        papermill_meta = document.get("metadata", {}).get("papermill")
        if isinstance(papermill_meta, dict):
            papermill_meta["output_path"] = str(target)
        write_atomically(target, json.dumps(document, indent=1, ensure_ascii=False) + "\n", shared=True)

    @staticmethod
    def listdir(path: str) -> list[str]:
        return [str(p) for p in Path(path.removeprefix(_REDACTED)).iterdir()]

    @staticmethod
    def pretty_path(path: str) -> str:
        return path.removeprefix(_REDACTED)


def _redacted_target(output: Path) -> str:
    """``output`` as a path papermill writes through the redactor (registered on first use)."""
    from papermill.iorw import papermill_io

    if not any(scheme == _REDACTED for scheme, _ in papermill_io._handlers):
        papermill_io.register(_REDACTED, _RedactingWriter)
    return _REDACTED + str(output)


def _redacted_result(path: Path) -> dict[str, Any] | None:
    """The result JSON the notebook wrote, redacted, and rewritten redacted (the kernel wrote it
    itself, so it is the one file of a run the redactor cannot see before it is written)."""
    if not path.is_file():
        return None
    result: Any = redact(json.loads(path.read_text(encoding="utf-8")))
    write_atomically(path, json.dumps(result), shared=True)
    return result if isinstance(result, dict) else None


def _encrypted_kernel() -> dict[str, Any]:
    """papermill's keyword for a kernel whose traffic is encrypted, with CurveZMQ keys the kernel
    manager provisions, where jupyter_client, pyzmq and the kernel spec allow it. Otherwise
    ipykernel warns on every run that its TCP traffic is plain text."""
    import zmq
    from jupyter_client import KernelManager
    from traitlets.config import Config

    if "transport_encryption" not in KernelManager.class_trait_names() or not zmq.has("curve"):
        return {}
    return {"config": Config({"KernelManager": {"transport_encryption": "auto"}})}


def _died_at_start(exc: Exception | None) -> bool:
    # jupyter_client's words when the kernel process exits before its first reply
    return isinstance(exc, RuntimeError) and "died before replying to kernel_info" in str(exc)


def _first_line(exc: Exception) -> str:
    name = getattr(exc, "ename", type(exc).__name__)
    value = getattr(exc, "evalue", str(exc))
    return redacted_head(f"{name}: {value}".strip().splitlines()[0], 500)
