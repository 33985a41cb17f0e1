"""What the team sees of a recorded result: readable blocks, the raw JSON one click away.

A block is Markdown (tables, lists, Mermaid fences), a PNG (the feasibility × value chart) or
HTML the product wrote itself (the "details" of a record, notices). Markdown is untrusted text
(model replies, tool and search results) and reaches the page only through ``inert``: sanitised
HTML, and each diagram a ``text/vnd.mermaid`` output with its source made inert, which JupyterLab
draws (nbconvert too). The static record turns the same blocks into one piece of HTML.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from dataclasses import dataclass
from typing import Any, Literal

from ..inert import Diagram, Prose, SafeHtml, markdown_html, markdown_parts
from ..session import (
    Phase,
    WorkshopSession,
    diagram_svg,
    draw_diagrams,
    phase_results_markdown,
    sections_markdown,
)
from ..workshop import ReplyPart, block_view

_HEADING = re.compile(r"^(#{1,4}) ", re.M)
_FENCE_LINE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
SVG_MIME = "image/svg+xml"
MERMAID_MIME = "text/vnd.mermaid"
"""JupyterLab (4.1 and newer) draws outputs of this type with Mermaid; nbconvert's page does too."""


def _diagram_prefix(text: str) -> str:
    """Ids for a block's SVGs, unique on a page that shows many blocks (their styles are scoped by id)."""
    return f"sofia-diagram-{hashlib.sha256(text.encode()).hexdigest()[:12]}"


@dataclass(frozen=True)
class Shown:
    """One output of a block: its MIME bundle (sanitised HTML, an inert diagram source)."""

    data: dict[str, str]

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        return self.data


def _shown(part: Prose | Diagram) -> Shown:
    if isinstance(part, Diagram):
        # the SVG too (drawn here, offline): what nbconvert's HTML and any viewer without Mermaid show
        svg = diagram_svg(part.source, _diagram_prefix(part.source))
        return Shown(
            {MERMAID_MIME: part.source, **({SVG_MIME: svg} if svg else {}), "text/plain": part.markdown}
        )
    return Shown({"text/html": part.html, "text/plain": part.markdown})


@dataclass(frozen=True)
class Block:
    """One piece of a message or a result, shown the same way live and in the static record."""

    kind: Literal["markdown", "png", "html"]
    text: str = ""
    """The Markdown (untrusted text welcome: it is shown only through ``inert``), or the
    product's own ``SafeHtml`` (made by ``html_block``, the one way to a block of HTML)."""
    png: bytes = b""

    def display_objects(self) -> list[Any]:
        """The IPython objects a live output shows, in order: prose as sanitised HTML, each
        top-level Mermaid diagram on its own (JupyterLab draws it), the PNG."""
        from IPython.display import HTML, Image

        if self.kind == "png":
            return [Image(data=self.png, format="png")]
        if self.kind == "html":
            return [HTML(self.text)]
        return [_shown(part) for part in markdown_parts(self.text)]

    def html(self) -> SafeHtml:
        """The block as static HTML: Mermaid stays its source in ``<pre class="mermaid">``, offline."""
        if self.kind == "png":
            data = base64.b64encode(self.png).decode("ascii")
            return SafeHtml(f'<img alt="feasibility × value chart" src="data:image/png;base64,{data}">')
        if self.kind == "markdown":  # diagrams drawn as inline SVG where mermaidx can (the ui extra)
            drawn, _ = draw_diagrams(markdown_html(self.text), _diagram_prefix(self.text))
            return SafeHtml(drawn)
        return SafeHtml(self.text)


class Blocks:
    """Blocks as a cell's outputs: ``display(Blocks(...))``, or a cell's last value."""

    def __init__(self, blocks: list[Block]) -> None:
        self.blocks = blocks

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(*(shown for block in self.blocks for shown in block.display_objects()))


def html_block(markup: SafeHtml) -> Block:
    """A block of the product's own HTML (every value in it escaped where it was written)."""
    return Block(kind="html", text=markup)


def markdown(text: str) -> Block:
    return Block(kind="markdown", text=text)


def details_block(raw: str) -> Block:
    """The record's JSON as the model wrote it, folded away for the facilitator."""
    body = f"<summary>details</summary><pre>{html.escape(raw)}</pre>"
    return html_block(SafeHtml(f'<details class="sofia-nb-details">{body}</details>'))


def phase_blocks(session: WorkshopSession, phase: Phase) -> list[Block]:
    """A phase's results as blocks: its Markdown sections (Design's matrix among them, drawn as SVG)."""
    text = phase_results_markdown(session, phase)
    return [markdown(_demoted(text))] if text else []


@dataclass
class RecordsRead:
    """What a reply's records are read against: the session before the reply, moved on by each
    block (a reply's second block reads what its first recorded), as the terminal reads them."""

    session: WorkshopSession


def record_blocks(part: ReplyPart, context: RecordsRead) -> list[Block]:
    """A recorded JSON value as the card of what it changed, then its details.

    The value is read as the engine reads it, a patch of the phase's record, applied to a copy of
    ``context.session`` (which then moves on to the session with it): the card shows the sections
    of the record that changed, with the labels of the export (``block_view``, as the terminal's
    panel), what it removed and what could not be recorded — not the whole record again.
    """
    view = block_view(context.session, part.value)
    if view is None:
        return [markdown("_Recorded data._"), details_block(part.text)]
    context.session = view.after
    text = "\n".join(sections_markdown(view.sections + view.notes)).strip()
    card = markdown(_demoted(text)) if text else markdown("_Nothing new for the record._")
    return [card, details_block(part.text)]


def _demoted(text: str) -> str:
    """Headings two levels down (``##`` → ``####``), so a card reads as part of a message; code untouched."""
    out, fence = [], ""
    for line in text.splitlines():
        opened = _FENCE_LINE.match(line)
        if opened and (not fence or opened.group(1).startswith(fence)):
            fence = "" if fence else opened.group(1)[0] * 3
        elif not fence:
            line = _HEADING.sub(lambda m: "#" * min(6, len(m.group(1)) + 2) + " ", line)
        out.append(line)
    return "\n".join(out)
