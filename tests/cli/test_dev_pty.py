"""``sofia-nb dev`` in a real terminal against a real model's shape: the loopback OpenAI fake answers
the scaffold and fix requests unstreamed, as the loop asks for them, with the demo's replies.

- While the scaffold's reply is held (the fake waits on a ``threading.Event`` the test sets; no
  sleeps), the terminal says what it waits for and how long it has waited, and the line is gone
  from the screen once the reply is in (``pyte`` replays the bytes into a screen).
- Each iteration's line gives the test counts after its edits: those the loop recorded for that
  iteration, and the result and develop.md give the last of them.
- A pipe gets the same waits as plain lines, with no escape sequence.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pexpect
import pytest
import yaml

from sofia_nb.develop import DEMO_DEV_SCRIPT
from sofia_nb.develop._scaffold import SCAFFOLD_SYSTEM
from sofia_nb.session import SessionStore, export_session
from tests.develop.conftest import fixture_session
from tests.support.openai_server import OpenAIServer, Reply

pyte = pytest.importorskip("pyte")  # a dev dependency: a checkout made before it came skips, not breaks
SOFIA_NB = str(Path(sys.executable).with_name("sofia-nb"))
ROWS, COLUMNS = 40, 100

pytestmark = pytest.mark.timeout(300)


class DemoModel:
    """The demo's scaffold and its two fixes, served unstreamed in the order the loop asks; the
    scaffold's reply waits for ``release``."""

    def __init__(self) -> None:
        replies = yaml.safe_load(DEMO_DEV_SCRIPT.read_text(encoding="utf-8"))["replies"]
        self.scaffold = next(r["text"] for r in replies if r["purpose"] == "scaffold")
        self.fixes = [r["text"] for r in replies if r["purpose"] == "fix"]
        self.release = threading.Event()

    def __call__(self, body: dict[str, Any]) -> Reply:
        assert not body.get("stream"), "the loop's requests are not streamed"
        if body["messages"][0]["content"] == SCAFFOLD_SYSTEM:
            return Reply(self.scaffold, hold=self.release, usage=(2_000, 1_500))
        return Reply(self.fixes.pop(0), usage=(3_000, 800))


def _environment(tmp_path: Path, server: OpenAIServer) -> dict[str, str]:
    env = {
        **os.environ,
        "SOFIA_HOME": str(tmp_path / ".sofia"),
        "TERM": "xterm-256color",
        "OPENAI_BASE_URL": server.base_url,
        "OPENAI_API_KEY": "sk-loopback",
        "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
    }
    for name in ("SOFIA_LLM", "COLUMNS", "LINES"):
        env.pop(name, None)
    return env


def _session(tmp_path: Path) -> str:
    session = fixture_session(tech_stack=["Python", "FastAPI", "pytest"])
    SessionStore(tmp_path / ".sofia" / "sessions").save(session)
    return session.id


def _spawn_dev(tmp_path: Path, sid: str, server: OpenAIServer) -> pexpect.spawn:
    """``sofia-nb dev`` on session ``sid`` in a ROWS x COLUMNS terminal, its model the loopback fake."""
    return pexpect.spawn(
        SOFIA_NB,
        ["dev", "--session", sid, "--llm", "openai:gpt-4o", "--output", str(tmp_path / "poc")],
        cwd=str(tmp_path),
        env=_environment(tmp_path, server),
        encoding="utf-8",
        dimensions=(ROWS, COLUMNS),
        timeout=120,
    )


def _screen(output: str) -> list[str]:
    """The lines left on a ROWS x COLUMNS terminal after ``output`` (cursor moves and erases applied)."""
    screen = pyte.Screen(COLUMNS, ROWS)
    pyte.Stream(screen).feed(output.replace("\n", "\r\n"))  # the pty turned \n into \r\n on the way
    return [line.rstrip() for line in screen.display]


