"""StaticRecord: the app's current state as plain HTML and text, kept in the notebook's output.

Widgets need a live kernel; this record does not. The app displays it under the widget with a
display id and updates it as things happen, so a saved notebook reopened without a kernel,
GitHub's notebook view and ``nbconvert --to html`` show the conversation, the phase results,
every consent decision, the tool calls and the token totals. Diagrams are inline SVG, drawn here
(no CDN is loaded). Wherever the app's
widget is drawn it hides this copy (``LIVE_STYLE``), and where it cannot be drawn the record hides
the widget's error (``RECORD_STYLE``): a page shows the app or its record, never both.
"""

from __future__ import annotations

import html
import secrets
from collections.abc import Sequence
from typing import Any

from ..events import (
    Activity,
    ConsentDecided,
    PhaseChanged,
    ToolCallFinished,
    TurnAdded,
    UsageRecorded,
    WarningIssued,
)
from ..inert import CELL_LEFT
from ..session import WorkshopSession
from ..workshop import Workshop
from ._conversation import ConversationView
from ._refresh import Refresher
from ._results import ResultsView

APP_CLASS = "sofia-nb-app"
"""The class of the app's widget (``WorkshopApp``), drawn live or from the notebook's saved state."""
LIVE_CLASS = "sofia-nb-record-live"
LIVE_STYLE = f"<style>.jp-OutputArea:has(.{APP_CLASS}) .{LIVE_CLASS} {{ display: none; }}</style>"
"""Put in the app's widget: wherever the app is drawn (live, or from the widget state saved with
the notebook after its kernel has gone), the record displayed with it is hidden, so the page shows
the app or the record, never both. Where the app is not drawn (a notebook saved without widget
state, an untrusted one, GitHub's view, nbconvert's page offline) this style is not on the page
and the record shows."""
RECORD_STYLE = (
    f"<style>.jp-OutputArea:has(.{LIVE_CLASS}) > .jp-OutputArea-child"
    ":has(> .jupyter-widgets.jp-OutputArea-output) { display: none; }</style>"
)
"""Put in the record: where the widget manager could not draw the app ("Error displaying widget",
the notebook saved without widget state; the manager marks that output ``jupyter-widgets``), that
output is hidden and the record alone stands for the app (JupyterLab keeps a ``style`` element
only in a trusted output, which a notebook saved by its own JupyterLab is)."""


def audit_text(session: WorkshopSession) -> str:
    """Decisions, tool calls and token totals as text, one a line."""
    tokens = session.tokens
    lines = [f"session {session.id}: {session.phase.value} ({session.status.value})"]
    lines += [f"consent {c.tool}: {c.decision} ({c.decided_by})" for c in session.consent_decisions]
    lines += [f"tool {_mark(c.ok and not c.is_error)} {c.server}/{c.tool}" for c in session.tool_calls]
    mark = " (estimated)" if tokens.estimated else ""
    lines.append(f"tokens: {tokens.input_tokens} in / {tokens.output_tokens} out{mark}")
    return "\n".join(lines)


def _mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    if not rows:
        return "<p><i>none</i></p>"
    left = f' style="{CELL_LEFT}"'  # as the Markdown tables: JupyterLab right-aligns HTML cells
    head = "".join(f"<th{left}>{html.escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td{left}>{html.escape(v)}</td>" for v in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def consent_html(session: WorkshopSession) -> str:
    rows = [
        (c.tool, c.decision + (" for this session" if c.scope == "session" else ""), c.decided_by, c.reason)
        for c in session.consent_decisions
    ]
    return _table(("tool", "decision", "decided by", "reason"), rows)


def tool_calls_html(session: WorkshopSession) -> str:
    rows = [
        (
            _mark(c.ok and not c.is_error),
            f"{c.server}/{c.tool}",
            c.origin,
            f"{c.duration_s:.2f} s",
            c.error_kind or "",
        )
        for c in session.tool_calls
    ]
    return _table(("", "tool", "asked by", "duration", "error"), rows)


def tokens_html(session: WorkshopSession) -> str:
    t = session.tokens
    mark = " (estimated)" if t.estimated else ""
    cost = "" if t.cost_usd is None else f"; cost ${t.cost_usd:.4f}"
    rows = [(phase, str(u.input_tokens), str(u.output_tokens)) for phase, u in t.by_phase.items()]
    total = f"<p>tokens: {t.input_tokens} in / {t.output_tokens} out{mark}{cost}</p>"
    return total + _table(("phase", "in", "out"), rows)


class StaticRecord:
    """The HTML and text of a workshop app's state, shown as an output that updates in place."""

    def __init__(self, workshop: Workshop, conversation: ConversationView, results: ResultsView) -> None:
        self.workshop = workshop
        self.conversation = conversation
        self.results = results
        self.display_id = f"sofia-nb-record-{secrets.token_hex(4)}"
        self._handle: Any = None
        self._refresher = Refresher(
            self.update,
            workshop.bus,
            TurnAdded,
            PhaseChanged,
            ToolCallFinished,
            ConsentDecided,
            UsageRecorded,
            Activity,
            WarningIssued,
        )

    def close(self) -> None:
        self._refresher.close()

    def html(self, live: bool = True) -> str:
        """The record as one HTML fragment (``live``: the record shown with the app, which hides it
        wherever the app is drawn; see ``LIVE_STYLE`` and ``RECORD_STYLE``)."""
        s = self.workshop.session
        title = html.escape(s.name or "Workshop")
        where = f"session {html.escape(s.id)}: {s.phase.title}, {s.status.value}"
        sections = [
            f"<h3>{title} <small>({where})</small></h3>",
            "<h4>Conversation</h4>",
            self.conversation.html() or "<p><i>no messages yet</i></p>",
            "<h4>Results</h4>",
            self.results.html() or "<p><i>no results yet</i></p>",
            "<h4>Consent decisions</h4>",
            consent_html(s),
            "<h4>Tool calls</h4>",
            tool_calls_html(s),
            "<h4>Tokens</h4>",
            tokens_html(s),
        ]
        body = "\n".join(sections)
        if not live:
            return f'<div class="sofia-nb-record">\n{body}\n</div>'
        return f'{RECORD_STYLE}<div class="sofia-nb-record {LIVE_CLASS}">\n{body}\n</div>'

    def text(self) -> str:
        """The plain-text form: the conversation without records, then the audit lines."""
        return "\n".join(
            part for part in (self.conversation.as_text(), audit_text(self.workshop.session)) if part
        )

    def bundle(self, live: bool = True) -> dict[str, str]:
        return {"text/html": self.html(live), "text/plain": self.text()}

    def show(self) -> None:
        """Display the record (in a kernel); later updates replace this output in place."""
        from IPython.core.interactiveshell import InteractiveShell
        from IPython.display import display

        if InteractiveShell.initialized():  # outside a kernel display() would print the HTML
            self._handle = display(self.bundle(), raw=True, display_id=self.display_id)

    def show_in(self, handle: Any) -> None:
        """Put the record in an output displayed earlier (``handle``, an IPython ``DisplayHandle``):
        a page that chose its workshop after its cell ran shows the record where its slot is."""
        self._handle = handle
        self.update()

    def update(self) -> None:
        if self._handle is not None:
            self._handle.update(self.bundle(), raw=True)


class RecordSnapshot:
    """The record at one moment, for an ordinary cell (always visible: not hidden by the app)."""

    def __init__(self, record: StaticRecord) -> None:
        self._bundle = record.bundle(live=False)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        return self._bundle
