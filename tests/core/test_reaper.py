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

from sofia_nb import _reaper
from sofia_nb._reaper import descendants, main, run

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl and /proc: Linux only")

_PR_SET_PDEATHSIG, _PR_SET_DUMPABLE, _PR_SET_CHILD_SUBREAPER = 1, 4, 36
_PR_GET_PDEATHSIG, _PR_GET_DUMPABLE, _PR_GET_CHILD_SUBREAPER = 2, 3, 37
_PRCTL = ctypes.CDLL(None, use_errno=True).prctl


def _got(option: int) -> int:
    """A prctl setting of this process read through a pointer (subreaper, parent-death signal)."""
    value = ctypes.c_int(-1)
    assert _PRCTL(option, ctypes.byref(value), 0, 0, 0) == 0
    return value.value


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
import os, signal, sys
signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a stop the command does not heed
os.kill(os.getppid(), int(sys.argv[1]))  # the loop's timeout (SIGTERM) or Ctrl-C, to the reaper
os.kill(os.getpid(), signal.SIGSTOP)
"""


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=lambda s: s.name)
def test_a_stopped_command_that_ignores_the_stop_is_killed_at_the_grace(
    as_reaper: None, stop: signal.Signals
) -> None:
    assert run([sys.executable, "-c", STOPPED_COMMAND, str(int(stop))], grace_s=0.3) == -signal.SIGKILL
    assert descendants(os.getpid()) == []


# The command asks for the stop and ends on the SIGTERM the reaper passes on, after a while in which
# a reaper that passed it on again and again would have: its exit status is how many it got.
HEEDED = r"""
import os, signal, sys, time
got = []
signal.signal(signal.SIGTERM, lambda *_: got.append(1))
os.kill(os.getppid(), signal.SIGTERM)
while not got:
    signal.pause()
time.sleep(0.3)
sys.exit(len(got))
"""


def test_the_stop_is_passed_on_once_and_a_command_that_heeds_it_ends_as_it_chooses(as_reaper: None) -> None:
    assert run([sys.executable, "-c", HEEDED], grace_s=60.0) == 1


# What the command started cleans up on SIGTERM (a while, then a file); the command ends at once.
CLEANER = r"""
import os, signal, sys, time
def stop(*_):
    time.sleep(0.3)
    with open(sys.argv[1], "w") as done:
        done.write("cleaned")
    os._exit(0)
signal.signal(signal.SIGTERM, stop)
os.write(1, b"ready")
while True:
    signal.pause()
