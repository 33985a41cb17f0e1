"""The "already returned" memory of ``code``: per agent session, keyed on what was asked and the file content.

A session is ``CLAUDE_CODE_SESSION_ID`` or ``SOFIA_SESSION_ID`` (the MCP server sets one per process);
without one there is nothing to remember across calls and dedup stays off. The memory is an
append-only JSON Lines file in ``$SOFIA_HOME/cache/dedup/``; files idle for 48 hours are removed.
Any I/O failure turns dedup off for that call rather than failing it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from pathlib import Path

from ....config import sofia_home
from ..._support.env import env_number

DEFAULT_WINDOW_S = 180.0
_GC_AGE_S = 48 * 3600


def window_seconds() -> float:
    """``SOFIA_DEDUP_WINDOW`` in seconds (default 180; 0 turns dedup off; junk means the default)."""
    return env_number("SOFIA_DEDUP_WINDOW", DEFAULT_WINDOW_S)


def session_id() -> str:
    return os.environ.get("CLAUDE_CODE_SESSION_ID") or os.environ.get("SOFIA_SESSION_ID") or ""


class DedupLog:
    """When each key was last returned in full, for one session."""

    def __init__(self, path: Path, window_s: float) -> None:
        self.path = path
        self.window_s = window_s
        self._seen: dict[str, float] = {}
        with contextlib.suppress(OSError):
            for line in path.read_text(encoding="utf-8").splitlines():
                with contextlib.suppress(ValueError, KeyError, TypeError):
                    record = json.loads(line)
                    self._seen[str(record["key"])] = float(record["at"])

    def age(self, key: str, now: float | None = None) -> float | None:
        """Seconds since ``key`` was returned, when that is inside the window; else None."""
        at = self._seen.get(key)
        if at is None:
            return None
        age = (now if now is not None else time.time()) - at
        return age if 0 <= age < self.window_s else None

    def record(self, key: str, now: float | None = None) -> None:
        at = now if now is not None else time.time()
        self._seen[key] = at
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps({"key": key, "at": at}) + "\n")


def open_session_log() -> DedupLog | None:
    """The current session's log, or None when dedup is off (no session id, or a window of 0)."""
    sid, window = session_id(), window_seconds()
    if not sid or window == 0:
        return None
    try:
        folder = sofia_home() / "cache" / "dedup"
        now = time.time()
        for old in folder.glob("*.jsonl") if folder.is_dir() else ():
            with contextlib.suppress(OSError):
                if now - old.stat().st_mtime > _GC_AGE_S:
                    old.unlink()
    except OSError:
        return None
    return DedupLog(folder / (re.sub(r"[^A-Za-z0-9._-]", "_", sid)[:100] + ".jsonl"), window)
