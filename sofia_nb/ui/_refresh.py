"""Refresher: redraw a view once after a burst of events, when the code that emitted them is done.

An event often comes before the session holds its consequence (a turn is announced before its
record is merged), so a view subscribed to the bus redraws on the loop's next turn, not inside
the event; several events in one turn cost one redraw.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

from ..events import Event, EventBus


class Refresher:
    """Calls ``redraw`` soon after any of ``types`` is emitted on ``bus`` (coalesced)."""

    def __init__(self, redraw: Callable[[], None], bus: EventBus, *types: type[Event]) -> None:
        self._redraw = redraw
        self._pending = False
        self._lock = threading.Lock()
        self._unsubscribe = bus.subscribe(self._on_event, *types)

    def close(self) -> None:
        self._unsubscribe()

    def _on_event(self, _event: Event) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no running loop (a sync caller): redraw at once
            self._redraw()
            return
        with self._lock:
            if self._pending:
                return
            self._pending = True
        loop.call_soon(self._run)

    def _run(self) -> None:
        with self._lock:
            self._pending = False
        self._redraw()
