"""Python's cyclic garbage collection between a serving process's calls, never inside one.

A warm ``grep`` or ``refs`` call takes 1-2 ms and allocates thousands of objects, so the collector
that Python runs when allocations cross its thresholds ran inside calls: measured over the per-call
benchmark (``benchmarks/context_tools.py --per-call``), a young-generation collection added about
0.7 ms to one call in twenty, and a full one 20-100 ms (it walks every object the process holds:
the imports, the held trees, their scopes). ``grep``, ``refs`` and ``code`` leave no reference
cycles behind (a test holds them to it: their garbage goes as its last reference does), so
``sofia-nb mcp serve`` turns the automatic collector off and collects itself: once the server has
been idle for :data:`IDLE_S`; under a stream of calls that never leaves it idle, the young
generations after every :data:`MOST_CALLS` calls, between two of them (about a millisecond), and
everything after :data:`MOST_YOUNG` of those (what another tool leaves waits until then). What the
process made before its first call (the imports, the tools' schemas) is frozen out of every
collection (``gc.freeze``).
"""

from __future__ import annotations

import asyncio
import gc

IDLE_S = 1.0
MOST_CALLS = 200
MOST_YOUNG = 50


class BetweenCalls:
    """Collects when no call runs. Used from the event loop's thread only (the calls' coroutines)."""

    def __init__(self) -> None:
        self._running = 0
        self._since = 0  # calls ended since the last collection
        self._young = 0  # collections of the young generations since the last full one
        self._frozen = False
        self._timer: asyncio.Handle | None = None

    def start(self) -> None:
        """Turn the automatic collector off for this process."""
        gc.disable()

    def call_started(self) -> None:
        if not self._frozen:  # the tools are imported by now: their objects live as long as the process
            gc.freeze()
            self._frozen = True
        self._running += 1
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def call_ended(self) -> None:
        self._running -= 1
        self._since += 1
        if self._running:
            return
        loop = asyncio.get_running_loop()
        if self._since >= MOST_CALLS:  # soon, not now: a reply the loop sends (not a thread) leaves first
            self._timer = loop.call_soon(self.collect, self._young >= MOST_YOUNG)
        else:
            self._timer = loop.call_later(IDLE_S, self.collect)

    def collect(self, full: bool = True) -> None:
        """A collection (of the young generations unless ``full``), unless a call has started since
        it was asked for."""
        self._timer = None
        if self._running:
            return
        if full:
            gc.collect()
            self._young = 0
        else:
            gc.collect(1)
            self._young += 1
        self._since = 0
