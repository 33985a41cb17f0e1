"""The parts of a ``grep`` or ``refs`` answer's text: never more tokens than ``grep -rn``'s lines.

Hits are grouped as ``rg --heading`` prints them: the path once, then ``line:text`` (the text
trimmed), with the enclosing scope as a ``[kind Name]`` line where it changes. When that costs
more than the plain ``path:line:text`` lines of the same hits (one hit per file, say), the scope
lines go first, then the grouping: the plain lines are what ``grep -rn`` would have printed. A
pattern's counts head its hits only when the call asked for several patterns (``grep -rn`` would
take one command each) or some hits were left out (then a note says how many, and how to get them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from .tokens import estimate_tokens

if TYPE_CHECKING:
    from .scan import Skipped


_MARGIN = 1.1


class _Hit(Protocol):
    @property
    def file(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def enclosing(self) -> str: ...


def plain_lines(hits: Sequence[_Hit]) -> list[str]:
    """The hits as ``grep -rn`` prints them (``path:line:text``): the bound the answer stays under."""
    return [f"{h.file}:{h.line}:{h.text}" for h in hits]


def grouped(hits: Sequence[_Hit], scopes: bool) -> list[str]:
    lines: list[str] = []
    file = scope = None
    for hit in hits:
        if hit.file != file:
            file, scope = hit.file, None
            lines.append(hit.file)
        if scopes and hit.enclosing and hit.enclosing != scope:
            scope = hit.enclosing
            lines.append(f"[{hit.enclosing}]")
        lines.append(f"{hit.line}:{hit.text}")
    return lines


def _tokens(lines: list[str]) -> int:
    return estimate_tokens("\n".join(lines) + "\n")


def cheapest(variants: list[list[str]], fallback: list[str]) -> list[str]:
    """The first variant sure to cost less than ``fallback`` (the plain lines and the notes), else it.

    The variants and the plain lines hold the same hit texts, so the estimate errs alike on both
    (within 6 % of o200k_base on httpx): a margin of :data:`_MARGIN`, not the budget's.
    """
    raw = _tokens(fallback)
    return next((v for v in variants if _tokens(v) * _MARGIN <= raw), fallback)


def notes(skipped: Skipped, budget_note: str) -> list[str]:
    """The closing notes: what the search skipped, and what the budget left out."""
    parts = [f"{skipped.binary} binary files"] * bool(skipped.binary) + [
        f"{skipped.long_lines} files with a line over 4 MiB"
    ] * bool(skipped.long_lines)
    return [f"[skipped: {', '.join(parts)}]"] * bool(parts) + [f"[{budget_note}]"] * bool(budget_note)
