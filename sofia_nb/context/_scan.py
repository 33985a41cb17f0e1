"""The search core of ``grep`` and ``refs``: walk, skip binaries and giant lines, find hits, label scopes."""

from __future__ import annotations

import bisect
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePath

from pydantic import BaseModel, Field

from . import _ripgrep
from ._langs import language_for
from ._outline import ScopeIndex
from ._ripgrep import RgQuery
from ._walk import DEFAULT_IGNORE_DIRS, walk_paths

BINARY_PROBE = 8000  # bytes checked for a NUL, as git and grep do
MAX_LINE = 4 * 1024 * 1024
MAX_TEXT = 300  # characters of a hit's line that are returned
WINDOW_MIN = 16 * 1024  # a file this big is parsed only around its hits (see top_level_window)


class Skipped(BaseModel):
    binary: int | None = Field(
        0,
        description="files skipped because they look binary (a NUL byte); null when ripgrep searched, "
        "which skips them without counting",
    )
    long_lines: int = Field(0, description="files skipped because a line with a hit is longer than 4 MiB")


@dataclass
class LineHit:
    line: int
    col: int  # 1-based, in characters
    text: str


@dataclass
class ScannedFile:
    """A file with hits: where it is, the lines that hold a match and, read on first use, its scopes.

    Only the matching lines are kept: a search over a large tree may hit thousands of files, and
    only the hits a caller keeps (after sorting and capping) need a scope label.
    """

    path: str
    rel: str
    lines: list[tuple[int, bytes]]  # (1-based number, text without its line ending), in line order
    _scopes: ScopeIndex | None = field(default=None, repr=False)

    @property
    def scopes(self) -> ScopeIndex:
        """The file's declarations, parsed on first use (only files with hits pay for it)."""
        if self._scopes is None:
            language = language_for(PurePath(self.path))
            try:
                source = Path(self.path).read_text(encoding="utf-8", errors="replace") if language else ""
                if language is not None and language.name != "vue" and len(source) > WINDOW_MIN:
                    source = top_level_window(source, [n for n, _ in self.lines], language.name)
                found = language.scopes(source, PurePath(self.path)) if language else []
            except Exception:  # a grammar that chokes must not cost the hit; the label is a bonus
                found = []
            self._scopes = ScopeIndex(found)
        return self._scopes

    def count(self, pattern: Pattern) -> int:
        """How many times ``pattern`` matches on the file's lines."""
        return sum(pattern.count_in(text) for _, text in self.lines)

    def line_hits(self, pattern: Pattern, limit: int | None = None) -> list[LineHit]:
        """The file's first ``limit`` (default: all) hits for ``pattern`` in line and column order."""
        hits: list[LineHit] = []
        for number, line in self.lines:
            found = pattern.matcher.finditer(line)
            first = next(found, None)
            if first is None:
                continue
            text = line.decode("utf-8", "replace").strip()[:MAX_TEXT]
            for match in (first, *found):
                col = len(line[: match.start()].decode("utf-8", "replace")) + 1
                hits.append(LineHit(line=number, col=col, text=text))
                if limit is not None and len(hits) >= limit:
                    return hits
        return hits

    def enclosing(self, line: int) -> str:
        """The innermost declaration around ``line`` (``"method Widget.render"``), or ``""``."""
        scope = self.scopes.enclosing(line)
        return scope.label if scope is not None else ""


_BLOCK_START = re.compile(r"^(?:[^\W\d]|[$@])", re.M)


def top_level_window(source: str, lines: Iterable[int], language: str) -> str:
    """``source`` with only its head and the top-level blocks holding ``lines`` kept, other lines blank.

    A top-level block runs from a line that starts with a name, ``$`` or ``@`` at column 0 (a
    declaration or statement in Python, Go, TypeScript and PHP) to the next such line. Line numbers
    and columns stay as they were (what follows the last kept block is dropped), so a parser reads
    a big file at the cost of the blocks that matter. Not for Vue (its blocks start with tags).
    """
    offsets, numbers = [], []  # block starts: offset, 1-based line number
    number, cursor, quotes = 1, 0, 0
    python = language == "python" and ('"""' in source or "'''" in source)
    for match in _BLOCK_START.finditer(source):
        offset = match.start()
        number += source.count("\n", cursor, offset)
        if python:  # a docstring's text may start at column 0: an odd count is inside one
            quotes += source.count('"""', cursor, offset) + source.count("'''", cursor, offset)
        cursor = offset
        if quotes % 2 == 0:
            offsets.append(offset)
            numbers.append(number)
    if not offsets:
        return source
    offsets.append(len(source))
    wanted = sorted({i for line in lines if (i := bisect.bisect_right(numbers, line) - 1) >= 0})
    pieces, cursor = [source[: offsets[0]]], offsets[0]
    for i in wanted:
        pieces += ["\n" * source.count("\n", cursor, offsets[i]), source[offsets[i] : offsets[i + 1]]]
        cursor = offsets[i + 1]
    return "".join(pieces)  # nothing after the last block that matters: a parser stops sooner


