"""Where a grid's runs execute: local processes (default) or a Dask distributed cluster."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Executor(Protocol):
    """Runs ``fn(**kwargs)`` for each kwargs mapping and returns the results in the same order."""

    def map_runs(self, fn: Callable[..., T], jobs: list[dict[str, Any]]) -> list[T]: ...


class LocalExecutor:
    """Separate local processes (each run starts its own kernel anyway)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))

    def map_runs(self, fn: Callable[..., T], jobs: list[dict[str, Any]]) -> list[T]:
        with ProcessPoolExecutor(max_workers=self.workers) as pool:
            futures = [pool.submit(fn, **job) for job in jobs]
            return [f.result() for f in futures]


class DaskExecutor:
    """A ``dask.distributed`` client: for grids that outgrow one machine (extra ``dask``).

    The jobs carry content only, so workers need sofia_nb and a kernel, not the client's files.
    """

    def __init__(self, client: Any) -> None:
        self.client = client

    def map_runs(self, fn: Callable[..., T], jobs: list[dict[str, Any]]) -> list[T]:
        # pure=False: two runs with equal parameters are still two runs.
        futures = [self.client.submit(fn, pure=False, **job) for job in jobs]
        return list(self.client.gather(futures))
