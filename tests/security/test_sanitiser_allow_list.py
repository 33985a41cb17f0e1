"""The sanitiser's allow-list, attribute by attribute, tag by tag, each tried with hostile values.

The cases are made from the allow-list itself (``ATTRIBUTES``, ``TAGS``), so an attribute or a tag
added to it is tried here at once: an attribute this file has no hostile values for fails
``test_every_allowed_attribute_has_hostile_values`` until they are written. Each URL check is tried
with its scheme inside a longer string (a check that searches instead of anchoring keeps it), and
the image rule with the types it forbids.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from sofia_nb.inert._html import ATTRIBUTES, TAGS, sanitize_html

# Values the attribute's own check must refuse; each is refused whatever the tag.
LINKS_REFUSED = (
    "javascript:alert(1)",
    " javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    # an allowed scheme inside a longer string: only a check anchored at the start refuses these
    "data:text/html,https://docs.example/",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==#mailto:a@example.com",
    "javascript:alert('https://docs.example/')",
    "/files/secret?next=https://docs.example/",
    "//evil.example/https:",
    "#https:",
)
IMAGES_REFUSED = (
    "https://evil.example/x.png",
    "//evil.example/x.png",
    "/x.png",
    "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "data:text/html;base64,PHNjcmlwdD4=",
    "data:image/pngx;base64,AAAA",
    # an allowed image inside a longer string: a search instead of an anchored match keeps these
    "https://evil.example/?data:image/png;base64,AAAA",
    "https://evil.example/x.png#data:image/gif;base64,AAAA",
    "data:image/png;base64,AAAA)https://evil.example/x",
)
CLASSES_REFUSED = {
    "code": ("language-python onclick", "mermaid", "xlanguage-python", "language-" + "a" * 41, "language-"),
    "pre": ("mermaid other", "language-python", "xmermaid", "mermaid-x", "mermaids"),
}
STYLES_REFUSED = (
    "background:url(https://evil.example/x)",
    "text-align:url(https://evil.example/x)",
    "text-align:left url(https://evil.example/x)",
    "text-align:var(--x)",
    "position:fixed;top:0;left:0",
    "text-align:expression(alert(1))",
)
# What a plain attribute's value may try: leave its quotes, open a tag, or add a handler.
TEXT_PAYLOADS = (
    'x" onmouseover="alert(1)',
    "x' onmouseover='alert(1)",
    '"><script>alert(1)</script>',
    "<img src=x onerror=alert(1)>",
    "javascript:alert(1)",
)
TEXT_ATTRIBUTES = frozenset(
    {"lang", "title", "alt", "width", "height", "colspan", "rowspan", "start", "open"}
)

# Values each attribute keeps (the positive controls: the allow-list is not empty for nothing).
KEPT = {
    "href": (
        "https://docs.example/a?b=c#d",
        "http://docs.example/",
        "mailto:team@example.com",
        "HTTPS://X.example",
    ),
    "src": tuple(f"data:image/{kind};base64,iVBORw0KGgo=" for kind in ("png", "jpeg", "gif", "webp")),
    "style": ("text-align:left", "text-align:right", "text-align:center"),
}
CLASSES_KEPT = {
    "code": ("language-python", "language-c++", "language-c#", "language-objective-c"),
    "pre": ("mermaid",),
}
ALIGNMENT = re.compile(r"text-align:\s*(left|right|center|justify|start|end);?")

_IN_TABLE = {"td", "th", "tr", "tbody", "thead", "tfoot"}


def _markup(tag: str, attributes: str) -> str:
    """``tag`` with ``attributes``, where the HTML parser keeps it (a cell inside a table)."""
    element = f"<{tag} {attributes}>x</{tag}>" if tag not in {"br", "hr", "img"} else f"<{tag} {attributes}>"
    if tag in {"td", "th"}:
        return f"<table><tbody><tr>{element}</tr></tbody></table>"
    if tag == "tr":
        return f"<table><tbody>{element}</tbody></table>"
    if tag in {"tbody", "thead", "tfoot"}:
        return f"<table>{element.replace('>x<', '><tr><td>x</td></tr><')}</table>"
    return element


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))

    handle_startendtag = handle_starttag


def _elements(markup: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Elements()
    parser.feed(markup)
    parser.close()
    return parser.found


def _attributes_of(tag: str, attributes: str) -> dict[str, str | None]:
    """The attributes ``tag`` keeps once sanitised; fails if the markup became another element."""
    found = _elements(sanitize_html(_markup(tag, attributes)))
    expected = [t for t, _ in _elements(_markup(tag, ""))]
    assert [t for t, _ in found] == expected, found  # no element added, none lost
    return next(attrs for t, attrs in found if t == tag)


def _quoted(value: str) -> str:
    return '"' + value.replace("&", "&amp;").replace('"', "&quot;") + '"'


def _allows(tag: str, name: str) -> bool:
    return name in ATTRIBUTES.get(tag, ()) or name in ATTRIBUTES.get("*", ())  # "*": on every tag


NAMES = {name for names in ATTRIBUTES.values() for name in names}
ALLOWED = sorted((tag, name) for tag in TAGS for name in NAMES if _allows(tag, name))
NOT_ALLOWED = sorted((tag, name) for tag in TAGS for name in NAMES if not _allows(tag, name))


def _hostile(tag: str, name: str) -> tuple[str, ...]:
    if name == "href":
        return LINKS_REFUSED
    if name == "src":
        return IMAGES_REFUSED
    if name == "class":
        return CLASSES_REFUSED.get(tag, ("x",))
    if name == "style":
        return STYLES_REFUSED
    return TEXT_PAYLOADS


def test_every_allowed_attribute_has_hostile_values() -> None:
    known = TEXT_ATTRIBUTES | {"href", "src", "class", "style"}
    assert {name for _, name in ALLOWED} <= known, "write hostile values for the new attribute here"
    assert {tag for tag, name in ALLOWED if name == "class"} <= CLASSES_REFUSED.keys()
    assert set(ATTRIBUTES) - {"*"} <= TAGS  # an attribute of a tag that is not kept tries nothing


@pytest.mark.parametrize(("tag", "name"), ALLOWED, ids=lambda x: str(x))
def test_an_allowed_attribute_with_a_hostile_value_is_refused_or_kept_as_text(tag: str, name: str) -> None:
    for value in _hostile(tag, name):
        kept = _attributes_of(tag, f"{name}={_quoted(value)}")
        extra = set(kept) - {name} - ({"rel"} if tag == "a" else set())
        assert not extra, (tag, name, value, kept)  # the value never becomes another attribute
        if name in TEXT_ATTRIBUTES:
            assert kept.get(name) in (value, None, ""), (tag, name, value, kept)  # text, never markup
        elif name == "style":
            assert not kept.get(name) or ALIGNMENT.fullmatch(kept[name] or ""), (tag, value, kept)
        else:
            assert name not in kept, (tag, name, value, kept)


@pytest.mark.parametrize(("tag", "name"), ALLOWED, ids=lambda x: str(x))
def test_an_allowed_attribute_with_an_honest_value_is_kept(tag: str, name: str) -> None:
    honest = CLASSES_KEPT[tag] if name == "class" else KEPT.get(name, ("7",))
    for value in honest:
        kept = _attributes_of(tag, f"{name}={_quoted(value)}")
        assert kept.get(name) == value, (tag, name, value, kept)
    if tag == "a":
        assert kept["rel"] == "noopener noreferrer"


@pytest.mark.parametrize("name", sorted({n for _, n in NOT_ALLOWED}))
def test_an_attribute_is_dropped_on_every_tag_that_does_not_allow_it(name: str) -> None:
    honest = {"class": "mermaid", **{k: v[0] for k, v in KEPT.items()}}.get(name, "7")
    for tag, attribute in NOT_ALLOWED:
        if attribute == name:
            assert name not in _attributes_of(tag, f"{name}={_quoted(honest)}"), tag


def test_an_image_of_a_type_the_rule_forbids_is_dropped_with_its_source() -> None:
    for kind in ("svg+xml", "bmp", "x-icon", "tiff", "avif", "html"):
        markup = sanitize_html(f'<img alt="chart" src="data:image/{kind};base64,PHN2Zz4=">')
        assert markup == '<img alt="chart">', kind
