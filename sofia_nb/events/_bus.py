"""The event bus: publish typed events to sync and async subscribers.

Publishing never raises because of a subscriber: a failing subscriber is reported once as a
``WarningIssued`` event to the others and otherwise ignored, so a broken widget cannot break a workshop.
"""

from __future__ import annotations

import asyncio
import inspect
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from ._models import Event, WarningIssued

Subscriber = Callable[[Any], Any]
"""A function (or coroutine function) taking one event; typed loosely so it may name a subclass."""


class EventBus:
    """Fan-out of events. Subscribers may be plain functions or coroutine functions."""

    def __init__(self) -> None:
        # Replaced, never mutated, under the lock: emit reads it without locking or copying.
        self._subscribers: tuple[tuple[Subscriber, tuple[type[Event], ...] | None], ...] = ()
        self._lock = threading.Lock()
        self._pending: set[asyncio.Future[Any]] = set()
        # wants() per event type, with the subscribers it was answered for: a new tuple, a new dict
        self._wanted: tuple[object, dict[type[Event], bool]] = (self._subscribers, {})

    def subscribe(self, callback: Subscriber, *types: type[Event]) -> Callable[[], None]:
        """Call ``callback`` for every event (or only for the given types); returns an unsubscribe."""
        entry = (callback, types or None)
        with self._lock:
            self._subscribers = (*self._subscribers, entry)

        def unsubscribe() -> None:
            with self._lock:
                if entry in self._subscribers:
                    rest = list(self._subscribers)
                    rest.remove(entry)
                    self._subscribers = tuple(rest)

        return unsubscribe

    def wants(self, kind: type[Event]) -> bool:
        """True when a subscriber would receive an event of ``kind``: a publisher skips building
        (and redacting) an event nobody reads."""
        subscribers = self._subscribers
        answered_for, answers = self._wanted
        if answered_for is not subscribers:
            answers = {}
            self._wanted = (subscribers, answers)
        wanted = answers.get(kind)
        if wanted is None:
            wanted = answers[kind] = any(types is None or issubclass(kind, types) for _, types in subscribers)
        return wanted

    def emit(self, event: Event) -> None:
        """Deliver ``event``. Async subscribers are scheduled on the running loop, or run to completion."""
        for callback, types in self._subscribers:
            if types is not None and not isinstance(event, types):
                continue
            try:
                result = callback(event)
                if result is not None and inspect.isawaitable(result):
                    self._schedule(result)
            except Exception as exc:  # a subscriber's bug must not break the publisher
                if not isinstance(event, WarningIssued):
                    self.emit(WarningIssued(message=f"event subscriber failed: {exc!r}", source="events"))

    def _schedule(self, awaitable: Awaitable[Any]) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            asyncio.run(_as_coro(awaitable))
            return
        future = asyncio.ensure_future(awaitable, loop=loop)
        self._pending.add(future)
        future.add_done_callback(self._pending.discard)

    async def drain(self) -> None:
        """Wait for async subscribers scheduled so far."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)


async def _as_coro(awaitable: Awaitable[Any]) -> Any:
    return await awaitable


class EventRecorder:
    """A subscriber that keeps every event it sees (handy for tests, logs and notebooks)."""

    def __init__(self, bus: EventBus | None = None) -> None:
        self.events: list[Event] = []
        if bus is not None:
            bus.subscribe(self)

    def __call__(self, event: Event) -> None:
        self.events.append(event)

    def of_type(self, kind: type[Event]) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]
