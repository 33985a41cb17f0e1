"""The search core of ``grep`` and ``refs``: walk, skip binaries and giant lines, find hits, label scopes."""

from __future__ import annotations

import bisect
import functools
import io
import itertools
import os
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Collection, Generator, Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any, TextIO

import regex as _regex
from pydantic import BaseModel, Field

from . import cancel, ripgrep
from .env import env_number
from .errors import ContextError
from .langs import Language, language_for
from .outline import ScopeIndex
from .ripgrep import RgQuery
from .source import LENIENT, lenient
from .tree_cache import TREE_CACHE, CachedFile
from .walk import DEFAULT_IGNORE_DIRS, walk_paths

BINARY_PROBE = 8000  # bytes checked for a NUL, as git and grep do
MAX_LINE = 4 * 1024 * 1024
MAX_TEXT = 300  # characters of a hit's line that are returned: the match and what is around it
_BEFORE = 100  # of them, before the match on a longer line
SEARCH_LIMIT_S = 20.0  # the most one call's Python-side matching may take (SOFIA_SEARCH_LIMIT_S)
WINDOW_MIN = 16 * 1024  # a file this big is parsed only around its hits (see top_level_window)
WHOLE_HELD = 256 * 1024  # ... unless the tree cache holds it: then up to this size it is parsed whole


class Skipped(BaseModel):
    binary: int | None = Field(
        0,
        description="files skipped because they look binary (a NUL byte); null when ripgrep searched, "
        "which skips them without counting",
    )
    long_lines: int = Field(0, description="files skipped because a line with a hit is longer than 4 MiB")


@dataclass
class LineHit:
    """A match: where it is, and its line's text, worked out when first read (``refs`` finds every
    hit of a name but shows only those it returns)."""

    line: int
    col: int  # 1-based, in characters
    source: bytes = field(repr=False)  # the line, as found in the file
    width: int = 0  # the match's length in bytes

    def shown(self) -> tuple[str, str]:
        """The line without its indent (the match and what is around it, on a long line), and the
        indent (grep -rn prints it)."""
        decoded = lenient(self.source)
        text = decoded.strip()
        indent = decoded[: len(decoded) - len(decoded.lstrip())]
        return (text if len(text) <= MAX_TEXT else hit_window(decoded, self.col, self.width)), indent


@dataclass
class ScannedFile:
    """A file with hits: where it is and the lines that hold a match.

    Only the matching lines are kept: a search over a large tree may hit thousands of files, and
    only the hits a caller keeps (after sorting and capping) need a scope label.
    """

    path: str
    rel: str
    lines: list[tuple[int, bytes]]  # (1-based number, text without its line ending), in line order
    data: bytes | None = field(default=None, repr=False)  # the whole file, when the tree cache holds it
    # Where each line of ``lines`` starts in ``data``, and the matches (start, end) of the patterns
    # found over the whole file (:attr:`Pattern.joinable` ones, by ``id``): no line searched again.
    starts: list[int] = field(default_factory=list, repr=False)
    spans: dict[int, list[tuple[int, int]]] = field(default_factory=dict, repr=False)
    # The other patterns' matches, line by line, once worked out (by ``id``): a regex's lines are
    # matched once for the count and the hits, not once for each.
    _by_line: dict[int, list[tuple[int, bytes, list[tuple[int, int]]]]] = field(
        default_factory=dict, repr=False
    )

    @property
    def language(self) -> Language | None:
        """The backend that reads the file, by its extension."""
        return language_for(self.path)

    def scopes(self, lines: Collection[int]) -> ScopeIndex:
        """The file's declarations around ``lines``: a file over 16 KiB is parsed only there."""
        language = self.language
        if language is None or not lines:
            return ScopeIndex([])
        try:
            source = read_window(self.path, lines, language.name, self.data)
            if self.data is None or source is not held_text(self.data):  # a window: its own scopes
                return ScopeIndex(language.scopes(source, PurePath(self.path)))
            memo = held_memo(self.data)  # the whole file, held: its scopes are worked out once
            if (index := memo.get("scopes")) is None:
                index = memo["scopes"] = ScopeIndex(language.scopes(source, PurePath(self.path)))
            return index
        except Exception:  # a grammar that chokes must not cost the hit; the label is a bonus
            return ScopeIndex([])

    def count(self, pattern: Pattern) -> int:
        """How many times ``pattern`` matches on the file's lines."""
        if (spans := self.spans.get(id(pattern))) is not None:
            return len(spans)
        if pattern.literal is None and pattern.folded is None:
            return sum(len(found) for _, _, found in self._line_matches(pattern))
        return sum(pattern.count_in(text) for _, text in self.lines)

    def line_hits(self, pattern: Pattern, limit: int | None = None) -> list[LineHit]:
        """The file's first ``limit`` (default: all) hits for ``pattern`` in line and column order."""
        hits: list[LineHit] = []
        for number, line, found in self._matches(pattern):
            ascii_only = line.isascii()  # a byte a character: the column is the offset
            for start, end in found:
                col = start + 1 if ascii_only else len(lenient(line[:start])) + 1
                hits.append(LineHit(number, col, line, end - start))
                if limit is not None and len(hits) >= limit:
                    return hits
        return hits

    def _matches(self, pattern: Pattern) -> Iterator[tuple[int, bytes, list[tuple[int, int]]]]:
        """Each line with a match: (number, text, the matches' (start, end) in the line)."""
        spans = self.spans.get(id(pattern))
        if spans is None:
            yield from self._line_matches(pattern)
            return
        i = 0
        while i < len(spans):
            k = bisect.bisect_right(self.starts, spans[i][0]) - 1
            base, (number, line) = self.starts[k], self.lines[k]
            end = base + len(line)
            j = i
            while j < len(spans) and spans[j][0] < end:
                j += 1
            yield number, line, [(a - base, b - base) for a, b in spans[i:j]]
            i = j

    def _line_matches(self, pattern: Pattern) -> list[tuple[int, bytes, list[tuple[int, int]]]]:
        """:meth:`_matches` of a pattern searched line by line, worked out once."""
        found = self._by_line.get(id(pattern))
        if found is None:
            found = self._by_line[id(pattern)] = [
                (number, line, spans)
                for number, line in self.lines
                if (spans := [(m.start(), m.end()) for m in pattern.finditer(line)])
            ]
        return found


