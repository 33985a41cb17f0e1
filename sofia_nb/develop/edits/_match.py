"""Locating a SEARCH part in a file: exactly, then tolerating indentation and blank-line differences.

There is deliberately no fuzzy apply: a block that matches neither way is reported with the
closest real lines, and the model tries again (aider made the same choice).
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher

_CLOSEST_MIN_RATIO = 0.5


@dataclass(frozen=True)
class Match:
    start: int  # first file line replaced
    end: int  # one past the last
    indent_from: str  # the SEARCH part's common indentation ...
    indent_to: str  # ... and the matched lines' one, so REPLACE can be re-indented


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


def _common_indent(lines: list[str]) -> str:
    indents = [_indent(x) for x in lines if x.strip()]
    return min(indents, key=len) if indents else ""


def _dedent(lines: list[str], indent: str) -> list[str]:
    return [x[len(indent) :].rstrip() if x.startswith(indent) else x.strip() for x in lines]


def find_matches(text_lines: list[str], search_lines: list[str]) -> list[Match]:
    """Every place ``search_lines`` matches: exact ones if any, else the tolerant ones."""
    n = len(search_lines)
    exact = [
        Match(i, i + n, "", "")
        for i in range(len(text_lines) - n + 1)
        if text_lines[i : i + n] == search_lines
    ]
    if exact:
        return exact
    wanted = [x for x in search_lines if x.strip()]
    if not wanted:
        return []
    s_indent = _common_indent(wanted)
    s_norm = _dedent(wanted, s_indent)
    nonblank = [i for i, x in enumerate(text_lines) if x.strip()]
    found = []
    for k in range(len(nonblank) - len(wanted) + 1):
        idx = nonblank[k : k + len(wanted)]
        window = [text_lines[i] for i in idx]
        w_indent = _common_indent(window)
        if all(x.startswith(w_indent) for x in window) and _dedent(window, w_indent) == s_norm:
            found.append(Match(idx[0], idx[-1] + 1, s_indent, w_indent))
    return found


def reindent(lines: list[str], match: Match) -> list[str]:
    """REPLACE lines moved from the SEARCH part's indentation to the matched lines' one."""
    if match.indent_from == match.indent_to:
        return lines
    out = []
    for x in lines:
        if not x.strip():
            out.append("")
        elif x.startswith(match.indent_from):
            out.append(match.indent_to + x[len(match.indent_from) :])
        else:
            out.append(match.indent_to + x.lstrip())
    return out


def closest_lines(text_lines: list[str], search_lines: list[str]) -> list[str]:
    """The window of the file most similar to the SEARCH part, or nothing when none is close."""
    n = max(1, len(search_lines))
    target = "\n".join(search_lines)
    best, best_ratio = [], 0.0
    for i in range(max(1, len(text_lines) - n + 1)):
        window = text_lines[i : i + n]
        ratio = SequenceMatcher(None, "\n".join(window), target, autojunk=False).ratio()
        if ratio > best_ratio:
            best, best_ratio = window, ratio
    return best if best_ratio >= _CLOSEST_MIN_RATIO else []
