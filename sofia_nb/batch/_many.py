"""``run_many``: one notebook over a parameter grid, as a results table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..session import SessionStore
from ._executors import Executor, LocalExecutor
from ._grid import expand_grid
from ._models import BatchTable
from ._papermill import NOTEBOOK_TIMEOUT_S
from ._ship import pack_job, write_output
from ._worker import execute_job


def run_many(
    notebook: str | Path,
    grid: dict[str, Any] | list[dict[str, Any]],
    *,
    executor: Executor | None = None,
    output_dir: str | Path = "runs",
    timeout_s: float = NOTEBOOK_TIMEOUT_S,
    kernel_name: str | None = None,
    store: SessionStore | None = None,
) -> BatchTable:
    """Run ``notebook`` once per parameter set of ``grid`` and return one row per run, in grid order.

    Each run gets the notebook and the files its parameters name as content, runs in a private
    folder (and ``SOFIA_HOME``) wherever the executor puts it, and sends back the executed notebook,
    its result and its side outputs, written here as ``output_dir/NAME-001.ipynb``,
    ``NAME-001.result.json`` and ``NAME-001/`` (``exports/``, ``poc/``, ``.sofia/sessions/``).
    ``store`` is where ``session=ID`` parameters are looked up (default: ``$SOFIA_HOME``).
    """
    notebook = Path(notebook).resolve()
    out = Path(output_dir).resolve()
    grid_rows = expand_grid(grid)
    jobs = [
        {"job": pack_job(notebook, params, timeout_s=timeout_s, kernel_name=kernel_name, store=store)}
        for params in grid_rows
    ]
    outputs = (executor or LocalExecutor()).map_runs(execute_job, jobs)
    rows = [
        write_output(output, notebook, params, out / f"{notebook.stem}-{i:03d}.ipynb")
        for i, (output, params) in enumerate(zip(outputs, grid_rows, strict=True), 1)
    ]
    return BatchTable(rows=rows)
