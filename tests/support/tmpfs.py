"""Whether this machine lets a test mount a tmpfs of its own (root, and ``unshare`` for a private
mount namespace): the full-disk tests need one."""

from __future__ import annotations

import os
import shutil
import subprocess


def can_mount_tmpfs(*programs: str) -> bool:
    """True when a private mount namespace can mount a tmpfs here and ``programs`` are on the PATH."""
    if os.geteuid() != 0 or any(shutil.which(p) is None for p in ("unshare", *programs)):
        return False
    probe = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "mount", "-t", "tmpfs", "tmpfs", "/mnt"],
        capture_output=True,
        check=False,
    )
    return probe.returncode == 0
