"""Where a brace-delimited declaration really ends, by its braces: for a slice that a parser's
error recovery cut short (or ran on) around a syntax error.

Strings, comments and (PHP) ``#`` comments are blanked first, so that a brace inside them is not
counted; their line ends stay, so line numbers do not move.
"""

from __future__ import annotations

import re

_SKIP = r"\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|//[^\n]*|/\*.*?\*/"
_BLANKED = {
    "php": re.compile(_SKIP + r"|#(?!\[)[^\n]*", re.S),
    "other": re.compile(_SKIP, re.S),
}


def _code(text: str, language: str) -> str:
    """``text`` with its strings and comments blanked, line ends kept."""
    pattern = _BLANKED["php" if language == "php" else "other"]
    return pattern.sub(lambda m: "\n" * m[0].count("\n"), text)


def _closing(code: str) -> int | None:
    """The offset of the brace that closes the first ``{`` of ``code``; ``None`` when none does, or
    when a ``}`` closes more than was opened."""
    depth = 0
    for i, ch in enumerate(code):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i
            if depth < 0:
                return None
    return None


def real_end(lines: list[str], start: int, end: int, language: str) -> tuple[int, bool]:
    """The last line (1-based) of the declaration on lines ``start``..``end`` as its braces show it,
    and whether they show it: ``end`` itself when its lines balance; else the line of the brace that
    closes its first ``{`` in the rest of the file; else ``(end, False)``: cut, its real end unknown."""
    own = _code("\n".join(lines[start - 1 : end]), language)
    closing = _closing(own)
    if closing is not None and not own[closing + 1 :].strip(" \t\n;,)"):
        return end, True
    rest = _code("\n".join(lines[start - 1 :]), language)
    closing = _closing(rest)
    if closing is None:
        return end, False
    return start + rest.count("\n", 0, closing), True
