"""A model reply as the terminal shows it: Markdown prose, each record as a readable panel, each
Mermaid diagram as its source in a panel. Never raw JSON (``workshop.reply_parts`` splits them)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from markdown_it import MarkdownIt
from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..redact import redact_text
from ..session import split_mermaid
from ..workshop import REMOVED, prose_only, reply_parts

_FENCE_LINE = re.compile(r"^[ \t]*```", re.M)


def reply_view(text: str) -> list[RenderableType]:
    """The renderables of a whole reply, in the reply's order."""
    out: list[RenderableType] = []
    for part in reply_parts(redact_text(text)):
        if part.kind == "prose":
            out.append(_markdown(part.text))
        elif part.kind == "diagram":
            out.append(diagram_panel(part.text))
        else:
            out.append(record_panel(part.value))
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


def record_panel(value: Any) -> Panel:
    """One recorded block as a panel: a section per known key, compact lines for any other."""
    if not isinstance(value, dict):
        return _panel(Text(_short(value)), "record")
    sections: list[RenderableType] = []
    titles: list[str] = []
    for key, item in value.items():
        title, render = _SECTIONS.get(key, (key.replace("_", " ").capitalize(), _generic))
        titles.append(title)
        sections.extend(render(item))
    return _panel(Group(*sections), " · ".join(titles))


# --- one section per record the workshop phases produce -------------------------------------


def _session_name(value: Any) -> list[RenderableType]:
    return [Text.assemble(("Session: ", "bold"), _short(value))]


def _business_context(value: Any) -> list[RenderableType]:
    if not isinstance(value, dict):
        return _generic(value)
    description = value.get("description")
    out: list[RenderableType] = [Text(_short(description))] if description else []
    for key, label in (
        ("challenges", "Challenges"),
        ("constraints", "Constraints"),
        ("success_metrics", "Success metrics"),
    ):
        out += _bullets(label, value.get(key))
    return out


def _topic(value: Any) -> list[RenderableType]:
    if not isinstance(value, dict):
        return _generic(value)
    return [
        Text.assemble(("Focus: ", "bold"), _short(value.get("area", ""))),
        Text(_short(value.get("scope_notes", ""))),
    ]


def _workflow(value: Any) -> list[RenderableType]:
    if not isinstance(value, dict):
        return _generic(value)
    out: list[RenderableType] = []
    if "activities" in value:  # a patch of the priorities alone sends no steps: no empty table
        out.append(
            _rows(
                value.get("activities"),
                ("step", "id"),
                ("name", "name"),
                ("who", "actors"),
                ("pain points", "pain_points"),
            )
        )
    edges = [f"{e.get('source')} → {e.get('target')}" for e in _dicts(value.get("edges"))]
    out += [Text("Flow: " + ", ".join(edges))] if edges else []
    priorities = [
        " — ".join(_short(p.get(k)) for k in ("id", "reason") if p.get(k))
        for p in _dicts(value.get("priority_steps"))
    ]
    return out + _bullets("Priority steps", priorities)


def _cards(value: Any) -> list[RenderableType]:
    if not isinstance(value, dict):
        return _generic(value)
    titles = {c.get("id"): c.get("title", c.get("id")) for c in _dicts(value.get("selected"))}
    scores = _dicts(value.get("scores"))
    per_card = [(s, s["dimensions"] if isinstance(s.get("dimensions"), dict) else {}) for s in scores]
    dimensions = sorted({d for _, dims in per_card for d in dims})
    table = _table("card", *dimensions)
    for score, dims in per_card:
        table.add_row(
            _short(titles.get(score.get("card_id"), score.get("card_id"))),
            *(_short(dims.get(d, "")) for d in dimensions),
        )
    unscored = [t for i, t in titles.items() if i not in {s.get("card_id") for s in scores}]
    return [table, *_bullets("Also selected", unscored)]


def _ideas(value: Any) -> list[RenderableType]:
    return [
        _rows(
            value,
            ("idea", "id"),
            ("title", "title"),
            ("what it does", "description"),
            ("steps", "workflow_steps"),
        )
    ]


