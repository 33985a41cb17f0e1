"""The facilitator inputs file (architecture.md §4.3a) and the non-interactive run it drives."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from .._datafile import DataFileError, read_model
from ..session import Phase, WorkshopSession
from ._engine import PhaseOutcome, Workshop
from ._phases import CONVERSATION_PHASES


class InputsError(ValueError):
    """The inputs file cannot be read or does not have the documented shape."""


class WorkshopInputs(BaseModel):
    """The facilitator's messages per phase; a phase that is missing gets none."""

    model_config = ConfigDict(extra="forbid")

    discover: list[str] = Field(default_factory=list)
    ideate: list[str] = Field(default_factory=list)
    design: list[str] = Field(default_factory=list)
    select: list[str] = Field(default_factory=list)
    plan: list[str] = Field(default_factory=list)

    def for_phase(self, phase: Phase) -> list[str]:
        return list(getattr(self, phase.value, []))

    def next_line(self, session: WorkshopSession) -> str | None:
        """The current phase's first message the session does not hold yet, None when all are sent.

        Derived from the saved turns, never from memory: a resumed session, a person's own words
        in between and going back (which clears the turns) all keep it in place.
        """
        if session.phase not in CONVERSATION_PHASES:
            return None
        sent = {t.content for t in session.turns_of(session.phase) if t.role == "user"}
        return next((m for m in self.for_phase(session.phase) if m not in sent), None)

    @classmethod
    def from_file(cls, path: str | Path) -> WorkshopInputs:
        """Read a JSON or YAML inputs file; errors name the file and the bad key."""
        try:
            return read_model(cls, path, "inputs file")
        except DataFileError as exc:
            raise InputsError(str(exc)) from None


async def run_inputs(
    workshop: Workshop, inputs: WorkshopInputs, on_message: Callable[[str], None] | None = None
) -> list[PhaseOutcome]:
    """From the current phase through Plan: the model opens, the phase's inputs follow, then
    the phase is completed (extraction fallback included) and the next one starts. A phase that
    is still incomplete is left only when the run's consent policy allows it
    (``workshop/continue-incomplete``); otherwise the run stops there, paused (the last outcome
    says what the phase lacks).

    ``on_message`` sees each facilitator message just before it is sent (to show it).
    """
    outcomes = []
    if workshop.phase in CONVERSATION_PHASES:
        await workshop.start_phase()
    while workshop.phase in CONVERSATION_PHASES:
        for message in inputs.for_phase(workshop.phase):
            if on_message is not None:
                on_message(message)
            await workshop.send(message)
        step = await workshop.advance()
        outcomes.append(step.outcome)
        if not step.moved:
            await workshop.pause()
            break
    return outcomes
