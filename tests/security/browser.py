"""Opening a page with the payloads in Debian's Chromium and asking what they did.

Requests to the canary go through (and are counted there); requests to any other outside host
are aborted and listed apart (nbconvert's page loads its own scripts from CDNs: not a payload's
doing); the page's own files and loopback (JupyterLab) go through.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import urlparse

from tests.browser.conftest import LOOPBACK
from tests.security.payloads import HTML_PAYLOADS, MARKER, PAYLOADS

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

# Every global a script payload would set, in every frame it could reach.
_MARKERS = (
    "() => [window, ...Array.from({length: window.frames.length}, (_, i) => window.frames[i])]"
    f".map(w => {{ try {{ return w.{MARKER} }} catch (e) {{ return 'cross-origin' }} }})"
    ".filter(v => v !== undefined)"
)
# Elements that could run a script or reach out, inside the parts of a page that show content.
_SUSPECTS = ", ".join(
    (
        "script",
        "iframe",
        "object",
        "embed",
        "form",
        "meta",
        "link",
        "style",
        "[onerror]",
        "[onload]",
        "[srcdoc]",
        "[srcset]",
        '[style*="url(" i]',
        'a[href^="javascript:" i]',
        'img[src^="http" i]',
    )
)
_ACTIVE = (
    "([root, suspects]) => [...document.querySelectorAll(root)]"
    ".flatMap(r => [...r.querySelectorAll(suspects)])"
    # JupyterLab's own figure (an <img> of a data: SVG), and the stylesheet Mermaid puts in its SVG
    ".filter(e => !e.closest('.jp-RenderedMermaid')"
    " && !e.parentElement.matches('pre.mermaid > svg, figure.diagram > svg'))"
    ".map(e => e.outerHTML.slice(0, 200))"
)


@dataclass
class Outside:
    """Requests to hosts that are neither loopback nor the page's own files (aborted)."""

    urls: list[str] = field(default_factory=list)

    def route(self, route: Route) -> None:
        url = route.request.url
        if url.startswith(("file:", "data:", "blob:", "about:")) or urlparse(url).hostname in LOOPBACK:
            route.continue_()
        else:
            self.urls.append(url)
            route.abort()


def markers(page: Page) -> list[object]:
    """What the payloads' scripts set (nothing, when they did not run)."""
    return list(page.evaluate(_MARKERS))


def active_elements(page: Page, content: str) -> list[str]:
    """Elements inside ``content`` (a CSS selector: where a page shows content) that could run a
    script or reach out."""
    return list(page.evaluate(_ACTIVE, [content, _SUSPECTS]))


def normalised(text: str) -> str:
    return " ".join(text.split())


def missing_text(page_text: str, canary: str) -> list[str]:
    """The payloads whose text a person cannot read on the page (the positive controls)."""
    seen = normalised(page_text)
    return [
        p.name
        for p in (*HTML_PAYLOADS, *(p for p in PAYLOADS if p.kind == "markup"))
        if not all(normalised(v) in seen for v in p.visible(canary))
    ]
