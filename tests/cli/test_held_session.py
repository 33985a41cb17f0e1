"""One holder at a time, as the terminal says it (issue 43, item 4): ``status`` names the run that
holds a session without waiting for it, ``workshop`` on a held session says who holds it since
when and how to watch or take it over, and ``--take-over`` takes it (the first run is told)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sofia_nb.session import SessionStore, WorkshopSession
from tests.cli.helpers import run_main, validate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def held(_isolated_home: Path) -> Iterator[tuple[WorkshopSession, subprocess.Popen[str]]]:
    """A session, and another process (a run) holding it."""
    store = SessionStore(_isolated_home / "sessions")
    session = WorkshopSession(name="held")
    store.save(session)
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.session._holding", str(store.root), session.id],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline() == "held\n"
    yield session, child
    if child.poll() is None:
        child.kill()
    child.wait()


def test_status_names_the_live_run_that_holds_a_session(
    capsys: pytest.CaptureFixture[str],
    held: tuple[WorkshopSession, subprocess.Popen[str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the command on one line
    session, child = held
    words = f"the workshop in process {child.pid} on {socket.gethostname()}, since "
    code, out, _ = run_main(capsys, "status", "--json")
    (line,) = json.loads(out)["sessions"]
    assert code == 0 and line["held_by"].startswith(words)
    validate(json.loads(out), "StatusList")
    code, out, _ = run_main(capsys, "status", "--session", session.id, "--json")
    assert json.loads(out)["held_by"].startswith(words)
    code, out, _ = run_main(capsys, "status")
    assert "running" in out
    code, out, _ = run_main(capsys, "status", "--session", session.id)
    assert f"sofia-nb workshop --session {session.id} --take-over" in out
    child.kill()
    child.wait()
    code, out, _ = run_main(capsys, "status", "--session", session.id, "--json")
    assert json.loads(out)["held_by"] is None  # a killed run holds nothing


def test_a_second_workshop_on_a_held_session_is_told_who_holds_it_and_can_take_it_over(
    capsys: pytest.CaptureFixture[str], held: tuple[WorkshopSession, subprocess.Popen[str]]
) -> None:
    session, child = held
    code, _, err = run_main(capsys, "workshop", "--session", session.id, "--demo", "--non-interactive")
    assert code == 1
    assert f"session {session.id} is held by the workshop in process {child.pid}" in err
    assert f"sofia-nb status --session {session.id}" in err
    assert f"sofia-nb workshop --session {session.id} --take-over" in err
    assert SessionStore().load(session.id).revision == session.revision  # nothing written

    code, _, err = run_main(
        capsys,
        "workshop",
        "--session",
        session.id,
        "--demo",
        "--non-interactive",
        "--take-over",
        "--phase",
        "discover",
    )
    assert code == 0, err
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write("typed in the first terminal\n")
    child.stdin.flush()
    told = child.stdout.readline()  # the run that took it over has ended: "another run"
    assert told.startswith(f"HoldLostError: session {session.id} was taken over by another run;")
    store = SessionStore()
    assert "typed in the first terminal" not in [t.content for t in store.load(session.id).turns]
    (aside,) = (store.root / ".aside").iterdir()
    assert str(aside) in told
    turns = json.loads(aside.read_text(encoding="utf-8"))["turns"]
    assert turns[-1]["content"] == "typed in the first terminal"
