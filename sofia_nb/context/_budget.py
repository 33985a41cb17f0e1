"""Token budgets: every tool's answer is bounded, and says what it dropped and how to get the rest.

A budget is counted with the project's estimator (:func:`._tokens.estimate_tokens`) times
:data:`SAFETY`, because the estimate can undercount a real tokenizer by up to ~20 % on code.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from ._tokens import estimate_tokens

DEFAULT_BUDGET = 10_000
# o200k_base counts code at 0.83-1.17x the estimate (measured on httpx and sofia_nb's sources).
SAFETY = 1.2


class BudgetInput(BaseModel):
    """The input field every context tool shares: how many tokens its answer may cost."""

    budget: int = Field(
        DEFAULT_BUDGET,
        ge=0,
        description="Most tokens the answer may cost (0 = no limit); a longer answer is cut, "
        "and says what was left out and how to get it",
    )


def cost(text: str) -> int:
    """Tokens ``text`` is counted as against a budget: the estimate with its safety margin."""
    return int(estimate_tokens(text) * SAFETY + 0.5)


def fits(text: str, budget: int) -> bool:
    """Whether ``text`` is within ``budget`` (0 = no limit)."""
    return budget == 0 or cost(text) <= budget


def fitting(costs: list[int], budget: int) -> int:
    """How many of the first items, each costing ``costs[i]`` tokens, fit in ``budget`` (0 = all)."""
    if budget == 0:
        return len(costs)
    spent = 0
    for n, item in enumerate(costs):
        spent += item
        if spent > budget:
            return n
    return len(costs)


def head_lines(lines: list[str], budget: int) -> int:
    """How many of the first ``lines`` fit in ``budget`` tokens (all of them when it is 0)."""
    return fitting([cost(line + "\n") for line in lines], budget)


def cut(text: str, budget: int, more: str) -> str:
    """``text`` cut at a line boundary to fit ``budget``, with a last line saying what was left out.

    ``more`` tells the model how to get the rest (the tool's own way: a page, a slice, a narrower
    search).
    """
    if fits(text, budget):
        return text
    lines = text.rstrip("\n").split("\n")
    note_room = 60  # the note itself is counted against the budget
    kept = head_lines(lines, max(budget - note_room, 0))
    dropped = lines[kept:]
    note = (
        f"[truncated to the {budget}-token budget: {len(dropped)} of {len(lines)} lines left out "
        f"(~{estimate_tokens(chr(10).join(dropped))} tokens); {more}]"
    )
    return "\n".join([*lines[:kept], note]) + "\n"


def cheaper(tokens: int, raw_tokens: int) -> bool:
    """Whether an estimated ``tokens`` beats ``raw_tokens`` for sure: both estimates may be off by
    :data:`SAFETY` in opposite directions, so the margin is applied twice."""
    return tokens * SAFETY * SAFETY <= raw_tokens
