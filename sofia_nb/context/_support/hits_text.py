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

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from .tokens import SAMPLED, estimate_tokens

if TYPE_CHECKING:
    from .scan import Skipped

# The grouped text and the plain lines hold the same hit texts: only the paths left out and the
# scope lines added differ, which the estimate counts within a few per cent of o200k_base.
# Measured on the five repositories of benchmarks/real: the chosen text is at most 1.0x o200k_base's
# count of the plain lines with this margin (1.08x with 1.03).
_MARGIN = 1.01


class _Hit(Protocol):
    @property
    def file(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def enclosing(self) -> str: ...


def escaped(text: str) -> str:
    """``text`` with control characters escaped (``\\n``, ``\\x1b``): a file name may hold a newline,
    which would read as two lines of the answer, and a line an escape sequence, which must never
    reach a terminal raw."""
    if text.isprintable():
        return text
    return "".join(
        ch if ch.isprintable() or ch == "\t" else ch.encode("unicode_escape").decode() for ch in text
    )


def _lines_once(hits: Sequence[_Hit], indents: Sequence[str]) -> list[tuple[_Hit, str]]:
    """One hit per line and text, with its indent (``""`` past the end of ``indents``): ``grep -rn``
    prints a line once however many matches it holds."""
    seen: set[tuple[str, int, str]] = set()
    kept = []
    for i, hit in enumerate(hits):
        key = (hit.file, hit.line, hit.text)
        if key not in seen:
            seen.add(key)
            kept.append((hit, indents[i] if i < len(indents) else ""))
    return kept


class _Row(NamedTuple):
    """A hit as the text shows it, escaped once however many forms of the text are weighed."""

    file: str
    line: str  # ``12:text``
    enclosing: str
    self_scoped: bool


def _rows(
    hits: Sequence[_Hit], indents: Sequence[str] = ()
) -> tuple[list[tuple[str, list[_Row]]], list[str], list[str]]:
    """The hits once per line, grouped per file in order; and their plain and indented
    ``path:line:text`` lines (``indents``: what each hit's text was trimmed of, as ``grep -rn``
    prints it; none when not given)."""
    files: dict[str, list[_Row]] = {}
    plain: list[str] = []
    indented: list[str] = []
    for hit, indent in _lines_once(hits, indents):
        path, text = escaped(hit.file), escaped(hit.text)
        plain.append(f"{path}:{hit.line}:{text}")
        indented.append(f"{path}:{hit.line}:{indent}{text}")
        row = _Row(path, f"{hit.line}:{text}", hit.enclosing, _self_scoped(hit))
        files.setdefault(hit.file, []).append(row)
    return list(files.items()), plain, indented


def _render(files: list[tuple[str, list[_Row]]], shown: set[tuple[str, str]]) -> list[str]:
    lines: list[str] = []
    for file, rows in files:
        loose = [r for r in rows if (file, r.enclosing) not in shown or r.self_scoped]
        scoped: dict[str, list[_Row]] = {}
        for row in rows:
            if (file, row.enclosing) in shown and not row.self_scoped:
                scoped.setdefault(row.enclosing, []).append(row)
        if len(rows) == 1 and not scoped:
            lines.append(f"{rows[0].file}:{rows[0].line}")
            continue
        lines.append(rows[0].file)
        lines += [r.line for r in loose]
        for scope, inside in scoped.items():
            lines.append(f"[{escaped(scope)}]")
            lines += [r.line for r in inside]
    return lines


def _tokens(lines: list[str]) -> int:
    return estimate_tokens("\n".join(lines) + "\n")


@functools.lru_cache(maxsize=4096)
def _scope_line_tokens(scope: str) -> int:
    """The estimate of a scope's line: the same scopes come back call after call (a warm server's
    next search in the same files), each otherwise one more count of a few characters."""
    return estimate_tokens(f"[{scope}]\n")


def _self_scoped(hit: _Hit) -> bool:
    """Whether the hit's line names its own scope (``def invoke(`` in ``method Context.invoke``): the
    line is the declaration, and a scope line above it would say it again."""
    name = hit.enclosing.rpartition(" ")[2].rpartition(".")[2]
    return bool(name) and name in hit.text


def scoped_lines(
    hits: Sequence[_Hit], head: list[str], tail: list[str], indents: Sequence[str] = ()
) -> list[str]:
    """``head``, the hits grouped with as many scope lines as keep the whole within the cost of the
    plain ``path:line:text`` lines of the same hits (the groups with the most hits first), and
    ``tail``; ``head``, the plain lines and ``tail`` when even the grouping without scopes costs more.
    A hit on its own declaration's line needs no scope line. Each form is estimated once.
    ``indents``: what each hit's text was trimmed of (``grep -rn`` prints it), in the hits' order."""
    files, plain, indented = _rows(hits, indents)
    # At most grep -rn's lines; with a note (a cut), at most the plain lines with it, which are the
    # answer otherwise: scope lines that fit there are not all dropped for the note's sake.
    limit = max(_tokens(indented), _tokens(head + plain + tail) if tail else 0)
    groups: dict[tuple[str, str], int] = {}
    for file, rows in files:
        for row in rows:
            if row.enclosing and not row.self_scoped:
                groups[(file, row.enclosing)] = groups.get((file, row.enclosing), 0) + 1
    everything = head + _render(files, set(groups)) + tail
    # Scope lines only add to the count of the grouping without them (the estimate counts within
    # lines, and a one-hit file's ``path:`` becomes ``path`` and a line end), so when the whole fits,
    # so does the bare grouping, and it need not be counted: unless the text is long enough to be
    # estimated from samples, where that does not hold.
    whole = "\n".join(everything) + "\n"
    weight = estimate_tokens(whole)
    if len(whole) <= SAMPLED and weight * _MARGIN <= limit:
        return everything
    bare = head + _render(files, set()) + tail
    spent = _tokens(bare)
    if spent * _MARGIN > limit:
        return head + plain + tail
    if weight * _MARGIN <= limit:
        return everything
    # The biggest groups first (a scope line costs the same over one hit or twenty), each counted
    # as the line it adds (and, in a one-hit file, the path's line end): no re-count of the text.
    single = {file for file, rows in files if len(rows) == 1}
    added: list[tuple[str, str]] = []
    for key in sorted(groups, key=lambda k: -groups[k]):
        extra = _scope_line_tokens(key[1]) + (key[0] in single)
        if (spent + extra) * _MARGIN <= limit:
            added.append(key)
            spent += extra
    # The sum of the parts can be off from the whole by a few tokens: then the scopes added last
    # (the smallest groups) go, a quarter at a time, not every scope line at once.
    while added:
        chosen = head + _render(files, set(added)) + tail
        if _tokens(chosen) * _MARGIN <= limit:
            return chosen
        del added[len(added) - max(1, len(added) // 4) :]
    return bare


def notes(skipped: Skipped, budget_note: str, found: bool) -> list[str]:
    """The closing notes: what the search skipped, and what the budget left out. Binary files
    skipped are named only when nothing was ``found`` (then they may be why); otherwise the note
    would change nothing the reader does, and cost more than a small answer's hits."""
    parts = [f"{skipped.binary} binary files"] * bool(skipped.binary and not found) + [
        f"{skipped.long_lines} files with a line over 4 MiB"
    ] * bool(skipped.long_lines)
    return [f"[skipped: {', '.join(parts)}]"] * bool(parts) + [f"[{budget_note}]"] * bool(budget_note)
