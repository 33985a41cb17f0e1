"""The gate asks before it moves, in a real terminal (a pty, the real ``sofia-nb workshop``):
continuing out of an empty Discover asks first, and only a yes moves on; ``quit`` and the like
at the chat prompt ask whether to pause instead of going to the model as the team's words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sofia_nb.session import Phase, SessionStatus

from .test_workshop_pty import GATE, PROMPT, Terminal, _session

pytestmark = pytest.mark.timeout(300)

QUESTION = re.escape("[c] continue anyway  [s] stay (Enter) > ")


def test_continuing_out_of_an_empty_discover_asks_before_it_moves(tmp_path: Path) -> None:
    home = tmp_path / ".sofia"
    term = Terminal(home, "--demo")
    term.expect(PROMPT[Phase.DISCOVER])
    term.send("done", GATE)  # nothing said: Discover has no record
    asked = term.send("", QUESTION)  # Enter at the gate: continue
    assert "Discover has no business context or workflow yet: continue anyway?" in asked
    assert "== Ideate ==" not in term.screen  # asked before anything moved or opened
    assert _session(home).phase == Phase.DISCOVER

    stayed = term.send("", PROMPT[Phase.DISCOVER])  # Enter at the question: stay, back to the chat
    assert "stayed in Discover: continuing was not confirmed" in stayed
    assert _session(home).phase == Phase.DISCOVER and "== Ideate ==" not in term.screen

    term.send("done", GATE)
    term.send("c", QUESTION)
    moved = term.send("c", PROMPT[Phase.IDEATE])
    assert "== Ideate ==" in moved
    term.child.sendeof()
    term.close()
    session = _session(home)
    assert session.phase == Phase.IDEATE
    gate = "workshop/continue-incomplete"
    decisions = [(d.tool, d.decision, d.reason) for d in session.consent_decisions if d.tool == gate]
    assert decisions == [
        (gate, "deny", "answered Stay"),
        (gate, "allow", "answered Continue anyway"),
    ]


def test_quit_at_the_chat_prompt_asks_whether_to_pause(tmp_path: Path) -> None:
    home = tmp_path / ".sofia"
    term = Terminal(home, "--demo")
    term.expect(PROMPT[Phase.DISCOVER])
    asked = term.send("exit", re.escape("[Enter] neither > "))
    assert "“exit” looks like leaving: [p] pause the workshop  [s] send it to sofia" in asked
    term.send("", PROMPT[Phase.DISCOVER])  # neither: back at the prompt, nothing sent
    term.send("quit", re.escape("[Enter] neither > "))
    paused = term.send("p", "resume: sofia-nb workshop --session")
    assert "paused; resume with: sofia-nb workshop --session" in paused
    assert term.close() == 0
    session = _session(home)
    assert session.status == SessionStatus.PAUSED and session.phase == Phase.DISCOVER
    said = [t.content for t in session.turns_of(Phase.DISCOVER) if t.role == "user"]
    assert not any(word in said for word in ("exit", "quit"))  # never sent as the team's words
