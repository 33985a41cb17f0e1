"""``grep``: literal, whole-word or regex search over a tree, each hit labelled with its enclosing scope."""

from __future__ import annotations

import re
from collections.abc import Iterable
from contextlib import closing
from typing import Annotated

import regex
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from .._registry import ContextTool
from .._support.budget import Allowance, BudgetInput
from .._support.errors import ContextError
from .._support.hits_text import notes, scoped_lines
from .._support.roots import resolve_folder
from .._support.scan import Pattern, ScannedFile, Skipped, compile_query, enclosings, search
from .._support.walk import normalize_exts


class GrepInput(BudgetInput):
    model_config = ConfigDict(extra="forbid")

    patterns: list[Annotated[str, Field(min_length=1)]] = Field(
        min_length=1, description="What to search for (non-empty); each pattern is reported apart"
    )
    root: str = Field(".", description="Folder to search (default: the working directory / first root)")
    regex: bool = Field(False, description="Treat patterns as Python regular expressions (turns `word` off)")
    word: bool = Field(False, description="Whole words only (literal patterns)")
    case: bool = Field(True, description="Case-sensitive")
    exts: list[str] = Field(
        default_factory=list, description="Only these file extensions (`py`, `.ts`); empty means every file"
    )
    ignore_dirs: list[str] = Field(
        default_factory=list,
        description="Folder names to skip besides vendor, node_modules, .git, dist, build, ...",
    )
    max_per_pattern: int = Field(
        30, ge=0, description="Hits returned per pattern (0 = all); `truncated` counts the rest"
    )


class GrepHit(BaseModel):
    file: str = Field(description="path relative to root, with / separators")
    line: int
    col: int = Field(description="1-based column, in characters")
    enclosing: str = Field(
        "", description="innermost declaration around the hit, e.g. `method Widget.render`"
    )
    text: str = Field(
        description="the line, trimmed; a line over 300 characters: the 300 around the match, cuts marked ..."
    )


class GrepPattern(BaseModel):
    pattern: str
    files: int = Field(description="files with a hit (a lower bound when not complete)")
    total: int = Field(description="hits found (a lower bound when not complete)")
    hits: list[GrepHit]
    truncated: int = Field(0, description="hits found but not returned (max_per_pattern or the budget)")
    complete: bool = Field(
        True,
        description="false when the search stopped once max_per_pattern hits and one more were found "
        "for every pattern: files, total and truncated are then lower bounds (max_per_pattern 0 counts all)",
    )
    over_cap: int = Field(
        0,
        description="of truncated, the hits over max_per_pattern (the rest the budget left out, which "
        "the result's note counts)",
    )
    # What each hit's text was trimmed of, in order: grep -rn's line, the text's bound. Beside the
    # hits, not in each: a private attribute costs every hit made a third of its making.
    _indents: list[str] = PrivateAttr(default_factory=list)


class GrepResult(BaseModel):
    root: str
    patterns: list[GrepPattern] = Field(description="patterns with hits, in the order asked")
    empty: list[str] = Field(default_factory=list, description="patterns without a hit")
    skipped: Skipped = Field(default_factory=Skipped)
    note: str = Field("", description="what the budget left out, and how to get it (empty when nothing)")


def run(request: GrepInput) -> GrepResult:
    """Search ``root`` for every pattern; hits sorted by file and line, capped per pattern and held,
    as a whole, to the call's budget."""
    root = resolve_folder(request.root)
    try:
        query, compiled = compile_query(
            request.patterns, regex=request.regex, word=request.word, case=request.case
        )
    except (re.error, regex.error) as exc:
        raise ContextError(f"invalid pattern: {exc}") from None
    skipped, cap = Skipped(), request.max_per_pattern
    files = search(
        root, query, compiled, request.ignore_dirs, normalize_exts(request.exts), skipped, ordered=cap > 0
    )
    with closing(files):
        counted, totals, complete = _count(files, compiled, cap)
    result = GrepResult(root=str(root), patterns=[], skipped=skipped)
    skeleton = [result.model_dump(mode="json"), request.patterns, [_NOTE_ROOM] * (len(request.patterns) + 1)]
    allowance = Allowance(request.budget, skeleton)
    dropped = 0  # hits under the cap that the budget left out
    for pattern, compiled_pattern, found, total in zip(
        request.patterns, compiled, counted, totals, strict=True
    ):
        if not found:
            result.empty.append(pattern)
            continue
        kept, indents = _kept_hits(found, compiled_pattern, cap, allowance)
        dropped += (min(total, cap) if cap else total) - len(kept)
        entry = GrepPattern(
            pattern=pattern,
            files=len(found),
            total=total,
            hits=kept,
            truncated=total - len(kept),
            complete=complete,
            over_cap=max(0, total - cap) if cap else 0,
        )
        entry._indents = indents
        result.patterns.append(entry)
    if dropped:
        result.note = (
            f"{dropped} hits left out by the {request.budget}-token budget: "
            "narrow the pattern, exts, ignore_dirs or root, or raise budget"
        )
    return result


