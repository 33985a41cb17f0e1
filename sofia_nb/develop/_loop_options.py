"""The Ralph loop's limits: iterations, test timeouts, reflections and the prompt budget."""

from __future__ import annotations

from pydantic import BaseModel, Field

from ._prompt import DEFAULT_BUDGET_CHARS
from ._runner import DEFAULT_GRACE_S, DEFAULT_TIMEOUT_S


class LoopOptions(BaseModel):
    max_iterations: int = Field(10, ge=1)
    test_timeout_s: float = DEFAULT_TIMEOUT_S
    grace_s: float = DEFAULT_GRACE_S
    max_reflections: int = Field(3, ge=0)
    prompt_budget_chars: int = DEFAULT_BUDGET_CHARS
