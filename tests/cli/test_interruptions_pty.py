"""Every interruption of ``sofia-nb workshop`` resumes (issue 43, items 1-4): in a real pty, against
the loopback OpenAI fake, each step reached deterministically — the reply to the team's words is
held by the fake until the test releases it (never a sleep), the gate and the consent question
are prompts the test waits for — then stopped as a user stops it: the terminal's Ctrl+C, SIGKILL,
SIGTERM, SIGHUP. After each: ``status`` says paused (or names the live run that holds it), and the
next run — ``--session last`` with no ``--llm``, the session remembers its model — goes on with
every line the facilitator typed recorded once, in its phase, and nothing left running.
Two runs on one session: the second is told who holds it and can take it over; the first is
told at its next line, which is kept aside."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pexpect
import pytest

from sofia_nb.session import Phase, SessionStatus, SessionStore, WorkshopSession
from tests.support.openai_server import OpenAIServer, Reply
from tests.support.tmpfs import can_mount_tmpfs

from .test_workshop_pty import ANSI, PROMPT

SOFIA_NB = str(Path(sys.executable).with_name("sofia-nb"))
WAIT_S = 60
LINE = "We run 12 bakeries and throw away a fifth of the bread."
HELD = "Twelve bakeries: which step loses the most bread?"
GATE = r"exit \(pause\) > "
CONSENT = re.escape("[g] go back  [s] stay > ")

pytestmark = pytest.mark.timeout(300)


@dataclass
class Model:
    """The loopback model's answers: the reply to ``LINE`` waits for ``release``; ``asked`` is set
    when that request has arrived (the run is then waiting for the model's reply)."""

    asked: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)
    hold: bool = True

    def __call__(self, body: dict[str, Any]) -> Reply:
        last = str(body["messages"][-1]["content"])
        if LINE in last and self.hold:
            self.asked.set()
            return Reply(HELD, hold=self.release)
        return Reply("Welcome back to Discover. Tell me about the business.")


@pytest.fixture
def model() -> Iterator[tuple[Model, OpenAIServer]]:
    answers = Model()
    with OpenAIServer(responder=answers) as server:
        yield answers, server
        answers.release.set()  # a held reply's thread ends with the test


class Run:
    """One ``sofia-nb workshop`` in a pty."""

    def __init__(
        self,
        home: Path,
        server: OpenAIServer,
        *args: str,
        program: str = SOFIA_NB,
        before: list[str] | None = None,
    ) -> None:
        self.env = {
            **os.environ,
            "SOFIA_HOME": str(home),
            "TERM": "xterm-256color",
            "COLUMNS": "160",
            "OPENAI_BASE_URL": server.base_url,
            "OPENAI_API_KEY": "sk-loopback",
        }
        self.env.pop("SOFIA_LLM", None)
        self.child = pexpect.spawn(
            program,
            [*(before or ["workshop", "--consent-timeout", "120"]), *args],
            cwd=str(home.parent),
            env=self.env,
            encoding="utf-8",
            dimensions=(50, 160),
            timeout=WAIT_S,
        )
        self.seen: list[str] = []

    def expect(self, pattern: str) -> None:
        try:
            self.child.expect(pattern)
        except (pexpect.TIMEOUT, pexpect.EOF):
            raise AssertionError(
                f"never saw {pattern!r}; the screen ends with:\n{self.screen[-2500:]}"
            ) from None
        self.seen.append(self.child.before + self.child.after)

    def send(self, line: str, then: str) -> None:
        self.child.sendline(line)
        self.expect(then)

    def end(self) -> int:
        """Wait for the process to end; its exit code (128 + N for a signal it died of)."""
        try:
            self.child.expect(pexpect.EOF)
        except pexpect.TIMEOUT:
            raise AssertionError(f"it did not end; the screen ends with:\n{self.screen[-2500:]}") from None
        self.seen.append(self.child.before)
        self.child.before = ""  # kept in ``seen``: ``screen`` shows it once
        self.child.close()
        code = self.child.exitstatus
        return code if code is not None else 128 + (self.child.signalstatus or 0)

    @property
    def screen(self) -> str:
        return ANSI.sub("", "".join(self.seen) + str(self.child.before))


