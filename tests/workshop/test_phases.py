import pytest

from sofia_nb.session import (
    BusinessContext,
    Evaluation,
    Idea,
    IdeaEvaluation,
    Phase,
    Selection,
    Workflow,
    WorkflowActivity,
    WorkshopSession,
)
from sofia_nb.workshop import CONVERSATION_PHASES, PHASES
from sofia_nb.workshop._context import prior_context
from sofia_nb.workshop._phases import spec_for


def test_five_conversation_phases_in_order_then_develop() -> None:
    assert [p.value for p in CONVERSATION_PHASES] == ["discover", "ideate", "design", "select", "plan"]
    assert [PHASES[p].successor.value for p in CONVERSATION_PHASES] == [
        "ideate",
        "design",
        "select",
        "plan",
        "develop",
    ]


@pytest.mark.parametrize("phase", CONVERSATION_PHASES)
def test_system_prompt_has_persona_phase_and_boundary(phase: Phase) -> None:
    spec = PHASES[phase]
    prompt = spec.system_prompt("EXTRA SECTION")
    assert "Never invent customer facts" in prompt
    assert f"# Phase: {phase.title}" in prompt
    assert "EXTRA SECTION" in prompt
    assert f"Do not introduce or begin the\n{spec.successor.title} phase" in prompt
    assert prompt.index("EXTRA SECTION") < prompt.index("## Where we are")


def test_kickoff_differs_for_a_new_and_a_resumed_phase() -> None:
    spec = PHASES[Phase.DISCOVER]
    s = WorkshopSession()
    assert "Introduce the Discover phase" in spec.kickoff(s)
    s.add_turn(Phase.DISCOVER, "user", "We sell fish.")
    s.business_context = BusinessContext(description="a fish wholesaler")
    resumed = spec.kickoff(s)
    assert "resuming the Discover phase" in resumed
    assert "Recorded so far in this phase: business context. Still to record: workflow." in resumed


def test_a_resumed_ideate_with_no_idea_yet_is_told_nothing_is_recorded() -> None:
    """Ideas is an empty list until the first: it is not recorded and missing at once."""
    s = WorkshopSession(phase=Phase.IDEATE)
    s.add_turn(Phase.IDEATE, "user", "Let us look at the cards.")
    resumed = PHASES[Phase.IDEATE].kickoff(s)
    assert "Recorded so far in this phase: nothing yet. Still to record: ideas." in resumed


def test_refine_carries_the_facilitators_words_and_the_phase_state() -> None:
    spec = PHASES[Phase.DISCOVER]
    s = WorkshopSession(business_context=BusinessContext(description="x"))
    s.workflow = Workflow(activities=[WorkflowActivity(id="s1", name="Intake")])
    asked = spec.refine_kickoff(s, "  the night desk\nis two people ")
    assert asked.startswith("The facilitator asks to refine the Discover phase, saying: “the night desk is")
    assert "Still to record: nothing, the phase is complete." in asked
    assert "without saying what to change" in spec.refine_kickoff(s)


def test_unknown_phase_names_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="discover, ideate, design, select, plan"):
        spec_for("develop")


def test_completion_tests() -> None:
    s = WorkshopSession(business_context=BusinessContext(description="x"))
    assert not PHASES[Phase.DISCOVER].is_complete(s)  # the workflow is missing
    s.workflow = Workflow(activities=[])
    assert PHASES[Phase.DISCOVER].missing(s) == ["workflow"]  # one rule: incomplete is named missing
    s.workflow = Workflow(activities=[WorkflowActivity(id="s1", name="Intake")])
    assert PHASES[Phase.DISCOVER].is_complete(s)
    s.selection = Selection(idea_id="idea-1", rationale="r", confirmed_by_user=False)
    assert not PHASES[Phase.SELECT].is_complete(s)
    s.selection.confirmed_by_user = True
    assert PHASES[Phase.SELECT].is_complete(s)


def test_prior_context_summarises_earlier_phases_only_and_never_turns() -> None:
    s = WorkshopSession(
        business_context=BusinessContext(description="Bakery chain", challenges=["waste"]),
        ideas=[Idea(id="idea-1", title="Demand forecast", description="predict")],
        evaluation=Evaluation(ideas=[IdeaEvaluation(idea_id="idea-1", feasibility=4, value=5)]),
    )
    s.add_turn(Phase.DISCOVER, "user", "RAW DISCOVER TURN")
    design = prior_context(s, Phase.DESIGN)
    assert design.startswith("## Prior Phase Context")
    assert "Bakery chain" in design and "idea-1: Demand forecast" in design
    assert "feasibility 4" not in design  # Design's own output is not "prior" to Design
    assert "feasibility 4, value 5" in prior_context(s, Phase.SELECT)
    assert "RAW DISCOVER TURN" not in prior_context(s, Phase.PLAN)
    assert prior_context(WorkshopSession(), Phase.DISCOVER) == ""
