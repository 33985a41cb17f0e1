"""Before each commit of the loop, the files about to be committed are read for secrets: a file
holding a credential's value or a token's shape is left out of the commit, and stays out.

The PoC's tests run its own code, which can read what it should not (the environment of a process
it can see) and write it into a file; a model can write a key into ``config.py``. Redaction guards
what sofia_nb writes; this guards what git would take into the PoC's history.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..redact import redact_text

MAX_SCAN_BYTES = 10 * 2**20
"""A larger file is left out unread: a PoC's own files are small, and reading a test's 1 GB dump
to look for a key would cost more than the commit is worth."""


def secret_reason(path: Path) -> str | None:
    """Why ``path`` must not be committed ("holds a secret", "too large to check"), or None."""
    try:
        info = os.lstat(path)
    except OSError:
        return None  # deleted: nothing of it goes into the commit
    if not stat.S_ISREG(info.st_mode):
        return None  # a link is committed as its target's name, a folder is not a file
    if info.st_size > MAX_SCAN_BYTES:
        return f"over {MAX_SCAN_BYTES // 2**20} MB, too large to check for secrets"
    try:
        text = path.read_bytes().decode("utf-8", "replace")
    except OSError as exc:
        return f"unreadable ({exc.strerror})"
    return "holds a secret (a credential's value or a token's shape)" if redact_text(text) != text else None


def exclude_line(path: str) -> str:
    """``path`` as an anchored ``.git/info/exclude`` pattern that matches it and nothing else."""
    escaped = "".join("\\" + c if c in "\\*?[" else c for c in path)
    if escaped[:1] in ("#", "!"):
        escaped = "\\" + escaped
    if escaped.endswith(" "):
        escaped = escaped[:-1] + "\\ "
    return "/" + escaped