def hit_window(line: str, col: int, width: int) -> str:
    """A long line's :data:`MAX_TEXT` characters around the match at ``col`` (1-based), ``...`` marking
    each cut: a hit at column 30,000 shows the match, not the line's first 300 characters."""
    start = max(0, min(col - 1 - _BEFORE, len(line) - MAX_TEXT))
    piece = line[start : start + MAX_TEXT].strip()
    return ("..." if start > 0 else "") + piece + ("..." if start + MAX_TEXT < len(line) else "")


def enclosings(scanned: ScannedFile, points: dict[int, int]) -> dict[int, str]:
    """The innermost declaration around each hit, ``line: column`` (1-based; ``"method Widget.render"``,
    or ``""``).

    One parse per file, of the blocks around these lines only (the hits a caller returns, not every
    line that matched), then a walk up the tree from each hit: the cost is the blocks parsed and the
    depth of each hit, not a walk over every declaration of the file. A file the tree cache holds
    whole keeps its labels with its text: a warm server's next call with hits on the same lines
    (the same search again, ``refs`` after ``grep``) walks no tree.
    """
    language = scanned.language
    if language is None or not points:
        return dict.fromkeys(points, "")
    memo = _kept_labels(scanned, language.name)
    if memo is None:
        return _labels(scanned, language, points) or dict.fromkeys(points, "")
    missing = {line: col for line, col in points.items() if (line, col) not in memo}
    if missing:
        worked = _labels(scanned, language, missing)
        if worked is None:  # not kept: the next call tries again
            return {line: memo.get((line, col), "") for line, col in points.items()}
        memo.update(((line, missing[line]), label) for line, label in worked.items())
    return {line: memo[(line, col)] for line, col in points.items()}


def _kept_labels(scanned: ScannedFile, language: str) -> dict[tuple[int, int], str] | None:
    """The labels worked out so far in a file held whole, by ``(line, column)``; ``None`` for a file
    read from disk or parsed as a window (another window, for other lines, is another text)."""
    if scanned.data is None or (language != "vue" and len(scanned.data) > WHOLE_HELD):
        return None
    memo = held_memo(scanned.data)
    labels: dict[tuple[int, int], str] | None = memo.get("labels")
    if labels is None:
        labels = memo["labels"] = {}
    return labels


