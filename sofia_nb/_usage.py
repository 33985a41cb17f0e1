"""Token usage, the one shape from a provider's reply to the session file and the token meter; and
the one place a model request's spend is handed to whoever keeps the ledger (``spending``).

It sits below ``llm`` and ``session`` so both use it without importing each other
(``sofia_nb.llm.LLMUsage`` and ``sofia_nb.session.Usage`` are this class).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime

from pydantic import BaseModel, ConfigDict, Field


class Usage(BaseModel):
    """Token usage of one request or a sum of them: the provider's numbers, or an estimate flagged as such."""

    # Unknown fields survive a session load/save (architecture.md §3).
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    input_tokens: int = 0
    """All input tokens, the cached ones included (as providers count ``prompt_tokens``)."""
    output_tokens: int = 0
    cached_input_tokens: int = 0
    """The part of ``input_tokens`` a provider's prompt cache served (``cached_tokens``), priced
    at the model table's cached-input price; 0 when none or not reported."""
    estimated: bool = False
    cost_usd: float | None = None  # None means n/a (local, scripted or unpriced model)

    def add(self, other: Usage) -> None:
        """Add ``other`` into this one (an estimate anywhere makes the sum an estimate)."""
        self.input_tokens += other.input_tokens
        self.output_tokens += other.output_tokens
        self.cached_input_tokens += other.cached_input_tokens
        self.estimated = self.estimated or other.estimated
        if other.cost_usd is not None:
            self.cost_usd = (self.cost_usd or 0.0) + other.cost_usd


class Spend(BaseModel):
    """One model request as the session's ledger keeps it: when it ended, in which phase, for what,
    on which model, its tokens and its cost at the model table's prices at that moment."""

    model_config = ConfigDict(extra="allow")

    at: datetime = Field(default_factory=lambda: datetime.now(UTC))
    phase: str
    purpose: str
    """``chat``, ``extract``, ``repair``, ``compact``, ``scaffold``, ``fix``, ... (the request's
    purpose); ``before-ledger`` for a phase's totals carried over from a version-5 session."""
    model: str = ""
    usage: Usage = Field(default_factory=Usage)


SpendSink = Callable[[str, str, Usage], None]
"""Receives ``(purpose, model, usage)`` of each model request that ends in its scope."""

_SINK: ContextVar[SpendSink | None] = ContextVar("sofia_nb_spend_sink", default=None)


@contextmanager
def spending(sink: SpendSink) -> Iterator[None]:
    """Every model request that ends inside this block (in this task, and in tasks and threads it
    starts) is handed to ``sink``: the one path from a provider's usage to a session's ledger."""
    token = _SINK.set(sink)
    try:
        yield
    finally:
        _SINK.reset(token)


def spent(purpose: str, model: str, usage: Usage) -> None:
    """Called by every provider when a request ends: hands it to the current ``spending`` sink."""
    sink = _SINK.get()
    if sink is not None:
        sink(purpose, model, usage)