def _evaluation(value: Any) -> list[RenderableType]:
    if not isinstance(value, dict):
        return _generic(value)
    table = _rows(
        value.get("ideas"),
        ("idea", "idea_id"),
        ("feasibility", "feasibility"),
        ("value", "value"),
        ("risks", "risks"),
        ("KPIs", "kpis"),
    )
    scale = " · ".join(_short(value[k]) for k in ("method", "scale") if value.get(k))
    return [*([Text(scale, style="dim")] if scale else []), table]


def _selection(value: Any) -> list[RenderableType]:
    """What the block sent: a patch of the rationale alone says nothing of the choice or of its
    confirmation, which stay as recorded."""
    if not isinstance(value, dict):
        return _generic(value)
    out: list[RenderableType] = []
    if "idea_id" in value or "confirmed_by_user" in value:
        state = "confirmed" if value.get("confirmed_by_user") else "awaiting your confirmation"
        chosen = f"{_short(value['idea_id'])} " if value.get("idea_id") else ""
        out.append(Text.assemble(("Selected: ", "bold"), f"{chosen}({state})"))
    if value.get("rationale"):
        out.append(Text(_short(value["rationale"])))
    return out + _bullets("Scope decisions", value.get("scope_decisions"))


def _plan(value: Any) -> list[RenderableType]:
    if not isinstance(value, dict):
        return _generic(value)
    out: list[RenderableType] = [
        _rows(value.get("milestones"), ("milestone", "id"), ("title", "title"), ("items", "items"))
    ]
    notes, diagram = value.get("architecture_notes"), value.get("architecture_diagram")
    if isinstance(notes, str) and notes.strip():
        out += [Text("Architecture", style="bold"), *reply_view(notes)]
    if isinstance(diagram, str) and diagram.strip():
        out.append(diagram_panel(split_mermaid(diagram)[1] or diagram))
    out += _bullets("Dependencies", value.get("dependencies"))
    out += _bullets("Tech stack", value.get("tech_stack"))
    return out


def _generic(value: Any) -> list[RenderableType]:
    """Any other record: one ``key: value`` line per entry, lists and objects written as words."""
    if isinstance(value, dict):
        return [Text.assemble((f"{k.replace('_', ' ')}: ", "bold"), _short(v)) for k, v in value.items()]
    return [Text(_short(value))]


_SECTIONS: dict[str, tuple[str, Callable[[Any], list[RenderableType]]]] = {
    "session_name": ("Session", _session_name),
    "business_context": ("Business context", _business_context),
    "topic": ("Focus area", _topic),
    "workflow": ("Workflow", _workflow),
    "cards": ("Cards", _cards),
    "ideas": ("Ideas", _ideas),
    "evaluation": ("Evaluation", _evaluation),
    "selection": ("Selection", _selection),
    "plan": ("Plan", _plan),
}


# --- helpers ----------------------------------------------------------------------------------


def _table(*columns: str) -> Table:
    table = Table(show_edge=False, pad_edge=False, expand=False)
    for column in columns:
        table.add_column(column, overflow="fold")
    return table


def _rows(items: Any, *columns: tuple[str, str]) -> Table:
    """A table of the objects in ``items``: one column per (header, key); an item a patch
    removes (``"removed": true``) says so beside its id."""
    table = _table(*(header for header, _ in columns))
    for item in _dicts(items):
        if item.get(REMOVED) is True:
            table.add_row(_short(item.get(columns[0][1], "")), "removed", *([""] * (len(columns) - 2)))
            continue
        table.add_row(*(_short(item.get(key, "")) for _, key in columns))
    return table


def _bullets(label: str, items: Any) -> list[RenderableType]:
    if not items:
        return []
    lines = items if isinstance(items, list) else [items]
    return [Text(label, style="bold"), *(Text(f"• {_short(i)}") for i in lines)]


def _dicts(value: Any) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


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
