"""A workshop at Plan with every earlier phase recorded, scripted for going back (shared by the
go-back tests and the export's): the reason, the model's replies, the workshop on a scripted model."""

from __future__ import annotations

import json
from typing import Any

from sofia_nb.consent import ConsentBroker, ScriptedConsent
from sofia_nb.llm import ScriptedLLM
from sofia_nb.session import (
    BusinessContext,
    Evaluation,
    Idea,
    IdeaEvaluation,
    Milestone,
    Phase,
    Plan,
    Selection,
    Workflow,
    WorkflowActivity,
    WorkshopSession,
)
from sofia_nb.workshop import Workshop

REASON = "the team now puts idea-2's value at 4, not 3"


def block(data: dict[str, Any]) -> str:
    """A reply recording ``data`` in a JSON block."""
    return f"Updated.\n```json\n{json.dumps(data)}\n```"


def at_plan() -> WorkshopSession:
    """A session at Plan: every phase before it recorded, with a line of each side in each."""
    s = WorkshopSession(
        phase=Phase.PLAN,
        business_context=BusinessContext(description="Quellwerk, a water utility"),
        workflow=Workflow(activities=[WorkflowActivity(id="s1", name="Alarm")]),
        ideas=[Idea(id=f"idea-{n}", title=f"Idea {n}") for n in (1, 2, 3)],
        evaluation=Evaluation(
            ideas=[
                IdeaEvaluation(
                    idea_id="idea-1", feasibility=4, value=5, risks=["drift"], kpis=["leaks found"]
                ),
                IdeaEvaluation(
                    idea_id="idea-2", feasibility=4, value=3, data_needed=["SCADA"], assumptions=["a"]
                ),
                IdeaEvaluation(idea_id="idea-3", feasibility=2, value=2, human_value="fewer nights"),
            ]
        ),
        selection=Selection(idea_id="idea-1", rationale="quick win", confirmed_by_user=True),
        plan=Plan(milestones=[Milestone(id="m1", title="Data")]),
    )
    for phase in (Phase.DISCOVER, Phase.IDEATE, Phase.DESIGN, Phase.SELECT, Phase.PLAN):
        s.add_turn(phase, "user", f"{phase.value}: what the team said")
        s.add_turn(phase, "assistant", f"{phase.value}: what the model said")
    return s


def scripted_workshop(
    session: WorkshopSession, replies: list[Any], answers: list[str | None]
) -> tuple[Workshop, ScriptedLLM]:
    """A workshop on ``session`` whose model gives ``replies`` and whose consent answers ``answers``."""
    llm = ScriptedLLM(replies)
    return Workshop(session, llm, consent=ConsentBroker(ScriptedConsent(answers))), llm


VALUE_4_THEN_REVIEW: list[dict[str, Any]] = [
    {"purpose": "chat", "match": "We are back in the Design phase", "text": "What changes?"},
    {
        "purpose": "chat",
        "match": "user: Value 4",
        "text": block({"evaluation": {"ideas": [{"idea_id": "idea-2", "value": 4}]}}),
    },
    {
        "purpose": "chat",
        "match": "to review it",
        "text": "idea-1 still ranks first: the selection holds.",
    },
]
"""The model's replies when the team goes back to Design, sets idea-2's value to 4 (after
``VALUE_4``) and goes forward: Select is reviewed."""

VALUE_4 = "Value 4 for idea-2, please."


async def back_to_design_for_value_4(workshop: Workshop) -> None:
    """The team goes back to Design (for ``REASON``, consent allowed) and asks for idea-2's value at 4."""
    assert await workshop.choose_phase("design", reason=REASON)
    await workshop.send(VALUE_4)
