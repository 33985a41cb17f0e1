"""The gate asks before it moves: the engine says what a phase lacks (``lacking``) and, when it
still lacks something after the extraction fallback, asks through the consent broker before
``advance`` moves or opens anything; no yes keeps the workshop where it is. A run without a
person decides by its policy and stops, paused, at an incomplete phase its policy does not pass."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from sofia_nb.consent import ConsentBroker, ConsentDecision, ConsentRequest, PolicyConsent
from sofia_nb.events import EventBus, EventRecorder, PhaseChanged
from sofia_nb.llm import ScriptedLLM
from sofia_nb.session import Phase, SessionStatus, SessionStore
from sofia_nb.workshop import CONTINUE_TOOL, Workshop
from sofia_nb.workshop._inputs import WorkshopInputs, run_inputs


class _Asked:
    """Answers ``answer`` and notes, for each question, where the workshop stood when it was asked."""

    name = "asked"

    def __init__(self, workshop: list[Workshop], answer: str) -> None:
        self._workshop = workshop
        self.answer = answer
        self.seen: list[tuple[ConsentRequest, Phase, int]] = []

    async def ask(self, request: ConsentRequest) -> ConsentDecision:
        (workshop,) = self._workshop
        self.seen.append((request, workshop.session.phase, len(workshop.llm.requests)))  # type: ignore[attr-defined]
        if self.answer == "allow":
            return ConsentDecision(decision="allow", reason="yes", decided_by=self.name)
        return ConsentDecision.deny("no", self.name)


def _chat(text: str) -> dict[str, str]:
    return {"purpose": "chat", "text": text}


def _workshop(tmp_path: Path, answer: str) -> tuple[Workshop, _Asked, EventRecorder]:
    bus = EventBus()
    recorder = EventRecorder(bus)
    holder: list[Workshop] = []
    asked = _Asked(holder, answer)
    broker = ConsentBroker(asked, bus=bus, deadline_s=5)
    llm = ScriptedLLM([_chat("Welcome."), _chat("Ideate opens.")])
    workshop = Workshop.create(llm, store=SessionStore(tmp_path), bus=bus, consent=broker)
    holder.append(workshop)
    return workshop, asked, recorder


def test_continuing_out_of_an_empty_phase_asks_first_and_a_no_keeps_everything(tmp_path: Path) -> None:
    workshop, asked, seen = _workshop(tmp_path, "deny")
    asyncio.run(workshop.start_phase())
    assert workshop.lacking() == ["business_context", "workflow"]  # said before any move, no call
    requests = len(workshop.llm.requests)  # type: ignore[attr-defined]

    step = asyncio.run(workshop.advance())

    assert (step.moved, step.phase, step.opened) == (False, Phase.DISCOVER, False)
    assert step.outcome.missing == ["business_context", "workflow"]
    ((request, phase_then, calls_then),) = asked.seen
    assert request.tool == CONTINUE_TOOL and phase_then == Phase.DISCOVER
    assert request.description == "Discover has no business context or workflow yet: continue anyway"
    missing = ["business_context", "workflow"]
    assert request.arguments == {"phase": "discover", "missing": missing, "to": "ideate"}
    # asked after the extraction fallback (one request), before anything moved or opened
    assert calls_then == requests + 1 == len(workshop.llm.requests)  # type: ignore[attr-defined]
    assert not seen.of_type(PhaseChanged)
    saved = SessionStore(tmp_path).load(workshop.session.id)
    assert saved.phase == Phase.DISCOVER
    assert [(d.tool, d.decision) for d in saved.consent_decisions] == [(CONTINUE_TOOL, "deny")]


def test_a_yes_moves_on_and_opens_the_next_phase(tmp_path: Path) -> None:
    workshop, asked, seen = _workshop(tmp_path, "allow")
    asyncio.run(workshop.start_phase())
    step = asyncio.run(workshop.advance())
    assert (step.moved, step.phase) == (True, Phase.IDEATE)
    assert len(asked.seen) == 1 and [e.phase for e in seen.of_type(PhaseChanged)] == ["ideate"]
    assert workshop.session.turns_of(Phase.IDEATE)  # opened


def test_without_a_broker_nobody_says_yes_and_nothing_moves(tmp_path: Path) -> None:
    llm = ScriptedLLM([_chat("Welcome."), _chat("Ideate opens.")])
    workshop = Workshop.create(llm, store=SessionStore(tmp_path))
    asyncio.run(workshop.start_phase())
    assert not asyncio.run(workshop.advance()).moved and workshop.phase == Phase.DISCOVER
    assert asyncio.run(workshop.advance(confirmed=True)).moved  # a script that means it says so


def _played(tmp_path: Path, policy: str) -> tuple[Workshop, list[Any]]:
    replies = [_chat(f"Reply {n}.") for n in range(6)]  # five openings and one answer; no extraction
    broker = ConsentBroker(PolicyConsent(policy), deadline_s=5)
    workshop = Workshop.create(ScriptedLLM(replies), store=SessionStore(tmp_path), consent=broker)
    return workshop, asyncio.run(run_inputs(workshop, WorkshopInputs(discover=["We bake."])))


def test_a_run_without_a_person_stops_paused_where_its_policy_does_not_pass(tmp_path: Path) -> None:
    workshop, outcomes = _played(tmp_path / "deny", "deny")
    assert [o.phase for o in outcomes] == [Phase.DISCOVER] and outcomes[0].missing
    saved = SessionStore(tmp_path / "deny").load(workshop.session.id)
    assert (saved.phase, saved.status) == (Phase.DISCOVER, SessionStatus.PAUSED)

    workshop, outcomes = _played(tmp_path / "allow", f"allow:{CONTINUE_TOOL}")
    assert workshop.phase == Phase.DEVELOP and len(outcomes) == 5  # the policy passes every phase


def test_the_terminal_without_a_person_stops_at_an_incomplete_phase_and_says_how_to_go_on(
    tmp_path: Path,
) -> None:
    script = tmp_path / "script.yaml"
    script.write_text(yaml.safe_dump({"replies": [_chat("Welcome."), _chat("Noted.")]}), encoding="utf-8")
    inputs = tmp_path / "inputs.yaml"
    inputs.write_text(yaml.safe_dump({"discover": ["We bake bread."]}), encoding="utf-8")
    home = tmp_path / ".sofia"
    argv = ["workshop", "--non-interactive", "--llm", f"scripted:{script}", "--inputs", str(inputs)]
    done = subprocess.run(
        [sys.executable, "-m", "sofia_nb", *argv],
        cwd=tmp_path,
        env={**os.environ, "SOFIA_HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert (
        "stopped at Discover: it still lacks business_context, workflow, and the consent policy did not "
        f"allow going on without it (--consent allow:{CONTINUE_TOOL} does)"
    ) in done.stderr
    (saved,) = SessionStore(home / "sessions").list()
    assert (saved.phase, saved.status) == (Phase.DISCOVER, SessionStatus.PAUSED)
