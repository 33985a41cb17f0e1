"""Promises of the test runner: green needs a test that ran; no child outlives the run."""

from __future__ import annotations

import asyncio
import os
import sys
import textwrap
import time
from pathlib import Path

import pytest

from sofia_nb.develop import TEMPLATES
from sofia_nb.develop._runner import TestRunner

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _runner(**kwargs: float) -> TestRunner:
    return TEMPLATES["python-pytest"].runner(**kwargs)


def _project(root: Path, test_source: str) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "test_a.py").write_text(textwrap.dedent(test_source))
    return root


def _running(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting to be reaped runs nothing)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state not in ("Z", "X")


def test_green_needs_a_test_that_ran_a_project_whose_only_test_is_skipped_is_not_ok(tmp_path: Path) -> None:
    root = _project(tmp_path, 'import pytest\n\n@pytest.mark.skip(reason="later")\ndef test_a():\n    pass\n')
    run = asyncio.run(_runner().run(root))
    assert run.results.skipped == 1 and run.results.passed == 0
    assert not run.ok


@linux_only
def test_no_child_outlives_the_run_a_sleep_left_behind_after_a_normal_exit_is_killed(tmp_path: Path) -> None:
    pid_file = tmp_path / "stray.pid"
    root = _project(
        tmp_path / "p",
        f"""\
        import subprocess
        def test_leaves_a_stray():
            stray = subprocess.Popen(["sleep", "300"])
            open({str(pid_file)!r}, "w").write(str(stray.pid))
        """,
    )
    run = asyncio.run(_runner().run(root))
    assert run.ok and not run.timed_out
    stray = int(pid_file.read_text())
    try:
        for _ in range(100):  # SIGKILL is delivered asynchronously: give the kernel a moment
            if not _running(stray):
                break
            time.sleep(0.05)
        assert not _running(stray), "a stray of a normal exit outlived the run"
    finally:
        if _running(stray):
            os.kill(stray, 9)


@linux_only
def test_no_child_outlives_the_run_on_timeout_sigterm_goes_to_the_whole_group(tmp_path: Path) -> None:
    """A grandchild that handles SIGTERM records it: only a group-wide SIGTERM reaches it. The command
    is a plain script (the group handling is the same for any command), so the run times out in
    seconds: pytest's own start-up would need a longer timeout on a loaded machine."""
    ready, termed = tmp_path / "ready", tmp_path / "termed"
    child = (
        "import pathlib, signal, sys, time\n"
        f"def on_term(*_):\n    pathlib.Path({str(termed)!r}).write_text('TERM')\n    sys.exit(0)\n"
        "signal.signal(signal.SIGTERM, on_term)\n"
        f"pathlib.Path({str(ready)!r}).write_text('ready')\n"
        "time.sleep(300)\n"
    )
    hang = tmp_path / "hang.py"
    hang.write_text(
        "import os, subprocess, sys, time\n"
        f"subprocess.Popen([sys.executable, '-c', {child!r}])\n"
        f"while not os.path.exists({str(ready)!r}):\n    time.sleep(0.05)\n"
        "time.sleep(300)\n"
    )
    runner = TestRunner([sys.executable, str(hang)], "exit-code", timeout_s=4, grace_s=5)
    run = asyncio.run(runner.run(tmp_path))
    assert run.timed_out and not run.ok
    assert ready.exists(), "the grandchild had not started before the timeout"
    assert termed.exists(), "the grandchild never got SIGTERM"
