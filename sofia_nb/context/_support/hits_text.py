"""The parts of a ``grep`` or ``refs`` answer's text: scopes shown, never more tokens than ``grep -rn``.

Hits are grouped as ``rg --heading`` prints them, the path once, with the enclosing scope as a
``[kind Name]`` line above its hits (``line:text``, the text trimmed):

    src/app.py
    3:import os
    [method Widget.render]
    40:os.path.join(a, b)
    44:os.sep
    src/util.py:7:import os

Within a file, hits whose scope is not shown come first, then each shown scope with its hits, so a
hit is never read as inside a scope it is not in; a file with one hit and no scope shown is one
plain ``path:line:text`` line. The grouping saves the path that ``grep -rn`` repeats on every line,
and the trimmed indentation; that saving pays for the scope lines. When it does not pay for all of
them (one hit per function, each in its own file), the scopes of the groups with the most hits are
shown first, as many as fit, so the text never costs more than the plain ``path:line:text`` lines
of the same hits, one per line as ``grep -rn`` prints them. A pattern's counts head its hits only
when the call asked for several patterns (``grep -rn`` would take one command each) or some hits
were left out (then a note says how many, and how to get them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from .tokens import estimate_tokens

if TYPE_CHECKING:
    from .scan import Skipped

# The grouped text and the plain lines hold the same hit texts: only the paths left out and the
# scope lines added differ, which the estimate counts within a few per cent of o200k_base.
_MARGIN = 1.03


class _Hit(Protocol):
    @property
    def file(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def enclosing(self) -> str: ...


def _lines_once(hits: Sequence[_Hit]) -> list[_Hit]:
    """One hit per line and text: ``grep -rn`` prints a line once however many matches it holds."""
    seen: set[tuple[str, int, str]] = set()
    kept = []
    for hit in hits:
        key = (hit.file, hit.line, hit.text)
        if key not in seen:
            seen.add(key)
            kept.append(hit)
    return kept


def plain_lines(hits: Sequence[_Hit]) -> list[str]:
    """The hits as ``grep -rn`` prints them (``path:line:text``): the bound the answer stays under."""
    return [f"{h.file}:{h.line}:{h.text}" for h in _lines_once(hits)]


def _files(hits: Sequence[_Hit]) -> list[tuple[str, list[_Hit]]]:
    files: dict[str, list[_Hit]] = {}
    for hit in _lines_once(hits):
        files.setdefault(hit.file, []).append(hit)
    return list(files.items())


def _render(files: list[tuple[str, list[_Hit]]], shown: set[tuple[str, str]]) -> list[str]:
    lines: list[str] = []
    for file, hits in files:
        loose = [h for h in hits if (file, h.enclosing) not in shown]
        scoped: dict[str, list[_Hit]] = {}
        for hit in hits:
            if (file, hit.enclosing) in shown:
                scoped.setdefault(hit.enclosing, []).append(hit)
        if len(hits) == 1 and not scoped:
            lines.append(f"{file}:{hits[0].line}:{hits[0].text}")
            continue
        lines.append(file)
        lines += [f"{h.line}:{h.text}" for h in loose]
        for scope, inside in scoped.items():
            lines.append(f"[{scope}]")
            lines += [f"{h.line}:{h.text}" for h in inside]
    return lines


def _tokens(lines: list[str]) -> int:
    return estimate_tokens("\n".join(lines) + "\n")


def scoped_lines(hits: Sequence[_Hit], head: list[str], tail: list[str]) -> list[str]:
    """``head``, the hits grouped with as many scope lines as keep them within the plain lines'
    cost (the groups with the most hits first), and ``tail``; the plain lines when even the
    grouping without scopes costs more."""
    plain = head + plain_lines(hits) + tail
    limit = _tokens(plain)
    files = _files(hits)
    groups: dict[tuple[str, str], int] = {}
    for file, inside in files:
        for hit in inside:
            if hit.enclosing:
                groups[(file, hit.enclosing)] = groups.get((file, hit.enclosing), 0) + 1
    shown: set[tuple[str, str]] = set()
    bare = head + _render(files, shown) + tail
    if _tokens(bare) * _MARGIN > limit:
        return plain
    everything = head + _render(files, set(groups)) + tail
    if _tokens(everything) * _MARGIN <= limit:
        return everything
    # The biggest groups first (a scope line costs the same over one hit or twenty), each counted
    # as the line it adds (and, in a one-hit file, the path's line end): no re-count of the text.
    single = {file for file, inside in files if len(inside) == 1}
    spent = _tokens(bare)
    for key in sorted(groups, key=lambda k: -groups[k]):
        extra = estimate_tokens(f"[{key[1]}]\n") + (key[0] in single)
        if (spent + extra) * _MARGIN <= limit:
            shown.add(key)
            spent += extra
    chosen = head + _render(files, shown) + tail
    return chosen if _tokens(chosen) * _MARGIN <= limit else bare


def notes(skipped: Skipped, budget_note: str) -> list[str]:
    """The closing notes: what the search skipped, and what the budget left out."""
    parts = [f"{skipped.binary} binary files"] * bool(skipped.binary) + [
        f"{skipped.long_lines} files with a line over 4 MiB"
    ] * bool(skipped.long_lines)
    return [f"[skipped: {', '.join(parts)}]"] * bool(parts) + [f"[{budget_note}]"] * bool(budget_note)
