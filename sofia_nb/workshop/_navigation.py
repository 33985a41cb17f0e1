"""The workshop's one navigation rule: where a move may go, and what going back does to the session.

Every face moves through the engine (``Workshop.advance``, ``choose_phase``, ``go_back``); the
engine asks these functions whether a move is allowed and what it changes, and only
``Workshop._move_to`` sets the phase. Keeping the rule here, apart from the conversation, means
changing what going back does is a change to ``going_back`` and ``forget`` and nothing else.
"""

from __future__ import annotations

from ..session import PHASE_ORDER, Phase, WorkshopSession
from ._phases import CONVERSATION_PHASES, phase_fields, spec_for


class NavigationError(ValueError):
    """A move the workshop's rule refuses (e.g. a forward jump past an incomplete phase); the
    message says why and what to do instead."""


def workshop_phase(target: Phase | str) -> Phase:
    """``target`` as a conversation phase; Develop and Complete are reached by advancing, never chosen."""
    goal = Phase(target)
    if goal not in CONVERSATION_PHASES:
        raise NavigationError(
            f"{goal.value} is not a workshop phase; choose one of "
            + ", ".join(p.value for p in CONVERSATION_PHASES)
        )
    return goal


def check_forward(session: WorkshopSession, goal: Phase) -> None:
    """A forward jump passes only complete phases; else ``NavigationError`` names what is missing."""
    order = PHASE_ORDER.index
    for passed in PHASE_ORDER[order(session.phase) : order(goal)]:
        spec = spec_for(passed)
        if not spec.is_complete(session):
            missing = ", ".join(spec.output.missing(session))
            raise NavigationError(
                f"cannot jump to {goal.title}: {passed.title} is not complete (missing: "
                f"{missing}); advance through it instead"
            )


def going_back(session: WorkshopSession, goal: Phase) -> list[Phase]:
    """The phases going back to ``goal`` changes (``goal`` and every later one but Complete)."""
    order = PHASE_ORDER.index
    if order(goal) > order(session.phase):
        raise NavigationError(f"cannot go back from {session.phase.value} to the later phase {goal.value}")
    return [p for p in PHASE_ORDER[order(goal) :] if p != Phase.COMPLETE]


def forget(session: WorkshopSession, phases: list[Phase]) -> None:
    """What going back does to ``phases``: their records return to the defaults, their turns go."""
    fields = WorkshopSession.model_fields
    for name in (name for p in phases for name in phase_fields(p)):
        setattr(session, name, fields[name].get_default(call_default_factory=True))
    session.turns = [t for t in session.turns if t.phase not in phases]
