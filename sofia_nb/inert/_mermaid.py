"""Mermaid sources as every face shows them: labels stay text, HTML labels stay off, content sets no config.

No HTML sanitiser sees a diagram: Mermaid turns its source into SVG in the browser. So the text
that goes into a diagram is made inert here, for every reader of the source:

- Mermaid itself: the source starts with our own front matter, ``htmlLabels: false``, so a
  label is drawn as SVG text, never parsed as HTML; front matter and ``%%{init}%%`` directives
  of the content are dropped (they could turn HTML labels back on, or bring CSS), and so are
  ``click`` lines (links and callbacks);
- the pages that embed the source: nbconvert writes a ``text/vnd.mermaid`` output into its page
  unescaped, so a tag start (``<img``, ``</pre``) or a character reference (``&lt;``) in the
  source would become markup there. A zero-width space after the ``<`` or ``&`` ends that, and
  the label still reads the same (``<br>``, Mermaid's line break, is kept).

A double quote ends a quoted label, and Mermaid's ``#quot;`` is drawn as ``&quot;`` when HTML
labels are off, so a label's double quote is written as a single one.
"""

from __future__ import annotations

import re

HTML_LABELS_OFF = "---\nconfig:\n  htmlLabels: false\n---\n"
"""The front matter every shown diagram starts with."""

_ZERO_WIDTH_SPACE = "\u200b"
_TAG_START = re.compile(r"<(?=[A-Za-z/!?])(?!br\s*/?>)", re.IGNORECASE)
_REFERENCE_START = re.compile(r"&(?=[A-Za-z#])")
_FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?^---[ \t]*$\n?", re.DOTALL | re.MULTILINE)
_DIRECTIVE = re.compile(r"%%\{.*?\}%%", re.DOTALL)
_CLICK = re.compile(r"^[ \t]*click[ \t].*$", re.MULTILINE | re.IGNORECASE)


def _markup_as_text(text: str) -> str:
    text = _TAG_START.sub("<" + _ZERO_WIDTH_SPACE, text)
    return _REFERENCE_START.sub("&" + _ZERO_WIDTH_SPACE, text)


def mermaid_label(text: str) -> str:
    """``text`` for a quoted Mermaid label (``"..."``): one line, markup as text, ``"`` as ``'``."""
    return _markup_as_text(" ".join(text.split()).replace('"', "'"))


def mermaid_source(diagram: str) -> str:
    """A diagram's source as it is shown: our front matter first, the content's own config, directives
    and ``click`` lines dropped, every tag start and character reference made text."""
    body = _FRONT_MATTER.sub("", diagram.strip(), count=1)
    body = _CLICK.sub("", _DIRECTIVE.sub("", body))
    return HTML_LABELS_OFF + _markup_as_text(body).strip()
