"""Going back reopens a phase: its record and conversation stay, later phases keep theirs and are
reviewed on the way forward, and the model is told why (docs/architecture.md §5)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from sofia_nb.consent import ConsentBroker, ScriptedConsent
from sofia_nb.llm import ScriptedLLM
from sofia_nb.session import (
    Phase,
    SessionStatus,
)
from sofia_nb.workshop import NavigationError, Workshop
from tests.workshop._go_back import (
    REASON,
    VALUE_4_THEN_REVIEW,
    at_plan,
    back_to_design_for_value_4,
    block,
    scripted_workshop,
)


def test_going_back_to_design_to_change_one_score_keeps_the_rest_marks_later_phases_and_says_why() -> None:
    session = at_plan()
    before = {e.idea_id: e.model_dump() for e in session.evaluation.ideas}  # type: ignore[union-attr]
    design_turns = [t.content for t in session.turns_of(Phase.DESIGN)]
    change = {"evaluation": {"ideas": [{"idea_id": "idea-2", "value": 4}]}}
    workshop, llm = scripted_workshop(
        session,
        [{"purpose": "chat", "match": "We are back in the Design phase", "text": block(change)}],
        ["allow"],
    )

    async def run() -> None:
        assert await workshop.choose_phase("design", reason=REASON)

    asyncio.run(run())
    # the question said which of the two happens
    asked = session.consent_decisions[-1]
    assert asked.tool == "workshop/go-back" and asked.decision == "allow"
    # Design keeps its conversation (and gains the reopening), every other evaluation is untouched
    assert [t.content for t in session.turns_of(Phase.DESIGN)][:2] == design_turns
    after = {e.idea_id: e.model_dump() for e in session.evaluation.ideas}  # type: ignore[union-attr]
    assert after == {**before, "idea-2": {**before["idea-2"], "value": 4.0}}
    # later phases keep their records and are marked for review
    assert session.selection is not None and session.selection.confirmed_by_user and session.plan is not None
    assert session.turns_of(Phase.SELECT) and session.turns_of(Phase.PLAN)
    assert [(r.phase, r.because, r.state) for r in session.reviews] == [
        (Phase.SELECT, Phase.DESIGN, "pending"),
        (Phase.PLAN, Phase.DESIGN, "pending"),
    ]
    # the model's next request says why, and shows Design's record and conversation
    request = llm.requests[0].messages
    assert request[-1].role == "user" and "reopened it from Plan" in request[-1].content
    assert REASON in request[-1].content
    assert "## Why this phase was reopened" in request[-1].content and REASON in request[-1].content
    assert '"idea_id":"idea-2"' in request[-1].content  # its record, under "Recorded so far"
    assert [m.content for m in request[1:3]] == design_turns


def test_on_the_way_forward_each_later_phase_is_reviewed_or_kept_as_is() -> None:
    session = at_plan()
    workshop, llm = scripted_workshop(session, VALUE_4_THEN_REVIEW, ["allow"])

    async def run() -> None:
        await back_to_design_for_value_4(workshop)
        offered = workshop.next_review()
        assert offered is not None and offered.phase == Phase.SELECT
        assert offered.changes == ["evaluation.ideas[idea-2].value: 3.0 → 4.0"]
        step = await workshop.advance()  # into Select: the model reviews it
        assert (step.phase, step.opened, session.status) == (Phase.SELECT, True, SessionStatus.REVIEW)
        review_request = llm.requests[-1].messages
        assert (
            "What changed in Design:\n- evaluation.ideas[idea-2].value: 3.0 → 4.0"
            in review_request[-1].content
        )
        assert (
            REASON in review_request[-1].content
            and "## This phase is under review" in review_request[-1].content
        )
        calls = len(llm.requests)
        step = await workshop.advance(keep_as_is=True)  # Select reviewed; Plan kept as it is, not opened
        assert (step.phase, step.opened, len(llm.requests)) == (Phase.PLAN, False, calls)

    asyncio.run(run())
    assert [(r.phase, r.state, r.changes) for r in session.reviews] == [
        (Phase.SELECT, "reviewed", ["evaluation.ideas[idea-2].value: 3.0 → 4.0"]),
        (Phase.PLAN, "kept", ["evaluation.ideas[idea-2].value: 3.0 → 4.0"]),
    ]
    assert session.status == SessionStatus.ACTIVE and session.reopened is None


def test_a_forward_jump_passes_a_phase_under_review_only_when_kept_as_is() -> None:
    session = at_plan()
    workshop, _ = scripted_workshop(session, [], ["allow"])

    async def run() -> None:
        assert await workshop.go_back("design", reason=REASON) is True
        with pytest.raises(NavigationError, match="cannot jump to Plan: Select is under review"):
            await workshop.choose_phase("plan", open_it=False)
        assert await workshop.choose_phase("plan", open_it=False, keep_as_is=True)

    asyncio.run(run())
    assert session.phase == Phase.PLAN
    assert [(r.phase, r.state) for r in session.reviews] == [(Phase.SELECT, "kept"), (Phase.PLAN, "kept")]


def test_starting_over_is_its_own_action_and_its_question_says_what_it_clears() -> None:
    session = at_plan()
    workshop, _ = scripted_workshop(session, [], ["allow"])
    assert asyncio.run(workshop.go_back("design", start_over=True)) is True
    assert session.evaluation is None and session.selection is None and session.plan is None
    assert not session.turns_of(Phase.DESIGN) and not session.reviews and session.reopened is None
    assert session.business_context is not None and session.ideas


def test_the_question_says_which_of_the_two_happens() -> None:
    seen: list[tuple[dict[str, Any], str]] = []

    class Recording(ScriptedConsent):
        async def ask(self, request):  # type: ignore[no-untyped-def]
            seen.append((request.arguments, request.description))
            return await super().ask(request)

    session = at_plan()
    workshop = Workshop(session, ScriptedLLM([]), consent=ConsentBroker(Recording(["deny", "deny"])))
    asyncio.run(workshop.go_back("design", reason=REASON))
    asyncio.run(workshop.go_back("design", start_over=True))
    (reopen, reopen_words), (over, over_words) = seen
    assert reopen == {
        "to": "design",
        "reopens": True,
        "reason": REASON,
        "review": ["select", "plan"],
        "clears": [],
    }
    assert reopen_words == (
        "go back to Design and reopen it: its results and conversation stay; Select, Plan keep their own "
        "and are offered for review on the way forward"
    )
    assert over == {
        "to": "design",
        "reopens": False,
        "reason": "",
        "review": [],
        "clears": ["design", "select", "plan"],
    }
    assert over_words == "start Design over, clearing the conversation and results of Design, Select, Plan"
    assert session.plan is not None and not session.reviews  # both denied: nothing changed
