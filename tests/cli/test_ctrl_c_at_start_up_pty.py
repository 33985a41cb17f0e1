"""Ctrl+C while ``sofia-nb`` starts (its modules load, its command is found) ends it quietly with
130, as a shell command does: no Python traceback on the terminal.

Each moment is reached deterministically: a ``sitecustomize`` on the child's path holds the import
of one module (it says so in a file the test waits for) until the terminal's Ctrl+C arrives.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pexpect
import pytest

ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 60.0

HOLD = """
import importlib.abc, os, sys, time

HELD = os.environ["SOFIA_TEST_HOLD_IMPORT"]
REACHED = os.environ["SOFIA_TEST_REACHED"]


class Hold(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == HELD:
            open(REACHED, "w").close()
            while True:  # until the terminal's Ctrl+C
                time.sleep(0.05)
        return None


sys.meta_path.insert(0, Hold())
"""


@pytest.mark.parametrize(
    "held",
    [
        "sofia_nb.cli._app",  # the command line itself loads (before main has a handler)
        "sofia_nb.cli._status",  # the command is being found (build_parser imports it)
    ],
)
def test_ctrl_c_while_it_starts_ends_quietly_with_130(tmp_path: Path, held: str) -> None:
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "sitecustomize.py").write_text(HOLD, encoding="utf-8")
    reached = tmp_path / "reached"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(ROOT)]),
        "SOFIA_HOME": str(tmp_path / "home"),
        "SOFIA_TEST_HOLD_IMPORT": held,
        "SOFIA_TEST_REACHED": str(reached),
    }
    child = pexpect.spawn(
        sys.executable, ["-m", "sofia_nb", "status"], env=env, encoding="utf-8", timeout=WAIT_S
    )
    try:
        deadline = time.monotonic() + WAIT_S  # a bounded wait for the child to reach the held import
        while not reached.exists():
            assert child.isalive() and time.monotonic() < deadline, child.read_nonblocking(10000, 0)
            time.sleep(0.05)
        child.sendintr()  # the terminal's Ctrl+C
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert "Traceback" not in str(child.before), child.before
    assert child.exitstatus == 130, (child.exitstatus, child.signalstatus, child.before)
