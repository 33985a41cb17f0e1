"""Where Claude Code keeps its transcripts, and how a session selector picks one."""

from __future__ import annotations

import os
import re
from datetime import datetime, timedelta
from pathlib import Path

from ..._support.errors import ContextError

PROJECTS_DIR_ENV = "CC_PROJECTS_DIR"
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|m|h|d)\s*$")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class TranscriptError(ContextError):
    """No transcripts where we looked, no session matching a selector, or a bad ``since``."""


def projects_dir(explicit: str | None) -> Path:
    """``projects_dir`` if given, else ``$CC_PROJECTS_DIR``, else ``~/.claude/projects``."""
    chosen = explicit or os.environ.get(PROJECTS_DIR_ENV) or "~/.claude/projects"
    return Path(chosen).expanduser()


def parse_since(since: str) -> timedelta | None:
    """``30m``, ``1h``, ``24h``, ``7d`` (also seconds); "" means no limit."""
    if not since:
        return None
    match = _DURATION.match(since)
    if not match:
        raise TranscriptError(f"invalid since {since!r}: use 30m, 1h, 24h, 7d")
    return timedelta(seconds=float(match.group(1)) * _UNITS[match.group(2)])


def session_files(root: Path, since: str = "") -> list[Path]:
    """Every ``<project>/<session>.jsonl`` one level below ``root``, newest first."""
    window = parse_since(since)
    try:
        project_dirs = [p for p in root.iterdir() if p.is_dir()]
    except OSError as exc:
        raise TranscriptError(f"cannot read Claude Code projects dir {root}: {exc.strerror or exc}") from exc
    stamped: list[tuple[float, Path]] = []
    for folder in project_dirs:
        for path in folder.glob("*.jsonl"):
            try:
                if not path.is_file():  # a FIFO or socket named *.jsonl would block its reader
                    continue
                stamped.append((path.stat().st_mtime, path))
            except OSError:
                continue
    if window is not None:
        cutoff = (datetime.now() - window).timestamp()
        stamped = [(m, p) for m, p in stamped if m >= cutoff]
    return [p for _, p in sorted(stamped, key=lambda mp: (-mp[0], str(mp[1])))]


def resolve_session(selector: str, root: Path) -> Path:
    """A literal path, ``last``/"", a session-id prefix, or a project-name substring (newest wins)."""
    selector = selector.strip()
    if selector.endswith(".jsonl") or "/" in selector or "\\" in selector:
        path = Path(selector).expanduser()
        if not path.is_file():
            raise TranscriptError(f"no transcript at {path}")
        # A selector names a transcript, not any file: it must be a .jsonl inside the projects folder.
        real = path.resolve()
        if real.suffix != ".jsonl" or not real.is_relative_to(root.resolve()):
            raise TranscriptError(f"{path} is not a Claude Code transcript under {root}")
        return real
    files = session_files(root)
    if not files:
        raise TranscriptError(f"no Claude Code sessions under {root}")
    if selector in ("", "last"):
        return files[0]
    wanted = selector.lower()
    for matches in (lambda p: p.stem.lower().startswith(wanted), lambda p: wanted in p.parent.name.lower()):
        found = next((p for p in files if matches(p)), None)
        if found is not None:
            return found
    raise TranscriptError(f"no session matched {selector!r} (tried 'last', session id prefix, project name)")
