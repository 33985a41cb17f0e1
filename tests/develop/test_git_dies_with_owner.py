"""git dies with its owner (architecture.md §4.7): an owner killed with SIGKILL while a git command
runs leaves no git behind, though git starts without a ``preexec_fn`` (``setpriv`` sets the
parent-death signal, which keeps Python's fast spawn path)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="parent-death signal: Linux")

OWNER = """
import asyncio, sys
sys.path.insert(0, {root!r})
from sofia_nb.develop import Git
asyncio.run(Git({project!r}).run("commit", "-q", "-m", "x"))
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = (
        Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0] if Path(f"/proc/{pid}").exists() else "X"
    )
    return state not in ("Z", "X")  # a zombie has died; only its exit status waits to be read


def test_a_git_command_dies_when_its_owner_is_killed(tmp_path: Path) -> None:
    real = shutil.which("git")
    assert real is not None
    pid_file = tmp_path / "git.pid"
    stub = tmp_path / "bin" / "git"
    stub.parent.mkdir()
    stub.write_text(f"#!/bin/sh\necho $$ > '{pid_file}'\nexec sleep 60\n")  # a git that hangs
    stub.chmod(0o755)
    project = tmp_path / "p"
    project.mkdir()
    env = {**os.environ, "PATH": f"{stub.parent}:{os.environ['PATH']}"}
    root = str(Path(__file__).resolve().parents[2])
    owner = subprocess.Popen([sys.executable, "-c", OWNER.format(root=root, project=str(project))], env=env)
    try:
        for _ in range(400):
            if pid_file.exists() and pid_file.read_text().strip():
                break
            time.sleep(0.05)
        git = int(pid_file.read_text())
        assert _alive(git)
        owner.send_signal(signal.SIGKILL)
        owner.wait(timeout=10)
        for _ in range(200):
            if not _alive(git):
                break
            time.sleep(0.05)
        gone = not _alive(git)
    finally:
        owner.kill()
        if pid_file.exists() and _alive(int(pid_file.read_text())):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)
    assert gone, "git outlived its owner"


def test_without_setpriv_the_signal_is_set_by_a_preexec_fn(monkeypatch: pytest.MonkeyPatch) -> None:
    from sofia_nb import _children

    monkeypatch.setattr(_children, "_setpriv", lambda: None)
    argv, preexec = _children.dying_with_parent(["git", "status"])
    assert argv == ["git", "status"] and callable(preexec)
    monkeypatch.setattr(_children, "_setpriv", lambda: "/usr/bin/setpriv")
    assert _children.dying_with_parent(["git"]) == (
        ["/usr/bin/setpriv", "--pdeathsig", "KILL", "--", "git"],
        None,
    )
