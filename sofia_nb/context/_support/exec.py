"""Run one external command for a context provider: no shell, a timeout, its own process group.

The child gets a new session (so a timeout kills the whole group, grandchildren included) and, on
Linux, a parent-death signal, so a provider killed mid-call leaves nothing behind (architecture §4.7).
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from pydantic import BaseModel

from ..._children import GIT_SAFETY, allowed_environment, die_with_parent, kill_group
from ...redact import is_secret_env_name


def child_env(keep: frozenset[str] = frozenset(), **extra: str) -> dict[str, str]:
    """This process's environment without its credentials, except the ``keep`` ones a tool needs."""
    env = {k: v for k, v in os.environ.items() if k in keep or not is_secret_env_name(k)}
    env.update(extra)
    return env


def git_argv(root: Path | str, *args: str) -> list[str]:
    """``git -C ROOT ARGS`` with no hook and no fsmonitor command from the repository's config."""
    return ["git", *GIT_SAFETY, "-C", str(root), *args]


def git_env() -> dict[str, str]:
    """What git gets of our environment: the allow-list, never a prompt, no optional locks, C messages."""
    return {**allowed_environment(), "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}


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
            preexec_fn=die_with_parent(),
        )
    except OSError as exc:
        return done(None, "", str(exc), not_found=isinstance(exc, FileNotFoundError))
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_group(proc.pid, signal.SIGKILL)
        try:
            out, err = proc.communicate(timeout=5)
        except subprocess.TimeoutExpired:  # a grandchild left the group and still holds the pipes
            proc.kill()
            out, err = "", ""
        return done(None, out, err, timed_out=True)
    return done(proc.returncode, out, err)
