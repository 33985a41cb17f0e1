"""The compact summary of earlier phases that later phases see instead of raw turns."""

from __future__ import annotations

import json
from typing import Any

from ..session import CONTEXT_BUDGET, Phase, WorkshopSession, decisions_brief
from ..session._team import quoted
from ._company import company_name

__all__ = [
    "CONTEXT_BUDGET",
    "navigation_context",
    "prior_context",
    "record_context",
    "rejected_context",
    "state_context",
    "tool_results_context",
]

STATE_HEADING = "# The workshop now"
"""Where a chat request's changing part starts: after the newest turn's words, the phase's record
and whatever else changed since the request before (docs/workshop.md, "The request")."""


def state_context(*sections: str, team: str = "") -> str:
    """The part of a chat request that changes from turn to turn, put after the newest turn's
    words (the part the next request does not repeat): ``sections`` (the phase's record, why it
    was reopened, tool results, what was not recorded) and then ``team``, the team's part (what
    the room sent: the part that changes last). "" when all are empty."""
    body = "\n\n".join(s for s in (*sections, team) if s)
    if not body:
        return ""
    return (
        f"\n\n---\n\n{STATE_HEADING}\n(The workshop's state as of this turn, from the product, not "
        f"the team's words.)\n\n{body}"
    )


def prior_context(session: WorkshopSession, phase: Phase, budget: int = CONTEXT_BUDGET) -> str:
    """``## Prior Phase Context``: the decisions brief of the phases before ``phase``
    (``session.decisions_brief``: decisions never cut, the rest summarised or dropped to fit)."""
    brief = decisions_brief(session, phase, budget, company=company_name(session))
    return f"## Prior Phase Context\n\n{brief.text}" if brief.text else ""


def record_context(record: dict[str, Any]) -> str:
    """``## Recorded so far in this phase``: the phase's own record as compact JSON, so the model
    patches what is there (and, after going back, sees what it is changing); "" when empty."""
    if not record:
        return ""
    text = quoted(record)  # the team's ideas are in it: nothing in it can end the fence
    return f"## Recorded so far in this phase\n```json\n{text}\n```"


TOOL_RESULTS_BUDGET = 12_000
"""Characters of earlier tool results a phase's prompt carries (the newest first): enough for a
few card searches and a web search, while a phase with many searches does not crowd the rest out."""


def tool_results_context(session: WorkshopSession, phase: Phase, budget: int = TOOL_RESULTS_BUDGET) -> str:
    """``## Tool results in this phase``: what the model's own tool calls of this phase returned,
    so a card search made two turns ago is still there to build on; "" when there is none."""
    kept: list[str] = []
    used = 0
    for call in reversed([c for c in session.tool_calls if c.phase == phase and c.result_text]):
        arguments = json.dumps(call.arguments, ensure_ascii=False)
        block = f"### {call.server}/{call.tool} {arguments}\n{call.result_text}"
        if used + len(block) > budget:
            break
        kept.append(block)
        used += len(block)
    if not kept:
        return ""
    return "## Tool results in this phase\nYour earlier calls in this phase returned:\n\n" + "\n\n".join(
        reversed(kept)
    )


def navigation_context(session: WorkshopSession, phase: Phase) -> str:
    """Why the model is here again: ``phase`` was reopened (the reason, and that later phases are
    kept for review), or ``phase`` is under review against an earlier phase's change; else ""."""
    reopened = session.reopened
    if reopened is not None and reopened.phase == phase:
        later = [r.phase.title for r in session.reviews if r.because == phase and r.state == "pending"]
        kept = f" {', '.join(later)} keep their records and are reviewed against your change." * bool(later)
        return (
            f"## Why this phase was reopened\nThe facilitator went back from {reopened.came_from.title} to "
            f"{phase.title}: {reopened.reason or 'no reason given'}. Its record and this conversation are "
            f"kept: change what the team wants changed, as a patch, and keep the rest.{kept}"
        )
    review = session.review_of(phase)
    if review is not None:
        changes = "\n".join(f"- {c}" for c in review.changes) or "- (not known)"
        why = review.reason or "no reason given"
        return (
            f"## This phase is under review\n{review.because.title} was reopened ({why}) and changed after "
            f"this phase was recorded:\n{changes}\nSay what the change affects here, patch what must change, "
            "or say it still holds."
        )
    return ""


REJECTED_KEY = "rejected"
"""The assistant turn's metadata key for the fields of its blocks that were not recorded."""


def rejected_context(session: WorkshopSession, phase: Phase) -> str:
    """What the phase's last reply wrote that failed validation, with the reasons, or ""."""
    last = next((t for t in reversed(session.turns_of(phase)) if t.role == "assistant"), None)
    rejected = last.metadata.get(REJECTED_KEY) if last else None
    if not rejected:
        return ""
    lines = [f"- `{r['field']}`: {r['reason']}" for r in rejected]
    return "## Not recorded from your last reply\nSend these again, corrected:\n" + "\n".join(lines)
