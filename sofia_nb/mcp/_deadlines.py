"""The MCP client's one deadline mechanism: deadlines that share one timer.

``asyncio.timeout`` semantics (the awaiting task is cancelled at expiry, and only a cancel that the
deadline itself caused becomes a timeout) without a timer handle, a heap push and a cancel for
every request. A session keys its requests' deadlines by request id (``start``/``stop``); every
other wait (a handshake, a whole call with its retry) uses ``within``, whose expiry raises
``McpError(kind='timeout')`` naming what was awaited.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Hashable
from types import TracebackType

from ._errors import McpError


class Deadlines:
    """The running waits' deadlines; one timer armed for the earliest."""

    def __init__(self) -> None:
        # key -> (when, the task to cancel, cancels requested by others before ours)
        self._active: dict[Hashable, tuple[float, asyncio.Task[object], int]] = {}
        self._expired: set[Hashable] = set()
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = math.inf
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(self, key: Hashable, limit: float, loop: asyncio.AbstractEventLoop | None = None) -> None:
        """Cancel the current task when ``key`` is still running ``limit`` seconds from now. A caller
        that knows its running ``loop`` passes it (one system call less than looking it up)."""
        task = asyncio.current_task(loop)
        assert task is not None, "a deadline needs a task to cancel"
        loop = task.get_loop()
        if loop is not self._loop:  # a timer armed on another (finished) loop would never fire here
            self._loop, self._timer, self._timer_at = loop, None, math.inf
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

    def within(self, limit: float | None, what: str) -> Within:
        """``async with deadlines.within(limit, what):`` — no limit when ``limit`` is None."""
        return Within(self, limit, what)

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


class Within:
    """One wait under a ``Deadlines``; its expiry raises ``McpError(kind='timeout')``."""

    __slots__ = ("_deadlines", "_limit", "_what")

    def __init__(self, deadlines: Deadlines, limit: float | None, what: str) -> None:
        self._deadlines = deadlines
        self._limit = limit
        self._what = what

    async def __aenter__(self) -> None:
        if self._limit is not None:
            self._deadlines.start(self, self._limit)

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._limit is not None and self._deadlines.stop(self) and kind is asyncio.CancelledError:
            raise McpError("timeout", f"{self._what}: no answer within {self._limit:g} s") from None
