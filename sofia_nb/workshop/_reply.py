"""A model reply split into what people read and what the product records.

The model shows what it records as JSON (fenced or not) and draws diagrams as Mermaid fences.
Every face renders a reply from these parts, so none of them shows the team raw JSON: prose
is Markdown, a record is rendered as a card (its JSON one click away), a diagram is drawn.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel

from ._extract import json_spans

_FENCE = re.compile(r"^[ \t]*```[ \t]*([\w+-]*)[^\n]*\n(.*?)^[ \t]*```[ \t]*$\n?", re.M | re.S)
_BLANK_RUNS = re.compile(r"\n{3,}")
_FENCE_LINE = re.compile(r"^[ \t]*```[ \t]*([\w+-]*)", re.M)
_BARE_OBJECT = re.compile(r"^[ \t]*\{", re.M)
_RECORD_LANGS = ("", "json", "jsonc")


class ReplyPart(BaseModel):
    """One piece of a reply: Markdown prose, a recorded JSON value, or a Mermaid diagram."""

    kind: Literal["prose", "record", "diagram"]
    text: str
    """The prose's Markdown, the record's JSON as the model wrote it, the diagram's source."""
    value: Any = None
    """The parsed JSON value (records only)."""


def reply_parts(text: str) -> list[ReplyPart]:
    """The parts of ``text`` in order; prose with only whitespace is dropped."""
    parts: list[ReplyPart] = []
    index = 0
    for fence in _FENCE.finditer(text):
        parts += _prose_and_records(text[index : fence.start()])
        lang, body = fence.group(1).lower(), fence.group(2)
        if lang == "mermaid":
            parts.append(ReplyPart(kind="diagram", text=body.strip()))
        else:
            records = _records(body) if lang in ("", "json", "jsonc") else []
            parts += records or [ReplyPart(kind="prose", text=fence.group(0).strip())]
        index = fence.end()
    parts += _prose_and_records(text[index:])
    return _merged(parts)


def prose_only(text: str) -> str:
    """The reply's Markdown with its records removed and diagrams kept as Mermaid fences."""
    out = []
    for part in reply_parts(text):
        if part.kind == "prose":
            out.append(part.text)
        elif part.kind == "diagram":
            out.append(f"```mermaid\n{part.text}\n```")
    return "\n\n".join(out)


def streaming_prose(text: str) -> tuple[str, bool]:
    """What to show of a reply still being written: its prose so far (as ``prose_only``), and
    whether a record is being written at its end (a JSON fence or a bare object not closed yet)."""
    fences = list(_FENCE_LINE.finditer(text))
    if len(fences) % 2:
        opened = fences[-1]
        if opened.group(1).lower() in _RECORD_LANGS:
            return prose_only(text[: opened.start()]), True
        return prose_only(text), False
    bare = [
        m.start() for m in _BARE_OBJECT.finditer(text) if m.start() >= (fences[-1].end() if fences else 0)
    ]
    if bare and not any(start == 0 for start, _end, _value in json_spans(text[bare[-1] :].lstrip())):
        return prose_only(text[: bare[-1]]), True
    return prose_only(text), False


def _records(body: str) -> list[ReplyPart]:
    """The fence's body as records when it is nothing but JSON values, else none."""
    spans = list(json_spans(body))
    rest = "".join(body[a:b] for a, b in _gaps(spans, len(body)))
    if not spans or rest.strip():
        return []
    return [ReplyPart(kind="record", text=body[a:b], value=v) for a, b, v in spans]


def _prose_and_records(chunk: str) -> list[ReplyPart]:
    """Unfenced prose, with bare JSON objects that span a line of their own taken out as records."""
    parts: list[ReplyPart] = []
    index = 0
    for start, end, value in json_spans(chunk):
        if not isinstance(value, dict) or not _stands_alone(chunk, start, end):
            continue  # "[1] a footnote" or an inline {"a": 1} stays prose
        parts.append(ReplyPart(kind="prose", text=chunk[index:start]))
        parts.append(ReplyPart(kind="record", text=chunk[start:end], value=value))
        index = end
    parts.append(ReplyPart(kind="prose", text=chunk[index:]))
    return parts


def _stands_alone(text: str, start: int, end: int) -> bool:
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end == -1 else line_end
    return not text[line_start:start].strip() and not text[end:line_end].strip()


def _gaps(spans: list[tuple[int, int, Any]], length: int) -> list[tuple[int, int]]:
    edges = [0, *(x for a, b, _ in spans for x in (a, b)), length]
    return list(zip(edges[::2], edges[1::2], strict=True))


def _merged(parts: list[ReplyPart]) -> list[ReplyPart]:
    """Adjacent prose joined, blank runs squeezed, empty prose dropped."""
    out: list[ReplyPart] = []
    for part in parts:
        if part.kind == "prose" and out and out[-1].kind == "prose":
            out[-1] = ReplyPart(kind="prose", text=f"{out[-1].text}\n\n{part.text}")
        else:
            out.append(part)
    for i, part in enumerate(out):
        if part.kind == "prose":
            out[i] = ReplyPart(kind="prose", text=_BLANK_RUNS.sub("\n\n", part.text).strip())
    return [p for p in out if p.kind != "prose" or p.text]


_FENCE_OPEN = re.compile(r"^ {0,3}(`{3,}|~{3,})")


class ReplyBlocks:
    """A reply being written, cut into blocks as it streams: each finished block once, and the open one.

    A block ends at a blank line outside a fence, so a finished block never changes again: a face
    renders it once and appends it, and re-renders only the open block. Each line is looked at
    once, so the work of a delta is proportional to the delta (docs/notebooks.md, docs/cli.md).
    """

    def __init__(self) -> None:
        self.open = ""
        """The open block's text, as written so far (its last line may be incomplete)."""
        self._scanned = 0  # where the first line not yet looked at starts, in ``open``
        self._fence: str | None = None  # the marker of the fence the open block is inside

    def feed(self, text: str) -> list[str]:
        """Add ``text``; the blocks it finished, in order, each with its trailing blank line."""
        self.open += text
        finished: list[str] = []
        start = 0
        while (end := self.open.find("\n", self._scanned)) != -1:
            line = self.open[self._scanned : end]
            self._scanned = end + 1
            if self._fence is not None:
                if line.strip().startswith(self._fence) and not line.strip().strip(self._fence[0]):
                    self._fence = None
            elif marker := _FENCE_OPEN.match(line):
                self._fence = marker.group(1)
            elif not line.strip() and self.open[start : self._scanned].strip():
                finished.append(self.open[start : self._scanned])
                start = self._scanned
        if start:
            self.open, self._scanned = self.open[start:], self._scanned - start
        return finished
