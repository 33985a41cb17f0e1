"""A fully populated workshop session, shared by the session and CLI tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sofia_nb.session import (
    BusinessContext,
    Cards,
    CardScore,
    Evaluation,
    Idea,
    IdeaEvaluation,
    Milestone,
    Participant,
    Phase,
    Plan,
    PocIteration,
    PocState,
    SelectedCard,
    Selection,
    SessionStatus,
    TechStack,
    TestFailure,
    TestResults,
    Topic,
    Usage,
    Workflow,
    WorkflowActivity,
    WorkflowEdge,
    WorkshopSession,
)

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)

MERMAID_REPLY = """Here is the flow as I understood it:

```mermaid
flowchart TD
    intake["Intake <desk>"] --> triage
```

Does that match?"""


def rich_session(session_id: str = "20261201-090000-abcd") -> WorkshopSession:
    """A session that went through every phase, with turns in each and a finished PoC."""
    s = WorkshopSession(id=session_id, name="Contoso claims", created_at=T0, updated_at=T0)
    s.phase, s.status = Phase.DEVELOP, SessionStatus.ACTIVE
    s.participants = [
        Participant(id="p1", display_name="Ana", role="facilitator"),
        Participant(id="p2", display_name="Bo"),
    ]
    s.topic = Topic(area="Insurance claims", scope_notes="Motor claims only")
    s.business_context = BusinessContext(
        description="Contoso handles 40k motor claims a year by e-mail and phone.",
        challenges=["Slow triage", "Manual | copy-paste between systems"],
        constraints=["GDPR"],
        success_metrics=["Triage under 1 day"],
    )
    s.workflow = Workflow(
        activities=[
            WorkflowActivity(id="intake", name="Claim intake", actors=["agent"], pain_points=["re-typing"]),
            WorkflowActivity(id="triage", name='Triage "fast lane"'),
        ],
        edges=[WorkflowEdge(source="intake", target="triage", label="new claim")],
    )
    s.cards = Cards(
        selected=[SelectedCard(id="c1", title="Document AI", category="perception")],
        scores=[CardScore(card_id="c1", dimensions={"relevance": 4.5})],
    )
    s.ideas = [
        Idea(
            id="idea-1",
            title="Auto-triage",
            description="Classify claims on arrival.",
            workflow_steps=["Read the e-mail", "Classify"],
            card_ids=["c1"],
        ),
        Idea(id="idea-2", title="Photo damage estimate"),
    ]
    s.evaluation = Evaluation(
        ideas=[
            IdeaEvaluation(
                idea_id="idea-1",
                feasibility=4,
                value=5,
                risks=["mislabels"],
                kpis=["triage time"],
                bxt={"business": "fewer hand-offs"},
            ),
            IdeaEvaluation(idea_id="idea-2", feasibility=2, value=4),
        ]
    )
    s.selection = Selection(
        idea_id="idea-1",
        rationale="Highest value, data exists.",
        confirmed_by_user=True,
        confirmed_at=T0 + timedelta(hours=2),
    )
    s.plan = Plan(
        milestones=[
            Milestone(id="m1", title="Classifier", items=["Label 200 claims", "Train"]),
            Milestone(id="m2", title="Inbox hook"),
        ],
        architecture_notes="A small FastAPI service.",
        tech_stack=["python", "fastapi"],
    )
    failing = TestResults(
        passed=3,
        failed=1,
        failures=[
            TestFailure(
                test_id="tests/test_triage.py::test_urgent",
                file="tests/test_triage.py",
                line=12,
                message="assert 'normal' == 'urgent'",
            )
        ],
    )
    s.poc = PocState(
        repo_path="/tmp/poc/20261201-090000-abcd",
        repo_url="https://example.invalid/contoso/triage",
        tech_stack=TechStack(template="python-pytest", language="python", test_command=["pytest", "-q"]),
        iterations=[
            PocIteration(
                iteration=1,
                started_at=T0,
                ended_at=T0 + timedelta(seconds=30),
                outcome="scaffold",
                files_changed=["src/triage.py"],
                changes_summary="scaffold",
            ),
            PocIteration(
                iteration=2,
                started_at=T0 + timedelta(minutes=1),
                ended_at=T0 + timedelta(minutes=2),
                outcome="tests-failing",
                test_results=failing,
                changes_summary="first classifier",
            ),
        ],
        final_status="partial",
        termination_reason="max-iterations",
        final_test_results=failing,
        total_duration_s=95.0,
    )
    for phase in (Phase.DISCOVER, Phase.IDEATE, Phase.DESIGN, Phase.SELECT, Phase.PLAN):
        s.add_turn(phase, "system", f"You are facilitating {phase.value}.")
        s.add_turn(
            phase,
            "assistant",
            f"Welcome to {phase.title}. What should we look at?",
            usage=Usage(input_tokens=100, output_tokens=20),
        )
        s.add_turn(phase, "user", f"Our notes for {phase.value}.")
    s.add_turn(Phase.DISCOVER, "assistant", MERMAID_REPLY)
    return s
