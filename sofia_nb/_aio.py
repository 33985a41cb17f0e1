"""Sync twins for async code that work with no loop and inside a running one (Jupyter).

The twin runs the coroutine on a private event loop in a background thread owned by the object,
so a manager made from sync code keeps one loop for its lifetime. No nested-loop patching.
"""

from __future__ import annotations

import asyncio
import atexit
import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")


class LoopThread:
    """A private event loop running in a daemon thread; ``run(coro)`` blocks until it finishes."""

    def __init__(self, name: str = "sofia-nb-loop") -> None:
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, name=name, daemon=True)
        self._thread.start()
        self._ready.wait()
        atexit.register(self.close)

    def _main(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.call_soon(self._ready.set)
        self._loop.run_forever()

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    def submit(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        """Schedule ``coro`` on the private loop and return a concurrent future."""
        if self._loop.is_closed():
            coro.close()
            raise RuntimeError("the background event loop is closed")
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    def run(self, coro: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        """Run ``coro`` to completion on the private loop and return its result.

        A KeyboardInterrupt while waiting cancels the coroutine, so its ``finally`` blocks
        (closing servers, killing children) run before the interrupt propagates.
        """
        if threading.current_thread() is self._thread:
            coro.close()
            raise RuntimeError("LoopThread.run called from its own loop; await the coroutine instead")
        future = self.submit(coro)
        try:
            return future.result(timeout)
        except BaseException:
            future.cancel()
            raise

    def close(self) -> None:
        """Stop the loop and join the thread (idempotent)."""
        if self._loop.is_closed():
            return
        if self._loop.is_running():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=5)
        if not self._loop.is_running():
            self._loop.close()
        atexit.unregister(self.close)


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine from sync code, whether or not an event loop is already running here.

    With no running loop this is ``asyncio.run``; inside one (a Jupyter cell) the coroutine runs
    to completion on a short-lived private loop thread instead of nesting loops.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    runner = LoopThread("sofia-nb-run-sync")
    try:
        return runner.run(coro)
    finally:
        runner.close()
