"""``code``'s run: each file read once, answered as its entry, deduplicated, held to the budget."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..._support.budget import cost
from ..._support.errors import ContextError
from ..._support.langs import Language
from ..._support.source import HEAD_BYTES, Source, read_source
from ._dedup import DedupLog, open_session_log
from ._entries import (
    base_entry,
    head_note,
    page_entry,
    raw_entry,
    slice_entry,
    stub_entry,
    summary_entry,
    with_encoding,
)
from ._files import expand, language_of, one_file
from ._fit import fit, page_note
from ._models import CodeFile, CodeInput, CodeResult
from ._text import code_text, display_path, entry_text


def _dedup_key(path: Path, source: Source, request: CodeInput) -> str:
    options = request.model_dump(exclude={"files", "force"})
    digest = hashlib.sha256(source.text.encode()).hexdigest()
    material = json.dumps([str(path), digest, source.size, options], sort_keys=True)
    return hashlib.sha256(material.encode()).hexdigest()[:32]


def entry_for(path: Path, source: Source, language: Language, request: CodeInput) -> CodeFile:
    if request.lines:
        return page_entry(path, source, language, request.lines, request.cols)
    if request.symbols:
        if not source.complete:
            raise ContextError(
                f"{display_path(str(path))}: {head_note(source)}; symbol slices need the whole file "
                "parsed - find the symbol's line with grep and read it with lines=START-END"
            )
        return slice_entry(path, source, language, request.symbols)
    if not source.complete:  # its first page: parsing even the head would cost more than the answer
        entry = raw_entry(base_entry(path, source, language, "summary"), source, head_note(source))
        entry.truncated = page_note(entry, entry.note)
        return entry
    return summary_entry(path, source, language, request)


def run(request: CodeInput) -> CodeResult:
    """Summaries (or slices, or a page of lines) of the requested files, in input order, within budget."""
    if request.lines and request.symbols:
        raise ContextError("ask for either `symbols` or `lines`, not both")
    if request.cols and not request.lines:
        raise ContextError("`cols` reads a part of the lines asked with `lines`: give both")
    if request.lines:
        paths = one_file(request, "reading lines")
    elif request.symbols:
        paths = one_file(request, "slicing symbols")
    else:
        paths = expand(request.files)
    log: DedupLog | None = open_session_log()
    entries: list[CodeFile] = []
    left_out: list[str] = []
    left = request.budget
    for path in paths:
        if request.budget and entries and left < _ROOM_MIN:  # the rest are named, not cut to nothing
            left_out.append(str(path))
            continue
        language = language_of(path)
        # A huge file's head: as much as the budget left can show (about 4 bytes a token, and spare).
        source = read_source(path, left * 6 if request.budget else HEAD_BYTES)
        key = _dedup_key(path, source, request) if log is not None else ""
        age = log.age(key) if log is not None and not request.force else None
        if age is not None:  # already sent: the stub is all, so the file is not summarised again
            entry = stub_entry(path, source, language, age)
        else:
            entry = with_encoding(entry_for(path, source, language, request), source)
            if log is not None:
                log.record(key)
        if request.budget:
            entry = fit(entry, max(left, 1))
            left -= cost(entry_text(entry, header=True))
        entries.append(entry)
    result = CodeResult(files=entries, tokens=0, raw_tokens=0, left_out=left_out)
    # The note naming what was left out costs too: the last files yield to it.
    while request.budget and left_out and len(result.files) > 1 and cost(code_text(result)) > request.budget:
        result.left_out.insert(0, result.files.pop().file)
    result.tokens = sum(e.tokens for e in result.files)
    result.raw_tokens = sum(e.raw_tokens for e in result.files)
    return result


_ROOM_MIN = 150  # tokens: less budget left than this shows no file usefully; the rest are named
