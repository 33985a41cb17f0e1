"""The engine with the scripted model: turns, streaming, saves, fallback extraction, go back, resume."""

import asyncio
import json
from typing import Any

import pytest

from sofia_nb.consent import ConsentBroker, ScriptedConsent
from sofia_nb.events import EventBus, EventRecorder, PhaseChanged, TextDelta, WarningIssued
from sofia_nb.llm import ScriptedLLM
from sofia_nb.session import (
    BusinessContext,
    Discovery,
    DiscoveryEnrichment,
    Evaluation,
    Idea,
    IdeaEvaluation,
    Phase,
    Selection,
    SessionStore,
    Workflow,
    WorkflowActivity,
    WorkiqInsights,
    WorkshopSession,
)
from sofia_nb.workshop import SyncWorkshop, Workshop, build_workshop
from sofia_nb.workshop._company import company_name
from sofia_nb.workshop._context import prior_context

BUSINESS = {
    "session_name": "Bakery waste workshop",
    "business_context": {"description": "A bakery chain with 12 shops", "challenges": ["waste"]},
}
WORKFLOW = {
    "workflow": {
        "activities": [{"id": "s1", "name": "Bake"}, {"id": "s2", "name": "Sell"}],
        "edges": [{"source": "s1", "target": "s2"}],
    }
}


def block(data: dict[str, Any]) -> str:
    return f"Noted.\n```json\n{json.dumps(data)}\n```"


def test_model_speaks_first_streams_and_every_turn_is_saved() -> None:
    llm = ScriptedLLM(["Welcome! Tell me about the business.", block(BUSINESS)])
    bus, store = EventBus(), SessionStore()
    recorder = EventRecorder(bus)
    workshop = Workshop.create(llm, store=store, bus=bus)

    async def run() -> list[int]:
        revisions = [store.load(workshop.session.id).revision]
        opening = await workshop.start_phase()
        revisions.append(store.load(workshop.session.id).revision)
        assert opening == "Welcome! Tell me about the business."
        await workshop.send("We are a bakery chain with 12 shops; waste hurts.")
        revisions.append(store.load(workshop.session.id).revision)
        return revisions

    revisions = asyncio.run(run())
    assert revisions[0] < revisions[1] < revisions[2]
    first = llm.requests[0].messages
    assert first[0].role == "system" and "# Phase: Discover" in first[0].content
    assert first[-1].content.startswith("Introduce the Discover phase")
    assert "".join(e.text for e in recorder.of_type(TextDelta)) == "".join(
        t.content for t in workshop.session.turns if t.role == "assistant"
    )
    saved = Workshop.load("last", llm, store=store).session
    assert [t.role for t in saved.turns] == ["user", "assistant", "user", "assistant"]
    assert saved.turns[0].metadata == {"kickoff": True}
    assert saved.name == "Bakery waste workshop"
    assert saved.business_context is not None and saved.business_context.challenges == ["waste"]
    assert saved.tokens.by_phase["discover"].output_tokens > 0


def test_completion_runs_one_extraction_call_over_the_transcript() -> None:
    llm = ScriptedLLM(
        [
            "Hello, tell me about the business.",
            "Bake then sell, got it.",
            {"purpose": "extract", "match": "user: Bake first", "text": block({**BUSINESS, **WORKFLOW})},
        ]
    )
    workshop = Workshop(WorkshopSession(), llm)

    async def run() -> Any:
        await workshop.start_phase()
        await workshop.send("Bake first, then sell in the shops.")
        return await workshop.complete_phase()

    outcome = asyncio.run(run())
    assert outcome.complete and outcome.fallback_used and outcome.missing == []
    extract = llm.requests[-1]
    assert extract.purpose == "extract" and "JSON Schema" in extract.messages[0].content
    assert workshop.session.workflow is not None and len(workshop.session.workflow.activities) == 2


