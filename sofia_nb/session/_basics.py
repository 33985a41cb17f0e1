"""The phases and the clock, which every session record (the team's too) is built on."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum


def utcnow() -> datetime:
    return datetime.now(UTC)


class Phase(StrEnum):
    DISCOVER = "discover"
    IDEATE = "ideate"
    DESIGN = "design"
    SELECT = "select"
    PLAN = "plan"
    DEVELOP = "develop"
    COMPLETE = "complete"

    @property
    def title(self) -> str:  # type: ignore[override]
        return self.value.capitalize()
