"""The one HTML sanitiser: nh3 (the binding of Rust's ammonia) with an allow-list.

Whatever HTML is made from untrusted text (model replies, tool and search results, session
files) passes here before anything shows it. What is left can format text and link to the web,
and nothing else: no script, no event handler, no ``iframe``/``object``/``embed``/``form``/
``style`` element, no ``javascript:`` or relative URL, no remote image and no CSS beyond a table
cell's alignment (so no CSS ``url()``). Links keep ``http``, ``https`` and ``mailto`` targets and
get ``rel="noopener noreferrer"``; an image survives only as an inline ``data:`` PNG, JPEG, GIF or
WebP, which no browser fetches from anywhere.
"""

from __future__ import annotations

import functools
import html
import re
from typing import TYPE_CHECKING, NewType

if TYPE_CHECKING:
    import nh3

SafeHtml = NewType("SafeHtml", str)
"""HTML that is safe to show: what the sanitiser returned, escaped text, or markup the product
wrote around escaped values (built where it is written, visibly: ``SafeHtml(f"...")``)."""

TAGS = frozenset(
    {
        "a", "abbr", "b", "blockquote", "br", "code", "dd", "del", "details", "div", "dl", "dt",
        "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark",
        "ol", "p", "pre", "q", "s", "samp", "small", "span", "strong", "sub", "summary", "sup",
        "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul", "var",
    }
)  # fmt: skip
# Tags whose content goes with them: it is code or markup, never text a person should read.
CONTENT_DROPPED = frozenset(
    {"script", "style", "template", "noscript", "iframe", "object", "textarea", "select", "svg", "math"}
)
ATTRIBUTES: dict[str, set[str]] = {
    "*": {"lang", "title"},  # on every tag (nh3's default, written out so the list is whole)
    "a": {"href", "title"},
    "img": {"src", "alt", "title", "width", "height"},
    "code": {"class"},
    "pre": {"class"},
    "th": {"style", "colspan", "rowspan"},
    "td": {"style", "colspan", "rowspan"},
    "ol": {"start"},
    "details": {"open"},
    "abbr": {"title"},
}
_LINK = re.compile(r"(?i)(?:https?:|mailto:)")
_INLINE_IMAGE = re.compile(r"(?i)data:image/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*\Z")
_ALIGNMENT = re.compile(r"text-align:\s*(?:left|right|center);?")
_CLASSES = {"code": re.compile(r"language-[\w+#.-]{1,40}"), "pre": re.compile(r"mermaid")}


def _attribute(tag: str, name: str, value: str) -> str | None:
    """The second half of the allow-list: which values an allowed attribute may carry."""
    if name == "href":
        return value if _LINK.match(value) else None  # data: passes nh3's scheme list for <img> only
    if name == "src":
        return value if _INLINE_IMAGE.match(value) else None
    if name == "style":  # nh3 filters properties, not values: ``text-align:url(...)`` passed it
        return value if _ALIGNMENT.fullmatch(value.strip()) else None
    if name == "class":
        pattern = _CLASSES.get(tag)
        return value if pattern is not None and pattern.fullmatch(value) else None
    return value


@functools.cache
def _cleaner() -> nh3.Cleaner:
    import nh3  # loaded on first use: the terminal never needs it

    return nh3.Cleaner(
        tags=set(TAGS),
        clean_content_tags=set(CONTENT_DROPPED),
        attributes=ATTRIBUTES,
        attribute_filter=_attribute,
        url_schemes={"http", "https", "mailto", "data"},
        url_relative="deny",
        filter_style_properties={"text-align"},
        link_rel="noopener noreferrer",
        strip_comments=True,
    )


def sanitize_html(markup: str) -> SafeHtml:
    """``markup`` with everything outside the allow-list removed (see the module's docstring)."""
    return SafeHtml(_cleaner().clean(markup))


def escape_html(text: str) -> SafeHtml:
    """``text`` as HTML text: every ``<``, ``>``, ``&`` and quote escaped."""
    return SafeHtml(html.escape(text))