def _status(home: Path, session_id: str) -> dict[str, Any]:
    out = subprocess.run(
        [SOFIA_NB, "status", "--session", session_id, "--json"],
        env={**os.environ, "SOFIA_HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=WAIT_S,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[-1])


def _session(home: Path) -> WorkshopSession:
    store = SessionStore(home / "sessions")
    (summary,) = store.list()
    return store.load(summary.session_id)


def _facilitator(session: WorkshopSession) -> list[tuple[Phase, str]]:
    """Every line the facilitator typed, in order, with its phase (the product's cues left out)."""
    return [(t.phase, t.content) for t in session.turns if t.role == "user" and not t.metadata.get("kickoff")]


def _nothing_running(run: Run) -> None:
    """The run's process and every process it started (its process group, the pty's session) are gone."""
    with pytest.raises(ProcessLookupError):
        os.killpg(run.child.pid, 0)


def _reach(step: str, run: Run, model: Model) -> None:
    """Drive a fresh workshop to ``step`` and stop there (the run waits at it)."""
    run.expect(PROMPT[Phase.DISCOVER])  # the model opened Discover
    if step == "streaming":
        run.child.sendline(LINE)
        assert model.asked.wait(WAIT_S), "the reply to the team's words was never asked for"
        return
    model.hold = False
    run.send(LINE, PROMPT[Phase.DISCOVER])
    run.send("done", GATE)
    if step == "consent":
        run.send("o discover", CONSENT)  # starting Discover over asks first


def _stop(how: str, run: Run) -> int:
    if how == "SIGINT":
        run.child.sendintr()  # the terminal's Ctrl+C
    else:
        run.child.kill(getattr(signal, how))
    return run.end()


EXIT = {"SIGINT": 130, "SIGTERM": 143, "SIGHUP": 129, "SIGKILL": 128 + signal.SIGKILL}


def _interrupted_then_resumed(
    tmp_path: Path, served: tuple[Model, OpenAIServer], step: str, how: str
) -> None:
    model, server = served
    home = tmp_path / ".sofia"
    run = Run(home, server, "--llm", "openai:gpt-4o")
    _reach(step, run, model)
    code = _stop(how, run)
    assert code == EXIT[how], run.screen
    _nothing_running(run)
    session = _session(home)
    if how != "SIGKILL":  # a killed run says nothing; every other stop says how to go on
        assert f"resume with: sofia-nb workshop --session {session.id}" in run.screen
        assert "error:" not in run.screen.split("resume with:")[-1]  # no bare error under the hint
        assert session.status == SessionStatus.PAUSED
    status = _status(home, session.id)
    assert (status["status"], status["held_by"]) == ("paused", None)
    assert _facilitator(session) == [(Phase.DISCOVER, LINE)]  # recorded before the model answered
    if step == "streaming" and how != "SIGKILL":  # the cut request is billed: it is in the ledger
        cut = session.ledger[-1]
        assert (cut.phase, cut.purpose, cut.usage.estimated) == ("discover", "chat", True), session.ledger
        assert cut.usage.input_tokens > 0

    model.release.set()
    model.hold = False
    again = Run(home, server, "--session", "last")  # no --llm: the session remembers its model
    again.expect(PROMPT[Phase.DISCOVER])
    again.child.sendeof()  # nobody left to answer: paused
    assert again.end() == 0, again.screen
    _nothing_running(again)
    resumed = _session(home)
    assert resumed.id == session.id and resumed.status == SessionStatus.PAUSED
    assert _facilitator(resumed) == [(Phase.DISCOVER, LINE)]  # once, in its phase
    assert resumed.run_settings is not None and resumed.run_settings.llm == "openai:gpt-4o"
    chats = [r for r in server.chat_requests() if r.body["model"] == "gpt-4o"]
    assert chats, "the resumed run did not use the session's model"
    last = chats[-1].body["messages"]
    assert sum(LINE in str(m["content"]) for m in last) >= 1  # the model hears the line on resume


STEPS = ["streaming", "gate", "consent"]


@pytest.mark.parametrize("how", ["SIGINT", "SIGKILL"])
@pytest.mark.parametrize("step", STEPS)
def test_a_workshop_stopped_at_each_step_resumes_with_nothing_lost(
    tmp_path: Path, model: tuple[Model, OpenAIServer], step: str, how: str
) -> None:
    _interrupted_then_resumed(tmp_path, model, step, how)


@pytest.mark.slow
@pytest.mark.parametrize(("step", "how"), [("streaming", "SIGTERM"), ("gate", "SIGHUP")])
def test_sigterm_and_sighup_leave_it_paused_too(
    tmp_path: Path, model: tuple[Model, OpenAIServer], step: str, how: str
) -> None:
    _interrupted_then_resumed(tmp_path, model, step, how)


def test_two_runs_on_one_session_lose_no_words(tmp_path: Path, model: tuple[Model, OpenAIServer]) -> None:
    answers, server = model
    answers.hold = False
    home = tmp_path / ".sofia"
    first = Run(home, server, "--llm", "openai:gpt-4o")
    first.expect(PROMPT[Phase.DISCOVER])
    session_id = _session(home).id
    status = _status(home, session_id)
    assert status["status"] == "active" and f"process {first.child.pid}" in status["held_by"]

    second = Run(home, server, "--session", session_id)
    assert second.end() == 1
    assert f"session {session_id} is held by the workshop in process {first.child.pid}" in second.screen
    assert f"sofia-nb workshop --session {session_id} --take-over" in second.screen

    second = Run(home, server, "--session", session_id, "--take-over")
    second.expect(PROMPT[Phase.DISCOVER])
    first.child.sendline("Words typed in the first terminal after the take-over.")
    first.expect("was taken over by the workshop in process")
    assert first.end() == 1
    second.send(LINE, PROMPT[Phase.DISCOVER])
    second.child.sendeof()
    assert second.end() == 0, second.screen
    for run in (first, second):
        _nothing_running(run)
    session = _session(home)
    assert _facilitator(session) == [(Phase.DISCOVER, LINE)]  # one "resuming" turn, the second's line
    (aside,) = (home / "sessions" / ".aside").iterdir()
    kept = json.loads(aside.read_text(encoding="utf-8"))
    assert kept["turns"][-1]["content"] == "Words typed in the first terminal after the take-over."
    assert str(aside) in first.screen.replace("\n", "")


@contextlib.contextmanager
def _small_disk(folder: Path) -> Iterator[subprocess.Popen[str]]:
    """``folder`` on a 1 MB tmpfs in a private mount namespace, kept by a process that waits on its
    stdin (the tmpfs goes with it); run a command in it with ``nsenter --target PID --mount``."""
    folder.mkdir(parents=True)
    keeper = subprocess.Popen(
        ["unshare", "--mount", "--propagation", "private", "sh", "-c", MOUNT, "sh", str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert keeper.stdout is not None and keeper.stdout.readline() == "mounted\n"
    try:
        yield keeper
    finally:
        keeper.kill()
        keeper.wait()


MOUNT = 'mount -t tmpfs -o size=1m tmpfs "$1" && echo mounted && exec cat'


def _fill(folder: Path) -> Path:
    """Write into ``folder`` until its file system is full; the filler's path."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as handle, contextlib.suppress(OSError):
        while True:
            handle.write(b"\0" * 4096)
    return filler


@pytest.mark.slow
@pytest.mark.skipif(not can_mount_tmpfs("nsenter"), reason="mounting a tmpfs needs root, unshare and nsenter")
def test_a_full_disk_at_the_save_of_a_line_stops_in_words_and_the_session_resumes(
    tmp_path: Path, model: tuple[Model, OpenAIServer]
) -> None:
    answers, server = model
    answers.hold = False
    home = tmp_path / ".sofia"
    with _small_disk(home) as keeper:
        inside = Path(f"/proc/{keeper.pid}/root") / str(home).lstrip("/")  # the tmpfs, from here
        enter = [
            "--target",
            str(keeper.pid),
            "--mount",
            "--",
            SOFIA_NB,
            "workshop",
            "--consent-timeout",
            "120",
        ]
        run = Run(home, server, "--llm", "openai:gpt-4o", program="nsenter", before=enter)
        run.expect(PROMPT[Phase.DISCOVER])
        store = SessionStore(inside / "sessions")
        (summary,) = store.list()
        before = store.path_for(summary.session_id).read_bytes()
        filler = _fill(inside)
        run.child.sendline(LINE)
        assert run.end() == 1
        screen = " ".join(run.screen.split())
        assert "No space left on device; the file was left as it was" in screen
        assert f"resume with: sofia-nb workshop --session {summary.session_id}" in screen
        assert store.path_for(summary.session_id).read_bytes() == before  # the last save, whole
        assert not [p for p in (inside / "sessions").iterdir() if p.suffix == ".tmp"]
        filler.unlink()

        again = Run(home, server, "--session", "last", program="nsenter", before=enter)
        again.expect(PROMPT[Phase.DISCOVER])
        again.send(LINE, PROMPT[Phase.DISCOVER])  # typed again, as the error asked
        again.child.sendeof()
        assert again.end() == 0, again.screen
        resumed = store.load(summary.session_id)
        assert _facilitator(resumed) == [(Phase.DISCOVER, LINE)]
        assert resumed.status == SessionStatus.PAUSED
