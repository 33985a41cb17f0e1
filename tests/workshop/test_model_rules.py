"""The model knows the workshop's rules: how it moves, what the product draws, late facts, ties,
the architecture field, and its own tool results for the rest of the phase."""

from __future__ import annotations

import asyncio
import re

import pytest

from sofia_nb.llm import ScriptedLLM
from sofia_nb.session import (
    Evaluation,
    Idea,
    IdeaEvaluation,
    Phase,
    WorkshopSession,
    export_session,
)
from sofia_nb.workshop import CONVERSATION_PHASES, build_workshop
from sofia_nb.workshop._context import prior_context
from sofia_nb.workshop._phases import spec_for


@pytest.mark.parametrize("phase", CONVERSATION_PHASES, ids=lambda p: p.value)
def test_every_phase_prompt_says_who_moves_the_workshop_and_asks_for_no_command(phase: Phase) -> None:
    prompt = spec_for(phase).system_prompt()
    assert "Never tell the team to type a command" in prompt
    assert "The facilitator decides when to move on" in prompt
    assert not re.search(r"\btype\s+[\"'`]?(done|next|continue)\b", prompt, re.I)
    assert "belongs where later phases read it, from any phase" in prompt  # late facts
    assert '"removed": true' in prompt  # removal
    assert "The workshop draws the" in prompt and "do not draw them again" in prompt
    assert "quadrantChart" not in prompt and "(s − 1) / 4" not in prompt  # the product draws the chart


def test_select_is_told_ties_are_ties_and_the_brief_marks_them() -> None:
    assert "same score are tied: present them as equals" in spec_for(Phase.SELECT).system_prompt()
    session = WorkshopSession(
        ideas=[Idea(id=f"idea-{n}", title=f"Idea {n}") for n in (1, 2, 3)],
        evaluation=Evaluation(
            ideas=[
                IdeaEvaluation(idea_id="idea-1", feasibility=4, value=4),
                IdeaEvaluation(idea_id="idea-2", feasibility=4, value=4),
                IdeaEvaluation(idea_id="idea-3", feasibility=2, value=5),
            ]
        ),
    )
    context = prior_context(session, Phase.SELECT)
    assert "1. idea-1: 4.00 (tied)\n1. idea-2: 4.00 (tied)\n3. idea-3: 3.71" in context


def test_the_product_s_chart_puts_scores_on_one_even_scale_inside_the_edges(tmp_path) -> None:  # type: ignore[no-untyped-def]
    session = WorkshopSession(
        ideas=[Idea(id="idea-1", title="Middle"), Idea(id="idea-2", title="Top")],
        evaluation=Evaluation(
            ideas=[
                IdeaEvaluation(idea_id="idea-1", feasibility=3, value=3),
                IdeaEvaluation(idea_id="idea-2", feasibility=5, value=1),
            ]
        ),
    )
    export_session(session, tmp_path, formats=["md"])
    design = (tmp_path / "design.md").read_text(encoding="utf-8")
    points = re.findall(r'": \[([\d.]+), ([\d.]+)\]', design)
    assert points == [("0.5", "0.5"), ("0.9", "0.1")]  # 3/3 in the centre; 1 and 5 a step from the edge
    for x, y in points:
        assert all(0.1 <= float(v) <= 0.9 for v in (x, y))


def test_card_search_results_stay_available_for_the_rest_of_the_phase() -> None:
    session = WorkshopSession(phase=Phase.IDEATE)
    llm = ScriptedLLM(
        [
            {
                "text": "",
                "tool_calls": [{"name": "builtin__search_cards", "arguments": {"query": "forecast demand"}}],
            },
            "Here are two cards that fit.",
            "Card demand-forecasting, as found before, fits step s2.",
        ]
    )
    workshop = build_workshop(llm, session)

    async def run() -> None:
        await workshop.start_phase()
        await workshop.send("Which of those fits best?")

    asyncio.run(run())
    later = llm.requests[-1].messages[-1].content
    assert "## Tool results in this phase" in later
    assert '### builtin/search_cards {"query": "forecast demand"}' in later
    assert '"id": "demand-forecasting"' in later
    assert "## Tool results in this phase" not in llm.requests[0].messages[-1].content
