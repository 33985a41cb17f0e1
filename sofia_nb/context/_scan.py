"""The search core of ``grep`` and ``refs``: walk, skip binaries and giant lines, find hits, label scopes."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
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


class Skipped(BaseModel):
    binary: int = Field(0, description="files skipped because they look binary (a NUL byte near the start)")
    long_lines: int = Field(0, description="files skipped because a line is longer than 4 MiB")


@dataclass
class LineHit:
    line: int
    col: int  # 1-based, in characters
    text: str


@dataclass
class ScannedFile:
    """A file with hits: where it is and, read again on first use, its scopes.

    The bytes are not kept: a search over a large tree may hit thousands of files, and only the
    hits a caller keeps (after sorting and capping) need a scope label.
    """

    path: str
    rel: str
    _scopes: ScopeIndex | None = field(default=None, repr=False)

    @property
    def scopes(self) -> ScopeIndex:
        """The file's declarations, parsed on first use (only files with hits pay for it)."""
        if self._scopes is None:
            language = language_for(PurePath(self.path))
            try:
                source = Path(self.path).read_text(encoding="utf-8", errors="replace") if language else ""
                found = language.scopes(source, PurePath(self.path)) if language else []
            except Exception:  # a grammar that chokes must not cost the hit; the label is a bonus
                found = []
            self._scopes = ScopeIndex(found)
        return self._scopes

    def line_hits(self, pattern: Pattern) -> list[LineHit]:
        """The file's hits for ``pattern`` in line and column order (the file is read again)."""
        try:
            data = Path(self.path).read_bytes()
        except OSError:
            return []
        return _line_hits(data, pattern.finder, pattern.matcher)

    def enclosing(self, line: int) -> str:
        """The innermost declaration around ``line`` (``"method Widget.render"``), or ``""``."""
        scope = self.scopes.enclosing(line)
        return scope.label if scope is not None else ""


def _has_giant_line(data: bytes) -> bool:
    if len(data) <= MAX_LINE:
        return False
    start = 0
    while start < len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        if end - start > MAX_LINE:
            return True
        start = end + 1
    return False


def _line_hits(data: bytes, finder: re.Pattern[bytes], line_matcher: re.Pattern[bytes]) -> list[LineHit]:
    """Every match on every line that has one; columns are 1-based characters."""
    hits: list[LineHit] = []
    line_no, cursor, last_start = 1, 0, -1
    for match in finder.finditer(data):
        line_start = data.rfind(b"\n", 0, match.start()) + 1
        if line_start == last_start:
            continue
        line_no += data.count(b"\n", cursor, line_start)
        cursor, last_start = line_start, line_start
        line_end = data.find(b"\n", line_start)
        line = data[line_start : line_end if line_end >= 0 else len(data)].rstrip(b"\r")
        text = line.decode("utf-8", "replace")
        for in_line in line_matcher.finditer(line):
            col = len(line[: in_line.start()].decode("utf-8", "replace")) + 1
            hits.append(LineHit(line=line_no, col=col, text=text.strip()[:MAX_TEXT]))
    return hits


@dataclass(frozen=True)
class Pattern:
    """A search pattern: ``matcher`` runs on one line, ``finder`` (multi-line) on a whole file."""

    matcher: re.Pattern[bytes]
    finder: re.Pattern[bytes]
    # Whole-file matches are exactly the per-line hits (a literal without a newline), so they can be
    # counted at C speed; a regex may match across lines, so its hits are counted line by line.
    countable: bool
    # A plain case-sensitive literal: ``bytes.find``/``count`` beat the regex engine at finding it.
    literal: bytes | None = None
    query: RgQuery | None = None  # the pattern as given, for ripgrep

    def occurs_in(self, data: bytes) -> bool:
        return self.literal in data if self.literal is not None else self.finder.search(data) is not None

    def count_in(self, data: bytes) -> int:
        """Hits in a whole file, counted per line as :func:`_line_hits` does."""
        if self.literal is not None:
            return data.count(self.literal)
        if self.countable:
            return len(self.finder.findall(data))
        return len(_line_hits(data, self.finder, self.matcher))


