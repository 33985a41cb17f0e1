"""The demo answers Refine and Go to phase with replies that fit what the engine asked, never the
same reply twice in a row, and an early Continue brings no extraction warning.

Refine carries the facilitator's words and the phase's state to the model; the demo quotes the
words and revises the record with a patch. Going to the current phase resumes it; the demo says
where the team is and what is recorded. An extraction answer that names nothing (the transcript
holds no more than is recorded) is an answer, not a failure; one that holds no record still warns.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from sofia_nb.consent import PolicyConsent
from sofia_nb.events import EventBus, TurnAdded, WarningIssued
from sofia_nb.llm import ScriptedLLM
from sofia_nb.session import Phase, SessionStore
from sofia_nb.workshop import Workshop, WorkshopOptions, open_workshop

WORDS = "the night desk is two people, not three"


async def test_refine_and_go_to_phase_in_the_demo_fit_and_never_repeat(tmp_path: Path) -> None:
    bus = EventBus()
    warnings: list[str] = []
    replies: list[str] = []
    bus.subscribe(lambda e: warnings.append(e.message), WarningIssued)
    bus.subscribe(lambda e: replies.append(e.content) if e.role == "assistant" else None, TurnAdded)
    opened = await open_workshop(
        WorkshopOptions(demo=True), consent=PolicyConsent("allow-all"), bus=bus, store=SessionStore(tmp_path)
    )
    async with opened:
        w = opened.workshop
        await w.start_phase()
        for line in opened.inputs.for_phase(Phase.DISCOVER)[:2]:  # the business and the focus area
            await w.send(line)
        before = len(replies)
        await w.refine(WORDS)
        assert "hours the night desk spends typing orders" in w.session.business_context.success_metrics
        await w.refine(WORDS)  # the same words again: another reply, another revision
        assert (
            "the existing order system stays the system of record" in w.session.business_context.constraints
        )
        await w.refine()  # no words: sofia picks
        for _ in range(3):
            await w.choose_phase(Phase.DISCOVER)  # the phase it is in: resumed
        said = replies[before:]
        await w.advance()  # Continue with Discover's workflow still missing: the extraction runs
    refined, went = said[:3], said[3:]
    assert f"refine Discover, saying: “{WORDS}”" in refined[0]
    assert f"Refining Discover, saying: “{WORDS}”" in refined[1]
    assert "refine Discover, without saying what to change" in refined[2]
    assert all("```json" in r for r in refined)  # each one revises the record as a patch
    for reply in went:  # where the team is and what is recorded
        assert "**Discover**" in reply and "business context, topic" in reply and "workflow" in reply
    assert all(a != b for a, b in pairwise(said)), said
    assert len(set(went)) == 3
    assert warnings == []
    assert w.session.phase == Phase.IDEATE


def _workshop(tmp_path: Path, extraction: str) -> tuple[Workshop, list[str]]:
    llm = ScriptedLLM(
        [
            {"purpose": "chat", "match": "Introduce the Discover", "text": "Tell me about the business."},
            {"purpose": "chat", "text": '```json\n{"business_context": {"description": "a bakery"}}\n```'},
            {"purpose": "extract", "text": extraction},
            {"purpose": "chat", "fallback": True, "text": "Welcome to Ideate."},
        ]
    )
    workshop = Workshop.create(llm, store=SessionStore(tmp_path))
    warnings: list[str] = []
    workshop.bus.subscribe(lambda e: warnings.append(e.message), WarningIssued)
    return workshop, warnings


@pytest.mark.parametrize(
    "extraction",
    [
        '```json\n{"session_name": null, "business_context": null, "topic": null, "workflow": null}\n```',
        '{"business_context": {"description": "a bakery"}}',  # what is recorded already
        "```json\n{}\n```",
    ],
)
async def test_an_extraction_that_finds_nothing_more_is_no_warning(tmp_path: Path, extraction: str) -> None:
    workshop, warnings = _workshop(tmp_path, extraction)
    await workshop.start_phase()
    await workshop.send("We bake bread.")
    outcome = (await workshop.advance()).outcome
    assert outcome.missing == ["workflow"] and warnings == []


@pytest.mark.parametrize("extraction", ["I could not find anything.", '{"bakery": true}'])
async def test_an_extraction_without_a_record_still_warns(tmp_path: Path, extraction: str) -> None:
    workshop, warnings = _workshop(tmp_path, extraction)
    await workshop.start_phase()
    await workshop.send("We bake bread.")
    await workshop.advance()
    assert warnings == ["Discover: the extraction call returned nothing valid"]
