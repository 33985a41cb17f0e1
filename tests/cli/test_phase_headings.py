"""Every phase a workshop run is in gets its heading on stderr, the first one too: a new session
starts under `== Discover ==` and a resumed one under its phase, marked resumed (it started with
no heading, so a facilitator taking a session up again did not see where it stood)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def workshop(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SOFIA_HOME": str(home), "COLUMNS": "200"}
    command = [sys.executable, "-m", "sofia_nb", "workshop", "--non-interactive", *args]
    return subprocess.run(command, cwd=home.parent, env=env, capture_output=True, text=True, timeout=300)


def headings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("== ")]


def test_a_new_run_starts_under_discover_and_a_resumed_one_under_its_phase(tmp_path: Path) -> None:
    home = tmp_path / "home"
    first = workshop("--demo", home=home)
    assert first.returncode == 0, first.stderr
    assert headings(first.stderr) == [
        f"== {p} ==" for p in ("Discover", "Ideate", "Design", "Select", "Plan", "Develop")
    ]
    again = workshop("--session", "last", home=home)
    assert again.returncode == 0, again.stderr
    assert headings(again.stderr) == ["== Develop (resumed) =="]
