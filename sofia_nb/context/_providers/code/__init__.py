"""``code``: structural summaries of source files (no bodies), or slices of named symbols.

Compact-or-raw: a file under ``SOFIA_CODE_RAW_BELOW`` bytes (default 8192) comes back raw, and so
does any file whose summary would cost more tokens than the file itself. A file already returned
in this session within ``SOFIA_DEDUP_WINDOW`` seconds, unchanged, comes back as a short stub.
Every answer fits the call's ``budget``; a file over :data:`..._support.source.MAX_WHOLE` bytes is never
read whole (its head is summarised, and ``lines`` pages through it).
"""

from __future__ import annotations

import glob
import hashlib
import json
from pathlib import Path
from typing import Literal

from ..._registry import ContextTool
from ..._support.budget import cheaper, cost
from ..._support.env import env_number
from ..._support.errors import ContextError
from ..._support.lang_php import api_surface
from ..._support.langs import BY_SUFFIX, PHP, Language, language_for
from ..._support.outline import Scope
from ..._support.roots import resolve_path
from ..._support.source import HEAD_BYTES, MAX_WHOLE, Source, read_lines, read_source
from ..._support.tokens import estimate_tokens
from ..._support.walk import walk_files
from ._dedup import DedupLog, open_session_log
from ._fit import fit, page_note
from ._models import CodeFile, CodeInput, CodeResult, CodeSlice
from ._text import code_text, display_path, entry_text, entry_tokens

MAX_FILES = 250
DEFAULT_RAW_BELOW = 8192


def raw_below() -> int:
    """``SOFIA_CODE_RAW_BELOW`` (bytes; 0 turns raw passthrough off; junk or negative means 8192)."""
    return env_number("SOFIA_CODE_RAW_BELOW", DEFAULT_RAW_BELOW)


def _size_label(size: int) -> str:
    return f"{size // 1024}K" if size % 1024 == 0 else f"{size / 1024:.1f}K"


def _is_binary(path: Path) -> bool:
    """A NUL byte in the first 8 KiB, as git and grep decide: such a file is no source, whatever its name."""
    try:
        with path.open("rb") as handle:
            return b"\0" in handle.read(8192)
    except OSError:
        return False


def _expand(inputs: list[str]) -> list[Path]:
    """Inputs to absolute, real files: folders walked, globs expanded, order kept, duplicates dropped."""
    supported = frozenset(BY_SUFFIX)
    found: dict[Path, None] = {}
    for item in inputs:
        path = resolve_path(item)
        if path.is_dir():
            matched = [f for f in walk_files(path, exts=supported) if not _is_binary(f)]
            if not matched:
                raise ContextError(
                    f"{item}: no supported source files ({', '.join(sorted(supported))}) in this folder"
                )
        elif path.exists():
            if not path.is_file():  # opening a FIFO would wait for a writer that never comes
                raise ContextError(f"{item}: not a regular file (a FIFO, socket or device), not source code")
            if _is_binary(path):
                raise ContextError(f"{item}: a binary file (it holds NUL bytes), not source code")
            matched = [path]
        elif glob.has_magic(item):
            base = resolve_path(None)
            matched = []
            for hit in sorted(glob.glob(item, root_dir=base, recursive=True)):
                if (base / hit).is_symlink():  # as folder walks do: a link may lead out of the roots
                    continue
                real = resolve_path(base / hit)
                matched.extend(
                    f
                    for f in (
                        walk_files(real, exts=supported)
                        if real.is_dir()
                        else [real]
                        if real.suffix.lower() in supported and real.is_file()
                        else []
                    )
                    if not _is_binary(f)
                )
            if not matched:
                raise ContextError(f"{item}: the pattern matched no supported source files")
        else:
            raise ContextError(f"{item}: no such file or folder")
        for file in matched:
            found.setdefault(file, None)
            if len(found) > MAX_FILES:
                raise ContextError(
                    f"more than {MAX_FILES} files matched - too many for one call; "
                    "narrow the paths or ask for fewer folders"
                )
    return list(found)


def _language(path: Path) -> Language:
    language = language_for(path)
    if language is None:
        raise ContextError(
            f"{path.name}: code reads Python, Go, TypeScript/JavaScript, Vue and PHP files "
            f"({', '.join(sorted(BY_SUFFIX))})"
        )
    return language


