"""ConsentLog: the facilitator's list of consent decisions, live from the event bus.

The team's conversation shows an answered question in words; this log, beside the tool calls, keeps
the policy's own names (``workshop/go-back``, ``web/search``) and who decided, so the facilitator —
and a saved notebook reopened later, which shows the app's saved view and not the record under it —
can see every decision the session holds.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..events import ConsentDecided, EventBus
from ..session import ConsentRecord
from ._dispatch import Dispatcher
from ._text import TextForm

_WORDS = {"allow": "allowed", "deny": "denied"}


def decision_line(tool: str, decision: str, scope: str, decided_by: str) -> str:
    """One decision as a line: ``✓ workshop/go-back allowed once (terminal: answered Go back)``."""
    icon = "✓" if decision == "allow" else "✗"
    span = "for the session" if scope == "session" else "once"
    line = f"{icon} {tool} {_WORDS.get(decision, decision)} {span}"
    return f"{line} ({decided_by})" if decided_by else line


class ConsentLog(TextForm, w.VBox):
    """Every consent decision of the session, one line each, newest last."""

    def __init__(self, bus: EventBus, **kwargs: Any) -> None:
        self.lines: list[str] = []
        self._dispatch = Dispatcher.here()
        self._body = w.HTML()
        super().__init__([w.HTML("<b>Consent decisions</b>"), self._body], **kwargs)
        self.layout.display = "none"  # nothing decided yet: no empty heading
        self._unsubscribe = bus.subscribe(self._on_event, ConsentDecided)

    def restore(self, records: list[ConsentRecord]) -> None:
        """Show the decisions a resumed session already holds (``session.consent_decisions``)."""
        for r in records:
            self._add(decision_line(r.tool, r.decision, r.scope, r.decided_by))

    def close(self) -> None:
        self._unsubscribe()
        super().close()

    def _on_event(self, event: Any) -> None:
        # Events may be emitted off the app's loop (a consent provider's thread): render on it.
        self._dispatch.call(
            self._add, decision_line(event.tool, event.decision, event.scope, event.decided_by)
        )

    def _add(self, line: str) -> None:
        self.lines.append(line)
        # The tool name and who decided come from a server's tool list and a policy: data, escaped.
        items = "".join(f"<li>{html.escape(text)}</li>" for text in self.lines)
        self._body.value = f'<ul style="margin:0;padding-left:1.2em;font-family:monospace">{items}</ul>'
        self.layout.display = ""

    def as_text(self) -> str:
        """The plain-text form: one line per decision."""
        return "\n".join(self.lines) or "(no consent decisions)"

    def __repr__(self) -> str:
        return f"ConsentLog({len(self.lines)} decisions)"