def _labels(scanned: ScannedFile, language: Language, points: dict[int, int]) -> dict[int, str] | None:
    """:func:`enclosings` worked out from the file's tree; ``None`` when its grammar chokes."""
    try:
        source = read_window(scanned.path, points, language.name, scanned.data)
        found = language.enclosing(source, PurePath(scanned.path), points)
    except Exception:  # a grammar that chokes must not cost the hit; the label is a bonus
        return None
    return {line: scope.label if (scope := found.get(line)) is not None else "" for line in points}


_BLOCK_START = re.compile(r"^(?:[^\W\d]|[$@])", re.M)
_CHUNK = 1024 * 1024  # characters of a big file read at a time


def read_window(path: str, lines: Collection[int], language: str, data: bytes | None = None) -> str:
    """What a parser needs of a file to label ``lines``: the file when small (or Vue), else its
    :func:`top_level_window`, streamed (a huge file is never held whole, and is read only up to the
    block after the last of ``lines``). ``data``: the file's bytes, when the tree cache holds them."""
    if data is not None:
        text = held_text(data)
        # Held in memory (a warm server's tree cache), a file is parsed whole, once: its tree is
        # kept for the next call, which a window (another for each set of lines) would not be.
        if language == "vue" or len(data) <= WHOLE_HELD:
            return text
        return top_level_window(_chunks(io.StringIO(text)), lines, language)
    with open(path, encoding="utf-8", errors=LENIENT) as handle:
        if language == "vue" or os.fstat(handle.fileno()).st_size <= WINDOW_MIN:
            return handle.read()
        return top_level_window(_chunks(handle), lines, language)


# The text of the files decoded last, by the identity of their bytes (a warm server's tree cache
# hands out the same object while a file is unchanged): the same ``str`` each call, so the parse
# and scope caches keyed by it find it without hashing the text again; and what was worked out
# from the text (its imports, its scopes), for the next call.
_TEXTS: OrderedDict[int, tuple[bytes, str, dict[Any, Any]]] = OrderedDict()
_TEXTS_HELD = [0]
_TEXTS_LIMIT = 32 * 1024 * 1024  # bytes of files whose text is kept
_TEXTS_LOCK = threading.Lock()


def held_text(data: bytes) -> str:
    """``data``'s :func:`lenient` text: the same ``str`` while ``data`` is held."""
    return _held(data)[1]


def held_memo(data: bytes) -> dict[Any, Any]:
    """A dict for what is derived from ``data``'s text, kept as long as the text is."""
    return _held(data)[2]


def _held(data: bytes) -> tuple[bytes, str, dict[Any, Any]]:
    with _TEXTS_LOCK:
        known = _TEXTS.get(id(data))
        if known is not None and known[0] is data:
            _TEXTS.move_to_end(id(data))
            return known
    entry: tuple[bytes, str, dict[Any, Any]] = (data, lenient(data), {})
    with _TEXTS_LOCK:
        old = _TEXTS.pop(id(data), None)  # a freed object's id, reused
        _TEXTS_HELD[0] += len(data) - (len(old[0]) if old is not None else 0)
        _TEXTS[id(data)] = entry
        while _TEXTS_HELD[0] > _TEXTS_LIMIT:
            _, (gone, _, _) = _TEXTS.popitem(last=False)
            _TEXTS_HELD[0] -= len(gone)
    return entry


def _chunks(handle: TextIO) -> Iterator[str]:
    """The file's text, about :data:`_CHUNK` characters at a time, each ending at a line end."""
    while chunk := handle.read(_CHUNK):
        yield chunk + handle.readline()


