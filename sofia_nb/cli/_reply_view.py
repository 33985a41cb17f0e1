"""A model reply as the terminal shows it: Markdown prose, each record as a readable panel, each
Mermaid diagram as its source in a panel. Never raw JSON (``workshop.reply_parts`` splits them)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from markdown_it import MarkdownIt
from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from ..redact import redact_text
from ..session import (
    Cell,
    Code,
    Facts,
    Items,
    MermaidDiagram,
    Paragraph,
    Part,
    Section,
    Table,
    Typed,
    WorkshopSession,
    plain,
    record_names,
)
from ..workshop import BlockView, block_view, prose_only, reply_parts

_FENCE_LINE = re.compile(r"^[ \t]*```", re.M)


@dataclass
class Records:
    """What a reply's records are read against: the session before the reply (the engine records
    a reply after the terminal shows it), moved on by each block (a reply's second block reads
    what its first recorded)."""

    session: WorkshopSession = field(default_factory=WorkshopSession)


def reply_view(text: str, records: Records | None = None) -> list[RenderableType]:
    """The renderables of a reply (or of its next finished piece), in the reply's order."""
    context = records if records is not None else Records()
    out: list[RenderableType] = []
    for part in reply_parts(redact_text(text)):
        if part.kind == "prose":
            out.append(_markdown(part.text))
        elif part.kind == "diagram":
            out.append(diagram_panel(part.text))
        else:
            view = block_view(context.session, part.value)
            out.append(record_panel(part.value, view))
            context.session = view.after if view is not None else context.session
    return out


def streaming_view(text: str) -> RenderableType:
    """What a reply shows while it streams: its complete lines as Markdown, without records, and
    nothing of a fence still open (a half-written JSON block or a ``**`` not closed yet)."""
    complete = redact_text(text[: text.rfind("\n") + 1])  # whole lines: a token is never cut here
    fences = list(_FENCE_LINE.finditer(complete))
    if len(fences) % 2:
        complete = complete[: fences[-1].start()]
    return _markdown(prose_only(complete))


class _TextMarkdown(Markdown):
    """rich's Markdown with raw HTML kept as text (rich would drop it unseen), and a link's target
    shown beside its text (no terminal hyperlink whose target is hidden)."""

    def __init__(self, markup: str) -> None:
        super().__init__(markup, hyperlinks=False)
        parser = MarkdownIt("commonmark", {"html": False}).enable("strikethrough").enable("table")
        self.parsed = parser.parse(markup)


def _markdown(text: str) -> Markdown:
    return _TextMarkdown(text)


def _panel(body: RenderableType, title: str, *, expand: bool = True) -> Panel:
    """The one way to a panel here: rich reads a ``str`` title as markup, so it gets a ``Text``."""
    return Panel(body, title=Text(title), title_align="left", expand=expand)


def diagram_panel(source: str) -> Panel:
    kind = source.split(maxsplit=1)[0] if source.strip() else "diagram"
    return _panel(Text(source), f"diagram: {kind} (Mermaid)", expand=False)


def record_panel(value: Any, view: BlockView | None) -> Panel:
    """One recorded block as a panel titled by what it sent: the sections of its phase's record
    that it changed, with the labels and order of the export (``session._sections``), what it
    removed and what could not be recorded; ``key: value`` lines for a block that is no record.
    A title the panel's title says is not said again."""
    if view is None:
        return _unknown_record(value)
    heads = [s.title for s in view.sections if s.level <= 2]
    titles = [plain(t) for t in heads] or record_names(value) or [view.phase.title]
    body = sections_view(view.sections, untitled=heads[0] if len(heads) == 1 else None)
    body += sections_view(view.notes)
    return _panel(Group(*(body or [Text("Nothing changed.", style="dim")])), " · ".join(titles))


def sections_view(sections: list[Section], untitled: str | Typed | None = None) -> list[RenderableType]:
    """Record sections as terminal renderables: each title in bold (a phase's section
    underlined, but not ``untitled``'s), then its parts; every value as text, never markup."""
    out: list[RenderableType] = []
    for section in sections:
        if section.level > 2 or section.title != untitled:
            out.append(_cell(section.title, "bold underline" if section.level <= 2 else "bold"))
        out += [_part_view(part) for part in section.parts]
    return out


def _cell(value: Cell | Typed, style: str = "") -> Text:
    if isinstance(value, Code):
        return Text(value.text, style="cyan")
    return Text(" ".join(plain(value).split()), style=style)


def _part_view(part: Part) -> RenderableType:
    match part:
        case Paragraph(Typed() as typed):
            return _cell(typed)
        case Paragraph(str() as text):
            return _markdown(text)
        case Facts(pairs):
            return Group(*(Text.assemble((f"{label}: ", "bold"), _cell(value)) for label, value in pairs))
        case Items(items, numbered, label):
            lines = RichTable.grid(padding=(0, 1))  # a long item wraps under its own text
            for n, item in enumerate(items, 1):
                lines.add_row(f"{n}." if numbered else "•", _cell(item))
            return Group(*([Text(label, style="bold")] if label else []), lines)
        case Table(columns, rows):
            table = _table(*columns)
            for row in rows:
                table.add_row(*(_cell(v) for v in row))
            return table
        case MermaidDiagram(source):
            return diagram_panel(source)
    raise TypeError(f"not a part: {part!r}")


def _unknown_record(value: Any) -> Panel:
    """A block that is no phase's record: one ``key: value`` line per entry, as words."""
    if not isinstance(value, dict):
        return _panel(Text(_short(value)), "record")
    lines = [Text.assemble((f"{k.replace('_', ' ')}: ", "bold"), _short(v)) for k, v in value.items()]
    return _panel(Group(*lines), " · ".join(k.replace("_", " ").capitalize() for k in value))


# --- helpers ----------------------------------------------------------------------------------


def _table(*columns: str) -> RichTable:
    table = RichTable(show_edge=False, pad_edge=False, expand=False)
    for column in columns:
        table.add_column(column, overflow="fold")
    return table


def _short(value: Any) -> str:
    """A value as words: lists joined by commas, objects as ``key: value`` pairs, no JSON braces."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_short(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k.replace('_', ' ')}: {_short(v)}" for k, v in value.items())
    return str(value)
