"""Token usage, the one shape from a provider's reply to the session file and the token meter.

It sits below ``llm`` and ``session`` so both use it without importing each other
(``sofia_nb.llm.LLMUsage`` and ``sofia_nb.session.Usage`` are this class).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Usage(BaseModel):
    """Token usage of one request or a sum of them: the provider's numbers, or an estimate flagged as such."""

    # Unknown fields survive a session load/save (architecture.md §3).
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    input_tokens: int = 0
    output_tokens: int = 0
    estimated: bool = False
    cost_usd: float | None = None  # None means n/a (local, scripted or unpriced model)

    def add(self, other: Usage) -> None:
        """Add ``other`` into this one (an estimate anywhere makes the sum an estimate)."""
        self.input_tokens += other.input_tokens
        self.output_tokens += other.output_tokens
        self.estimated = self.estimated or other.estimated
        if other.cost_usd is not None:
            self.cost_usd = (self.cost_usd or 0.0) + other.cost_usd