def top_level_window(chunks: Iterable[str], lines: Collection[int], language: str) -> str:
    """The text of ``chunks`` (each ending at a line end) with only its head and the top-level
    blocks holding ``lines`` kept, other lines blank.

    A top-level block runs from a line that starts with a name, ``$`` or ``@`` at column 0 (a
    declaration or statement in Python, Go, TypeScript and PHP) to the next such line. Line numbers
    and columns stay as they were (what follows the last kept block is dropped, and not read), so
    a parser reads a big file at the cost of the blocks that matter. Not for Vue (its blocks start
    with tags).
    """
    wanted = sorted(set(lines))
    last = wanted[-1] if wanted else 0
    python = language == "python"
    pieces: list[str] = []
    block: list[str] = []  # the current block's text, until it is known whether it holds a wanted line
    breaks = 0  # the current block's line ends
    keep = True  # the head (before the first block) is always kept
    number, quotes = 1, 0  # the line at the cursor; triple quotes so far (odd: inside a docstring)
    comment = False  # inside a /* ... */ comment (Go, TypeScript, PHP)
    decorated = False  # the current block has only decorators so far (Python, TypeScript)
    for chunk in chunks:
        cursor = 0
        for match in _BLOCK_START.finditer(chunk):
            offset = match.start()
            segment = chunk[cursor:offset]
            ends = segment.count("\n")
            if python:
                quotes += segment.count('"""') + segment.count("'''")
            block.append(segment)
            keep = keep or _holds(wanted, number, number + ends)
            number, breaks, cursor = number + ends, breaks + ends, offset
            if python and (quotes % 2 or _CONTINUES.match(chunk, offset)):  # in a docstring; `else:`
                continue
            if not python and (comment := _open_comment(segment, comment)):  # a /* */ comment's line
                continue
            if decorated:  # a decorator's block goes on to what it decorates
                decorated = chunk[offset] == "@"
                continue
            pieces.append("".join(block) if keep else "\n" * breaks)
            if number > last:
                return "".join(pieces)  # nothing after the last block that matters: a parser stops sooner
            block, breaks, keep = [], 0, False
            decorated = chunk[offset] == "@"
        segment = chunk[cursor:]
        ends = segment.count("\n")
        if python:
            quotes += segment.count('"""') + segment.count("'''")
        else:
            comment = _open_comment(segment, comment)
        block.append(segment)
        keep = keep or _holds(wanted, number, number + ends)
        number, breaks = number + ends, breaks + ends
    return "".join(pieces + (block if keep else []))


# A Python line at column 0 that goes on the statement above (an `if`'s `else:`, a `try`'s `except`).
_CONTINUES = re.compile(r"(?:else|elif|except|finally)\b")
_COMMENT_LINE = re.compile(r"^[ \t]*/\*", re.M)


def _open_comment(segment: str, comment: bool) -> bool:
    """Whether a ``/* ... */`` comment is still open after ``segment``, given whether one was before
    it. Only a comment that starts a line counts: a ``/*`` inside a string (``"/static/*"``) must not
    join the blocks after it. A comment missed keeps the old rule (a new block at a name at column 0)."""
    if comment:
        end = segment.find("*/")
        if end < 0:
            return True
        segment = segment[end + 2 :]
    starts = [m.end() for m in _COMMENT_LINE.finditer(segment)]
    return bool(starts) and "*/" not in segment[starts[-1] :]


def _holds(wanted: list[int], first: int, end: int) -> bool:
    """Whether one of ``wanted`` (sorted) is in ``first`` .. ``end - 1``."""
    i = bisect.bisect_left(wanted, first)
    return i < len(wanted) and wanted[i] < end


def _matching_lines(data: bytes, starts: Iterable[int]) -> tuple[list[tuple[int, bytes]], list[int]]:
    """The lines (number, text) on which one of ``starts`` (offsets in ``data``, where matches
    start) is, in line order; and where each line starts."""
    found = set(starts)
    line_starts = sorted({data.rfind(b"\n", 0, start) + 1 for start in found})
    lines: list[tuple[int, bytes]] = []
    line_no, cursor = 1, 0
    for line_start in line_starts:
        line_no += data.count(b"\n", cursor, line_start)
        cursor = line_start
        line_end = data.find(b"\n", line_start)
        lines.append((line_no, data[line_start : line_end if line_end >= 0 else len(data)].rstrip(b"\r")))
    return lines, line_starts


_PIECE = 256 * 1024
# A run of held files searched in one call into the engine (:func:`_scan_held`): small, because a
# capped search stops after the run that gave it enough hits, and what it searched past that point
# is wasted; a call into the engine costs a few microseconds, a 256 KiB run about a hundred.
_RUN = 32 * 1024


def _pieces(data: bytes) -> Iterator[tuple[int, bytes]]:
    """``data`` in pieces of about :data:`_PIECE` bytes, each ending at a line end: (offset, piece)."""
    start = 0
    while start < len(data):
        end = data.find(b"\n", start + _PIECE)
        end = len(data) if end < 0 else end + 1
        yield start, data[start:end] if start or end < len(data) else data
        start = end


