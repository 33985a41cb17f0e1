"""The payload list through ``sofia_nb.inert`` itself: the sanitiser, Markdown, Mermaid, terminal text.

Each face's test (``test_terminal_pty``, ``test_pages_in_chromium``, ``test_live_app_in_jupyterlab``)
pushes the same payloads through a real terminal or browser; these say what the functions promise,
with positive controls beside each refusal.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from sofia_nb.inert import (
    HTML_LABELS_OFF,
    Diagram,
    Prose,
    markdown_html,
    markdown_parts,
    mermaid_label,
    mermaid_source,
    sanitize_html,
    terminal_text,
)
from tests.security.payloads import HTML_PAYLOADS, LABEL_PAYLOADS, PAYLOADS, TERMINAL_PAYLOADS, model_diagram

CANARY = "http://127.0.0.1:9"
ALLOWED_STYLE = re.compile(r"text-align:\s*(left|right|center)")


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    handle_startendtag = handle_starttag

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parsed(markup: str) -> _Tags:
    parser = _Tags()
    parser.feed(markup)
    parser.close()
    return parser


def assert_inert_html(markup: str) -> None:
    """No element or attribute that runs code, fetches anything or navigates to a script."""
    for tag, attrs in _parsed(markup).tags:
        assert tag not in {
            "script",
            "iframe",
            "object",
            "embed",
            "svg",
            "style",
            "meta",
            "form",
            "link",
            "base",
        }
        for name, value in attrs.items():
            assert not name.startswith("on"), (tag, name)
            assert name not in {"srcset", "srcdoc", "formaction", "action", "data", "background"}, (tag, name)
            if name == "href":
                assert re.match(r"(?i)(https?:|mailto:)", value or ""), value
            if name == "src":
                assert (value or "").startswith("data:image/"), value
            if name == "style":
                assert ALLOWED_STYLE.fullmatch((value or "").strip().rstrip(";")), value


def _text(markup: str) -> str:
    return " ".join("".join(_parsed(markup).text).split())


@pytest.mark.parametrize("payload", HTML_PAYLOADS, ids=lambda p: p.name)
def test_markdown_with_a_payload_renders_inert_and_keeps_its_text(payload) -> None:
    rendered = markdown_html(f"Before.\n\n{payload.text(CANARY)}\n\nAfter.")
    assert_inert_html(rendered)
    for visible in payload.visible(CANARY):
        assert " ".join(visible.split()) in _text(rendered)  # the positive control: shown as text


@pytest.mark.parametrize("payload", HTML_PAYLOADS, ids=lambda p: p.name)
def test_the_sanitiser_refuses_each_payload_as_raw_html(payload) -> None:
    assert_inert_html(sanitize_html(payload.text(CANARY)))


def test_the_sanitiser_keeps_what_formats_text_and_links_to_the_web() -> None:
    kept = sanitize_html(
        '<p><a href="https://docs.example/a">docs</a> <a href="mailto:team@example.com">mail</a> '
        '<strong>b</strong></p><table><tr><td style="text-align:right">1</td></tr></table>'
        '<pre class="mermaid">flowchart LR</pre><pre><code class="language-python">x</code></pre>'
        '<img alt="chart" src="data:image/png;base64,iVBORw0KGgo=">'
    )
    assert '<a href="https://docs.example/a" rel="noopener noreferrer">docs</a>' in kept
    assert '<a href="mailto:team@example.com" rel="noopener noreferrer">mail</a>' in kept
    assert '<td style="text-align:right">1</td>' in kept
    assert '<pre class="mermaid">' in kept and '<code class="language-python">' in kept
    assert 'src="data:image/png;base64,iVBORw0KGgo="' in kept and "<strong>b</strong>" in kept


def test_the_sanitiser_drops_what_would_reach_out_or_navigate() -> None:
    dropped = sanitize_html(
        '<a href="/files/secret">rel</a><a href="data:text/html,x">data</a><a href="vbscript:x">vb</a>'
        '<img src="data:image/svg+xml,<svg/>"><img src="//evil.example/x.png">'
        '<pre class="mermaid other">x</pre><code class="language-py onclick">y</code>'
        '<td style="text-align:right;background:url(http://x)">z</td>'
    )
    assert "href" not in dropped and "src" not in dropped and "class" not in dropped and "url(" not in dropped


def test_markdown_links_images_and_diagrams() -> None:
    rendered = markdown_html("[docs](https://docs.example) ![chart](https://img.example/c.png) `<b>`")
    assert '<a href="https://docs.example" rel="noopener noreferrer">docs</a>' in rendered
    assert "<img" not in rendered and "chart" in rendered  # an image stays a link, fetched by nobody
    assert "<code>&lt;b&gt;</code>" in rendered


def test_a_top_level_diagram_stands_alone_and_the_prose_around_it_is_html() -> None:
    text = f"Intro <b>x</b>\n\n```mermaid\n{model_diagram(CANARY)}```\n\n- item\n"
    parts = markdown_parts(text)
    assert [type(p) for p in parts] == [Prose, Diagram, Prose]
    prose, diagram, rest = parts
    assert isinstance(prose, Prose) and isinstance(diagram, Diagram) and isinstance(rest, Prose)
    assert prose.html == "<p>Intro &lt;b&gt;x&lt;/b&gt;</p>\n" and prose.markdown == "Intro <b>x</b>"
    assert diagram.source == mermaid_source(model_diagram(CANARY))
    assert diagram.markdown.startswith("```mermaid\n") and rest.markdown == "- item"


def _tag_starts(source: str) -> list[str]:
    return re.findall(r"<[A-Za-z/!?][^\s>]*", source.replace("<br>", ""))


@pytest.mark.parametrize("payload", LABEL_PAYLOADS, ids=lambda p: p.name)
def test_a_mermaid_label_is_text_for_every_reader(payload) -> None:
    label = mermaid_label(payload.text(CANARY))
    assert '"' not in label and "\n" not in label
    assert _tag_starts(label) == [] and not re.search(r"&[A-Za-z#]", label)
    # the positive control: the label reads the same (a zero-width space after < and &)
    assert label.replace("\u200b", "") == payload.text(CANARY).replace('"', "'")


def test_a_model_diagram_loses_its_config_and_clicks_and_its_labels_are_text() -> None:
    shown = mermaid_source(model_diagram(CANARY))
    assert shown.startswith(HTML_LABELS_OFF) and shown.count("---") == 2  # ours, and only ours
    body = shown.removeprefix(HTML_LABELS_OFF)
    assert "%%{" not in body and "click" not in body and "javascript:" not in body
    assert _tag_starts(body) == [] and not re.search(r"&[A-Za-z#]", body)
    assert body.startswith("flowchart LR\n") and body.count("--> done") == len(LABEL_PAYLOADS)
    assert mermaid_source(shown) == shown  # showing it twice changes nothing


def test_a_diagrams_own_front_matter_and_line_breaks() -> None:
    theirs = "---\ntitle: Flow\nconfig:\n  htmlLabels: true\n  themeCSS: x\n---\n"
    theirs += "flowchart TD\n  a[one<br>two] --> b"
    shown = mermaid_source(theirs)
    assert shown == f"{HTML_LABELS_OFF}flowchart TD\n  a[one<br>two] --> b"


@pytest.mark.parametrize("payload", TERMINAL_PAYLOADS, ids=lambda p: p.name)
def test_terminal_text_removes_every_escape_sequence_and_keeps_the_printable_rest(payload) -> None:
    shown = terminal_text(f"before {payload.text(CANARY)} after")
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", shown)
    assert payload.sequence not in shown
    for rest in payload.visible(CANARY):
        assert rest in shown


def test_terminal_text_keeps_newlines_and_tabs_and_drops_carriage_returns() -> None:
    assert terminal_text("a\tb\r\nc\rd\x00e\x7ff\n") == "a\tb\ncdef\n"
    assert terminal_text("ünïcode ✓ → 😀") == "ünïcode ✓ → 😀"


def test_every_payload_has_a_positive_control() -> None:
    for payload in PAYLOADS:
        assert all(payload.visible(CANARY)), payload.name
