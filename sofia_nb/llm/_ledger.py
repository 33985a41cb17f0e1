"""The session's ledger kept from the requests a block of work makes: each request that ends in
``keeping_ledger`` is written to the session (``spend``) and announced (``SpendRecorded``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from .._usage import Spend, Usage, spending
from ..events import EventBus, SpendRecorded


class Ledger(Protocol):
    """What keeps the ledger: a session (``WorkshopSession.spend``)."""

    def spend(self, phase: str, purpose: str, model: str, usage: Usage) -> Spend: ...


@contextmanager
def keeping_ledger(ledger: Ledger, phase: str, bus: EventBus | None) -> Iterator[None]:
    """Write every model request that ends inside the block to ``ledger`` under ``phase``, when
    it ends, and emit ``SpendRecorded`` on ``bus``; the caller saves the session as it does."""

    def sink(purpose: str, model: str, usage: Usage) -> None:
        entry = ledger.spend(phase, purpose, model, usage)
        if bus is not None:
            bus.emit(SpendRecorded(spend=entry))

    with spending(sink):
        yield
