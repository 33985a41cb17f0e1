"""The prior-phase context carries what later phases need, within its budget."""

from sofia_nb.session import (
    BusinessContext,
    Cards,
    CardScore,
    Evaluation,
    Idea,
    IdeaEvaluation,
    Milestone,
    Phase,
    Plan,
    PocScope,
    PriorityStep,
    SelectedCard,
    Selection,
    Workflow,
    WorkflowActivity,
    WorkshopSession,
)
from sofia_nb.workshop import prior_context
from sofia_nb.workshop._context import CONTEXT_BUDGET


def _session(steps: int = 2, words: int = 3) -> WorkshopSession:
    filler = " ".join(["warranty"] * words)
    return WorkshopSession(
        business_context=BusinessContext(
            description="Heat pumps", constraints=["end-customer personal data"]
        ),
        workflow=Workflow(
            activities=[
                WorkflowActivity(id=f"s{n}", name=f"Step {n} {filler}", pain_points=[f"waits {filler}"])
                for n in range(1, steps + 1)
            ],
            priority_steps=[PriorityStep(id="s2", reason="clerks chase missing data")],
        ),
        cards=Cards(
            selected=[SelectedCard(id="document-extraction", title="Document data extraction")],
            scores=[CardScore(card_id="document-extraction", dimensions={"relevance": 5, "impact": 4})],
        ),
        ideas=[Idea(id="idea-1", title="Completeness assistant")],
        evaluation=Evaluation(
            ideas=[
                IdeaEvaluation(
                    idea_id="idea-1", feasibility=4, value=5, assumptions=["the logs are well structured"]
                )
            ],
            notes=["Scores were given on a 1–10 scale and converted to 1–5."],
        ),
        selection=Selection(idea_id="idea-1", rationale="helps clerks and engineers at once"),
        plan=Plan(
            milestones=[Milestone(id="m1", title="Data protection review")],
            poc_scope=PocScope(
                functionality=["flag incomplete claims"],
                data=["17,000 past claims"],
                success_criteria=["finds what clerks find"],
                timeline="eight weeks",
            ),
        ),
    )


def test_later_phases_see_card_scores_priorities_assumptions_the_rationale_and_the_poc_scope() -> None:
    context = prior_context(_session(), Phase.DEVELOP)
    for expected in (
        "- document-extraction: Document data extraction (relevance 5, impact 4)",
        "- s2: clerks chase missing data",
        "assumptions: the logs are well structured",
        "- Note: Scores were given on a 1–10 scale",
        "helps clerks and engineers at once",
        "### PoC scope\n- Functionality: flag incomplete claims\n- Data: 17,000 past claims\n"
        "- Success criteria: finds what clerks find\n- Timeline: eight weeks",
        "end-customer personal data",
    ):
        assert expected in context
    assert "Summarised" not in context


def test_a_long_workshop_is_summarised_within_the_budget_keeping_every_section() -> None:
    session = _session(steps=60, words=40)
    full = prior_context(session, Phase.DEVELOP, budget=10**9)
    assert len(full) > 3 * CONTEXT_BUDGET
    context = prior_context(session, Phase.DEVELOP)
    assert len(context) <= CONTEXT_BUDGET
    assert "Summarised to fit the context budget" in context
    for heading in ("### Workflow steps", "### Selection", "### PoC scope", "### Ranking"):
        assert heading in context
    assert "- … and " in context and "more" in context
