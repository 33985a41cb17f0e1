"""What the model reads of a ``grep`` or ``refs`` answer: never more tokens than ``grep -rn``'s lines.

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

from ._tokens import estimate_tokens

if TYPE_CHECKING:
    from ._grep import GrepResult
    from ._refs import RefsResult
    from ._scan import Skipped


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


def _grouped(hits: Sequence[_Hit], scopes: bool) -> list[str]:
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


def _cheapest(variants: list[list[str]], fallback: list[str]) -> list[str]:
    """The first variant sure to cost less than ``fallback`` (the plain lines and the notes), else it.

    The variants and the plain lines hold the same hit texts, so the estimate errs alike on both
    (within 6 % of o200k_base on httpx): a margin of :data:`_MARGIN`, not the budget's.
    """
    raw = _tokens(fallback)
    return next((v for v in variants if _tokens(v) * _MARGIN <= raw), fallback)


def _notes(skipped: Skipped, budget_note: str) -> list[str]:
    """The closing notes: what the search skipped, and what the budget left out."""
    parts = [f"{skipped.binary} binary files"] * bool(skipped.binary) + [
        f"{skipped.long_lines} files with a line over 4 MiB"
    ] * bool(skipped.long_lines)
    return [f"[skipped: {', '.join(parts)}]"] * bool(parts) + [f"[{budget_note}]"] * bool(budget_note)


def grep_text(result: GrepResult) -> str:
    """Each pattern's hits (headed by its counts when there are several or some were left out)."""
    lines: list[str] = []
    several = len(result.patterns) + len(result.empty) > 1
    for found in result.patterns:
        more = "" if found.complete else "+"  # the search stopped at the cap: counts are lower bounds
        head = [f"{found.pattern}: {found.total}{more} hits in {found.files}{more} files"] * (
            several or bool(found.truncated)
        )
        note = [
            f"[{found.truncated}{more} more hits of {found.pattern!r} not shown: narrow the pattern, exts, "
            "ignore_dirs or root, or raise max_per_pattern (0 = all, and their count)]"
        ] * bool(found.truncated)
        variants = [head + _grouped(found.hits, scopes) + note for scopes in (True, False)]
        lines += _cheapest(variants, head + plain_lines(found.hits) + note)
    if result.empty:
        lines.append("no hits: " + ", ".join(result.empty))
    return "\n".join(lines + _notes(result.skipped, result.note)) + "\n"


def refs_text(result: RefsResult) -> str:
    """Definitions, then uses, each grouped by file; a note when some were left out."""
    if not result.refs:
        return "\n".join([f"no references to {result.symbol}", *_notes(result.skipped, result.note)]) + "\n"
    note = [
        f"[{result.truncated} more of {result.defs} defs and {result.uses} uses not shown: "
        "narrow root or exts, or raise max]"
    ] * bool(result.truncated)
    defs = [r for r in result.refs if r.kind == "def"]
    uses = [r for r in result.refs if r.kind == "use"]

    def sections(scopes: bool) -> list[str]:
        return (["defs:", *_grouped(defs, scopes)] if defs else []) + (
            ["uses:", *_grouped(uses, scopes)] if uses else []
        )

    lines = _cheapest([sections(True) + note, sections(False) + note], plain_lines(result.refs) + note)
    return "\n".join(lines + _notes(result.skipped, result.note)) + "\n"
