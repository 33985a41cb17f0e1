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
import re

log = logging.getLogger(__name__)

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
    return svg


_PRE = re.compile(r'<pre class="mermaid">(.*?)</pre>', re.DOTALL)


def draw_diagrams(page: str, prefix: str = "sofia-diagram") -> tuple[str, int]:
    """``page`` with each ``<pre class="mermaid">`` that mermaidx can draw replaced by its SVG in
    a ``<figure class="diagram">``, and how many were left as source."""
    count = left = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal count, left
        count += 1
        svg = diagram_svg(html.unescape(match.group(1)), f"{prefix}-{count}")
        if svg is None:
            left += 1
            return match.group(0)
        return f'<figure class="diagram" role="img">{svg}</figure>'

    return _PRE.sub(replace, page), left