def _matching_lines(data: bytes, finders: list[re.Pattern[bytes]]) -> list[tuple[int, bytes]]:
    """The lines (number, text) on which any of ``finders`` starts a match, in line order."""
    starts = sorted({data.rfind(b"\n", 0, m.start()) + 1 for f in finders for m in f.finditer(data)})
    lines: list[tuple[int, bytes]] = []
    line_no, cursor = 1, 0
    for line_start in starts:
        line_no += data.count(b"\n", cursor, line_start)
        cursor = line_start
        line_end = data.find(b"\n", line_start)
        lines.append((line_no, data[line_start : line_end if line_end >= 0 else len(data)].rstrip(b"\r")))
    return lines


@dataclass(frozen=True)
class Pattern:
    """A search pattern: ``matcher`` runs on one line, ``finder`` (multi-line) on a whole file."""

    matcher: re.Pattern[bytes]
    finder: re.Pattern[bytes]
    text: str  # as given, for ripgrep
    # A plain literal: ``bytes.find``/``count`` beat the regex engine at finding it; ``folded`` is
    # the lower-cased literal of a case-insensitive one (ASCII folding, as ``re`` does on bytes).
    literal: bytes | None = None
    folded: bytes | None = None

    def occurs_in(self, data: bytes) -> bool:
        return self.literal in data if self.literal is not None else self.finder.search(data) is not None

    def count_in(self, line: bytes) -> int:
        """Hits on one line, as :meth:`ScannedFile.line_hits` finds them."""
        if self.literal is not None:
            return line.count(self.literal)
        if self.folded is not None:
            return line.lower().count(self.folded)
        return len(self.matcher.findall(line))


def compile_pattern(pattern: str, *, regex: bool, word: bool, case: bool) -> Pattern:
    """A bytes pattern; ``re.error`` for an invalid regex. Whole-word and case folding are ASCII-based."""
    body = pattern.encode() if regex else re.escape(pattern.encode())
    if word and not regex:
        # The literal first, its left edge checked behind it: re then scans for the literal at C speed.
        body = body + rb"(?<=(?<![A-Za-z0-9_])" + body + rb")(?![A-Za-z0-9_])"
    flags = 0 if case else re.IGNORECASE
    plain = not regex and not word and "\n" not in pattern and "\r" not in pattern
    return Pattern(
        matcher=re.compile(body, flags),
        finder=re.compile(body, flags | re.MULTILINE),
        text=pattern,
        literal=pattern.encode() if plain and case else None,
        folded=pattern.encode().lower() if plain and not case else None,
    )


def compile_query(texts: list[str], *, regex: bool, word: bool, case: bool) -> tuple[RgQuery, list[Pattern]]:
    """The patterns for ripgrep and for Python ``re``; ``re.error`` for an invalid regex."""
    word = word and not regex
    patterns = [compile_pattern(t, regex=regex, word=word, case=case) for t in texts]
    return RgQuery(tuple(texts), regex=regex, word=word, case=case), patterns


def search(
    root: Path, query: RgQuery, patterns: list[Pattern], ignore_dirs: list[str], exts: frozenset[str]
) -> tuple[list[ScannedFile], Skipped]:
    """The files with a line that matches any pattern, sorted by path, and what was skipped.

    ripgrep selects the lines, in one walk for every pattern, when it is installed and accepts
    them; the Python scan otherwise (a look-around or a backreference). ``query`` and ``patterns``
    are the same patterns, for rg and for Python ``re``.
    """
    lines = None
    if (rg := _ripgrep.rg_path()) is not None:
        lines = _ripgrep.matching_lines(rg, root, query, DEFAULT_IGNORE_DIRS | set(ignore_dirs), exts)
    if lines is None:
        skipped = Skipped()
        found = sorted(python_search(root, patterns, ignore_dirs, exts, skipped), key=lambda f: f.rel)
        return found, skipped
    skipped = Skipped(binary=None)  # rg skips binary files (a NUL byte) and does not say which
    files = []
    for rel in sorted(lines):
        hits = sorted(lines[rel])
        if _has_giant_line(hits):
            skipped.long_lines += 1
        else:
            files.append(ScannedFile(path=os.path.join(root, rel), rel=rel, lines=hits))
    return files, skipped


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
        finders = [p.finder for p in patterns if p.occurs_in(data)]
        if not finders:
            continue
        lines = _matching_lines(data, finders)
        if _has_giant_line(lines):
            skipped.long_lines += 1
            continue
        yield ScannedFile(path=path, rel=path[prefix:].replace(os.sep, "/"), lines=lines)
