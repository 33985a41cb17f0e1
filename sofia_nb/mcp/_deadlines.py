"""Request deadlines that share one timer: ``asyncio.timeout`` semantics (the awaiting task is
cancelled at expiry) without a timer handle, a heap push and a cancel for every request."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable


class Deadline:
    __slots__ = ("cancelling", "expired", "limit", "task", "when")

    def __init__(self, when: float, limit: float, task: asyncio.Task[object]) -> None:
        self.when = when
        self.limit = limit
        self.task = task
        self.cancelling = task.cancelling()  # cancels requested by others before ours
        self.expired = False


class Deadlines:
    """The running requests' deadlines; one timer armed for the earliest."""

    def __init__(self) -> None:
        self._active: dict[Hashable, Deadline] = {}
        self._timer: asyncio.TimerHandle | None = None

    def start(self, key: Hashable, limit: float) -> Deadline:
        """Cancel the current task when ``key`` is still running ``limit`` seconds from now."""
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        assert task is not None, "a deadline needs a task to cancel"
        deadline = self._active[key] = Deadline(loop.time() + limit, limit, task)
        if self._timer is None or deadline.when < self._timer.when():
            self.close()
            self._timer = loop.call_at(deadline.when, self._expire)
        return deadline

    def stop(self, key: Hashable) -> None:
        self._active.pop(key, None)  # the timer stays: firing with nothing due only re-arms it

    @staticmethod
    def caused(deadline: Deadline) -> bool:
        """For a ``CancelledError``: True when this deadline, and nobody else, cancelled the task."""
        return deadline.expired and deadline.task.uncancel() <= deadline.cancelling

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expire(self) -> None:
        self._timer = None
        loop = asyncio.get_running_loop()
        now, earliest = loop.time(), None
        for deadline in self._active.values():
            if deadline.expired:
                continue
            if deadline.when <= now:
                deadline.expired = True
                deadline.task.cancel()
            elif earliest is None or deadline.when < earliest:
                earliest = deadline.when
        if earliest is not None:
            self._timer = loop.call_at(earliest, self._expire)
