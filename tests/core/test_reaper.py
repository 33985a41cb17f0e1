"""The reaper in this process: a stopped and a traced process the tests leave behind are killed and
reaped, a stopped command is ended at the grace, and the command line.

``tests/develop/test_containment.py`` runs the reaper as the loop does (``python -m
sofia_nb._reaper``); these call it here, so that a one-line bug in it fails a test mutmut sees. The
test process is the reaper meanwhile (a subreaper, not dumpable, its SIGTERM handled): the fixture
puts all of that back, and skips where this process has children of its own, which ``run`` would
kill with the rest.
"""

from __future__ import annotations

import ctypes
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sofia_nb._reaper import descendants, main, run

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl and /proc: Linux only")

_PR_SET_PDEATHSIG, _PR_SET_DUMPABLE, _PR_SET_CHILD_SUBREAPER = 1, 4, 36

# The command leaves a stopped process and a traced one (traced by a process of its own), waits
# until the kernel shows both stopped (T and t), writes their pids and exits: both are orphans.
FAMILY = r"""
import ctypes, json, os, signal, sys, time

def state(pid):
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]

def settled(pid, states):
    for _ in range(2000):
        if state(pid) in states:
            return state(pid)
        time.sleep(0.005)
    raise SystemExit(f"{pid} stayed {state(pid)}")

out = sys.argv[1]
read, write = os.pipe()
stopped = os.fork()
if stopped == 0:
    os.kill(os.getpid(), signal.SIGSTOP)
    os._exit(0)
tracer = os.fork()
if tracer == 0:
    traced = os.fork()
    if traced == 0:
        if ctypes.CDLL(None, use_errno=True).ptrace(0, 0, None, None) != 0:  # PTRACE_TRACEME
            os._exit(3)
        os.kill(os.getpid(), signal.SIGSTOP)
        os._exit(0)
    os.write(write, f"{traced}\n".encode())
    while True:  # never waits: the traced process stays in its tracing stop
        time.sleep(1)
traced = int(os.fdopen(read).readline())
settled(stopped, "T")
ptrace = settled(traced, "tZ") == "t"  # a zombie: ptrace was refused
with open(out, "w") as f:
    json.dump({"stopped": stopped, "tracer": tracer, "traced": traced, "ptrace": ptrace}, f)
os.replace(out, out + ".json")
if sys.argv[2:] == ["stay"]:  # looked at while the command still runs, then killed
    time.sleep(60)
"""


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.fixture
def as_reaper() -> Iterator[None]:
    """This process may be the reaper for the test: everything ``run`` changes is put back."""
    if descendants(os.getpid()):
        pytest.skip("this process has children of its own, which run() would kill")
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}
    prctl = ctypes.CDLL(None, use_errno=True).prctl
    try:
        yield
    finally:
        prctl(_PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)
        prctl(_PR_SET_DUMPABLE, 1, 0, 0, 0)
        prctl(_PR_SET_PDEATHSIG, 0, 0, 0, 0)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
        for pid in descendants(os.getpid()):  # what a broken reaper left: never the next test's
            os.kill(pid, signal.SIGKILL)
        while True:
            try:
                if os.waitpid(-1, os.WNOHANG)[0] == 0:
                    break
            except ChildProcessError:
                break


def test_a_stopped_and_a_traced_orphan_are_killed_and_reaped(as_reaper: None, tmp_path: Path) -> None:
    assert run([sys.executable, "-c", FAMILY, str(tmp_path / "pids")], grace_s=5.0) == 0
    family = json.loads((tmp_path / "pids.json").read_text())
    if not family["ptrace"]:
        pytest.skip("ptrace refused here (PTRACE_TRACEME failed): no traced process to reap")
    assert not any(_alive(family[name]) for name in ("stopped", "tracer", "traced")), family
    # the orphans were adopted and reaped here (the traced one once its tracer was gone), none left
    # a zombie behind
    assert descendants(os.getpid()) == []
    assert not Path(f"/proc/{family['stopped']}").exists() and not Path(f"/proc/{family['tracer']}").exists()


def test_descendants_include_stopped_and_traced_processes(tmp_path: Path) -> None:
    pids = tmp_path / "pids.json"
    command = subprocess.Popen([sys.executable, "-c", FAMILY, str(tmp_path / "pids"), "stay"])
    try:
        while not pids.exists():
            assert command.poll() is None, "the command ended before writing its pids"
            time.sleep(0.01)
        family = json.loads(pids.read_text())
        below = descendants(command.pid)
        assert family["stopped"] in below and family["tracer"] in below
        if family["ptrace"]:
            assert below.index(family["tracer"]) < below.index(family["traced"])  # children first
    finally:
        for pid in descendants(command.pid):
            os.kill(pid, signal.SIGKILL)
        command.kill()
        command.wait()


STOPPED_COMMAND = r"""
import os, signal
signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a stop the command does not heed
os.kill(os.getppid(), signal.SIGTERM)  # the loop's timeout, to the reaper
os.kill(os.getpid(), signal.SIGSTOP)
"""


def test_a_stopped_command_that_ignores_the_stop_is_killed_at_the_grace(as_reaper: None) -> None:
    assert run([sys.executable, "-c", STOPPED_COMMAND], grace_s=0.3) == -signal.SIGKILL
    assert descendants(os.getpid()) == []


def test_what_the_command_leaves_is_ended_and_its_status_is_the_commands(as_reaper: None) -> None:
    script = "import subprocess, sys; subprocess.Popen(['sleep', '60'], start_new_session=True); sys.exit(7)"
    assert run([sys.executable, "-c", script], grace_s=5.0) == 7
    assert descendants(os.getpid()) == []


def test_a_command_that_cannot_start_is_127_and_said(
    as_reaper: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["/nonexistent/command"], grace_s=1.0) == 127
    assert capsys.readouterr().err.startswith("could not start /nonexistent/command: ")


def test_an_owner_already_gone_is_a_kill(as_reaper: None) -> None:
    assert run([sys.executable, "-c", "pass"], grace_s=1.0, owner=os.getppid() + 1_000_000) == -signal.SIGKILL
    assert run([sys.executable, "-c", "raise SystemExit(4)"], grace_s=1.0, owner=os.getppid()) == 4


def test_the_command_line(as_reaper: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--grace", "1", "--", sys.executable, "-c", "raise SystemExit(5)"]) == 5
    assert main([sys.executable, "-c", "pass"]) == 0  # "--" may be left out
    with pytest.raises(SystemExit) as refused:
        main(["--grace", "1", "--"])
    assert refused.value.code == 2 and "no command" in capsys.readouterr().err
