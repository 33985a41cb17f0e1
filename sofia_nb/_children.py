"""Children die with their owner (architecture.md §4.7).

Every subprocess sofia_nb starts gets its own process group (``start_new_session=True``) and,
on Linux, this ``preexec_fn``: the kernel SIGKILLs the child when the thread that started it
dies, so an owner killed with SIGKILL (a notebook kernel, say) leaves nothing behind.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections.abc import Callable

_PR_SET_PDEATHSIG = 1


def die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` setting the parent-death signal (Linux), or None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    prctl = ctypes.CDLL(None, use_errno=True).prctl  # resolved before fork: the child must not allocate
    parent = os.getpid()

    def preexec() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # the parent died between fork and prctl
            os._exit(1)

    return preexec


def kill_group(pgid: int, sig: signal.Signals) -> bool:
    """Signal a whole process group; False when nothing is left in it."""
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        return False
    return True
