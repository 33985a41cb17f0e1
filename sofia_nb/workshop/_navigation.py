"""The workshop's one navigation rule: where a move may go, and what going back does to the session.

Every face moves through the engine (``Workshop.advance``, ``choose_phase``, ``go_back``); each
move is one engine method that asks these functions whether it is allowed and what it changes,
and only ``Workshop._move_to`` sets the phase. What a phase needs to be complete, what follows it
and what it records are its declaration's (``_phases.PHASES``), which these functions read;
changing what going back does is a change to this module and nothing else.

Going back **reopens** a phase (``reopen``): its record and its conversation stay, the reason is
kept for the model, and every later phase with work keeps its own and is marked for review
(``PhaseReview``). On the way forward a phase under review is reviewed by the model, or kept as it
is by the facilitator, before the workshop moves past it (``settle``). Starting a phase over is
its own move (``forget``): its record and turns, and every later phase's, are cleared.
"""

from __future__ import annotations

from ..session import Phase, PhaseReview, Reopening, WorkshopSession
from ._patch import record_changes
from ._phases import CONVERSATION_PHASES, following, phase_records, spec_for


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


def check_forward(session: WorkshopSession, goal: Phase, *, keep_as_is: bool = False) -> list[Phase]:
    """A forward jump passes only complete phases, and a phase under review only when the
    facilitator keeps it as it is; else ``NavigationError`` says why. Returns the phases it
    passes (the current one first), for the engine to ``settle``; nothing is changed here."""
    route = [session.phase, *following(session.phase)]
    passed = route[: route.index(goal)]
    for phase in passed:
        spec = spec_for(phase)
        if not spec.is_complete(session):
            missing = ", ".join(spec.missing(session))
            raise NavigationError(
                f"cannot jump to {goal.title}: {phase.title} is not complete (missing: "
                f"{missing}); advance through it instead"
            )
    unsettled = [p for p in passed[1:] if (r := session.review_of(p)) and r.state == "pending"]
    if unsettled and not keep_as_is:
        review = session.review_of(unsettled[0])
        assert review is not None
        raise NavigationError(
            f"cannot jump to {goal.title}: {unsettled[0].title} is under review since {review.because.title} "
            "was reopened; advance into it for the model's review, or keep it as is"
        )
    current = session.review_of(session.phase)
    if current is not None and current.state == "pending" and not keep_as_is:
        raise _not_reviewed(session.phase, current)
    return list(passed)


def going_back(session: WorkshopSession, goal: Phase) -> list[Phase]:
    """The phases going back to ``goal`` changes (``goal`` and every later one but Complete)."""
    later = following(goal)
    if goal != session.phase and session.phase not in later:
        raise NavigationError(f"cannot go back from {session.phase.value} to the later phase {goal.value}")
    return [goal, *(p for p in later if p != Phase.COMPLETE)]


def forget(session: WorkshopSession, phases: list[Phase]) -> None:
    """What starting over does to ``phases``: their records return to the defaults, their turns
    go, and so does any review they were waiting for."""
    fields = WorkshopSession.model_fields
    for name in (name for p in phases for name in phase_records(p)):
        setattr(session, name, fields[name].get_default(call_default_factory=True))
    session.turns = [t for t in session.turns if t.phase not in phases]
    session.reviews = [r for r in session.reviews if r.phase not in phases or r.state in ("reviewed", "kept")]
    if session.reopened is not None and session.reopened.phase in phases:
        session.reopened = None


def to_review(session: WorkshopSession, changed: list[Phase]) -> list[Phase]:
    """The later phases reopening the first of ``changed`` (``going_back``'s) keeps for review:
    those with a record or a conversation."""
    return [p for p in changed[1:] if p in CONVERSATION_PHASES and _has_work(session, p)]


def to_clear(session: WorkshopSession, changed: list[Phase]) -> list[Phase]:
    """What starting the first of ``changed`` (``going_back``'s) over loses: it and every later
    phase with work (Develop's PoC too)."""
    return [changed[0], *(p for p in changed[1:] if _has_work(session, p))]


def _has_work(session: WorkshopSession, phase: Phase) -> bool:
    return bool(session.turns_of(phase)) or any(getattr(session, f) for f in phase_records(phase))


def reopen(session: WorkshopSession, goal: Phase, reason: str, marked: list[Phase]) -> None:
    """Go back to ``goal`` keeping everything: the reason and ``goal``'s record now are kept, and
    ``marked`` (``to_review``'s: every later phase with work) is marked for review (a newer
    reopening replaces an older one's unsettled mark)."""
    session.reopened = Reopening(
        phase=goal,
        came_from=session.phase,
        reason=reason.strip(),
        before=spec_for(goal).output.record_of(session),
    )
    open_ = ("pending", "reviewing")
    session.reviews = [
        r for r in session.reviews if not (r.state in open_ and (r.phase in marked or r.phase == goal))
    ]
    session.reviews += [PhaseReview(phase=p, because=goal, reason=reason.strip()) for p in marked]


def changes_of_reopened(session: WorkshopSession) -> list[str]:
    """What changed in the reopened phase's record since it was reopened ("" when nothing)."""
    reopened = session.reopened
    if reopened is None:
        return []
    output = spec_for(reopened.phase).output
    return record_changes(reopened.before, output.record_of(session), output)


def leave_reopened(session: WorkshopSession) -> None:
    """Leaving the reopened phase: its reviews learn what changed, and the reopening is over."""
    reopened = session.reopened
    if reopened is None or reopened.phase != session.phase:
        return
    changes = changes_of_reopened(session) or ["nothing in its record changed"]
    for review in session.reviews:
        if review.because == reopened.phase and review.state == "pending":
            review.changes = changes
    session.reopened = None


def settle(session: WorkshopSession, phase: Phase, *, keep_as_is: bool = False) -> None:
    """Moving past ``phase``: its review is done — reviewed by the model, or kept as it is.

    ``NavigationError`` when it is still pending (the model's review did not happen) and the
    facilitator did not keep it."""
    review = session.review_of(phase)
    if review is None:
        return
    if review.state == "pending" and not keep_as_is:
        raise _not_reviewed(phase, review)
    review.state = "reviewed" if review.state == "reviewing" else "kept"


def _not_reviewed(phase: Phase, review: PhaseReview) -> NavigationError:
    return NavigationError(
        f"{phase.title} is under review since {review.because.title} was reopened: refine it for "
        "the model's review, or keep it as is"
    )
