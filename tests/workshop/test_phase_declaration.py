"""A phase is one declaration (``PhaseSpec`` in ``_phases.PHASES``): what it records, when it is
complete, what follows it, its prompt and its gate. Each test changes one part of one phase's
declaration, and nothing else, and sees the engine, the navigation and the prompts obey it."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest

from sofia_nb.consent import ConsentBroker, ScriptedConsent
from sofia_nb.events import EventBus, EventRecorder, PhaseChanged
from sofia_nb.llm import ScriptedLLM
from sofia_nb.session import (
    PHASE_ORDER,
    BusinessContext,
    Cards,
    Idea,
    Phase,
    SelectedCard,
    SessionStore,
    Workflow,
    WorkflowActivity,
    WorkshopSession,
)
from sofia_nb.workshop import CONTINUE_TOOL, PHASES, NavigationError, Workshop
from sofia_nb.workshop._phases import Need, following, load_prompt


def _at_ideate() -> WorkshopSession:
    """A session in Ideate with its one shipped need met (an idea) and cards chosen."""
    return WorkshopSession(
        phase=Phase.IDEATE,
        business_context=BusinessContext(description="A bakery chain with 12 shops"),
        workflow=Workflow(activities=[WorkflowActivity(id="s1", name="Bake")]),
        ideas=[Idea(id="idea-1", title="Forecast demand")],
        cards=Cards(selected=[SelectedCard(id="c1", title="Forecasting")]),
    )


def _workshop(
    tmp_path: Path, session: WorkshopSession, replies: list[str], answers: list[str] = ()
) -> tuple[Workshop, ScriptedConsent, EventRecorder]:
    bus = EventBus()
    seen = EventRecorder(bus)
    consent = ScriptedConsent(list(answers))
    broker = ConsentBroker(consent, bus=bus, deadline_s=5)
    workshop = Workshop(session, ScriptedLLM(replies), store=SessionStore(tmp_path), bus=bus, consent=broker)
    return workshop, consent, seen


def _declare(monkeypatch: pytest.MonkeyPatch, phase: Phase, **rule: object) -> None:
    """Change ``phase``'s declaration for the test, and nothing else."""
    monkeypatch.setitem(PHASES, phase, replace(PHASES[phase], **rule))  # type: ignore[arg-type]


def test_a_need_declared_alone_is_what_the_engine_lacks_the_gate_asks_and_a_jump_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _at_ideate()
    session.cards = None
    workshop, consent, seen = _workshop(tmp_path, session, ["(nothing more in the transcript)"], ["deny"])
    assert workshop.lacking() == []  # complete by the shipped rule: it has an idea

    cards = Need("cards", lambda s: bool(s.cards and s.cards.selected), words="cards chosen from the deck")
    _declare(monkeypatch, Phase.IDEATE, needs=(*PHASES[Phase.IDEATE].needs, cards))

    assert workshop.lacking() == ["cards"]
    with pytest.raises(NavigationError, match=r"Ideate is not complete \(missing: cards\)"):
        asyncio.run(workshop.choose_phase("select", open_it=False))
    step = asyncio.run(workshop.advance())
    assert (step.moved, step.phase, step.outcome.missing) == (False, Phase.IDEATE, ["cards"])
    (question,) = consent.asked
    assert question.tool == CONTINUE_TOOL
    assert question.description == "Ideate has no cards chosen from the deck yet: continue anyway"
    assert not seen.of_type(PhaseChanged)
    session.add_turn(Phase.IDEATE, "user", "We want a forecast.")
    assert "Still to record: cards." in PHASES[Phase.IDEATE].kickoff(session)


def test_a_successor_declared_alone_is_where_advance_goes_and_what_a_jump_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _declare(monkeypatch, Phase.IDEATE, successor=Phase.SELECT)
    workshop, _, seen = _workshop(tmp_path, _at_ideate(), ["Select opens."])

    assert "Do not introduce or begin the\nSelect phase" in PHASES[Phase.IDEATE].system_prompt()
    with pytest.raises(NavigationError, match="Select is not complete"):  # not Design: it is skipped
        asyncio.run(workshop.choose_phase("plan", open_it=False))
    step = asyncio.run(workshop.advance())
    assert (step.moved, step.phase) == (True, Phase.SELECT)
    assert [(e.previous, e.phase) for e in seen.of_type(PhaseChanged)] == [("ideate", "select")]
    assert workshop.store is not None and workshop.store.load(workshop.session.id).phase == Phase.SELECT


def test_what_a_phase_records_declared_alone_is_what_starting_it_over_clears(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _declare(monkeypatch, Phase.IDEATE, records=("ideas",))
    workshop, _, _ = _workshop(tmp_path, _at_ideate(), [])

    assert asyncio.run(workshop.go_back("ideate", start_over=True, confirmed=True))
    assert workshop.session.ideas == []
    assert workshop.session.cards is not None  # no longer Ideate's: kept


def test_a_prompt_declared_alone_is_what_the_phase_sends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _declare(monkeypatch, Phase.IDEATE, prompt="select.md")
    workshop, _, _ = _workshop(tmp_path, _at_ideate(), ["Hello."])

    asyncio.run(workshop.start_phase())
    (request,) = workshop.llm.requests  # type: ignore[attr-defined]
    system = request.messages[0].content
    assert load_prompt("select.md") in system and load_prompt("ideate.md") not in system


def test_the_declarations_agree_with_the_session() -> None:
    """The successors lead from Discover through every phase to the hand-over in the session's
    order (the export's and the status's); what each records is the session's, and each need
    names something it records."""
    assert [Phase.DISCOVER, *following(Phase.DISCOVER)] == list(PHASE_ORDER)
    for phase, spec in PHASES.items():
        assert spec.phase == phase and load_prompt(spec.prompt)
        assert set(spec.records) <= WorkshopSession.model_fields.keys()
        kept = {name for name in spec.output.model_fields if name in WorkshopSession.model_fields}
        assert kept <= set(spec.records), phase
        assert all(need.name.split(".")[0] in spec.records for need in spec.needs), phase
