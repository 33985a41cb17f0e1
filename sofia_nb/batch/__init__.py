"""Headless notebook runs (extra ``batch``): one notebook with papermill, or a parameter grid."""

from ._executors import DaskExecutor, Executor, LocalExecutor, WorkerLost
from ._grid import MAX_GRID_ROWS, GridError, expand_grid, load_grid
from ._many import GridInterrupted, run_many
from ._models import BatchSettings, BatchTable, RunJob, RunOutput, RunResult
from ._papermill import (
    NOTEBOOK_TIMEOUT_S,
    RESULT_PARAMETER,
    ParameterError,
    declared_parameters,
    run_notebook,
)

__all__ = [
    "MAX_GRID_ROWS",
    "NOTEBOOK_TIMEOUT_S",
    "RESULT_PARAMETER",
    "BatchSettings",
    "BatchTable",
    "DaskExecutor",
    "Executor",
    "GridError",
    "GridInterrupted",
    "LocalExecutor",
    "ParameterError",
    "RunJob",
    "RunOutput",
    "RunResult",
    "WorkerLost",
    "declared_parameters",
    "expand_grid",
    "load_grid",
    "run_many",
    "run_notebook",
]
