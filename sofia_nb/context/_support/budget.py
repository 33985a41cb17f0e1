"""Token budgets: every tool's answer is bounded, and says what it dropped and how to get the rest.

A budget is counted with the project's estimator (:func:`.tokens.estimate_tokens`, calibrated per
language against ``o200k_base`` to count high) times :data:`SAFETY`, for the few files it counts low.
"""

from __future__ import annotations

import functools
import json
from json.encoder import encode_basestring_ascii

from pydantic import BaseModel, Field

from .tokens import estimate_tokens

DEFAULT_BUDGET = 10_000
# The estimate is at or above o200k_base's count on 95 % of the files measured and at worst 18 %
# under it (one Vue file of vue-pure-admin); see tokens.py.
SAFETY = 1.05
# ``structuredContent`` rows are weighed by characters (a row at a time, so it must be cheap):
# o200k_base counts a grep or refs result's ``json.dumps`` at 1.26-1.45x chars/4 (site-packages,
# a generated tree).
JSON_SAFETY = 1.6


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
    """Whether ``text`` is within ``budget`` (0 = no limit).

    An ASCII text is estimated at no more than a token per character (:func:`.tokens.estimate_tokens`
    counts at most one per character of each run), so a short one fits without being counted:
    every answer is weighed here once more, and most are far below their budget."""
    if budget == 0 or (text.isascii() and int(len(text) * SAFETY + 0.5) <= budget):
        return True
    return cost(text) <= budget


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


def json_cost(data: object) -> int:
    """Tokens ``data`` is counted as against a budget once serialised as JSON (``structuredContent``)."""
    return _json_tokens(len(json.dumps(data)))


def _json_tokens(length: int) -> int:
    return int(length / 4 * JSON_SAFETY + 0.5)


@functools.lru_cache(maxsize=64)
def _keys_length(keys: tuple[str, ...]) -> int:
    """What a flat row's keys cost of its JSON: braces, ``"key": `` per field and ``", "`` between."""
    return (4 * len(keys) or 2) + sum(len(encode_basestring_ascii(key)) for key in keys)


def _row_length(fields: dict[str, object]) -> int:
    """``len(json.dumps(fields))`` of a flat row: its keys (the same for every row of a result, so
    measured once) and values; strings (json's own escaping, ``ensure_ascii``) and integers measured
    without building the row's JSON, anything else dumped."""
    length = _keys_length(tuple(fields))
    for value in fields.values():
        if type(value) is str:
            length += len(encode_basestring_ascii(value))
        elif type(value) is int:
            length += len(int.__repr__(value))
        else:
            length += len(json.dumps(value))
    return length


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


class Allowance:
    """What is left of a budget as rows join a structured result (``structuredContent``), counted as
    their JSON; rows are offered one at a time, so an unlimited search costs only what it returns.

    ``reserved`` is the rest of the result (its other fields, a note) as JSON: it is spent first.
    """

    def __init__(self, budget: int, reserved: object) -> None:
        self.budget = budget
        self.spent = json_cost(reserved)
        self.full = False

    def take(self, row: BaseModel) -> bool:
        """Count ``row`` against the budget; ``False`` when it does not fit (then no later row does).

        A row is flat (a hit: strings and numbers), so its JSON is that of its fields as they are
        held, and its length is summed from theirs: no ``model_dump`` nor ``json.dumps`` per hit."""
        spent = self.spent + _json_tokens(_row_length(row.__dict__)) + 1  # and its separating comma
        if self.full or (self.budget and spent > self.budget):
            self.full = True  # rows are kept in order: once one is left out, so is every later one
            return False
        self.spent = spent
        return True
