"""``sofia-nb workshop --demo`` in a real terminal (a pty, driven by pexpect), as a person drives it:
Enter sends the offered scripted line, own words get the demo's in-character answer and the
workshop goes on, Refine and going back work, nothing on screen is raw JSON or raw Markdown, and
``--session last`` goes on where the session is."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from sofia_nb.session import Phase, SessionStatus, SessionStore, WorkshopSession

SOFIA_NB = str(Path(sys.executable).with_name("sofia-nb"))
WAIT_S = 90  # a first start of the demo's search server is slow on a busy machine
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")
OWN_TEXT = "What would this cost us per month, roughly?"

pytestmark = pytest.mark.timeout(400)


class Terminal:
    """One ``sofia-nb`` in a pty; ``screen`` is everything it showed, escape codes removed."""

    def __init__(self, home: Path, *args: str) -> None:
        env = {**os.environ, "SOFIA_HOME": str(home), "TERM": "xterm-256color", "COLUMNS": "160"}
        env.pop("SOFIA_LLM", None)
        self.child = pexpect.spawn(
            SOFIA_NB,
            ["workshop", *args],
            cwd=str(home.parent),
            env=env,
            encoding="utf-8",
            dimensions=(60, 160),
            timeout=WAIT_S,
        )
        self.seen: list[str] = []

    def expect(self, pattern: str) -> str:
        """Wait for ``pattern`` (a regex over the raw output) and return what came before it, plain."""
        try:
            self.child.expect(pattern)
        except (pexpect.TIMEOUT, pexpect.EOF):
            shown = ANSI.sub("", "".join(self.seen) + str(self.child.before))
            raise AssertionError(f"never saw {pattern!r}; the screen ends with:\n{shown[-3000:]}") from None
        self.seen.append(self.child.before + self.child.after)
        return ANSI.sub("", self.child.before)

    def send(self, line: str, then: str) -> str:
        self.child.sendline(line)
        return self.expect(then)

    @property
    def screen(self) -> str:
        return ANSI.sub("", "".join(self.seen))

    def close(self) -> int:
        self.child.expect(pexpect.EOF)
        self.seen.append(self.child.before)
        self.child.close()
        return self.child.exitstatus or 0


def _assert_nothing_raw(screen: str) -> None:
    for raw in ('"business_context"', '"workflow"', '"selection"', '"ideas"', '"plan"', "```", "**"):
        assert raw not in screen, f"{raw} is on screen"


def _session(home: Path) -> WorkshopSession:
    store = SessionStore(home / "sessions")
    (summary,) = store.list()
    return store.load(summary.session_id)


PROMPT = {phase: re.escape(f"[{phase.title}] > ") for phase in Phase}
GATE = re.escape("[e] exit (pause) > ")


def test_a_person_drives_the_demo_with_enter_own_words_refine_and_going_back(tmp_path: Path) -> None:
    home = tmp_path / ".sofia"
    term = Terminal(home, "--demo")
    opening = term.expect(PROMPT[Phase.DISCOVER])
    assert "tell me about the business" in opening
    assert "next scripted line (Enter sends it): Valdora Fresh Distribution is a regional" in opening

    assert "Business context" in term.send("", PROMPT[Phase.DISCOVER])  # the record, as a panel
    own = term.send(OWN_TEXT, PROMPT[Phase.DISCOVER])
    assert "This demo follows a script" in own and "--llm SPEC" in own
    assert "next scripted line (Enter sends it): Let's focus on order intake" in own  # still in place
    assert "Order intake to delivery it is." in term.send("", PROMPT[Phase.DISCOVER])
    workflow = term.send("", PROMPT[Phase.DISCOVER])
    assert "diagram: flowchart (Mermaid)" in workflow and "s1[Receive orders]" in workflow
    assert "Plan routes" in workflow  # the workflow record's table
    term.send("", PROMPT[Phase.DISCOVER])
    term.send("", GATE)  # "done", offered once the phase's lines are sent
    term.send("r", re.escape("(one line; Enter: sofia picks) > "))  # Refine, in the demo
    refined = term.send("", PROMPT[Phase.DISCOVER])
    assert "refine Discover, without saying what to change" in refined and "Success metrics" in refined
    term.send("", GATE)
    ideate = term.send("", PROMPT[Phase.IDEATE])  # Enter at the gate: continue
    assert "These cards fit your workflow" in ideate

    term.send("done", GATE)
    term.send("p discover", re.escape("want to change in Discover? (one line; Enter: none given) > "))
    question = term.send("the night desk is two people, not three", re.escape("[s] stay > "))
    assert "Go back to Discover and reopen it: its results and conversation stay" in question
    assert "Allow" not in question
    assert "stayed in Ideate" in term.send("s", PROMPT[Phase.IDEATE])
    term.send("done", GATE)
    term.send("p discover", re.escape("(one line; Enter: none given) > "))
    term.send("the night desk is two people, not three", re.escape("[s] stay > "))
    reopened = term.send("g", PROMPT[Phase.DISCOVER])
    assert "everything it recorded is kept" in reopened  # the demo's answer to the reopening
    offer = term.send("done", GATE)
    assert "Ideate was recorded before Discover was reopened (the night desk is two people" in offer
    assert "[k] keep Ideate as it is" in offer
    reviewed = term.send("", PROMPT[Phase.IDEATE])  # continue: the model reviews Ideate
    assert "still hold as recorded" in reviewed
    term.send("done", GATE)
    question = term.send("o discover", re.escape("[s] stay > "))
    assert "Start Discover over, clearing the conversation and results of Discover, Ideate?" in question
    again = term.send("g", PROMPT[Phase.DISCOVER])
    assert "tell me about the business" in again  # starting over replays the script from there
    assert "next scripted line (Enter sends it): Valdora Fresh" in again
    assert "Business context" in term.send("", PROMPT[Phase.DISCOVER])
    term.send("done", GATE)
    term.child.sendline("e")
    assert term.close() == 0

    _assert_nothing_raw(term.screen)
    assert "script exhausted" not in term.screen and "error" not in term.screen
    session = _session(home)
    assert (session.phase, session.status) == (Phase.DISCOVER, SessionStatus.PAUSED)
    assert session.business_context is not None
    decisions = [(d.tool, d.decision, d.decided_by) for d in session.consent_decisions if "go-back" in d.tool]
    assert decisions == [
        ("workshop/go-back", "deny", "terminal"),
        ("workshop/go-back", "allow", "terminal"),
        ("workshop/go-back", "allow", "terminal"),
    ]


def test_the_own_words_exchange_stays_in_the_conversation(tmp_path: Path) -> None:
    home = tmp_path / ".sofia"
    term = Terminal(home, "--demo")
    term.expect(PROMPT[Phase.DISCOVER])
    term.send(OWN_TEXT, PROMPT[Phase.DISCOVER])
    term.child.sendeof()  # nobody left: what was said is kept, resumable
    assert term.close() == 0
    turns = [(t.role, t.content) for t in _session(home).turns_of(Phase.DISCOVER)][2:]
    assert turns[0] == ("user", OWN_TEXT)
    assert turns[1][0] == "assistant" and "This demo follows a script" in turns[1][1]


def test_session_last_goes_on_where_the_session_is(tmp_path: Path) -> None:
    home = tmp_path / ".sofia"
    first = Terminal(home, "--demo")
    first.expect(PROMPT[Phase.DISCOVER])
    first.send("", PROMPT[Phase.DISCOVER])  # the business
    first.send("", PROMPT[Phase.DISCOVER])  # the focus area
    first.child.sendeof()
    assert first.close() == 0

    again = Terminal(home, "--demo", "--session", "last")
    resumed = again.expect(PROMPT[Phase.DISCOVER])
    assert "Welcome back" in resumed
    assert "tell me about the business" not in resumed  # not the phase opening again
    assert "next scripted line (Enter sends it): Today orders come in by phone" in resumed
    workflow = again.send("", PROMPT[Phase.DISCOVER])
    assert "Here is the workflow as you described it" in workflow
    again.child.sendeof()
    assert again.close() == 0
    _assert_nothing_raw(again.screen)
    session = _session(home)
    assert session.workflow is not None and session.topic is not None
