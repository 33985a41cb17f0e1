"""Untrusted content made inert where people see it (docs/security.md).

Model replies, tool and search results, repository and session files, notebook parameters and
participants' messages are data. Before a person sees them:

- HTML made from them passes the one sanitiser (``sanitize_html``; Markdown through
  ``markdown_html`` / ``markdown_parts``), so no script, handler or remote request comes with it;
- a Mermaid diagram's source passes ``mermaid_source`` (labels as text, HTML labels off), and the
  product's own diagrams write their labels with ``mermaid_label``;
- text for a terminal passes ``terminal_text`` (no control character, so no escape sequence).

Nothing here imports the rest of sofia_nb; nh3 and markdown-it load on first use.
"""

from ._html import SafeHtml, escape_html, sanitize_html
from ._markdown import CELL_LEFT, MERMAID_PRE, Diagram, Prose, markdown_html, markdown_parts
from ._mermaid import HTML_LABELS_OFF, mermaid_label, mermaid_source
from ._terminal import terminal_text

__all__ = [
    "CELL_LEFT",
    "HTML_LABELS_OFF",
    "MERMAID_PRE",
    "Diagram",
    "Prose",
    "SafeHtml",
    "escape_html",
    "markdown_html",
    "markdown_parts",
    "mermaid_label",
    "mermaid_source",
    "sanitize_html",
    "terminal_text",
]
