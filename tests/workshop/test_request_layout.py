"""A chat request, what changes least first (issue 46 item 2, docs/workshop.md "The request"): the
rules and the phase's fixed instructions, the conversation as sent before, then the newest turn
and the workshop's state after it. Within a phase each request starts with the whole of the one
before up to its newest turn, so a provider's prompt cache serves that part, while every turn
still shows the phase's record as it stands."""

from __future__ import annotations

import asyncio
import json

from sofia_nb.llm import Message, ScriptedLLM
from sofia_nb.session import Phase, WorkshopSession
from sofia_nb.workshop import Workshop


def _block(data: dict[str, object]) -> str:
    return f"Recorded.\n```json\n{json.dumps(data)}\n```"


TURNS = [
    "We are Calder Bay Ferries: 9 vessels, 7 routes.",
    "Our worst problem: 12% of vehicle bookings do not show up.",
    "And the standby queue in summer is 40 cars long.",
    "That is all for now.",
]
REPLIES = [
    "Welcome to Discover. Tell me about your business.",
    _block({"business_context": {"description": "Calder Bay Ferries: 9 vessels, 7 routes."}}),
    _block({"business_context": {"challenges": ["12% of vehicle bookings do not show up"]}}),
    _block({"business_context": {"challenges": ["12% no-shows", "a 40-car standby queue in summer"]}}),
    "Thank you: Discover has what it needs.",
]


def test_each_request_of_a_phase_starts_with_the_whole_of_the_one_before_up_to_its_newest_turn() -> None:
    llm = ScriptedLLM(REPLIES)
    workshop = Workshop(WorkshopSession(phase=Phase.DISCOVER), llm)

    async def play() -> None:
        await workshop.start_phase()
        for text in TURNS:
            await workshop.send(text)

    asyncio.run(play())
    requests = [r.messages for r in llm.requests]
    assert [r.purpose for r in llm.requests] == ["chat"] * 5
    newest = [t.content for t in workshop.session.turns_of(Phase.DISCOVER) if t.role == "user"]
    assert newest[1:] == TURNS
    for before, after, said in zip(requests, requests[1:], newest, strict=False):
        # the request before, up to its newest turn (the words the turn keeps), is this one's start
        start = [*before[:-1], Message(role="user", content=said)]
        assert before[-1].content.startswith(said)
        assert after[: len(start)] == start
    # the record changed between the turns, and each request shows it as it stands, after the turn
    records = ['"description":"Calder Bay Ferries', '"12% of vehicle bookings', '"a 40-car standby queue']
    for request, said, record in zip(requests[2:], newest[2:], records, strict=True):
        system, *_, last = request
        assert "## Recorded so far in this phase" not in system.content
        assert last.content.index("## Recorded so far in this phase") > len(said)
        assert record in last.content