def _base(
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


def _raw(entry: CodeFile, source: Source, note: str) -> CodeFile:
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


def _head_note(source: Source) -> str:
    """What a file over the read limit gets instead of a summary, and how to read the rest."""
    return (
        f"{source.size / 1e6:.1f} MB (~{source.lines} lines), over the {MAX_WHOLE // (1024 * 1024)} MiB "
        "limit for summaries and slices: not read whole"
    )


def _summary(path: Path, source: Source, language: Language, request: CodeInput) -> CodeFile:
    base = _base(path, source, language, "summary")
    size = base.size
    threshold = raw_below()
    if not request.api and threshold and size < threshold:
        return _raw(
            base,
            source,
            f"{_size_label(size)} < {_size_label(threshold)}: the whole file is cheaper than its structure",
        )
    try:
        outline = language.outline(source.text, request.brief, path)
    except (ContextError, SyntaxError, ValueError, RecursionError) as exc:
        return _raw(base, source, f"could not be summarised ({exc}); here is the whole file")
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
        return _raw(base, source, f"the summary (~{entry.tokens} tokens) would cost as much as the file")
    return entry


def _matches(scope: Scope, wanted: str) -> bool:
    """``Class.method``, ``Class::method`` or a bare name; ``const B, C`` answers to each of its names."""
    wanted = wanted.replace("::", ".")
    owner, _, last = scope.name.rpartition(".")
    names = last.split(", ")
    return scope.name == wanted or wanted in names or any(f"{owner}.{n}" == wanted for n in names if owner)


def _slices(path: Path, source: Source, language: Language, symbols: list[str]) -> CodeFile:
    base = _base(path, source, language, "slice")
    try:
        scopes = language.definitions(source.text, path)
    except (ContextError, SyntaxError, ValueError) as exc:
        return _raw(base, source, f"could not be parsed for slicing ({exc}); here is the whole file")
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
        return _raw(base, source, "the slices would cost more than the whole file")
    return base


def _page(path: Path, source: Source, language: Language, span: str) -> CodeFile:
    """``lines=START-END``: those lines verbatim, streamed from the file (a page of a huge one too)."""
    first, _, last = span.partition("-")
    start, end = int(first), int(last or 0)
    if start < 1 or (end and end < start):
        raise ContextError(f"lines={span}: give START-END with 1 <= START <= END (or START- for the rest)")
    text = read_lines(path, start, end)
    entry = _base(path, source, language, "slice")
    entry.slices.append(
        CodeSlice(
            symbol=span,
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


def _dedup_key(path: Path, source: Source, request: CodeInput) -> str:
    options = request.model_dump(exclude={"files", "force"})
    digest = hashlib.sha256(source.text.encode()).hexdigest()
    material = json.dumps([str(path), digest, source.size, options], sort_keys=True)
    return hashlib.sha256(material.encode()).hexdigest()[:32]


def _stub(path: Path, source: Source, language: Language, age: float) -> CodeFile:
    ago = f"{round(age)}s" if age < 60 else f"{round(age / 60)}m"
    stub = _base(path, source, language, "unchanged")
    stub.note = (
        f"already returned {ago} ago in this session and unchanged since; pass force=true to get it again"
    )
    stub.tokens = entry_tokens(stub)
    return stub


def _one_file(request: CodeInput, what: str) -> list[Path]:
    if len(request.files) != 1:
        raise ContextError(f"{what} needs exactly one file in `files`")
    path = resolve_path(request.files[0])
    if path.exists() and not path.is_dir() and not path.is_file():
        raise ContextError(
            f"{request.files[0]}: not a regular file (a FIFO, socket or device), not source code"
        )
    if not path.is_file():
        raise ContextError(f"{request.files[0]}: {what} needs one existing file")
    if _is_binary(path):
        raise ContextError(f"{request.files[0]}: a binary file (it holds NUL bytes), not source code")
    return [path]


def _entry(path: Path, source: Source, language: Language, request: CodeInput) -> CodeFile:
    if request.lines:
        return _page(path, source, language, request.lines)
    if request.symbols:
        if not source.complete:
            raise ContextError(
                f"{display_path(str(path))}: {_head_note(source)}; symbol slices need the whole file "
                "parsed - find the symbol's line with grep and read it with lines=START-END"
            )
        return _slices(path, source, language, request.symbols)
    if not source.complete:  # its first page: parsing even the head would cost more than the answer
        entry = _raw(_base(path, source, language, "summary"), source, _head_note(source))
        entry.truncated = page_note(entry, entry.note)
        return entry
    return _summary(path, source, language, request)


def run(request: CodeInput) -> CodeResult:
    """Summaries (or slices, or a page of lines) of the requested files, in input order, within budget."""
    if request.lines and request.symbols:
        raise ContextError("ask for either `symbols` or `lines`, not both")
    if request.lines:
        paths = _one_file(request, "reading lines")
    elif request.symbols:
        paths = _one_file(request, "slicing symbols")
    else:
        paths = _expand(request.files)
    log: DedupLog | None = open_session_log()
    entries = []
    left = request.budget
    for path in paths:
        language = _language(path)
        # A huge file's head: as much as the budget left can show (about 4 bytes a token, and spare).
        source = read_source(path, left * 6 if request.budget else HEAD_BYTES)
        key = _dedup_key(path, source, request) if log is not None else ""
        age = log.age(key) if log is not None and not request.force else None
        if age is not None:  # already sent: the stub is all, so the file is not summarised again
            entry = _stub(path, source, language, age)
        else:
            entry = _entry(path, source, language, request)
            if log is not None:
                log.record(key)
        if request.budget:
            entry = fit(entry, max(left, 1))
            left -= cost(entry_text(entry, header=True))
        entries.append(entry)
    return CodeResult(
        files=entries, tokens=sum(e.tokens for e in entries), raw_tokens=sum(e.raw_tokens for e in entries)
    )


TOOLS = (
    ContextTool(
        name="code",
        description="Structural summary of source files without bodies (Python, Go, TypeScript/JavaScript, "
        "Vue, "
        "PHP): imports, types, functions and signatures; or, with `symbols`, the source of just those "
        "symbols. Small files and files whose summary would not be smaller come back whole. Use it "
        "instead of reading whole files.",
        input_model=CodeInput,
        result_model=CodeResult,
        func=run,
        cli_path=("code",),
        positional="files",
        text=code_text,
        more="ask for one file, `symbols` to slice, or `lines=START-END` for a page",
    ),
)
