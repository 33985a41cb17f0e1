"""A block with a bad part keeps the rest; the model gets one repair request in the same step, and
what is still not recorded is told to the facilitator and, in the next turn, to the model."""

import asyncio
import json
from typing import Any

from sofia_nb.events import EventBus, WarningIssued
from sofia_nb.llm import ScriptedLLM
from sofia_nb.session import Idea, Phase, WorkshopSession
from sofia_nb.workshop import Workshop


def block(data: dict[str, Any]) -> str:
    return f"Noted.\n```json\n{json.dumps(data)}\n```"


def _design_workshop(*replies: dict[str, Any] | str) -> tuple[Workshop, ScriptedLLM, list[str]]:
    llm = ScriptedLLM([{"purpose": "chat", "text": "Let us score the ideas."}, *replies])
    session = WorkshopSession(
        phase=Phase.DESIGN, ideas=[Idea(id=f"idea-{n}", title=f"Idea {n}") for n in (1, 2, 3)]
    )
    bus = EventBus()
    warnings: list[str] = []
    bus.subscribe(lambda e: warnings.append(e.message), WarningIssued)
    return Workshop(session, llm, bus=bus), llm, warnings


def chat(text: str) -> dict[str, Any]:
    return {"purpose": "chat", "text": text}


def repair(text: str) -> dict[str, Any]:
    return {"purpose": "repair", "text": text}


EVALUATION = {
    "evaluation": {
        "ideas": [
            {"idea_id": "idea-1", "feasibility": 4, "value": 5, "kpis": "cycle time"},
            {"idea_id": "idea-2", "feasibility": "high", "value": 3},
            {"idea_id": "idea-3", "feasibility": 2, "value": 2},
        ]
    }
}


def test_a_new_item_without_a_required_field_gets_one_repair_request_and_the_facilitator_is_told() -> None:
    new_idea = {"evaluation": {"ideas": [{"idea_id": "idea-2", "kpis": ["repairs per crew"]}]}}
    still_bad = {"evaluation": {"ideas": [{"idea_id": "idea-2", "value": 4}]}}
    workshop, llm, warnings = _design_workshop(chat(block(new_idea)), repair(block(still_bad)), chat("Fine."))

    async def run() -> None:
        await workshop.start_phase()
        await workshop.send("Idea 2 moves the repairs-per-crew KPI.")
        await workshop.send("Go on.")

    asyncio.run(run())
    purposes = [r.purpose for r in llm.requests]
    assert purposes == ["chat", "chat", "repair", "chat"]  # one repair, in the same step
    asked = llm.requests[2].messages[-1].content
    assert "`evaluation.ideas[idea-2].feasibility`: Field required" in asked
    assert llm.requests[2].messages[-2].role == "assistant"  # the reply it is asked to repair
    assert workshop.session.evaluation is None  # nothing shown as recorded that was not
    assert warnings == ["Design: not recorded — the evaluation of idea-2: its feasibility is missing"]
    nxt = llm.requests[3].messages[-1].content
    assert "## Not recorded from your last reply" in nxt and "evaluation.ideas[idea-2].feasibility" in nxt


def test_a_repaired_block_is_recorded_and_nothing_is_left_to_tell() -> None:
    fixed = {
        "evaluation": {
            "ideas": [
                {"idea_id": "idea-2", "feasibility": 3, "value": 3},
                {"idea_id": "idea-1", "kpis": ["cycle time"]},
            ]
        }
    }
    workshop, llm, warnings = _design_workshop(chat(block(EVALUATION)), repair(block(fixed)), chat("Next."))

    async def run() -> None:
        await workshop.start_phase()
        await workshop.send("Score them.")
        await workshop.send("Go on.")

    asyncio.run(run())
    stored = workshop.session.evaluation
    assert stored is not None
    assert [(e.idea_id, e.feasibility, e.kpis) for e in stored.ideas] == [
        ("idea-1", 4, ["cycle time"]),
        ("idea-3", 2, []),
        ("idea-2", 3, []),
    ]
    assert warnings == []
    assert "## Not recorded" not in llm.requests[3].messages[-1].content
    repaired = workshop.session.turns_of(Phase.DESIGN)[-3]
    assert repaired.metadata["repair"]["asked"] == [
        "evaluation.ideas[idea-1].kpis",
        "evaluation.ideas[idea-2].feasibility",
    ]


def test_a_failed_repair_request_keeps_the_valid_part_and_never_stops_the_phase() -> None:
    workshop, llm, warnings = _design_workshop(chat(block(EVALUATION)), chat("Next."))  # no repair reply

    async def run() -> None:
        await workshop.start_phase()
        await workshop.send("Score them.")
        await workshop.send("Go on.")

    asyncio.run(run())
    stored = workshop.session.evaluation
    assert stored is not None and [e.idea_id for e in stored.ideas] == ["idea-1", "idea-3"]
    assert [r.purpose for r in llm.requests] == ["chat", "chat", "repair", "chat"]
    assert len(warnings) == 1 and "feasibility" in warnings[0] and "“high”" in warnings[0]
    nxt = llm.requests[3].messages[-1].content
    assert "`evaluation.ideas[idea-1].kpis`: Input should be a valid list" in nxt
    assert "`evaluation.ideas[idea-2].feasibility`: Input should be a valid number" in nxt
