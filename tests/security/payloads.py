"""The one list of hostile payloads every face is tested with (docs/security.md).

Each payload is text an attacker controls: a model reply, a web-search hit, a tool's result or
name, a workflow step's name. ``{canary}`` stands for the loopback canary's URL (``Canary``), so
any request a payload causes is counted; ``{marker}`` is the name of the page global a payload's
script would set (it must stay unset). ``shown`` is what a person must still see of it: for an
HTML payload its text, for an escape sequence the printable rest once its control characters are
gone (the positive controls).
"""

from __future__ import annotations

import http.server
import threading
from dataclasses import dataclass, field
from typing import Literal

MARKER = "__sofia_pwned"
"""The page global every script payload would set (``window.top.__sofia_pwned``)."""

Kind = Literal["html", "markdown", "terminal", "markup"]


@dataclass(frozen=True)
class Payload:
    name: str
    template: str
    kind: Kind
    shown: tuple[str, ...] = ()
    """What must stay visible (with ``{canary}`` filled in); empty: the whole text."""
    in_label: bool = False
    """Also used as a Mermaid label (a workflow step's name, a node in the model's diagram)."""
    sequence: str = ""
    """For a terminal payload: the escape sequence that must never reach the terminal."""

    def text(self, canary: str) -> str:
        return self.template.replace("{canary}", canary).replace("{marker}", MARKER)

    def visible(self, canary: str) -> list[str]:
        return [s.replace("{canary}", canary) for s in self.shown] or [self.text(canary)]


def _js(name: str) -> str:
    return f"window.top.{MARKER}='{name}'"


PAYLOADS: tuple[Payload, ...] = (
    Payload(
        "img-onerror",
        f'<img src="{{canary}}/img-onerror" onerror="{_js("img-onerror")}">',
        "html",
        in_label=True,
    ),
    Payload("script", f"<script>{_js('script')};fetch('{{canary}}/script')</script>", "html", in_label=True),
    Payload(
        "iframe-srcdoc",
        f'<iframe srcdoc="<script>{_js("iframe")}</script>" src="{{canary}}/iframe"></iframe>',
        "html",
    ),
    Payload(
        "svg-onload", f'<svg onload="{_js("svg-onload")}"><image href="{{canary}}/svg-image"/></svg>', "html"
    ),
    Payload("object-embed", '<object data="{canary}/object"></object><embed src="{canary}/embed">', "html"),
    Payload("style-import", "<style>@import url({canary}/style-import);</style>", "html"),
    Payload("css-url", '<div style="background-image:url({canary}/css-url)">styled</div>', "html"),
    Payload("meta-refresh", '<meta http-equiv="refresh" content="0;url={canary}/meta-refresh">', "html"),
    Payload("srcset", '<img srcset="{canary}/srcset 1x" alt="set">', "html"),
    Payload("js-link-html", f'<a href="javascript:{_js("js-link-html")}">open</a>', "html"),
    Payload(
        "js-link", f"[open the dashboard](javascript:{_js('js-link')})", "markdown", ("open the dashboard",)
    ),
    Payload("js-autolink", f"<javascript:{_js('js-autolink')}>", "markdown"),
    Payload("md-image", "![quarterly chart]({canary}/md-image)", "markdown", ("quarterly chart",)),
    Payload(
        "label-image",
        f'<img src="{{canary}}/mermaid-label" onerror="{_js("mermaid-label")}">',
        "html",
        in_label=True,
    ),
    Payload(
        "osc52-clipboard", "\x1b]52;c;cHduZWQ=\x07", "terminal", ("]52;c;cHduZWQ=",), sequence="\x1b]52;"
    ),
    Payload(
        "osc-title", "\x1b]0;sofia-pwned-title\x07", "terminal", ("]0;sofia-pwned-title",), sequence="\x1b]0;"
    ),
    Payload("clear-screen", "\x1b[2J\x1b[3J\x1b[H", "terminal", ("[2J[3J[H",), sequence="\x1b[2J"),
    Payload(
        "osc8-hyperlink",
        "\x1b]8;;{canary}/osc8\x1b\\phish-link\x1b]8;;\x1b\\",
        "terminal",
        ("]8;;{canary}/osc8", "phish-link"),
        sequence="\x1b]8;",
    ),
    Payload("csi-8bit", "\x9b31mred-8bit", "terminal", ("31mred-8bit",), sequence="\x9b"),
    Payload("rich-markup", "[bold red]not markup[/bold red] [/] [link=https://x.example]y[/link]", "markup"),
)

LABEL_PAYLOADS = tuple(p for p in PAYLOADS if p.in_label)
TERMINAL_PAYLOADS = tuple(p for p in PAYLOADS if p.kind == "terminal")
HTML_PAYLOADS = tuple(p for p in PAYLOADS if p.kind in ("html", "markdown"))


def payload_text(canary: str, payloads: tuple[Payload, ...] = PAYLOADS) -> str:
    """Every payload, one paragraph each, as a model would write them into a reply."""
    return "\n\n".join(f"{p.name}: {p.text(canary)}" for p in payloads)


def model_diagram(canary: str) -> str:
    """A Mermaid diagram as a model could write it, valid (its quotes as Mermaid's ``#quot;``): payload
    labels, its own config turning HTML labels on, a ``javascript:`` click."""
    nodes = "\n".join(
        f'  n{i}["{p.text(canary).replace(chr(34), "#quot;")}"] --> done'
        for i, p in enumerate(LABEL_PAYLOADS)
    )
    return (
        '%%{init: {"htmlLabels": true, "securityLevel": "loose"}}%%\n'
        "flowchart LR\n"
        f"{nodes}\n"
        f'  click n0 href "javascript:{_js("mermaid-click")}"\n'
    )


@dataclass
class Canary:
    """A loopback HTTP server that counts every request a payload makes (any path, any method)."""

    hits: list[str] = field(default_factory=list)
    url: str = ""

    def __enter__(self) -> Canary:
        hits = self.hits

        class Handler(http.server.BaseHTTPRequestHandler):
            def _count(self) -> None:
                hits.append(f"{self.command} {self.path}")
                self.send_response(204)
                self.end_headers()

            do_GET = do_POST = do_HEAD = _count

            def log_message(self, *args: object) -> None:
                pass

        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05})
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)