def test_dev_in_a_pty_shows_the_wait_for_the_model_then_each_iterations_counts_after_its_edits(
    tmp_path: Path,
) -> None:
    sid = _session(tmp_path)
    model = DemoModel()
    with OpenAIServer(responder=model) as server:
        child = _spawn_dev(tmp_path, sid, server)
        seen: list[str] = []
        try:
            # The reply is held: the terminal says so, and the seconds go on (a live line).
            child.expect(re.escape("waiting for the model: scaffold (0 s)"), timeout=30)
            seen.append(child.before + child.after)
            child.expect(re.escape("waiting for the model: scaffold (1 s)"))
            seen.append(child.before + child.after)
            assert len(server.chat_requests()) == 1  # still the scaffold's: nothing has moved on
            model.release.set()
            child.expect(pexpect.EOF)
            seen.append(child.before)
        finally:
            model.release.set()
            child.close(force=True)
    assert child.exitstatus == 0, "".join(seen)[-2000:]
    screen = _screen("".join(seen))
    shown = "\n".join(screen)
    assert "waiting for the model" not in shown and "running the tests" not in shown, shown

    session = SessionStore(tmp_path / ".sofia" / "sessions").load(sid)
    assert session.poc is not None
    scaffold, *iterations = session.poc.iterations
    assert scaffold.outcome == "scaffold" and len(iterations) == 2
    r = scaffold.test_results
    assert (
        r is not None and f"tests: {r.passed} passed, {r.failed + r.errors} failing before any edit" in shown
    )
    lines = [line for line in screen if re.match(r"tests: \d+ passed, \d+ failing; changed: ", line)]
    assert [re.match(r"tests: (\d+) passed, (\d+) failing", line).groups() for line in lines] == [  # type: ignore[union-attr]
        (str(i.test_results.passed), str(i.test_results.failed + i.test_results.errors))  # type: ignore[union-attr]
        for i in iterations
    ]
    assert lines[0].startswith("tests: 2 passed, 2 failing")  # the first fix leaves one bug
    final = session.poc.final_test_results
    assert final is not None and (final.passed, final.failed) == (4, 0)
    assert re.search(r"tests\s+4 passed, 0 failed, 0 errors, 0 skipped", shown)
    assert re.search(r"iterations\s+2\b", shown)
    export_session(session, tmp_path / "exports", formats=["md"])
    develop_md = (tmp_path / "exports" / "develop.md").read_text(encoding="utf-8")
    assert "4 passed, 0 failed, 0 skipped, 0 errors" in develop_md
    assert (
        "- Iterations: 2\n" in develop_md and "- Tests: 4 passed, 0 failed, 0 skipped, 0 errors" in develop_md
    )
    for it in iterations:  # each row of develop.md's table holds the counts the screen showed
        t = it.test_results
        assert t is not None and f"| {it.iteration} | {it.outcome} |" in develop_md
        assert f"{t.passed}/{t.failed}/{t.skipped}/{t.errors}" in develop_md


def test_dev_to_a_pipe_says_each_wait_as_a_plain_line(tmp_path: Path) -> None:
    sid = _session(tmp_path)
    model = DemoModel()
    model.release.set()
    with OpenAIServer(responder=model) as server:
        done = subprocess.run(
            [SOFIA_NB, "dev", "--session", sid, "--llm", "openai:gpt-4o", "--output", str(tmp_path / "poc")],
            cwd=str(tmp_path),
            env=_environment(tmp_path, server),
            capture_output=True,
            text=True,
            timeout=240,
        )
    assert done.returncode == 0, done.stderr
    err = done.stderr.splitlines()
    assert "\x1b" not in done.stderr and "\r" not in done.stderr
    assert err.index("waiting for the model: scaffold …") < err.index(
        "tests: 0 passed, 4 failing before any edit"
    )
    assert err.count("waiting for the model: fix …") == 2
    assert "running the tests: iteration 2 …" in err