"""
CLEANS_UP = r"""
import os, signal, subprocess, sys
cleaner = subprocess.Popen([sys.executable, "-c", sys.argv[1], sys.argv[2]], stdout=subprocess.PIPE)
cleaner.stdout.read(5)
os.kill(os.getppid(), signal.SIGTERM)
signal.pause()
"""


def test_what_the_command_started_gets_the_rest_of_the_grace_to_clean_up(
    as_reaper: None, tmp_path: Path
) -> None:
    done = tmp_path / "done"
    assert run([sys.executable, "-c", CLEANS_UP, CLEANER, str(done)], grace_s=60.0) == -signal.SIGTERM
    assert done.read_text() == "cleaned"
    assert descendants(os.getpid()) == []


def test_what_the_command_leaves_is_ended_and_its_status_is_the_commands(as_reaper: None) -> None:
    script = "import subprocess, sys; subprocess.Popen(['sleep', '60'], start_new_session=True); sys.exit(7)"
    assert run([sys.executable, "-c", script], grace_s=5.0) == 7
    assert descendants(os.getpid()) == []


ASKS_ITS_DEATH_SIGNAL = (
    "import ctypes; s = ctypes.c_int(); ctypes.CDLL(None).prctl(2, ctypes.byref(s), 0, 0, 0); exit(s.value)"
)


def test_the_reaper_is_a_subreaper_not_dumpable_and_its_command_dies_with_it(as_reaper: None) -> None:
    assert run([sys.executable, "-c", ASKS_ITS_DEATH_SIGNAL], grace_s=1.0) == signal.SIGKILL
    assert _got(_PR_GET_CHILD_SUBREAPER) == 1
    assert _PRCTL(_PR_GET_DUMPABLE, 0, 0, 0, 0) == 0
    assert run([sys.executable, "-c", "pass"], grace_s=1.0, owner=os.getppid()) == 0
    assert _got(_PR_GET_PDEATHSIG) == signal.SIGTERM  # the owner's death is a stop


def test_a_command_that_cannot_start_is_127_and_said(
    as_reaper: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["/nonexistent/command"], grace_s=1.0) == 127
    assert capsys.readouterr().err == "could not start /nonexistent/command: No such file or directory\n"


def test_an_owner_already_gone_is_a_kill(as_reaper: None) -> None:
    assert run([sys.executable, "-c", "pass"], grace_s=1.0, owner=os.getppid() + 1_000_000) == -signal.SIGKILL
    assert run([sys.executable, "-c", "raise SystemExit(4)"], grace_s=1.0, owner=os.getppid()) == 4


def test_the_command_line(as_reaper: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--grace", "1", "--", sys.executable, "-c", "raise SystemExit(5)"]) == 5
    assert main([sys.executable, "-c", "pass"]) == 0  # "--" may be left out
    with pytest.raises(SystemExit) as refused:
        main(["--grace", "1", "--"])
    assert refused.value.code == 2
    said = capsys.readouterr().err
    assert said.startswith("usage: python -m sofia_nb._reaper ")
    assert said.endswith("python -m sofia_nb._reaper: error: no command\n")
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--owner OWNER  the pid whose death stops the run" in capsys.readouterr().out


def test_the_command_lines_values_reach_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[object, ...]] = []
    monkeypatch.setattr(_reaper, "run", lambda *args: calls.append(args) or 0)
    main(["--grace", "2.5", "--owner", "7", "--", "cmd", "--grace", "x"])
    main(["cmd"])
    assert calls == [(["cmd", "--grace", "x"], 2.5, 7), (["cmd"], 3.0, None)]
    assert [type(value) for value in calls[0][1:]] == [float, int]


def test_a_command_killed_by_a_signal_kills_the_reaper_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    done: list[tuple[str, int, object]] = []
    monkeypatch.setattr(_reaper, "run", lambda *args: -signal.SIGTERM)
    monkeypatch.setattr(signal, "signal", lambda sig, handler: done.append(("handler", sig, handler)))
    monkeypatch.setattr(os, "kill", lambda pid, sig: done.append(("kill", sig, pid)))
    main(["cmd"])
    assert done == [("handler", signal.SIGTERM, signal.SIG_DFL), ("kill", signal.SIGTERM, os.getpid())]


# The command names a child "x) Z 1 (" (a name may hold ")" and what looks like the next fields),
# leaves another child a zombie (never waited for), writes both pids and stays.
ODD_FAMILY = r"""
import ctypes, os, sys, time
named = os.fork()
if named == 0:
    ctypes.CDLL(None).prctl(15, b"x) Z 1 (", 0, 0, 0)  # PR_SET_NAME
    time.sleep(60)
    os._exit(0)
zombie = os.fork()
if zombie == 0:
    os._exit(0)
while open(f"/proc/{zombie}/stat").read().rsplit(")", 1)[1].split()[0] != "Z":
    time.sleep(0.005)
while "x) Z 1 (" not in open(f"/proc/{named}/stat").read():
    time.sleep(0.005)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(f"{named} {zombie}")
os.replace(sys.argv[1] + ".tmp", sys.argv[1])
time.sleep(60)
"""


def test_a_child_with_a_parenthesis_in_its_name_is_found_and_a_zombie_is_not(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    command = subprocess.Popen([sys.executable, "-c", ODD_FAMILY, str(pids)])
    try:
        while not pids.exists():
            assert command.poll() is None, "the command ended before writing its pids"
            time.sleep(0.01)
        named, zombie = map(int, pids.read_text().split())
        below = descendants(command.pid)
        assert named in below and zombie not in below
    finally:
        for pid in descendants(command.pid):
            os.kill(pid, signal.SIGKILL)
        command.kill()
        command.wait()
