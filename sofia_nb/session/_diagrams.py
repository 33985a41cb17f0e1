"""Diagrams drawn where the page is made: each Mermaid source rendered to inline SVG by
``mermaidx`` (the ``export`` and ``ui`` extras; offline, no browser), so a page draws its
diagrams opened from disk, in JupyterLab's HTML viewer (trusted or not) and with no network.

The source is the one made inert (``inert.mermaid_source``: HTML labels off, tags and character
references as text, no ``click``), so Mermaid writes every label as SVG text. The SVG is the
product's own output and does not pass the HTML sanitiser (it would drop the SVG); it is checked
instead: an SVG with a script, an event handler, a link or an embedded document or image is not
used (the diagram falls back, as it does when mermaidx fails or is not installed).
"""

from __future__ import annotations

import functools
import html
import logging
import os
import re
import sys

log = logging.getLogger(__name__)


def _forget_engine_in_child() -> None:
    """mermaidx keeps one engine per process, run by a thread of its own; a forked child has the
    engine but not its thread, so its first diagram would wait forever (a fork-based worker pool
    after an export, a test runner that forks). The child forgets it and starts its own."""
    diagram = sys.modules.get("mermaidx.diagram")
    engines = getattr(diagram, "_engines", None)
    if isinstance(engines, dict):
        engines.clear()
    _render.cache_clear()  # nothing the parent drew is lost: the cache only saves a redraw


os.register_at_fork(after_in_child=_forget_engine_in_child)

_UNSAFE = re.compile(
    r"<\s*(script|foreignObject|iframe|object|embed|image|img|a|use)\b|\son\w+\s*=|javascript:|href\s*=",
    re.IGNORECASE,
)
_SVG_ID = 'id="my-svg"'  # mermaidx's id for every diagram; its <style> is scoped by it


def diagram_svg(source: str, key: str) -> str | None:
    """``source`` (an inert Mermaid source) as an ``<svg>`` whose id and styles are ``key``'s,
    or None when it cannot be drawn here (no mermaidx, a diagram it refuses, an unsafe result)."""
    svg = _render(source)
    return svg.replace("my-svg", key) if svg is not None else None


@functools.lru_cache(maxsize=64)
def _render(source: str) -> str | None:
    # Cached by source: the live record and the export redraw the same diagrams (about 0.6 s each).
    try:
        import mermaidx
    except ImportError:
        return None
    try:
        svg = str(mermaidx.render(source).svg())
    except Exception as exc:  # mermaidx raises RuntimeError, its engine may raise others
        log.debug("mermaidx could not draw a diagram: %s", exc)
        return None
    if _SVG_ID not in svg or _UNSAFE.search(svg):
        log.debug("mermaidx's SVG was not used: unexpected content")
        return None
    # a quadrant chart's fill computed from a colour it could not read: a plain one instead
    return _NAN_COLOUR.sub("#eef1f6", svg)


_NAN_COLOUR = re.compile(r"hsl\([^)]*NaN[^)]*\)")
_HEADING = re.compile(r"<h([1-6])[^>]*>(.*?)</h\1>", re.DOTALL)
_TAG = re.compile(r"<[^>]+>")
_NODE = re.compile(
    r"\b([A-Za-z_][\w-]*)\s*(?:\[\[|\[\(|\(\(|\[|\(|\{)\s*\"?(.*?)\"?\s*(?:\]\]|\)\]|\)\)|\]|\)|\})"
)
_EDGE = re.compile(r"^\s*([A-Za-z_][\w-]*)\b.*?(?:-->|---|-\.->|==>)\s*(?:\|[^|]*\|\s*)?([A-Za-z_][\w-]*)\b")
_POINT = re.compile(r'^\s*"?([^":\[]+?)"?\s*:\s*\[\s*([\d.]+)\s*,\s*([\d.]+)\s*\]')


