"""Where a grid's runs execute: local processes (default) or a Dask distributed cluster.

An executor yields each run's outcome as it finishes, so a grid's rows are written one by one and a
stopped grid keeps the rows it finished. A run that could not finish (its worker died, the cluster
lost it) yields the exception instead of a result.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol, TypeVar

from .._children import die_with_parent, kill_group

T = TypeVar("T")
Outcomes = Iterator[tuple[int, T | Exception]]
"""``(index of the job, its result or what stopped it)``, in the order the runs finish."""

STOP_GRACE_S = 5.0
"""How long a stopped worker gets to shut its kernel down (SIGTERM) before it is killed."""
_POLL_S = 0.05


class WorkerLost(RuntimeError):
    """A run's worker ended without a result (killed, out of memory, a crash of the interpreter)."""


class Executor(Protocol):
    """Runs ``fn(**job)`` for each job; yields ``(index, result or exception)`` as each one finishes."""

    def run_each(self, fn: Callable[..., T], jobs: list[dict[str, Any]]) -> Outcomes[T]: ...


class LocalExecutor:
    """Each run in its own local process, ``workers`` at a time (default: the CPUs, at most 4).

    A worker is a child of this process in its own session: a Ctrl+C in the terminal reaches only
    this process, which then stops every worker (SIGTERM, so papermill shuts its kernel down; SIGKILL
    after ``STOP_GRACE_S``) and starts no more. Workers carry a parent-death signal, so they die with
    this process even when it is killed with SIGKILL, and their kernels follow (ipykernel exits when
    its parent goes).
    """

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))

    def run_each(self, fn: Callable[..., T], jobs: list[dict[str, Any]]) -> Outcomes[T]:
        waiting = deque(enumerate(jobs))
        running: dict[int, tuple[subprocess.Popen[bytes], Path]] = {}
        with tempfile.TemporaryDirectory(prefix="sofia-grid-") as scratch:
            try:
                while waiting or running:
                    while waiting and len(running) < self.workers:
                        index, job = waiting.popleft()
                        folder = Path(scratch) / str(index)
                        running[index] = (_start(fn, job, folder), folder)
                    finished = [i for i, (proc, _) in running.items() if proc.poll() is not None]
                    if not finished:
                        time.sleep(_POLL_S)
                    for index in finished:
                        proc, folder = running.pop(index)
                        yield index, _outcome(proc, folder)
            finally:
                _stop([proc for proc, _ in running.values()])


def _start(fn: Callable[..., Any], job: dict[str, Any], folder: Path) -> subprocess.Popen[bytes]:
    folder.mkdir()
    (folder / "job.pickle").write_bytes(pickle.dumps((fn, job)))
    return subprocess.Popen(
        [sys.executable, "-m", "sofia_nb.batch._local_worker", str(folder)],
        stdin=subprocess.DEVNULL,
        start_new_session=True,  # no terminal signal reaches it: stopping is this process's job
        preexec_fn=die_with_parent(),
    )


def _outcome(proc: subprocess.Popen[bytes], folder: Path) -> Any:
    result = folder / "result.pickle"
    if proc.returncode == 0 and result.is_file():
        return pickle.loads(result.read_bytes())  # written by our own worker, from our own job
    return WorkerLost(f"the worker process ended with code {proc.returncode} and no result")


def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    """SIGTERM every worker's group, wait for them up to the grace period, SIGKILL what is left."""
    for proc in procs:
        kill_group(proc.pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_S
    for proc in procs:
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(max(0.0, deadline - time.monotonic()))
    for proc in procs:
        kill_group(proc.pid, signal.SIGKILL)
        proc.wait()


class DaskExecutor:
    """A ``dask.distributed`` client: for grids that outgrow one machine (extra ``dask``).

    The jobs carry content only, so workers need sofia_nb and a kernel, not the client's files.
    Runs not finished when the grid stops are cancelled on the cluster.
    """

    def __init__(self, client: Any) -> None:
        self.client = client

    def run_each(self, fn: Callable[..., T], jobs: list[dict[str, Any]]) -> Outcomes[T]:
        from dask.distributed import as_completed

        # pure=False: two runs with equal parameters are still two runs.
        futures = [self.client.submit(fn, pure=False, **job) for job in jobs]
        index = {future.key: i for i, future in enumerate(futures)}
        try:
            for future in as_completed(futures):
                try:
                    yield index[future.key], future.result()
                except Exception as exc:  # the run is a failed row; the others go on
                    yield index[future.key], exc
        finally:
            for future in futures:
                if not future.done():
                    future.cancel()
