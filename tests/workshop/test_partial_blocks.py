"""A block with one bad field keeps the rest; the model is told what was left out, in the next turn."""

import asyncio
import json
from typing import Any

from sofia_nb.llm import ScriptedLLM
from sofia_nb.session import Phase, WorkshopSession
from sofia_nb.workshop import Workshop


def block(data: dict[str, Any]) -> str:
    return f"Noted.\n```json\n{json.dumps(data)}\n```"


def _design_workshop(*replies: str) -> tuple[Workshop, ScriptedLLM]:
    llm = ScriptedLLM(["Let us score the ideas.", *replies])
    return Workshop(WorkshopSession(phase=Phase.DESIGN), llm), llm


def test_a_block_failing_on_one_field_keeps_the_others_and_the_next_turn_names_the_field() -> None:
    evaluation = {
        "evaluation": {
            "ideas": [
                {"idea_id": "idea-1", "feasibility": 4, "value": 5, "kpis": "cycle time"},
                {"idea_id": "idea-2", "feasibility": "high", "value": 3},
                {"idea_id": "idea-3", "feasibility": 2, "value": 2},
            ]
        }
    }
    workshop, llm = _design_workshop(block(evaluation), "Corrected.")

    async def run() -> None:
        await workshop.start_phase()
        await workshop.send("Score them.")
        await workshop.send("Go on.")

    asyncio.run(run())
    stored = workshop.session.evaluation
    assert stored is not None
    assert [(e.idea_id, e.feasibility, e.kpis) for e in stored.ideas] == [
        ("idea-1", 4, []),
        ("idea-3", 2, []),
    ]
    assert len(llm.requests) == 3  # no extra request: the reasons ride on the next turn
    nxt = llm.requests[2].messages[0].content
    assert "## Not recorded from your last reply" in nxt
    assert "`evaluation.ideas.0.kpis`: Input should be a valid list" in nxt
    assert "`evaluation.ideas.1.feasibility`: Input should be a valid number" in nxt
    assert "## Not recorded" not in llm.requests[1].messages[0].content


def test_a_clean_reply_clears_the_note() -> None:
    bad = {"evaluation": {"ideas": [{"idea_id": "idea-1", "feasibility": 4, "value": 5, "kpis": "x"}]}}
    good = {"evaluation": {"ideas": [{"idea_id": "idea-1", "feasibility": 4, "value": 5, "kpis": ["x"]}]}}
    workshop, llm = _design_workshop(block(bad), block(good), "Fine.")

    async def run() -> None:
        await workshop.start_phase()
        for text in ("Score.", "Fix it.", "Thanks."):
            await workshop.send(text)

    asyncio.run(run())
    assert "## Not recorded" in llm.requests[2].messages[0].content
    assert "## Not recorded" not in llm.requests[3].messages[0].content
    assert workshop.session.evaluation and workshop.session.evaluation.ideas[0].kpis == ["x"]
