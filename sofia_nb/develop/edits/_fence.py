"""Markdown fences as the edit formats use them: 3+ backticks, an info string that may carry ``file=``."""

from __future__ import annotations

import re
import shlex

_OPEN = re.compile(r"^\s{0,3}(?P<ticks>`{3,})(?P<info>[^`]*)$")
_FILE_TOKEN = re.compile(r"""(?:^|\s)file=(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>\S+))(?P<rest>.*)$""")


def fence_open(line: str) -> tuple[str, str] | None:
    """``(ticks, info)`` when ``line`` opens a fence."""
    m = _OPEN.match(line.rstrip())
    return (m["ticks"], m["info"].strip()) if m else None


def is_fence_close(line: str, ticks: str) -> bool:
    """A closing fence: only backticks, at least as many as the opening one."""
    s = line.strip()
    return len(s) >= len(ticks) and set(s) == {"`"}


def find_close(lines: list[str], start: int, ticks: str) -> int | None:
    """Index of the line closing the fence opened at ``start``, or None when it is never closed."""
    for j in range(start + 1, len(lines)):
        if is_fence_close(lines[j], ticks):
            return j
    return None


def file_from_info(info: str) -> tuple[str, bool] | None:
    """``(path, delete)`` from an info string like ``python file="docs/read me.md"`` or ``file=x delete``."""
    m = _FILE_TOKEN.search(info)
    if not m:
        return None
    path = m["dq"] if m["dq"] is not None else m["sq"] if m["sq"] is not None else m["bare"]
    try:
        rest = shlex.split(m["rest"])
    except ValueError:
        rest = m["rest"].split()
    return path, "delete" in rest
