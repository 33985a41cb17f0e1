"""The reaper: a small process around a PoC's test command, so nothing the tests start outlives them.

``python -m sofia_nb._reaper --grace S -- COMMAND...`` runs COMMAND as its child and then:

- is the *child subreaper* (``PR_SET_CHILD_SUBREAPER``): a process the tests start and orphan (a
  double fork, a ``setsid`` daemon that left the process group) becomes its child instead of init's,
  so it can still be found and killed;
- is not *dumpable* (``PR_SET_DUMPABLE 0``): its own ``/proc`` files (``environ`` included) are
  closed to the tests (same user, not root);
- when COMMAND exits, kills every process still below it and reaps them, then exits with
  COMMAND's status; on SIGTERM (the loop's timeout or stop) it passes SIGTERM on, waits up to
  ``--grace`` seconds, and kills what is left the same way.

It is started in its own session with a parent-death signal (``_children.dying_with_parent``), like
every child, and with ``--owner PID`` turns that signal into SIGTERM once it can handle it: the
owner's death (a kernel or CLI process killed with SIGKILL) is then a stop like a timeout, so
daemons the tests left are still killed. The kernel or CLI process that runs the loop is never a
subreaper itself. What it cannot do: outlive a SIGKILL of itself: its adopted orphans then go to
the next subreaper up, or init.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from ._children import die_with_parent

_PR_SET_PDEATHSIG = 1
_PR_SET_DUMPABLE = 4
_PR_SET_CHILD_SUBREAPER = 36
_POLL_S = 0.02


def descendants(pid: int) -> list[int]:
    """Every live process below ``pid``, from ``/proc`` (children before grandchildren)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone between the listing and the read
        if fields[0] != "Z":
            parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    queue = [pid]
    while queue:
        children = parents.get(queue.pop(0), [])
        found += children
        queue += children
    return found


def _signal_all(pids: list[int], sig: signal.Signals) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except (ProcessLookupError, PermissionError):
            pass


def _reap(statuses: dict[int, int]) -> None:
    """Collect every child that has ended (the command, and orphans adopted as subreaper), keeping
    each one's exit status."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        statuses[pid] = os.waitstatus_to_exitcode(status)


def kill_below(me: int, statuses: dict[int, int]) -> None:
    """SIGKILL everything below ``me`` until nothing is left (a process may fork while we look)."""
    for _ in range(200):
        below = descendants(me)
        if not below:
            return
        _signal_all(below, signal.SIGSTOP)  # frozen first, so none can start another meanwhile
        _signal_all(below, signal.SIGKILL)
        time.sleep(_POLL_S)
        _reap(statuses)


def run(command: list[str], grace_s: float, owner: int | None = None) -> int:
    """Run ``command`` and end everything below; its exit status (negative: the signal it died of).
    ``owner``: the process whose death is a stop (SIGTERM) rather than the SIGKILL it started with."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)
    stopping: list[float] = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(time.monotonic()))
    signal.signal(signal.SIGINT, lambda *_: stopping.append(time.monotonic()))
    if owner is not None:
        # Started with SIGKILL as its parent-death signal: a killed reaper would leave the orphans
        # it adopted to init. SIGTERM instead, now that it is handled: the owner's death is a stop,
        # and what the tests started is ended as on a timeout.
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        if os.getppid() != owner:  # the owner died before the signal was set
            return -signal.SIGKILL
    me = os.getpid()
    try:
        child = subprocess.Popen(command, preexec_fn=die_with_parent())
    except OSError as exc:
        sys.stderr.write(f"could not start {command[0]}: {exc.strerror or exc}\n")
        return 127
    statuses: dict[int, int] = {}  # reaped here, not by Popen: an orphan's wait may take the command's
    forwarded = False
    while child.pid not in statuses:
        if stopping and not forwarded:
            _signal_all(descendants(me), signal.SIGTERM)
            forwarded = True
        if stopping and time.monotonic() - stopping[0] > grace_s:
            break
        time.sleep(_POLL_S)
        _reap(statuses)
    # Stopped: what still cleans up after the SIGTERM gets the rest of the grace. Ended on its own:
    # what the command left behind is killed at once.
    while stopping and descendants(me) and time.monotonic() - stopping[0] < grace_s:
        time.sleep(_POLL_S)
        _reap(statuses)
    kill_below(me, statuses)
    code = statuses.get(child.pid, -signal.SIGKILL)
    child.returncode = code  # Popen must not wait for a child already reaped
    return code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sofia_nb._reaper")
    parser.add_argument("--grace", type=float, default=3.0)
    parser.add_argument("--owner", type=int, default=None, help="the pid whose death stops the run")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")
    code = run(command, args.grace, args.owner)
    if code < 0:  # the command died of a signal: so does the reaper, and the loop sees which
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    return code


if __name__ == "__main__":
    sys.exit(main())