def test_a_failed_extraction_never_blocks_the_phase() -> None:
    bus = EventBus()
    recorder = EventRecorder(bus)
    replies = ["Hello.", {"purpose": "chat", "text": "Ideate opens."}]  # nothing for extract
    workshop = Workshop(WorkshopSession(), ScriptedLLM(replies), bus=bus)

    async def run() -> Any:
        await workshop.start_phase()
        step = await workshop.advance(confirmed=True)  # the facilitator said: continue anyway
        return step.outcome, step.phase

    outcome, following = asyncio.run(run())
    assert not outcome.complete and outcome.missing == ["business_context", "workflow"]
    assert following == Phase.IDEATE
    assert any("extraction call failed" in w.message for w in recorder.of_type(WarningIssued))


def _session_at_select() -> WorkshopSession:
    s = WorkshopSession(
        phase=Phase.SELECT,
        business_context=BusinessContext(description="Bakery"),
        workflow=Workflow(activities=[WorkflowActivity(id="s1", name="Bake")]),
        ideas=[Idea(id="idea-1", title="Forecast")],
        evaluation=Evaluation(ideas=[IdeaEvaluation(idea_id="idea-1", feasibility=4, value=4)]),
        selection=Selection(idea_id="idea-1", rationale="best"),
    )
    for phase in (Phase.DISCOVER, Phase.IDEATE, Phase.DESIGN, Phase.SELECT):
        s.add_turn(phase, "user", f"{phase.value} question")
        s.add_turn(phase, "assistant", f"{phase.value} answer")
    return s


@pytest.mark.parametrize("answer", ["deny", None])
def test_go_back_without_confirmation_changes_nothing(answer: str | None) -> None:
    session = _session_at_select()
    broker = ConsentBroker(ScriptedConsent([answer]), deadline_s=0.05)
    workshop = Workshop(session, ScriptedLLM([]), consent=broker)
    assert asyncio.run(workshop.go_back("ideate")) is False
    assert session.phase == Phase.SELECT and session.ideas and session.selection
    assert session.consent_decisions[-1].tool == "workshop/go-back"
    assert session.consent_decisions[-1].decision == "deny"


def test_starting_over_clears_that_phase_and_every_later_one_once_confirmed() -> None:
    session, bus = _session_at_select(), EventBus()
    recorder = EventRecorder(bus)
    workshop = Workshop(session, ScriptedLLM([]), bus=bus, consent=ConsentBroker(ScriptedConsent(["allow"])))
    assert asyncio.run(workshop.go_back(Phase.IDEATE, start_over=True)) is True
    assert session.phase == Phase.IDEATE
    assert session.ideas == [] and session.evaluation is None and session.selection is None
    assert session.business_context is not None and session.workflow is not None
    assert {t.phase for t in session.turns} == {Phase.DISCOVER}
    assert recorder.of_type(PhaseChanged)[-1].phase == "ideate"
    with pytest.raises(ValueError, match="later phase"):
        asyncio.run(workshop.go_back("plan", confirmed=True))


def test_resume_replays_only_the_phase_own_turns() -> None:
    session = _session_at_select()
    session.phase = Phase.IDEATE
    llm = ScriptedLLM(["Where were we: one idea so far."])
    asyncio.run(Workshop(session, llm).start_phase())
    messages = llm.requests[0].messages
    contents = [m.content for m in messages[1:]]
    assert contents[:2] == ["ideate question", "ideate answer"]
    assert contents[-1].startswith("We are resuming the Ideate phase")
    rendered = "\n".join(m.content for m in messages)
    assert "discover question" not in rendered and "select answer" not in rendered
    assert "## Prior Phase Context" in messages[0].content and "Bakery" in messages[0].content


def test_ideate_prompt_lists_the_cards_and_offers_the_search_tool() -> None:
    session = _session_at_select()
    session.phase = Phase.IDEATE
    llm = ScriptedLLM(["Let us look at the cards."])
    asyncio.run(build_workshop(llm, session).start_phase())
    request = llm.requests[0]
    assert "demand-forecasting: Demand forecasting [forecasting]" in request.messages[0].content
    assert "builtin__search_cards" in request.tools


