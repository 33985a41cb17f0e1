"""``sofia-nb status --session ID`` on a session whose Ralph loop was stopped part-way (Ctrl+C,
SIGKILL) says the loop stopped and is resumed, not that the proof of concept is still to be
built. Run as a user runs it: the real CLI in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sofia_nb.session import Phase, PocIteration, PocState, SessionStatus, SessionStore
from tests.develop.conftest import fixture_session

SOFIA_NB = str(Path(sys.executable).with_name("sofia-nb"))


def _next_step(tmp_path: Path, *iterations: PocIteration, checkpoint: str = "") -> str:
    session = fixture_session()
    session.phase = Phase.DEVELOP
    session.poc = PocState(checkpoint=checkpoint, iterations=list(iterations))
    SessionStore(tmp_path / ".sofia" / "sessions").save(session)
    env = {**os.environ, "SOFIA_HOME": str(tmp_path / ".sofia"), "COLUMNS": "200"}
    done = subprocess.run(
        [SOFIA_NB, "status", "--session", session.id],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    line = next(line for line in done.stdout.splitlines() if line.strip().startswith("next step"))
    return line.strip().removeprefix("next step").strip()


@pytest.mark.parametrize(
    ("iterations", "words"),
    [
        (1, "the proof of concept stopped after the scaffold: resume the loop"),
        (3, "the proof of concept stopped after 2 iterations: resume the loop"),
    ],
)
def test_a_loop_stopped_part_way_is_resumed(tmp_path: Path, iterations: int, words: str) -> None:
    recorded = [PocIteration(iteration=0, outcome="scaffold")]
    recorded += [PocIteration(iteration=n) for n in range(1, iterations)]
    assert _next_step(tmp_path, *recorded, checkpoint="0" * 40) == words


def test_a_loop_never_started_is_still_to_build(tmp_path: Path) -> None:
    assert _next_step(tmp_path) == "the workshop is over: build the proof of concept"


def test_the_list_says_a_completed_session_is_done(tmp_path: Path) -> None:
    """The list has no PoC status: a session the loop completed (its tests pass) is done there too."""
    session = fixture_session()
    session.phase, session.status = Phase.DEVELOP, SessionStatus.COMPLETED
    SessionStore(tmp_path / ".sofia" / "sessions").save(session)
    env = {**os.environ, "SOFIA_HOME": str(tmp_path / ".sofia"), "COLUMNS": "300"}
    done = subprocess.run(
        [SOFIA_NB, "status"], env=env, capture_output=True, text=True, timeout=60, check=True
    )
    row = next(line for line in done.stdout.splitlines() if session.id in line)
    assert "done: share the export" in row and "build the proof of concept" not in row, row
