"""Markdown from untrusted text as safe HTML: the one renderer of the report, the static record and the app.

markdown-it (CommonMark, tables, strikethrough) renders it with raw HTML shown as text and images
left as links (an image would reach the network), then the sanitiser has the last word. A
``mermaid`` fence becomes its source, made inert (``mermaid_source``): inside
``<pre class="mermaid">`` in one page of HTML, or, split out with ``markdown_parts``, a diagram
of its own (JupyterLab draws ``text/vnd.mermaid`` outputs).
"""

from __future__ import annotations

import functools
from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from ._html import SafeHtml, sanitize_html
from ._mermaid import mermaid_source

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.renderer import RendererHTML
    from markdown_it.rules_core import StateCore
    from markdown_it.token import Token
    from markdown_it.utils import OptionsDict

MERMAID_PRE = '<pre class="mermaid">'


@dataclass(frozen=True)
class Prose:
    """A run of Markdown between diagrams, rendered."""

    html: SafeHtml
    markdown: str


@dataclass(frozen=True)
class Diagram:
    """A ``mermaid`` fence: ``source`` as shown (made inert), ``markdown`` the fence's text."""

    source: str
    markdown: str


def _is_mermaid(token: Token) -> bool:
    return token.type == "fence" and token.info.strip().split(maxsplit=1)[:1] == ["mermaid"]


def _fence(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: MutableMapping[str, Any]
) -> str:
    token = tokens[idx]
    if _is_mermaid(token):
        return f"{MERMAID_PRE}{escape(mermaid_source(token.content))}</pre>\n"
    return type(self).fence(self, tokens, idx, options, env)


CELL_LEFT = "text-align:left"
"""A table cell's alignment unless the Markdown set one: JupyterLab's and nbconvert's style sheets
right-align the cells of an HTML output, which reads badly for words (an inline style is what
both sanitisers keep)."""


def _cells_left(state: StateCore) -> None:
    for token in state.tokens:
        if token.type in ("th_open", "td_open") and not token.attrGet("style"):
            token.attrSet("style", CELL_LEFT)


@functools.cache
def _markdown() -> MarkdownIt:
    from markdown_it import MarkdownIt  # loaded on first use: the terminal never needs it

    md = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"]).disable("image")
    md.add_render_rule("fence", _fence)
    md.core.ruler.push("cells_left", _cells_left)
    return md


def markdown_html(text: str) -> SafeHtml:
    """``text`` (Markdown) as sanitised HTML; a Mermaid fence as ``<pre class="mermaid">`` and its source."""
    return sanitize_html(_markdown().render(text))


def markdown_parts(text: str) -> list[Prose | Diagram]:
    """``text`` as rendered prose and diagrams, in order: the diagrams of the top level (not those
    inside a list or a quote, which stay in the prose as ``<pre class="mermaid">``) stand alone."""
    md = _markdown()
    lines = text.splitlines(keepends=True)
    parts: list[Prose | Diagram] = []
    chunk: list[Token] = []

    def source(tokens: Sequence[Token]) -> str:
        spans = [t.map for t in tokens if t.map]
        return "".join(lines[min(s[0] for s in spans) : max(s[1] for s in spans)]) if spans else ""

    def flush() -> None:
        if chunk:
            rendered = sanitize_html(md.renderer.render(chunk, md.options, {}))
            parts.append(Prose(html=rendered, markdown=source(chunk).strip("\n")))
            chunk.clear()

    for token in md.parse(text):
        if token.level == 0 and _is_mermaid(token):
            flush()
            parts.append(Diagram(source=mermaid_source(token.content), markdown=source([token]).strip("\n")))
        else:
            chunk.append(token)
    flush()
    return parts
