"""Headless notebook runs (extra ``batch``): one notebook with papermill, or a parameter grid."""

from ._executors import DaskExecutor, Executor, LocalExecutor
from ._grid import GridError, expand_grid, load_grid
from ._many import run_many
from ._models import BatchTable, RunJob, RunOutput, RunResult
from ._papermill import NOTEBOOK_TIMEOUT_S, RESULT_PARAMETER, run_notebook

__all__ = [
    "NOTEBOOK_TIMEOUT_S",
    "RESULT_PARAMETER",
    "BatchTable",
    "DaskExecutor",
    "Executor",
    "GridError",
    "LocalExecutor",
    "RunJob",
    "RunOutput",
    "RunResult",
    "expand_grid",
    "load_grid",
    "run_many",
    "run_notebook",
]
