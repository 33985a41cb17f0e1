"""Request deadlines that share one timer: ``asyncio.timeout`` semantics (the awaiting task is
cancelled at expiry) without a timer handle, a heap push and a cancel for every request."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Hashable


class Deadlines:
    """The running requests' deadlines; one timer armed for the earliest."""

    def __init__(self) -> None:
        # key -> (when, the task to cancel, cancels requested by others before ours)
        self._active: dict[Hashable, tuple[float, asyncio.Task[object], int]] = {}
        self._expired: set[Hashable] = set()
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = math.inf

    def start(self, key: Hashable, limit: float) -> None:
        """Cancel the current task when ``key`` is still running ``limit`` seconds from now."""
        task = asyncio.current_task()
        assert task is not None, "a deadline needs a task to cancel"
        loop = task.get_loop()
        when = loop.time() + limit
        self._active[key] = (when, task, task.cancelling())
        if when < self._timer_at:
            self.close()
            self._timer, self._timer_at = loop.call_at(when, self._expire), when

    def stop(self, key: Hashable) -> bool:
        """Forget ``key`` (idempotent). True once when its deadline, and nobody else, cancelled the
        task: the ``CancelledError`` being handled is then a timeout. The timer stays armed; firing
        with nothing due only re-arms it."""
        entry = self._active.pop(key, None)
        if entry is None or key not in self._expired:
            return False
        self._expired.discard(key)
        _, task, cancelling = entry
        return task.uncancel() <= cancelling

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer, self._timer_at = None, math.inf

    def _expire(self) -> None:
        self._timer, self._timer_at = None, math.inf
        loop = asyncio.get_running_loop()
        now, earliest = loop.time(), math.inf
        for key, (when, task, _) in self._active.items():
            if key in self._expired:
                continue
            if when <= now:
                self._expired.add(key)
                task.cancel()
            else:
                earliest = min(earliest, when)
        if earliest < math.inf:
            self._timer, self._timer_at = loop.call_at(earliest, self._expire), earliest
