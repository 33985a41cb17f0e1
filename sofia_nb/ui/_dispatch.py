"""Dispatcher: every widget callback runs on one loop, whichever thread the kernel delivers it on.

ipykernel 7 can deliver comm messages (button clicks) on a ``subshell-…`` thread with an event
loop of its own, while the first click of a fresh kernel arrives on the main thread. A callback
that started a task there, or awaited a future made on the kernel's loop, would mix two loops
(``… attached to a different loop``). So a widget captures the loop it is built on and hands
each callback to it with ``call_soon_threadsafe``; nest-asyncio is no answer (it re-enters one
loop, it does not join two).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

ErrorHandler = Callable[[BaseException], None]


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _log_error(exc: BaseException) -> None:
    log.error("a widget callback failed", exc_info=exc)


class Dispatcher:
    """Runs callbacks on ``loop``: at once when already on it, else through ``call_soon_threadsafe``.

    ``loop=None`` (a widget built outside any loop, as in a plain script) runs them in place.
    A callback that raises is passed to ``on_error`` instead of vanishing into the loop's log.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop | None, on_error: ErrorHandler | None = None) -> None:
        self.loop = loop
        self.on_error = on_error or _log_error

    @classmethod
    def here(cls, on_error: ErrorHandler | None = None) -> Dispatcher:
        """A dispatcher for the loop running now (in a notebook cell: the kernel's main loop)."""
        return cls(_running_loop(), on_error)

    def on_loop(self) -> bool:
        """Whether the caller runs on the dispatcher's loop (or there is none to hand over to)."""
        return self.loop is None or self.loop is _running_loop()

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` on the dispatcher's loop (never awaited: the loop owns what it starts)."""
        if self.on_loop() or self.loop is None or self.loop.is_closed():
            self._guarded(fn, *args)
        else:
            # The hop: a click delivered on a kernel subshell's thread (its own loop) runs on the
            # app's loop instead, where the tasks it starts and the futures it awaits belong.
            self.loop.call_soon_threadsafe(self._guarded, fn, *args)

    def on_click(self, fn: Callable[[], Any]) -> Callable[[Any], None]:
        """A ``Button.on_click`` handler that runs ``fn()`` on the loop."""
        return lambda _button: self.call(fn)

    def on_change(self, fn: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], None]:
        """An ``observe`` handler that runs ``fn(change)`` on the loop."""
        return lambda change: self.call(fn, change)

    def _guarded(self, fn: Callable[..., Any], *args: Any) -> None:
        try:
            fn(*args)
        except Exception as exc:  # shown by the widget, never lost on a thread nobody watches
            self.on_error(exc)
