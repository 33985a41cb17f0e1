"""The prior-phase context is a brief of the decisions: never cut, whatever the budget; the rest is
summarised or dropped to fit, and web results are unverified and only about the customer."""

from sofia_nb.session import (
    BusinessContext,
    Cards,
    CardScore,
    Discovery,
    DiscoveryEnrichment,
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
from sofia_nb.workshop._context import CONTEXT_BUDGET, prior_context

DECISIONS = (
    "Kelpie Pharmacies: 140 pharmacies in two regions",
    "- prescriptions stay in the pharmacy system",
    "- cut repeat-prescription wait to one day",
    "Selected: idea-2 (Refill reminder triage)",
    "helps the pharmacists and the customers at once",
    "- typed notes only, no speech",
    "data needed: refill history; stock levels",
)
"""What the team decided before Plan (Plan's own scope comes after)."""
SCOPE = ("- flag refills due in 3 days", "- 90% of due refills flagged")


def _session(ideas: int = 2, words: int = 3) -> WorkshopSession:
    filler = " ".join(["warranty"] * words)
    chosen = "idea-2"
    return WorkshopSession(
        business_context=BusinessContext(
            company_name="Kelpie Pharmacies",
            description="140 pharmacies in two regions",
            constraints=["prescriptions stay in the pharmacy system"],
            success_metrics=["cut repeat-prescription wait to one day"],
        ),
        workflow=Workflow(
            activities=[
                WorkflowActivity(id=f"s{n}", name=f"Step {n} {filler}", pain_points=[f"waits {filler}"])
                for n in range(1, 30)
            ],
            priority_steps=[PriorityStep(id="s2", reason="pharmacists chase missing refills")],
        ),
        cards=Cards(
            selected=[SelectedCard(id=f"card-{n}", title=f"Card {n} {filler}") for n in range(20)],
            scores=[
                CardScore(card_id=f"card-{n}", dimensions={"relevance": 5, "impact": 4}) for n in range(20)
            ],
        ),
        ideas=[
            Idea(
                id=f"idea-{n}",
                title="Refill reminder triage" if n == 2 else f"Idea {n}",
                description=filler,
            )
            for n in range(1, ideas + 1)
        ],
        evaluation=Evaluation(
            ideas=[
                IdeaEvaluation(
                    idea_id=f"idea-{n}",
                    feasibility=4,
                    value=5,
                    data_needed=["refill history", "stock levels"] if n == 2 else [filler],
                    assumptions=[f"assumed {filler}"],
                    risks=[f"risk {filler}"],
                )
                for n in range(1, ideas + 1)
            ],
            notes=["Scores were given on a 1–10 scale and converted to 1–5."],
        ),
        selection=Selection(
            idea_id=chosen,
            rationale="helps the pharmacists and the customers at once",
            scope_decisions=["typed notes only, no speech"],
            confirmed_by_user=True,
        ),
        plan=Plan(
            milestones=[Milestone(id="m1", title="Data protection review")],
            poc_scope=PocScope(
                functionality=["flag refills due in 3 days"],
                success_criteria=["90% of due refills flagged"],
                timeline="eight weeks",
            ),
        ),
        discovery=Discovery(
            enrichment=DiscoveryEnrichment(
                company_news=[
                    "Kelpie Pharmacies opens its 140th branch: the chain grows in the north",
                    "Harbour Chemists wins award: another chain entirely (https://harbour.example/news)",
                ],
                competitor_info=[
                    "Refill apps 2026: kelpie.example lists its app (https://kelpie.example/app)"
                ],
                industry_trends=[f"Pharmacy AI trends {filler}"],
            )
        ),
    )


def test_later_phases_see_card_scores_priorities_assumptions_the_rationale_and_the_poc_scope() -> None:
    context = prior_context(_session(), Phase.DEVELOP, budget=10**6)
    for expected in (
        "- card-1: Card 1 warranty warranty warranty (relevance 5, impact 4)",
        "- s2: pharmacists chase missing refills",
        "assumptions: assumed warranty",
        "- Note: Scores were given on a 1–10 scale",
        "### PoC scope\n#### Functionality\n- flag refills due in 3 days\n#### Success criteria\n"
        "- 90% of due refills flagged\n#### Timeline\neight weeks",
        *DECISIONS,
        *SCOPE,
    ):
        assert expected in context
    assert "To fit the context budget" not in context


def test_the_decisions_are_never_cut_and_the_rest_gives_way_first() -> None:
    session = _session(ideas=40, words=40)
    full = prior_context(session, Phase.PLAN, budget=10**9)
    assert len(full) > 5 * CONTEXT_BUDGET
    context = prior_context(session, Phase.PLAN)
    assert len(context) < len(full) // 3
    for expected in DECISIONS:
        assert expected in context
    # what gives way: other ideas' evaluation details, card scores, web results — named as left out
    assert "idea-3: feasibility 4, value 5\n  - data needed" not in context
    assert "(relevance 5, impact 4)" not in context
    assert "left out:" in context and "card scores" in context.split("left out:")[1]


def test_the_budget_goes_first_to_what_the_next_phase_works_on() -> None:
    session = _session(ideas=40, words=40)
    session.selection = None
    context = prior_context(session, Phase.SELECT)
    assert all(
        f"- idea-{n}: feasibility 4, value 5" in context for n in range(1, 41)
    )  # Select weighs them all
    assert "1. idea-1: 4.57 (tied)" in context and "1. idea-40: 4.57 (tied)" in context
    assert "present them as equals" in context


def test_web_results_are_unverified_and_only_about_the_customer() -> None:
    context = prior_context(_session(), Phase.IDEATE)
    assert "### Web results about the customer (unverified: check before relying on them)" in context
    assert "Kelpie Pharmacies opens its 140th branch" in context  # the name
    assert "kelpie.example lists its app" in context  # the web domain
    assert "Harbour Chemists" not in context and "Pharmacy AI trends" not in context
