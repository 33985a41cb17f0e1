"""``run_many``: one notebook over a parameter grid, as a results table written row by row."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..redact import redact, redacted_head
from ..session import SessionStore
from ._executors import Executor, LocalExecutor
from ._grid import MAX_GRID_ROWS, expand_grid
from ._models import BatchTable, RunResult
from ._papermill import NOTEBOOK_TIMEOUT_S, check_parameters
from ._ship import pack_job, write_output
from ._worker import execute_job


class GridInterrupted(KeyboardInterrupt):
    """A grid stopped by Ctrl+C (or any KeyboardInterrupt): ``table`` holds the rows that finished,
    which are also on disk; every worker has been stopped."""

    def __init__(self, table: BatchTable) -> None:
        super().__init__(f"stopped after {len(table.rows)} of {table.planned} runs")
        self.table = table


def run_many(
    notebook: str | Path,
    grid: dict[str, Any] | list[dict[str, Any]],
    *,
    executor: Executor | None = None,
    output_dir: str | Path = "runs",
    timeout_s: float = NOTEBOOK_TIMEOUT_S,
    kernel_name: str | None = None,
    store: SessionStore | None = None,
    max_rows: int = MAX_GRID_ROWS,
    on_row: Callable[[int, RunResult], None] | None = None,
) -> BatchTable:
    """Run ``notebook`` once per parameter set of ``grid`` and return one row per run, in grid order.

    Every key of every row must be a parameter the notebook declares, and the grid may hold at most
    ``max_rows`` runs; both are checked before anything runs. Each run gets the notebook and the
    files its parameters name as content, runs in a private folder (and ``SOFIA_HOME``) wherever
    the executor puts it, and sends back the executed notebook, its result and its side outputs.
    Each is written as soon as its run finishes: ``output_dir/NAME-001.ipynb``,
    ``NAME-001.result.json``, ``NAME-001/`` (``exports/``, ``poc/``, ``.sofia/sessions/``) and a
    line of ``NAME.rows.jsonl``; ``on_row(number, row)`` is called then. A Ctrl+C stops every run
    and raises ``GridInterrupted`` with the finished rows. ``store`` is where ``session=ID``
    parameters are looked up (default: ``$SOFIA_HOME``).
    """
    notebook = Path(notebook).resolve()
    out = Path(output_dir).resolve()
    grid_rows = expand_grid(grid, max_rows)
    check_parameters(notebook, {name for row in grid_rows for name in row})
    jobs = [
        {"job": pack_job(notebook, params, timeout_s=timeout_s, kernel_name=kernel_name, store=store)}
        for params in grid_rows
    ]
    out.mkdir(parents=True, exist_ok=True)
    rows_file = out / f"{notebook.stem}.rows.jsonl"
    rows_file.write_text("", encoding="utf-8")
    rows: dict[int, RunResult] = {}
    try:
        for index, outcome in (executor or LocalExecutor()).run_each(execute_job, jobs):
            target = out / f"{notebook.stem}-{index + 1:03d}.ipynb"
            if isinstance(outcome, Exception):
                row = RunResult(
                    notebook=str(notebook),
                    parameters=grid_rows[index],
                    status="failed",
                    duration_s=0.0,
                    output_path=str(target),
                    error=redacted_head(f"{type(outcome).__name__}: {outcome}", 500),
                )
            else:
                row = write_output(outcome, notebook, grid_rows[index], target)
            rows[index] = row
            with open(rows_file, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(redact({"run": index + 1, **row.model_dump(mode="json")})) + "\n")
            if on_row is not None:
                on_row(index + 1, row)
    except KeyboardInterrupt:
        raise GridInterrupted(_table(rows, len(jobs))) from None
    return _table(rows, len(jobs))


def _table(rows: dict[int, RunResult], planned: int) -> BatchTable:
    return BatchTable(rows=[rows[i] for i in sorted(rows)], planned=planned)
