"""One ``dev`` run at a time on a PoC: two runs on one session must not edit one repository at once.

The hold is ``flock`` on a small file beside the project (``.<name>.sofia-lock``), taken without
waiting for the whole run and released by the OS when the process ends, however it ends (SIGKILL
included), so a dead holder never blocks the next run. The file names the holder (its process and
since when) for the refusal a second run gets. This is the loop's own lock until the session's
holder (one per session, issue 43 item 4) is on main; ``DevelopmentRun.develop`` is its one user.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from ._errors import DevelopError


class PocHeld(DevelopError):
    """Another live run holds the PoC; nothing was changed."""


def lock_file(project: Path) -> Path:
    return project.with_name(f".{project.name}.sofia-lock")


@contextlib.contextmanager
def holding(project: Path) -> Iterator[None]:
    """Hold ``project`` for the ``with`` block; ``PocHeld`` when another run holds it."""
    path = lock_file(project)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            who = os.pread(fd, 200, 0).decode("utf-8", "replace").strip() or "another process"
            message = f"{project} is being developed by another run ({who}); wait for it or stop it"
            raise PocHeld(message) from None
        since = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"the Ralph loop in process {os.getpid()}, since {since}\n".encode(), 0)
        yield
    finally:
        os.close(fd)  # releases the lock; so does the process dying
