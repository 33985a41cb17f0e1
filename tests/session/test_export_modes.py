"""An export is made for people to read: its files get the mode any new file gets under the user's
umask (a colleague on a shared drive can open report.html), while the session file stays the
owner's alone. Run as a user runs it: ``sofia-nb export`` in a shell with its umask."""

from __future__ import annotations

import os
import shlex
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from sofia_nb.session import SessionStore

from .factory import rich_session

ROOT = Path(__file__).resolve().parents[2]


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize(("umask", "expected"), [(0o022, 0o644), (0o027, 0o640), (0o077, 0o600)])
def test_export_files_get_the_umasks_mode_and_the_session_stays_private(
    tmp_path: Path, umask: int, expected: int
) -> None:
    home = tmp_path / "home"
    store = SessionStore(home / "sessions")
    session = rich_session()
    store.save(session)
    out = tmp_path / "out"
    command = shlex.join(
        [sys.executable, "-m", "sofia_nb", "export", "--session", session.id, "--output", str(out)]
    )
    env = {**os.environ, "SOFIA_HOME": str(home), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        ["sh", "-c", f"umask {umask:03o}; exec {command}"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    files = [p for p in out.rglob("*") if p.is_file()]
    assert files and {p.name: _mode(p) for p in files} == {p.name: expected for p in files}
    assert _mode(home / "sessions" / f"{session.id}.json") == 0o600