def search_limit() -> float:
    """Seconds one call's matching may take: ``SOFIA_SEARCH_LIMIT_S``, default :data:`SEARCH_LIMIT_S`."""
    return env_number("SOFIA_SEARCH_LIMIT_S", SEARCH_LIMIT_S) or SEARCH_LIMIT_S


@dataclass
class Pattern:
    """A search pattern, matched with the ``regex`` module: ``matcher`` on one line, ``finder``
    (multi-line) on a whole file.

    ``regex`` and not ``re``: it releases the GIL while it matches (``concurrent=True``), so a slow
    pattern running in a tool's thread never stalls the server's loop (a ping is answered, a cancel
    heard), and it stops at a deadline: every match of one call shares :data:`SEARCH_LIMIT_S`.
    """

    matcher: Any  # regex.Pattern[bytes]
    finder: Any
    text: str  # as given, for ripgrep
    # A plain literal: ``bytes.find``/``count`` beat the regex engine at finding it; ``folded`` is
    # the lower-cased literal of a case-insensitive one (ASCII folding, as ``re`` does on bytes).
    literal: bytes | None = None
    folded: bytes | None = None
    # A literal (whole-word or not, any case) without a line end: a match never spans lines, so the
    # matches over a whole file are those of its lines, and over files joined by line ends, those
    # of each file.
    joinable: bool = False
    deadline: float = field(default_factory=lambda: time.monotonic() + search_limit())

    def _left(self) -> float:
        cancel.check()
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise ContextError(
                f"the pattern {self.text!r} took over {search_limit():g} s to match "
                "(it backtracks): simplify it, or narrow root or exts"
            )
        return left

    def finditer(self, line: bytes) -> Iterator[Any]:
        """The matches in one line, within the call's deadline."""
        return iter(self._run(lambda left: list(self.matcher.finditer(line, concurrent=True, timeout=left))))

    def starts(self, data: bytes) -> list[int]:
        """Where matches start in a whole file (see :meth:`spans`); none at once when a plain
        literal is not in it (``in`` finds it faster than the engine)."""
        if self.literal is not None and self.literal not in data:
            return []
        return [start for start, _ in self.spans(data)]

    def spans(self, data: bytes) -> list[tuple[int, int]]:
        """The matches (start, end) in a whole file, read in pieces of about :data:`_PIECE` bytes cut
        at line ends (matches never span lines), so that a cancel or the deadline is heard between them."""
        found: list[tuple[int, int]] = []
        for offset, piece in _pieces(data):
            matches = self._run(
                lambda left, piece=piece: list(self.finder.finditer(piece, concurrent=True, timeout=left))
            )
            found += [(offset + m.start(), offset + m.end()) for m in matches]
        return found

    def spans_between(self, data: bytes, start: int, end: int) -> list[tuple[int, int]]:
        """The matches (start, end) in ``data[start:end]``, which starts and ends at line ends.

        Only for a :attr:`joinable` pattern: a literal, whose search is linear in the text (it
        cannot backtrack), so it runs without the engine's ``timeout``, whose clock checks cost more
        than the search; the deadline and a cancel are checked before each run of files."""
        self._left()
        return [m.span() for m in self.finder.finditer(data, start, end, concurrent=True)]

    def _run(self, work: Any) -> Any:
        """``work(seconds left)``, after a check for a cancel; past the deadline, the call's error."""
        try:
            return work(self._left())
        except TimeoutError:
            self.deadline = 0.0
            self._left()
            raise

    def count_in(self, line: bytes) -> int:
        """Hits on one line, as :meth:`ScannedFile.line_hits` finds them."""
        if self.literal is not None:
            return line.count(self.literal)
        if self.folded is not None:
            return line.lower().count(self.folded)
        return sum(1 for _ in self.finditer(line))


@functools.lru_cache(maxsize=256)
def _compiled(body: bytes, flags: int) -> Any:
    """``regex.compile``, kept: its own cache costs more per call than a warm grep's search of a
    small tree (its key is built in Python); a compiled pattern is immutable, so it is shared."""
    return _regex.compile(body, flags)


