"""TokenMeter: tokens, context fill and cost, per phase and per session, live from the event bus.

The totals are the session's ledger's: each ``SpendRecorded`` (a request written to the ledger)
is added in the ledger's order, and a resumed session starts from its ledger's sums, so the meter
shows what ``status``, summary.json and the report show. ``UsageRecorded`` gives the rest: the
model, the last request's context fill, where the prices come from."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..events import EventBus, SpendRecorded, UsageRecorded
from ..session import TokenTotals, WorkshopSession, ledger_totals
from ._text import TextForm

WARN_FILL = 0.70
DANGER_FILL = 0.90


def fill_colour(fill: float) -> str:
    """Green below 70 % of the context window, amber from 70 %, red from 90 %."""
    if fill >= DANGER_FILL:
        return "#cf222e"
    if fill >= WARN_FILL:
        return "#bf8700"
    return "#1a7f37"


class TokenMeter(TextForm, w.VBox):
    """Input/output tokens, the last request's context fill against the model's window, and cost."""

    def __init__(self, bus: EventBus, *, context_window: int | None = None, **kwargs: Any) -> None:
        self.totals = TokenTotals()
        self.model = ""
        self.last_input_tokens = 0
        self.context_window = context_window
        self.prices: str | None = None
        """Where the cost's prices come from: ``config.toml``, or "estimated, as of DATE"."""
        self._bar = w.FloatProgress(
            value=0, min=0, max=1, description="context", layout=w.Layout(width="320px")
        )
        self._text = w.HTML()
        super().__init__([self._text, self._bar], **kwargs)
        self._render()
        self._unsubscribe = [
            bus.subscribe(self._on_usage, UsageRecorded),
            bus.subscribe(self._on_spend, SpendRecorded),
        ]

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        super().close()

    def restore(self, session: WorkshopSession) -> None:
        """Start from a resumed session: its ledger's sums, and its last reply's input as the fill."""
        self.totals = (
            ledger_totals(session.ledger) if session.ledger else session.tokens.model_copy(deep=True)
        )
        last = next((t for t in reversed(session.turns) if t.role == "assistant" and t.usage), None)
        if last is not None and last.usage is not None:
            # The exchange's input tokens: the last request's, or a little more after tool calls.
            self.last_input_tokens = last.usage.input_tokens
            self.model = str(last.metadata.get("model", self.model))
        self._render()

    def _on_usage(self, event: UsageRecorded) -> None:
        self.model = event.model
        self.last_input_tokens = event.input_tokens
        self.context_window = event.context_window or self.context_window
        self.prices = event.price_source or self.prices
        self._render()

    def _on_spend(self, event: SpendRecorded) -> None:
        self.totals.add(event.spend.phase, event.spend.usage)
        self._render()

    @property
    def fill(self) -> float:
        """The last request's input tokens as a share of the context window (0 when unknown)."""
        if not self.context_window:
            return 0.0
        return min(1.0, self.last_input_tokens / self.context_window)

    def _cost(self, cost: float | None) -> str:
        return "n/a" if cost is None else f"${cost:.4f}"

    def as_text(self) -> str:
        """Plain-text form for saved notebooks and headless runs."""
        t = self.totals
        mark = " (estimated)" if t.estimated else ""
        cost = self._cost(t.cost_usd) + (
            f" ({self.prices})" if self.prices and t.cost_usd is not None else ""
        )
        cached = f" ({t.cached_input_tokens} cached)" if t.cached_input_tokens else ""
        lines = [f"tokens: {t.input_tokens} in{cached} / {t.output_tokens} out{mark}; cost {cost}"]
        if self.context_window:
            lines.append(f"context: {self.fill:.0%} of {self.context_window}")
        for phase, usage in t.by_phase.items():
            cached = f" ({usage.cached_input_tokens} cached)" if usage.cached_input_tokens else ""
            lines.append(
                f"  {phase}: {usage.input_tokens} in{cached} / {usage.output_tokens} out; "
                f"cost {self._cost(usage.cost_usd)}"
            )
        return "\n".join(lines)

    def _render(self) -> None:
        colour = fill_colour(self.fill)
        self._bar.value = self.fill
        self._bar.style.bar_color = colour
        self._bar.description = f"{self.fill:.0%}"
        self._bar.layout.visibility = "visible" if self.context_window else "hidden"
        rows = "".join(f"<li>{html.escape(line.strip())}</li>" for line in self.as_text().splitlines()[1:])
        head = html.escape(self.as_text().splitlines()[0])
        if not self.context_window:
            rows += "<li>context window unknown: name the model in config.toml's [models] table</li>"
        model = f" ({html.escape(self.model)})" if self.model else ""
        self._text.value = f"<b>Token meter</b>{model}<br>{head}<ul>{rows}</ul>"

    def __repr__(self) -> str:
        return f"TokenMeter({self.totals.input_tokens} in / {self.totals.output_tokens} out)"