def _count(
    files: Iterable[ScannedFile], patterns: list[Pattern], cap: int
) -> tuple[list[list[ScannedFile]], list[int], bool]:
    """Per pattern, the files with hits and the hits' count; and whether every file was seen.

    With a cap, the search stops once every pattern has one hit more than it (so that "more
    exist" is known): the counts are then lower bounds.
    """
    counted: list[list[ScannedFile]] = [[] for _ in patterns]
    totals = [0] * len(patterns)
    for scanned in files:
        for i, pattern in enumerate(patterns):
            if n := scanned.count(pattern):
                counted[i].append(scanned)
                totals[i] += n
        if cap and min(totals) > cap:
            return counted, totals, False
    return counted, totals, True


# Held for each pattern's counts and for the note, as a sample of their size.
_NOTE_ROOM = {"files": 100, "total": 1000, "hits": [], "truncated": 1000, "over_cap": 1000, "note": "x" * 130}


def _kept_hits(
    files: list[ScannedFile], pattern: Pattern, cap: int, allowance: Allowance
) -> tuple[list[GrepHit], list[str]]:
    """The first ``cap`` (0 = all) hits that fit the budget, and what each one's text was trimmed
    of; scopes worked out for those alone."""
    kept: list[GrepHit] = []
    indents: list[str] = []
    for scanned in files:
        room = cap - len(kept) if cap else None
        if room == 0 or allowance.full:
            break
        hits = scanned.line_hits(pattern, room)
        labels = enclosings(scanned, {h.line: h.col for h in reversed(hits)})
        for h in hits:
            text, indent = h.shown()
            hit = GrepHit(file=scanned.rel, line=h.line, col=h.col, enclosing=labels[h.line], text=text)
            if not allowance.take(hit):
                break
            kept.append(hit)
            indents.append(indent)
    return kept, indents


def grep_text(result: GrepResult) -> str:
    """Each pattern's hits, headed by its counts when several patterns were asked; a note when some
    were left out."""
    lines: list[str] = []
    several = len(result.patterns) + len(result.empty) > 1
    for found in result.patterns:
        more = "" if found.complete else "+"  # the search stopped at the cap: counts are lower bounds
        head = [f"{found.pattern}: {found.total}{more} hits in {found.files}{more} files"] * several
        counts = "" if several else f" ({found.total}{more} in {found.files}{more} files)"
        # Short: the hits it stands beside are what grep -rn would print, and the schema says what
        # max_per_pattern is (0 = all).
        note = [f"[{found.over_cap}{more} more hits over max_per_pattern{counts}]"] * bool(found.over_cap)
        lines += scoped_lines(found.hits, head, note, found._indents)
    if result.empty:
        lines.append("no hits: " + ", ".join(result.empty))
    return "\n".join(lines + notes(result.skipped, result.note, found=bool(result.patterns))) + "\n"


TOOLS = (
    ContextTool(
        name="grep",
        description="Search a folder for literal strings, whole words or regular expressions; every hit "
        "comes "
        "with file, line, column and its enclosing function/class (Python, Go, TypeScript, Vue, PHP). "
        "Skips vendor, node_modules, .git, dist, build and binary files. Cheaper than grep -rn.",
        input_model=GrepInput,
        result_model=GrepResult,
        func=run,
        cli_path=("grep",),
        text=grep_text,
        more="narrow the pattern, exts, ignore_dirs or root, or lower max_per_pattern",
        positional="patterns",
    ),
)