def compile_pattern(pattern: str, *, regex: bool, word: bool, case: bool) -> Pattern:
    """A bytes pattern; ``regex.error`` for an invalid regex. Whole-word and case folding are ASCII-based."""
    body = pattern.encode() if regex else re.escape(pattern.encode())
    if word and not regex:
        # The literal first, its left edge checked behind it: the engine then scans for the literal.
        body = body + rb"(?<=(?<![A-Za-z0-9_])" + body + rb")(?![A-Za-z0-9_])"
    flags = 0 if case else _regex.IGNORECASE
    plain = not regex and not word and "\n" not in pattern and "\r" not in pattern
    return Pattern(
        matcher=_compiled(body, flags),
        finder=_compiled(body, flags | _regex.MULTILINE),
        text=pattern,
        literal=pattern.encode() if plain and case else None,
        folded=pattern.encode().lower() if plain and not case else None,
        joinable=not regex and "\n" not in pattern and "\r" not in pattern,
    )


def compile_query(texts: list[str], *, regex: bool, word: bool, case: bool) -> tuple[RgQuery, list[Pattern]]:
    """The patterns for ripgrep and for Python; ``regex.error`` for an invalid regex."""
    word = word and not regex
    patterns = [compile_pattern(t, regex=regex, word=word, case=case) for t in texts]
    return RgQuery(tuple(texts), regex=regex, word=word, case=case), patterns


def search(
    root: Path,
    query: RgQuery,
    patterns: list[Pattern],
    ignore_dirs: list[str],
    exts: frozenset[str],
    skipped: Skipped,
    *,
    ordered: bool = False,
) -> Generator[ScannedFile, None, None]:
    """The files with a line that matches any pattern, in path order (:func:`.ripgrep.path_key`);
    ``skipped`` counts what was left out as the search goes.

    A tree the :data:`.tree_cache.TREE_CACHE` holds (a warm server's, up to its size limit) is
    searched in memory: no process to start, no file read twice. Otherwise ripgrep selects the
    lines, in one walk for every pattern, when it is installed and accepts them; the Python scan
    otherwise (a look-around or a backreference). ``query`` and ``patterns`` are the same patterns,
    for rg and for Python. ``ordered``: rg walks in path order, one thread, so closing the iterator
    early (the caller has enough hits) stops the walk; otherwise rg walks in parallel and the files
    are sorted once it is done.
    """
    ignored = DEFAULT_IGNORE_DIRS | {d.rstrip("/\\") for d in ignore_dirs}
    cached = TREE_CACHE.snapshot(root, ignored, exts)
    if cached is not None:
        skipped.binary = sum(1 for f in cached if f.binary)
        yield from _scan_held(cached, patterns, skipped)
        return
    if (rg := ripgrep.rg_path()) is not None:
        skipped.binary = None  # rg skips binary files (a NUL byte) and does not say which
        found = ripgrep.matching_files(rg, root, query, ignored, exts, ordered=ordered)
        try:
            with closing(found):
                in_order = found if ordered else iter(sorted(found, key=lambda f: ripgrep.path_key(f[0])))
                for rel, lines in in_order:
                    if _has_giant_line(lines):
                        skipped.long_lines += 1
                    else:
                        yield ScannedFile(path=os.path.join(root, rel), rel=rel, lines=lines)
            return
        except ripgrep.Rejected:  # raised before any file: nothing was yielded
            skipped.binary = 0
    files = python_search(root, patterns, ignore_dirs, exts, skipped)
    yield from sorted(files, key=lambda f: ripgrep.path_key(f.rel))


def _scan_files(
    files: Iterable[tuple[str, str, bytes]], patterns: list[Pattern], skipped: Skipped
) -> Iterator[ScannedFile]:
    """The files (path, relative path, content) that hold a hit, with their matching lines."""
    for path, rel, data in files:
        # One pass of the engine per pattern: where matches start, none when the file has no match.
        starts = [start for p in patterns for start in p.starts(data)]
        if not starts:
            continue
        lines, _ = _matching_lines(data, starts)
        if _has_giant_line(lines):
            skipped.long_lines += 1
            continue
        yield ScannedFile(path=path, rel=rel, lines=lines, data=data)


