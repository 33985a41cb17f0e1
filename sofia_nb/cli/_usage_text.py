"""Tokens and cost in words, the same after a phase, at the end of a run and in ``status``."""

from __future__ import annotations

from ..config import Settings
from ..session import TokenTotals, Usage, WorkshopSession


def usage_text(usage: Usage | TokenTotals, *, prices: str | None) -> str:
    """``12,345 in (8,192 cached) / 2,345 out tokens; cost $0.0412 (estimated, as of 2026-12-04)``;
    ``cost n/a`` for a model without prices (local, scripted, or not in any table)."""
    counted = " (counted by estimate)" if usage.estimated else ""
    cost_usd = usage.cost_usd
    cost = "cost n/a" if cost_usd is None else f"cost ${cost_usd:.4f}" + (f" ({prices})" if prices else "")
    cached = usage.cached_input_tokens
    served = f" ({cached:,} cached)" if cached else ""
    return f"{usage.input_tokens:,} in{served} / {usage.output_tokens:,} out tokens{counted}; {cost}"


def session_prices(session: WorkshopSession, settings: Settings) -> str | None:
    """Where the session's prices come from, judged by the model its last reply named."""
    model = next((str(t.metadata["model"]) for t in reversed(session.turns) if t.metadata.get("model")), None)
    info = settings.model_info(model) if model else None
    return info.source if info is not None and info.input_price_per_mtok is not None else None
