"""A call's cancellation, as its worker thread sees it: the server sets the event when the client
cancels (or goes), and the long loops of a search (:class:`.scan.Pattern`) stop at their next step
instead of running to their deadline."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .errors import ContextError

_EVENT: ContextVar[threading.Event | None] = ContextVar("sofia_context_cancel", default=None)


@contextmanager
def cancellable(event: threading.Event) -> Iterator[None]:
    """Within this block, :func:`check` raises once ``event`` is set."""
    token = _EVENT.set(event)
    try:
        yield
    finally:
        _EVENT.reset(token)


def check() -> None:
    """Raise :class:`ContextError` when the running call was cancelled."""
    event = _EVENT.get()
    if event is not None and event.is_set():
        raise ContextError("cancelled")
