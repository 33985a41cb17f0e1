"""The worker's side of a grid run: a private working folder and ``SOFIA_HOME`` per run."""

from __future__ import annotations

import os
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ._models import RunJob, RunOutput
from ._papermill import run_notebook
from ._ship import pack_outputs

_ENV_LOCK = threading.Lock()
"""The kernel inherits the process environment at start (papermill passes no ``env``), so runs in
one worker process set ``SOFIA_HOME`` one at a time."""


def execute_job(job: RunJob) -> RunOutput:
    """Run ``job`` in a fresh folder under the worker's ``TMPDIR`` and return everything it made."""
    with tempfile.TemporaryDirectory(prefix="sofia-run-") as tmp:
        work = Path(tmp) / "work"
        for relative, content in job.files.items():
            path = work / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
        (work / ".sofia").mkdir(parents=True, exist_ok=True)
        notebook = Path(tmp) / job.notebook_name
        notebook.write_bytes(job.notebook)
        executed = Path(tmp) / "executed" / job.notebook_name
        with _sofia_home(work / ".sofia"):
            row = run_notebook(
                notebook,
                executed,
                job.parameters,
                timeout_s=job.timeout_s,
                kernel_name=job.kernel_name,
                cwd=work,
            )
        content = executed.read_bytes() if executed.is_file() else job.notebook
        return RunOutput(row=row, notebook=content, outputs=pack_outputs(work))


@contextmanager
def _sofia_home(home: Path) -> Iterator[None]:
    with _ENV_LOCK:
        before = os.environ.get("SOFIA_HOME")
        os.environ["SOFIA_HOME"] = str(home)
        try:
            yield
        finally:
            if before is None:
                os.environ.pop("SOFIA_HOME", None)
            else:
                os.environ["SOFIA_HOME"] = before
