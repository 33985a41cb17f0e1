"""Reading a source file without ever holding a huge one whole: the head, a line range, a line count.

A file up to :data:`MAX_WHOLE` bytes is read whole. A bigger one (a generated parser, a bundled
vendor file) is read only as far as an answer needs: the head that fits the answer's budget, or
the lines asked for a page. Its line count is estimated from that head: counting the lines of a
20 MB file would cost more than the whole answer may take.
"""

from __future__ import annotations

import itertools
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


def _head_cut(text: str) -> str:
    """``text`` up to its last line that starts a top-level statement, so a parser sees whole ones."""
    cut = len(text)
    while (cut := text.rfind("\n", 0, cut)) > 0:
        following = text[cut + 1 : cut + 2]
        if following and not following.isspace() and following not in ")]}":
            return text[: cut + 1]
    return text[: text.rfind("\n") + 1] or text


def read_source(path: Path, head_bytes: int = HEAD_BYTES) -> Source:
    """The file whole when it is at most :data:`MAX_WHOLE` bytes, else its first ``head_bytes``."""
    try:
        size = path.stat().st_size
        if size <= MAX_WHOLE:
            text = path.read_text(encoding="utf-8", errors="replace")
            return Source(text, size, True, text.count("\n") + (not text.endswith("\n") and text != ""))
        with path.open("rb") as handle:
            raw = handle.read(min(head_bytes, HEAD_BYTES))
        head = _head_cut(raw.decode("utf-8", errors="replace"))
        return Source(head, size, False, round(size * head.count("\n") / max(len(head.encode()), 1)))
    except OSError as exc:
        raise ContextError(f"{path}: cannot be read ({exc.strerror})") from None


def read_lines(path: Path, start: int, end: int) -> list[str]:
    """Lines ``start``..``end`` (1-based, inclusive; 0 = to the end), streamed: the rest is never held."""
    try:
        with path.open(encoding="utf-8", errors="replace", newline="") as handle:
            picked = itertools.islice(handle, start - 1, None if end == 0 else end)
            return [line.rstrip("\r\n") for line in picked]
    except OSError as exc:
        raise ContextError(f"{path}: cannot be read ({exc.strerror})") from None