def compile_pattern(pattern: str, *, regex: bool, word: bool, case: bool) -> Pattern:
    """A bytes pattern; ``re.error`` for an invalid regex. Whole-word and case folding are ASCII-based."""
    body = pattern.encode() if regex else re.escape(pattern.encode())
    if word and not regex:
        body = rb"(?<![A-Za-z0-9_])" + body + rb"(?![A-Za-z0-9_])"
    flags = 0 if case else re.IGNORECASE
    plain = not regex and not word and case and "\n" not in pattern and "\r" not in pattern
    return Pattern(
        matcher=re.compile(body, flags),
        finder=re.compile(body, flags | re.MULTILINE),
        countable=not regex and "\n" not in pattern and "\r" not in pattern,
        literal=pattern.encode() if plain else None,
        query=RgQuery(pattern, regex=regex, word=word, case=case),
    )


def search(
    root: Path,
    patterns: list[Pattern],
    ignore_dirs: list[str],
    exts: frozenset[str],
    skipped: Skipped,
) -> Iterator[tuple[ScannedFile, dict[int, int]]]:
    """For each file with hits: the file and its number of hits by pattern index.

    ripgrep finds and counts them when it is installed and accepts every pattern; the Python scan
    otherwise (a look-around or a backreference). The hits themselves come from
    :meth:`ScannedFile.line_hits`, so a caller that returns only the first few pays for those only.
    """
    queries = [p.query for p in patterns]
    counted = None
    if (rg := _ripgrep.rg_path()) is not None and all(q is not None for q in queries):
        ignored = DEFAULT_IGNORE_DIRS | set(ignore_dirs)
        counted = _ripgrep.count_matches(rg, root, [q for q in queries if q], ignored, exts)
    if counted is None:
        yield from python_search(root, patterns, ignore_dirs, exts, skipped)
        return
    by_file: dict[str, dict[int, int]] = {}
    for i, counts in enumerate(counted):
        for rel, n in counts.items():
            by_file.setdefault(rel, {})[i] = n
    for rel in sorted(by_file):
        path = os.path.join(root, rel)
        # rg reads every file as text (--text); the same skips as the Python scan, on hit files only.
        if _skip_reason(path, skipped):
            continue
        yield ScannedFile(path=path, rel=rel), by_file[rel]


def _skip_reason(path: str, skipped: Skipped) -> bool:
    try:
        with open(path, "rb") as fh:
            if b"\0" in fh.read(BINARY_PROBE):
                skipped.binary += 1
                return True
            if os.fstat(fh.fileno()).st_size > MAX_LINE:
                fh.seek(0)
                if _has_giant_line(fh.read()):
                    skipped.long_lines += 1
                    return True
    except OSError:
        return True
    return False


def python_search(
    root: Path,
    patterns: list[Pattern],
    ignore_dirs: list[str],
    exts: frozenset[str],
    skipped: Skipped,
) -> Iterator[tuple[ScannedFile, dict[int, int]]]:
    """:func:`search` without ripgrep: the files in walk order, read and counted in Python."""
    prefix = len(os.path.join(str(root), ""))
    for path in walk_paths(str(root), ignore_dirs, exts):
        try:
            with open(path, "rb") as fh:
                head = fh.read(BINARY_PROBE)
                if b"\0" in head:  # a binary file: its first block is all that is read of it
                    skipped.binary += 1
                    continue
                data = head + fh.read()
        except OSError:
            continue
        matching = [i for i, p in enumerate(patterns) if p.occurs_in(data)]
        if not matching:
            continue
        if _has_giant_line(data):
            skipped.long_lines += 1
            continue
        counts = {i: n for i in matching if (n := patterns[i].count_in(data))}
        if counts:
            yield ScannedFile(path=path, rel=path[prefix:].replace(os.sep, "/")), counts
