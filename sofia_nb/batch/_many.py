"""``run_many``: one notebook over a parameter grid, as a results table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ._executors import Executor, LocalExecutor
from ._grid import expand_grid
from ._models import BatchTable
from ._papermill import DEFAULT_TIMEOUT_S, run_notebook


def run_many(
    notebook: str | Path,
    grid: dict[str, Any] | list[dict[str, Any]],
    *,
    executor: Executor | None = None,
    output_dir: str | Path = "runs",
    timeout_s: float = DEFAULT_TIMEOUT_S,
    kernel_name: str | None = None,
    cwd: str | Path | None = None,
) -> BatchTable:
    """Run ``notebook`` once per parameter set of ``grid`` and return one row per run, in grid order."""
    notebook = Path(notebook).resolve()
    out = Path(output_dir).resolve()
    jobs = [
        {
            "notebook": str(notebook),
            "output": str(out / f"{notebook.stem}-{i:03d}.ipynb"),
            "parameters": params,
            "timeout_s": timeout_s,
            "kernel_name": kernel_name,
            "cwd": str(Path(cwd).resolve()) if cwd else None,
        }
        for i, params in enumerate(expand_grid(grid), 1)
    ]
    rows = (executor or LocalExecutor()).map_runs(run_notebook, jobs)
    return BatchTable(rows=rows)
