"""``sofia-nb workshop --demo`` in a real terminal (a pty, driven by pexpect) shows the team's words:
no ``consent:`` or ``tool:`` line by default (``-v`` shows them, from the log); Refine and going to
the phase it is in get replies that fit and never repeat; an early Continue brings no extraction
warning; off-script text gets the demo's in-character answer."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest

from sofia_nb.session import Phase

from .test_workshop_pty import GATE, PROMPT, Terminal

pytestmark = pytest.mark.timeout(400)

WORDS = "the night desk is two people, not three"
REFINE = re.escape("(one line; Enter: sofia picks) > ")
INTERNAL = re.compile(r"^.*\b(consent|tool): .*$", re.M)


def _drive(term: Terminal, *, refine_and_go_to: bool) -> list[str]:
    """Through the start of Ideate (a card search, a web search) and back to Discover (a consent
    question answered Go back); with ``refine_and_go_to``, Refine x3 and Go to Discover x3 first.
    Returns what each Refine and Go to showed."""
    said = []
    term.expect(PROMPT[Phase.DISCOVER])
    term.send("", PROMPT[Phase.DISCOVER])  # the business
    if refine_and_go_to:
        term.send("We also run a cash-and-carry on Saturdays <b>really</b>", PROMPT[Phase.DISCOVER])
        term.send("", PROMPT[Phase.DISCOVER])  # the focus area
        for words in (WORDS, WORDS, ""):
            term.send("done", GATE)
            term.send("r", REFINE)
            said.append(term.send(words, PROMPT[Phase.DISCOVER]))
        for _ in range(3):
            term.send("done", GATE)
            said.append(term.send("p discover", PROMPT[Phase.DISCOVER]))
    term.send("done", GATE)
    term.send("c", re.escape("[s] stay (Enter) > "))  # Discover without its workflow: extracted, asked
    term.send("c", PROMPT[Phase.IDEATE])
    term.send("done", GATE)
    term.send("p discover", re.escape("(one line; Enter: none given) > "))
    term.send(WORDS, re.escape("[s] stay > "))
    term.send("g", PROMPT[Phase.DISCOVER])
    term.child.sendeof()
    assert term.close() == 0
    return said


def test_the_team_sees_no_internal_lines_and_fitting_demo_replies(tmp_path: Path) -> None:
    term = Terminal(tmp_path / ".sofia", "--demo")
    said = _drive(term, refine_and_go_to=True)
    screen = term.screen
    assert INTERNAL.findall(screen) == []
    assert "Welcome to Ideate" in screen or "These cards fit your workflow" in screen  # the searches ran
    assert "This demo follows a script" in screen  # the off-script words, answered in character
    assert "extraction" not in screen and "nothing valid" not in screen
    refined, went = said[:3], said[3:]
    assert f"refine Discover, saying: “{WORDS}”" in " ".join(refined[0].split())
    assert f"Refining Discover, saying: “{WORDS}”" in " ".join(refined[1].split())
    assert "refine Discover, without saying what to change" in " ".join(refined[2].split())
    assert all("Business context" in r for r in refined[:2])  # each revision is a patch, shown as a record
    for reply in went:
        flat = " ".join(reply.split())
        assert "Discover" in flat and "business context, topic" in flat and "workflow" in flat
    replies = [" ".join(r.split()) for r in said]
    assert all(a != b for a, b in pairwise(replies)), replies


def test_verbose_shows_the_tool_calls_and_consent_decisions_from_the_log(tmp_path: Path) -> None:
    term = Terminal(tmp_path / ".sofia", "--demo", "-v")
    _drive(term, refine_and_go_to=False)
    lines = INTERNAL.findall(term.screen)
    screen = term.screen
    assert "tool: builtin/search_cards started (model)" in screen
    assert "consent: workshop/go-back allow (terminal: answered Go back)" in screen
    assert lines and "INFO sofia_nb.cli:" in screen
