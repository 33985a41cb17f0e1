"""Reading a source file without ever holding a huge one whole: the head, a line range, a line count.

A file up to :data:`MAX_WHOLE` bytes is read whole. A bigger one (a generated parser, a bundled
vendor file) is read only as far as an answer needs: the head that fits the answer's budget, or
the lines asked for a page. Its line count is estimated from that head: counting the lines of a
20 MB file would cost more than the whole answer may take.
"""

from __future__ import annotations

import codecs
import itertools
import re
from dataclasses import dataclass
from pathlib import Path

from .errors import ContextError

MAX_WHOLE = 2 * 1024 * 1024
HEAD_BYTES = 256 * 1024  # the most of a huge file's head ever read (when the budget is unlimited)


@dataclass(frozen=True)
class Source:
    """What was read of a file: all of it (``complete``) or its head, cut at a line boundary."""

    text: str
    size: int  # bytes of the whole file
    complete: bool
    lines: int  # lines of the whole file (estimated from the head when not complete)
    encoding: str = "utf-8"
    guessed: bool = False  # not UTF-8, no BOM, no coding line: the encoding was detected

    @property
    def encoding_note(self) -> str:
        """What the answer says about a file that was not UTF-8 (empty for UTF-8)."""
        if self.encoding in ("utf-8", "ascii"):
            return ""
        return f"read as {self.encoding}" + (
            " (guessed: not UTF-8, no BOM or coding line)" if self.guessed else ""
        )


LENIENT = "sofia-cp1252"  # the codec error handler :func:`lenient` decodes with


def _as_cp1252(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return error.object[error.start : error.end].decode("cp1252", "replace"), error.end


codecs.register_error(LENIENT, _as_cp1252)


def lenient(data: bytes) -> str:
    """``data`` as UTF-8, each byte that is not UTF-8 read as Windows-1252 (a Latin-1 file's
    ``Société``, never U+FFFD): how the search tools read a file whose encoding they do not work
    out, so the names in scope labels and hits are those ``code`` slices. Pass :data:`LENIENT` as
    ``errors`` to read a stream so."""
    return data.decode("utf-8", LENIENT)


_BOMS = ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))
# PEP 263: a comment on line 1 or 2 naming the encoding (`# -*- coding: latin-1 -*-`).
_CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
_WESTERN = re.compile(r"[\u00c0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e]")


def decode(raw: bytes, python: bool = False) -> tuple[str, str, bool]:
    """``raw`` as text: (text, encoding, guessed). A BOM first, then (Python) a PEP 263 coding line,
    then UTF-8; else the encoding ``charset-normalizer`` detects, Windows-1252 preferred when
    every non-ASCII character it gives is a Western European letter (short source files give the
    detector little to go on, and Latin-2 guesses turn ``crème`` into ``crčme``)."""
    for bom, encoding in _BOMS:
        if raw.startswith(bom):
            return raw.decode(encoding, "replace"), encoding.removesuffix("-sig"), False
    if python:
        for line in raw.split(b"\n", 2)[:2]:
            declared = _CODING.match(line)
            if declared:
                try:
                    return raw.decode(declared[1].decode(), "replace"), declared[1].decode().lower(), False
                except LookupError:
                    break
    try:
        return raw.decode("utf-8"), "utf-8", False
    except UnicodeDecodeError:
        pass
    return _detect(raw)


def _detect(raw: bytes) -> tuple[str, str, bool]:
    try:
        western = raw.decode("cp1252")
    except UnicodeDecodeError:
        western = ""
    wide = [ch for ch in western if ord(ch) > 127]
    if wide and all(_WESTERN.match(ch) for ch in wide):
        return western, "cp1252", True
    try:
        import charset_normalizer
    except ImportError:  # the context extra brings it; without it, Latin-1 reads every byte
        return raw.decode("latin-1"), "latin-1", True
    best = charset_normalizer.from_bytes(raw).best()
    if best is None:
        return raw.decode("utf-8", "replace"), "utf-8", True
    return str(best), best.encoding, True


def _head_cut(text: str) -> str:
    """``text`` up to its last line that starts a top-level statement, so a parser sees whole ones."""
    cut = len(text)
    while (cut := text.rfind("\n", 0, cut)) > 0:
        following = text[cut + 1 : cut + 2]
        if following and not following.isspace() and following not in ")]}":
            return text[: cut + 1]
    return text[: text.rfind("\n") + 1] or text


def read_source(path: Path, head_bytes: int = HEAD_BYTES) -> Source:
    """The file whole when it is at most :data:`MAX_WHOLE` bytes, else its first ``head_bytes``;
    decoded as :func:`decode` finds (line ends kept as they are)."""
    try:
        size = path.stat().st_size
        if size <= MAX_WHOLE:
            text, encoding, guessed = decode(path.read_bytes(), python=path.suffix.lower() in (".py", ".pyi"))
            if "\r" in text:  # universal newlines, as reading in text mode gives
                text = text.replace("\r\n", "\n").replace("\r", "\n")
            lines = text.count("\n") + (not text.endswith("\n") and text != "")
            return Source(text, size, True, lines, encoding, guessed)
        with path.open("rb") as handle:
            raw = handle.read(min(head_bytes, HEAD_BYTES))
        head = _head_cut(lenient(raw))
        return Source(head, size, False, round(size * head.count("\n") / max(len(head.encode()), 1)))
    except OSError as exc:
        raise ContextError(f"{path}: cannot be read ({exc.strerror})") from None


def read_lines(path: Path, start: int, end: int, encoding: str = "utf-8") -> list[str]:
    """Lines ``start``..``end`` (1-based, inclusive; 0 = to the end), streamed: the rest is never held."""
    try:
        with path.open(encoding=encoding, errors=LENIENT, newline="") as handle:
            picked = itertools.islice(handle, start - 1, None if end == 0 else end)
            return [line.rstrip("\r\n") for line in picked]
    except OSError as exc:
        raise ContextError(f"{path}: cannot be read ({exc.strerror})") from None
