"""One file's entry in a ``code`` answer: its summary, slices, a page of lines, the raw file or a stub."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from ..._support.budget import cheaper
from ..._support.env import env_number
from ..._support.errors import ContextError
from ..._support.lang_php import api_surface
from ..._support.langs import PHP, Language
from ..._support.outline import CodeSymbol, Scope
from ..._support.source import MAX_WHOLE, Source, read_lines
from ..._support.tokens import estimate_tokens
from ._models import CodeFile, CodeInput, CodeSlice
from ._text import entry_tokens

DEFAULT_RAW_BELOW = 8192


def raw_below() -> int:
    """``SOFIA_CODE_RAW_BELOW`` (bytes; 0 turns raw passthrough off; junk or negative means 8192)."""
    return env_number("SOFIA_CODE_RAW_BELOW", DEFAULT_RAW_BELOW)


def _size_label(size: int) -> str:
    return f"{size // 1024}K" if size % 1024 == 0 else f"{size / 1024:.1f}K"


def base_entry(
    path: Path, source: Source, language: Language, mode: Literal["summary", "slice", "unchanged"]
) -> CodeFile:
    """The fields every entry for ``path`` carries; ``tokens`` is filled in once the entry is complete."""
    head_tokens = estimate_tokens(source.text, language.name)
    return CodeFile(
        file=str(path),
        lang=language.name,
        mode=mode,
        size=source.size,
        lines=source.lines,
        tokens=0,
        # A huge file's tokens are extrapolated from its head: it is never read whole.
        raw_tokens=head_tokens
        if source.complete
        else head_tokens * source.size // max(len(source.text.encode()), 1),
    )


def raw_entry(entry: CodeFile, source: Source, note: str) -> CodeFile:
    raw = CodeFile(
        file=entry.file,
        lang=entry.lang,
        mode="raw",
        note=note,
        size=entry.size,
        lines=entry.lines,
        tokens=0,
        raw_tokens=entry.raw_tokens,
        content=source.text,
    )
    raw.tokens = estimate_tokens(source.text, entry.lang)
    return raw


def head_note(source: Source) -> str:
    """What a file over the read limit gets instead of a summary, and how to read the rest."""
    return (
        f"{source.size / 1e6:.1f} MB (~{source.lines} lines), over the {MAX_WHOLE // (1024 * 1024)} MiB "
        "limit for summaries and slices: not read whole"
    )


def summary_entry(path: Path, source: Source, language: Language, request: CodeInput) -> CodeFile:
    base = base_entry(path, source, language, "summary")
    size = base.size
    threshold = raw_below()
    if not request.api and threshold and size < threshold:
        return raw_entry(
            base,
            source,
            f"{_size_label(size)} < {_size_label(threshold)}: the whole file is cheaper than its structure",
        )
    try:
        outline = language.outline(source.text, request.brief, path)
    except (ContextError, SyntaxError, ValueError, RecursionError) as exc:
        return raw_entry(base, source, f"could not be summarised ({exc}); the file as it is")
    symbols = outline.symbols
    notes = list(outline.notes)
    if request.api and language is PHP:
        methods, api_notes = api_surface(path, source.text)
        symbols = [
            s for s in symbols if s.kind in ("class", "interface", "trait", "enum", "function")
        ] + methods
        notes.extend(api_notes)
    if request.exported or request.api:
        symbols = [s for s in symbols if s.exported]
    symbols = _folded(symbols)
    entry = base.model_copy(
        update={
            "package": outline.package,
            "imports": outline.imports,
            "symbols": symbols,
            "vue": outline.vue,
            "note": "; ".join(notes),
        }
    )
    entry.tokens = entry_tokens(entry)
    if not cheaper(entry.tokens, base.raw_tokens) and not request.api:
        return raw_entry(base, source, f"the summary (~{entry.tokens} tokens) would cost as much as the file")
    return entry


def _folded(symbols: list[CodeSymbol]) -> list[CodeSymbol]:
    """Identical symbols once, counted: five Go ``var _ Handler = (*T)(nil)`` read ``var _ Handler (x5)``."""
    counts: dict[tuple[str, str, str, str, bool], int] = {}
    for symbol in symbols:
        key = (symbol.kind, symbol.name, symbol.signature, symbol.detail, symbol.exported)
        counts[key] = counts.get(key, 0) + 1
    if len(counts) == len(symbols):
        return symbols
    folded = []
    for symbol in symbols:
        key = (symbol.kind, symbol.name, symbol.signature, symbol.detail, symbol.exported)
        n = counts.pop(key, 0)
        if n:
            detail = f"{symbol.detail} (x{n})".strip() if n > 1 else symbol.detail
            folded.append(symbol.model_copy(update={"detail": detail}))
    return folded


def _matches(scope: Scope, wanted: str) -> bool:
    """``Class.method``, ``Class::method`` or a bare name; ``const B, C`` answers to each of its names."""
    wanted = wanted.replace("::", ".")
    owner, _, last = scope.name.rpartition(".")
    names = last.split(", ")
    return scope.name == wanted or wanted in names or any(f"{owner}.{n}" == wanted for n in names if owner)


def slice_entry(path: Path, source: Source, language: Language, symbols: list[str]) -> CodeFile:
    base = base_entry(path, source, language, "slice")
    try:
        scopes = language.definitions(source.text, path)
    except (ContextError, SyntaxError, ValueError) as exc:
        return raw_entry(base, source, f"could not be parsed for slicing ({exc}); the file as it is")
    lines = source.text.split("\n")
    sent: set[tuple[int, int]] = set()  # `send` and `Client.send` may name the same scope: sent once
    for wanted in symbols:
        hits = [s for s in scopes if _matches(s, wanted)]
        if not hits:
            base.missing.append(wanted)
        for scope in hits:
            if (scope.first, scope.end) in sent:
                continue
            sent.add((scope.first, scope.end))
            base.slices.append(
                CodeSlice(
                    symbol=wanted,
                    kind=scope.kind,
                    name=scope.name,
                    start_line=scope.first,
                    end_line=scope.end,
                    text="\n".join(lines[scope.first - 1 : scope.end]),
                )
            )
    if base.missing:
        available = sorted({s.name for s in scopes})
        base.note = f"not found: {', '.join(base.missing)}; available: {', '.join(available[:40])}" + (
            ", ..." if len(available) > 40 else ""
        )
    base.tokens = entry_tokens(base)
    if base.tokens > base.raw_tokens:
        return raw_entry(base, source, "the slices would cost more than the whole file")
    return base


def _span(value: str, what: str) -> tuple[int, int]:
    first, _, last = value.partition("-")
    start, end = int(first), int(last or 0)
    if start < 1 or (end and end < start):
        raise ContextError(f"{what}={value}: give START-END with 1 <= START <= END (or START- for the rest)")
    return start, end


def page_entry(path: Path, source: Source, language: Language, span: str, cols: str = "") -> CodeFile:
    """``lines=START-END``: those lines verbatim, streamed from the file (a page of a huge one too);
    ``cols=A-B``: only those characters of each (a line longer than the budget, a piece at a time)."""
    start, end = _span(span, "lines")
    text = read_lines(path, start, end, source.encoding)
    if cols:
        first, last = _span(cols, "cols")
        text = [line[first - 1 : last or None] for line in text]
    entry = base_entry(path, source, language, "slice")
    entry.slices.append(
        CodeSlice(
            symbol=span if not cols else f"{span} cols={cols}",
            kind="lines",
            name="",
            start_line=start,
            end_line=start + len(text) - 1,
            text="\n".join(text),
        )
    )
    if not text:
        entry.note = f"the file has {source.lines} lines: nothing at lines={span}"
        entry.missing.append(span)
    entry.tokens = entry_tokens(entry)
    return entry


def stub_entry(path: Path, source: Source, language: Language, age: float) -> CodeFile:
    ago = f"{round(age)}s" if age < 60 else f"{round(age / 60)}m"
    stub = base_entry(path, source, language, "unchanged")
    stub.note = (
        f"already returned {ago} ago in this session and unchanged since; pass force=true to get it again"
    )
    stub.tokens = entry_tokens(stub)
    return stub


def with_encoding(entry: CodeFile, source: Source) -> CodeFile:
    """The entry, saying how the file was decoded when it was not UTF-8."""
    if source.encoding_note and entry.mode != "unchanged":
        entry.note = "; ".join(n for n in (source.encoding_note, entry.note) if n)
        entry.tokens = entry_tokens(entry)
    return entry
