"""Connections the participant server holds: a deadline for each request's headers and a cap per
network address, so that stalled connections never deny a phone.

uvicorn's HTTP protocol reads a request's line and headers without a deadline (its only timer is
the keep-alive between requests) and counts every open connection against its concurrency limit:
250 connections that each send half a request made every phone's request a ``503``. Here each
connection's protocol is uvicorn's, with a timer from the moment it waits for a request until
its headers are in, and a connection from an address that already holds its share is closed
before uvicorn counts it. (A body's deadline is the route's: ``read_json``.)
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol


class ConnectionGuard:
    """How many connections each address holds, and the headers' deadline (seconds)."""

    def __init__(self, per_address: int, header_seconds: float) -> None:
        self.per_address = per_address
        self.header_seconds = header_seconds
        self.open: dict[str, int] = {}
        self.live: set[_Guarded] = set()
        self._lock = threading.Lock()

    def take(self, address: str) -> bool:
        with self._lock:
            if self.open.get(address, 0) >= self.per_address:
                return False
            self.open[address] = self.open.get(address, 0) + 1
            return True

    def give_back(self, address: str) -> None:
        with self._lock:
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]

    def cut(self) -> None:
        """Reset every open connection at once, as a dropped network does (callable from any
        thread; the pages see their streams fail and reconnect)."""
        with self._lock:
            live = list(self.live)
        for p in live:
            p.loop.call_soon_threadsafe(p.transport.abort)

    def protocol(self) -> type[H11Protocol]:
        """uvicorn's h11 protocol bound to this guard (``uvicorn.Config(http=...)``)."""
        return type("GuardedH11Protocol", (_Guarded,), {"guard": self})


class _Guarded(H11Protocol):
    guard: ConnectionGuard

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._address: str | None = None
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else "?"
        if not self.guard.take(address):
            transport.abort()  # before uvicorn counts it: it takes no one's place
            return
        self._address = address
        super().connection_made(transport)
        with self.guard._lock:
            self.guard.live.add(self)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._address is None:
            return  # refused in connection_made: uvicorn never knew it
        self._disarm()
        with self.guard._lock:
            self.guard.live.discard(self)
        self.guard.give_back(self._address)
        self._address = None
        super().connection_lost(exc)

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:  # a request's headers are in: the route takes it from here
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self._address is not None and not self.transport.is_closing():
            self._arm()  # waiting for the next request on this connection

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.guard.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.cycle is None or self.cycle.response_complete:
            self.transport.close()