def _scan_held(files: list[CachedFile], patterns: list[Pattern], skipped: Skipped) -> Iterator[ScannedFile]:
    """:func:`_scan_files` over a snapshot of the tree cache: the joinable patterns are searched
    over its files joined (:func:`_joined`), a run of files of about :data:`_RUN` bytes per call
    into the regex engine instead of two calls per file (and no more runs once the caller has
    enough); each file keeps its matches, so that no line is searched again."""
    texts = [f for f in files if not f.binary]
    joinable = [p for p in patterns if p.joinable]
    others = [p for p in patterns if not p.joinable]
    joined = _joined(files, texts) if joinable else None
    if joined is None:  # a tree too big to hold twice: file by file
        joinable, others = [], patterns
    first = 0
    while first < len(texts):
        end, size = first + 1, len(texts[first].data)
        while end < len(texts) and size < _RUN:
            size += len(texts[end].data) + 1
            end += 1
        spans: dict[int, dict[int, list[tuple[int, int]]]] = {}  # file's index -> pattern's id -> matches
        if joined is not None:
            whole, offsets = joined
            for pattern in joinable:
                lo, hi = offsets[first], offsets[end - 1] + len(texts[end - 1].data)
                for start, stop in pattern.spans_between(whole, lo, hi):
                    i = bisect.bisect_right(offsets, start, first, end) - 1
                    spans.setdefault(i, {}).setdefault(id(pattern), []).append(
                        (start - offsets[i], stop - offsets[i])
                    )
        # Without other patterns, only the files with a match are looked at.
        for i in range(first, end) if others else sorted(spans):
            held, found = texts[i], spans.get(i, {})
            # Not a search for any match first, then for all: a file with a match was read twice.
            others_start = [start for p in others for start in p.starts(held.data)]
            if not found and not others_start:
                continue
            lines, starts = _matching_lines(
                held.data, itertools.chain(others_start, (start for f in found.values() for start, _ in f))
            )
            if _has_giant_line(lines):
                skipped.long_lines += 1
                continue
            for pattern in joinable:  # searched over the joined files: known for every file
                found.setdefault(id(pattern), [])
            yield ScannedFile(
                path=held.path, rel=held.rel, lines=lines, data=held.data, starts=starts, spans=found
            )
        first = end


# The text files of the snapshots searched last, joined by line ends, and where each starts: kept
# while the snapshot (the same list while no file changed) is the tree cache's.
_JOINED: OrderedDict[int, tuple[list[CachedFile], bytes, list[int]]] = OrderedDict()
_JOINED_KEPT = 2
_JOINED_MAX = 16 * 1024 * 1024  # bytes: a bigger tree is searched file by file
_JOINED_LOCK = threading.Lock()


def _joined(files: list[CachedFile], texts: list[CachedFile]) -> tuple[bytes, list[int]] | None:
    """``texts`` (the text files of the snapshot ``files``) joined by ``\n``, and each one's offset;
    ``None`` over :data:`_JOINED_MAX` bytes."""
    with _JOINED_LOCK:
        known = _JOINED.get(id(files))
        if known is not None and known[0] is files:
            _JOINED.move_to_end(id(files))
            return known[1], known[2]
    offsets, at = [], 0
    for held in texts:
        offsets.append(at)
        at += len(held.data) + 1
    if at > _JOINED_MAX:
        return None
    joined = b"\n".join(held.data for held in texts)
    with _JOINED_LOCK:
        _JOINED[id(files)] = (files, joined, offsets)
        while len(_JOINED) > _JOINED_KEPT:
            _JOINED.popitem(last=False)
    return joined, offsets


def _has_giant_line(lines: list[tuple[int, bytes]]) -> bool:
    return any(len(text) > MAX_LINE for _, text in lines)


def python_search(
    root: Path,
    patterns: list[Pattern],
    ignore_dirs: list[str],
    exts: frozenset[str],
    skipped: Skipped,
) -> Iterator[ScannedFile]:
    """:func:`search` without ripgrep: the files in walk order, read and searched in Python."""
    prefix = len(os.path.join(str(root), ""))

    def read() -> Iterator[tuple[str, str, bytes]]:
        for path in walk_paths(str(root), ignore_dirs, exts):
            try:
                with open(path, "rb") as fh:
                    head = fh.read(BINARY_PROBE)
                    if b"\0" in head:  # a binary file: its first block is all that is read of it
                        skipped.binary = (skipped.binary or 0) + 1
                        continue
                    data = head + fh.read()
            except OSError:
                continue
            yield path, path[prefix:].replace(os.sep, "/"), data

    for scanned in _scan_files(read(), patterns, skipped):
        scanned.data = None  # not kept: the walk may cover a tree of any size
        yield scanned