def test_sync_twin_works_inside_a_running_loop() -> None:
    workshop = SyncWorkshop(Workshop(WorkshopSession(), ScriptedLLM(["Hi.", block(BUSINESS)])))

    async def notebook_cell() -> str:  # a Jupyter cell runs with a loop already running
        workshop.start_phase()
        return workshop.send("We bake.")

    try:
        assert "Noted." in asyncio.run(notebook_cell())
        assert workshop.session.name == "Bakery waste workshop"
    finally:
        workshop.close()


class CountingEnricher:
    def __init__(self, fail: bool = False) -> None:
        self.runs = 0
        self.fail = fail

    async def enrich(self, session: WorkshopSession) -> None:
        self.runs += 1
        if self.fail:
            raise RuntimeError("search backend down")
        session.discovery.enrichment = DiscoveryEnrichment(
            industry_trends=["A bakery chain tries AI forecasting"]
        )


def test_enrichment_runs_once_when_the_business_context_first_appears() -> None:
    enricher = CountingEnricher()
    llm = ScriptedLLM(["Hello.", "Tell me more.", block(BUSINESS), block(BUSINESS)])
    workshop = Workshop(WorkshopSession(), llm, enricher=enricher)

    async def run() -> None:
        await workshop.start_phase()
        await workshop.send("We sell bread.")  # no business context yet: no enrichment
        assert enricher.runs == 0
        await workshop.send("A bakery chain with 12 shops.")
        await workshop.send("And waste hurts.")

    asyncio.run(run())
    assert enricher.runs == 1
    assert "A bakery chain tries AI forecasting" in prior_context(workshop.session, Phase.IDEATE)


def test_a_failing_enrichment_leaves_a_note_and_the_phase_goes_on() -> None:
    bus = EventBus()
    recorder = EventRecorder(bus)
    workshop = Workshop(
        WorkshopSession(),
        ScriptedLLM(["Hello.", block(BUSINESS)]),
        bus=bus,
        enricher=CountingEnricher(fail=True),
    )

    async def run() -> None:
        await workshop.start_phase()
        await workshop.send("A bakery chain.")

    asyncio.run(run())
    enrichment = workshop.session.discovery.enrichment
    assert enrichment is not None and "search backend down" in enrichment.notes[0]
    assert any("enrichment failed" in w.message for w in recorder.of_type(WarningIssued))


def test_company_name_comes_from_the_business_description() -> None:
    def name(text: str) -> str:
        return company_name(WorkshopSession(business_context=BusinessContext(description=text)))

    assert name('We are "Acme Foods", a wholesaler') == "Acme Foods"
    assert name("Valdora Fresh Distribution is a regional distributor") == "Valdora Fresh Distribution"
    assert name("a small bakery in town") == "a small bakery"


def test_a_long_phase_is_compacted_for_the_model_but_kept_whole_in_the_session() -> None:
    session = WorkshopSession()
    for n in range(5):
        session.add_turn(Phase.DISCOVER, "user", f"question {n} " + "x" * 800)
        session.add_turn(Phase.DISCOVER, "assistant", f"answer {n} " + "y" * 800)
    llm = ScriptedLLM(
        [{"purpose": "compact", "text": "SUMMARY OF EARLIER TURNS"}, {"purpose": "chat", "text": "Go on."}],
        context_window=2000,
    )
    asyncio.run(Workshop(session, llm).send("next question"))
    assert [r.purpose for r in llm.requests] == ["compact", "chat"]
    sent = "\n".join(m.content for m in llm.requests[1].messages)
    assert "SUMMARY OF EARLIER TURNS" in sent and "question 0 " not in sent and "next question" in sent
    assert len(session.turns_of(Phase.DISCOVER)) == 12  # the session keeps every turn


