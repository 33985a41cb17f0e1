"""Run one external command for a context provider: no shell, a timeout, its own process group.

The child gets a new session (so a timeout kills the whole group, grandchildren included) and, on
Linux, a parent-death signal, so a provider killed mid-call leaves nothing behind (architecture §4.7).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from pydantic import BaseModel

from ..redact import is_secret_env_name

_PR_SET_PDEATHSIG = 1


def _parent_death_hook() -> Callable[[], None] | None:
    if not sys.platform.startswith("linux"):
        return None
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    prctl = libc.prctl  # looked up here, not in the forked child, where imports are unsafe

    def hook() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)

    return hook


_PDEATHSIG = _parent_death_hook()


def child_env(keep: frozenset[str] = frozenset(), **extra: str) -> dict[str, str]:
    """This process's environment without its credentials, except the ``keep`` ones a tool needs."""
    env = {k: v for k, v in os.environ.items() if k in keep or not is_secret_env_name(k)}
    env.update(extra)
    return env


class ExecResult(BaseModel):
    """What one command did. ``returncode`` is None when it timed out or could not start."""

    argv: list[str]
    returncode: int | None
    stdout: str
    stderr: str
    timed_out: bool = False
    not_found: bool = False
    duration_ms: int

    @property
    def ok(self) -> bool:
        return self.returncode == 0


def run_command(
    argv: Sequence[str],
    *,
    cwd: Path | str | None = None,
    timeout: float,
    env: Mapping[str, str] | None = None,
) -> ExecResult:
    """Run ``argv`` and capture its output; never raises for a missing binary or a timeout.

    ``env`` defaults to :func:`child_env`: a child never inherits credentials it was not given.
    """
    started = time.monotonic()

    def done(code: int | None, out: str, err: str, **flags: bool) -> ExecResult:
        return ExecResult(
            argv=list(argv),
            returncode=code,
            stdout=out,
            stderr=err,
            duration_ms=int((time.monotonic() - started) * 1000),
            **flags,
        )

    try:
        proc = subprocess.Popen(
            list(argv),
            cwd=cwd,
            env=dict(env) if env is not None else child_env(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            errors="replace",
            start_new_session=True,
            preexec_fn=_PDEATHSIG,
        )
    except OSError as exc:
        return done(None, "", str(exc), not_found=isinstance(exc, FileNotFoundError))
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            out, err = proc.communicate(timeout=5)
        except subprocess.TimeoutExpired:  # a grandchild left the group and still holds the pipes
            proc.kill()
            out, err = "", ""
        return done(None, out, err, timed_out=True)
    return done(proc.returncode, out, err)