def diagram_text(source: str) -> list[str]:
    """A diagram as text, for a reader who cannot see it: a flowchart's steps and arrows, a
    quadrant chart's points with their quadrant (by its title, else by the axes' labels), else
    its lines as written."""
    lines = [line.strip() for line in source.splitlines() if line.strip()]
    kind = lines[0].split()[0] if lines else ""
    if kind == "quadrantChart":
        quadrants = {
            int(m.group(1)[-1]): m.group(2).strip()
            for line in lines
            if (m := re.match(r"quadrant-([1-4])\s+(.*)", line))
        }
        axes = {
            m.group(1): (m.group(2).strip(), m.group(3).strip())
            for line in lines
            if (m := re.match(r"([xy])-axis\s+(.*?)\s*-->\s*(.*)", line))
        }
        out = []
        for line in lines[1:]:
            point = _POINT.match(line)
            if point:
                x, y = float(point.group(2)), float(point.group(3))
                where = quadrants.get(1 if x >= 0.5 and y >= 0.5 else 2 if y >= 0.5 else 3 if x < 0.5 else 4)
                where = where or _by_axes(axes, x, y) or f"{x:g}, {y:g}"
                out.append(f"Point {point.group(1).strip()}: {where}")
        return out
    if kind in ("flowchart", "graph"):
        labels: dict[str, str] = {}
        for line in lines[1:]:
            for node in _NODE.finditer(line):
                labels.setdefault(node.group(1), html.unescape(node.group(2)).strip() or node.group(1))
        steps = [f"Step: {label}" for label in labels.values()]
        arrows = [
            f"{labels.get(e.group(1), e.group(1))} → {labels.get(e.group(2), e.group(2))}"
            for line in lines[1:]
            if (e := _EDGE.match(line))
        ]
        return steps + arrows
    return [line for line in lines[1:] if not line.startswith(("%%", "classDef", "style", "linkStyle"))]


def _by_axes(axes: dict[str, tuple[str, str]], x: float, y: float) -> str:
    """A point's place named by the axes' labels (a chart without quadrant titles): each axis's
    low or high end, "middle" within 0.1 of the line where the quadrants meet."""
    if set(axes) != {"x", "y"}:
        return ""
    if abs(x - 0.5) <= 0.1 and abs(y - 0.5) <= 0.1:
        return "centre"
    return ", ".join(
        f"middle ({low} – {high})" if abs(at - 0.5) <= 0.1 else (high if at > 0.5 else low)
        for at, (low, high) in ((x, axes["x"]), (y, axes["y"]))
    )


def _name_before(page: str, at: int) -> str:
    """The diagram's name: the heading it stands under."""
    headings = list(_HEADING.finditer(page, 0, at))
    return html.unescape(_TAG.sub("", headings[-1].group(2))).strip() if headings else "Diagram"


_PRE = re.compile(r'<pre class="mermaid">(.*?)</pre>', re.DOTALL)


def draw_diagrams(page: str, prefix: str = "sofia-diagram") -> tuple[str, int]:
    """``page`` with each ``<pre class="mermaid">`` that mermaidx can draw replaced by its SVG in
    a ``<figure class="diagram">`` named by the heading it stands under and described by its text
    (``diagram_text``, in a ``<details>`` after it), and how many were left as source."""
    count = left = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal count, left
        count += 1
        source = html.unescape(match.group(1))
        key = f"{prefix}-{count}"
        svg = diagram_svg(source, key)
        if svg is None:
            left += 1
            return match.group(0)
        # named by its heading, described by its text (a list a screen reader can walk)
        name = html.escape(f"Diagram: {_name_before(page, match.start())}")
        items = "".join(f"<li>{html.escape(t)}</li>" for t in diagram_text(source))
        return (
            f'<figure class="diagram" role="img" aria-label="{name}" aria-describedby="{key}-text">'
            f"{svg}</figure>\n"
            f'<details class="diagram-text"><summary>The diagram as text</summary>'
            f'<ul id="{key}-text">{items}</ul></details>'
        )

    return _PRE.sub(replace, page), left


_TABLE = re.compile(r"<table\b.*?</table>", re.DOTALL)


def scrollable_tables(page: str) -> str:
    """``page`` with each table in a box that scrolls sideways on a narrow screen and that the
    keyboard reaches (focusable, a region named by the heading the table stands under)."""

    def wrap(match: re.Match[str]) -> str:
        name = html.escape(f"Table: {_name_before(page, match.start())}")
        return (
            f'<div class="table-wrap" role="region" tabindex="0" aria-label="{name}">{match.group(0)}</div>'
        )

    return _TABLE.sub(wrap, page)