def test_a_selection_counts_as_confirmed_only_after_the_facilitator_spoke() -> None:
    confirmed = block({"selection": {"idea_id": "idea-1", "rationale": "best", "confirmed_by_user": True}})
    workshop = Workshop(WorkshopSession(phase=Phase.SELECT), ScriptedLLM([confirmed, confirmed]))

    async def run() -> list[bool]:
        await workshop.start_phase()  # the model "confirms" in its opening turn: not valid
        first = workshop.session.selection is not None and workshop.session.selection.confirmed_by_user
        await workshop.send("Yes, I confirm idea-1.")
        assert workshop.session.selection is not None
        return [first, workshop.session.selection.confirmed_by_user]

    assert asyncio.run(run()) == [False, True]
    assert workshop.session.selection is not None and workshop.session.selection.confirmed_at is not None


def test_a_reply_with_two_valid_discover_blocks_stores_both() -> None:
    reply = f"{block(BUSINESS)}\n\nAnd the workflow:\n{block(WORKFLOW)}"
    workshop = Workshop(WorkshopSession(), ScriptedLLM(["Hello.", reply]))

    async def run() -> None:
        await workshop.start_phase()
        await workshop.send("Here is our business and how claims flow.")

    asyncio.run(run())
    s = workshop.session
    assert s.business_context is not None and s.business_context.challenges == ["waste"]
    assert s.workflow is not None and [a.id for a in s.workflow.activities] == ["s1", "s2"]


def test_a_later_business_block_changes_only_the_fields_it_names() -> None:
    update = {"business_context": {"description": "A bakery chain", "company_name": "Crumbs Ltd"}}
    workshop = Workshop(WorkshopSession(), ScriptedLLM(["Hello.", f"{block(BUSINESS)}\n{block(update)}"]))

    async def run() -> None:
        await workshop.start_phase()
        await workshop.send("We are Crumbs Ltd.")

    asyncio.run(run())
    context = workshop.session.business_context
    assert context is not None
    assert (context.company_name, context.description, context.challenges) == (
        "Crumbs Ltd",
        "A bakery chain",
        ["waste"],
    )


def test_later_phases_see_constraints_pain_points_evaluation_details_and_the_computed_ranking() -> None:
    s = WorkshopSession(
        business_context=BusinessContext(
            company_name="Nordwarm",
            description="Heat-pump maker",
            constraints=["personal data of end customers"],
            success_metrics=["claim cycle time"],
        ),
        workflow=Workflow(activities=[WorkflowActivity(id="s1", name="Intake", pain_points=["retyping"])]),
        evaluation=Evaluation(
            ideas=[
                IdeaEvaluation(idea_id="idea-1", feasibility=4, value=5, human_value_score=2, risks=["bias"]),
                IdeaEvaluation(idea_id="idea-2", feasibility=5, value=4, human_value_score=5, kpis=["NPS"]),
            ]
        ),
    )
    context = prior_context(s, Phase.SELECT)
    for expected in ("Nordwarm: Heat-pump maker", "personal data of end customers", "claim cycle time"):
        assert expected in context
    assert "retyping" in context and "risks: bias" in context and "KPIs: NPS" in context
    assert "1. idea-2: 4.60\n2. idea-1: 3.80" in context


def test_ideate_and_later_phases_see_every_workiq_insight() -> None:
    insights = WorkiqInsights(
        team_expertise=["SAP and Excel"],
        collaboration_patterns=["quotes wait in shared inboxes for a second approver"],
        documentation_gaps=["no written pricing rules"],
    )
    s = WorkshopSession(
        business_context=BusinessContext(description="A grocery wholesaler"),
        discovery=Discovery(enrichment=DiscoveryEnrichment(workiq_insights=insights)),
    )
    for phase in (Phase.IDEATE, Phase.PLAN):
        context = prior_context(s, phase)
        assert "- Collaboration pattern: quotes wait in shared inboxes for a second approver" in context
        assert "- Team expertise: SAP and Excel" in context
        assert "- Documentation gap: no written pricing rules" in context
