"""ToolCallLog: one line per tool call, live from the event bus."""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as w

from ..events import EventBus, ToolCallFinished, ToolCallProgress, ToolCallStarted
from ..redact import redact
from ..session import ToolCallRecord
from ._dispatch import Dispatcher
from ._text import TextForm

_ALL = "all servers"


@dataclass
class CallRow:
    """What the log knows about one call; also the JSONL export record."""

    call_id: str
    server: str
    tool: str
    arguments: dict[str, Any]
    origin: str
    state: str = "running"  # running | ok | error
    duration_s: float | None = None
    error_kind: str | None = None
    error_message: str | None = None
    result_preview: str = ""
    progress: float | None = None
    total: float | None = None
    widgets: dict[str, w.Widget] = field(default_factory=dict, repr=False)

    @property
    def icon(self) -> str:
        return {"running": "⏳", "ok": "✓", "error": "✗"}[self.state]

    def line(self) -> str:
        """The one-line text form: ``✓ server/tool 0.12 s``."""
        text = f"{self.icon} {self.server}/{self.tool}"
        if self.duration_s is not None:
            text += f" {self.duration_s:.2f} s"
        if self.state == "error":
            text += f" [{self.error_kind or 'error'}]"
        return text

    def record(self) -> dict[str, Any]:
        return {
            "call_id": self.call_id,
            "server": self.server,
            "tool": self.tool,
            "arguments": self.arguments,
            "origin": self.origin,
            "state": self.state,
            "duration_s": self.duration_s,
            "error_kind": self.error_kind,
            "error_message": self.error_message,
            "result_preview": self.result_preview,
        }


class ToolCallLog(TextForm, w.VBox):
    """Live log of MCP and built-in tool calls: running → ✓ or ✗, duration, server, progress, details."""

    def __init__(self, bus: EventBus, **kwargs: Any) -> None:
        self.rows: dict[str, CallRow] = {}
        self._dispatch = Dispatcher.here()
        self._filter = w.Dropdown(
            options=[_ALL], value=_ALL, description="server", layout=w.Layout(width="260px")
        )
        self._filter.observe(
            self._dispatch.on_change(lambda _change: self._refresh_visibility()), names="value"
        )
        self._lines = w.VBox()
        self._header = w.HTML("<b>Tool calls</b>")
        super().__init__([w.HBox([self._header, self._filter]), self._lines], **kwargs)
        self._unsubscribe = bus.subscribe(self._on_event, ToolCallStarted, ToolCallProgress, ToolCallFinished)

    def restore(self, records: list[ToolCallRecord]) -> None:
        """Show the calls a resumed session already made (``session.tool_calls``)."""
        for record in records:
            if record.call_id in self.rows:
                continue
            row = self._add_row(
                CallRow(record.call_id, record.server, record.tool, redact(record.arguments), record.origin)
            )
            self._set_outcome(row, record.ok, record.is_error, record.duration_s, record.error_kind)
            row.result_preview = record.result_preview
            self._render_details(row)

    def close(self) -> None:
        self._unsubscribe()
        super().close()

    def _on_event(self, event: Any) -> None:
        if isinstance(event, ToolCallStarted):
            self._start(event)
        elif isinstance(event, ToolCallProgress):
            self._progress(event)
        elif isinstance(event, ToolCallFinished):
            self._finish(event)

    def _start(self, event: ToolCallStarted) -> None:
        self._add_row(CallRow(event.call_id, event.server, event.tool, redact(event.arguments), event.origin))

    def _add_row(self, row: CallRow) -> CallRow:
        # In a narrow log (1,280 px with JupyterLab's file browser open) the name gives way, never
        # the button or the duration: the label shrinks, the toggle and the bar keep their width,
        # and the bar takes no room until a call reports progress.
        label = w.HTML(self._label_html(row), layout=w.Layout(flex="1 1 auto", min_width="0"))
        bar = w.FloatProgress(
            value=0, min=0, max=1, layout=w.Layout(width="160px", flex="0 0 160px", display="none")
        )
        # The details wrap inside the log's own width, so opening them never pushes the meter aside.
        details = w.HTML(layout=w.Layout(width="100%", overflow="auto"))
        toggle = w.ToggleButton(
            value=False, description="details", layout=w.Layout(width="auto", flex="0 0 auto")
        )
        details.layout.display = "none"
        toggle.observe(
            self._dispatch.on_change(
                lambda change: setattr(details.layout, "display", "" if change["new"] else "none")
            ),
            names="value",
        )
        box = w.VBox([w.HBox([label, bar, toggle]), details], layout=w.Layout(width="100%"))
        row.widgets = {"label": label, "bar": bar, "details": details, "box": box}
        self.rows[row.call_id] = row
        self._render_details(row)
        if row.server not in self._filter.options:
            self._filter.options = [*self._filter.options, row.server]
        self._lines.children = [*self._lines.children, box]
        self._refresh_visibility()
        return row

    def _progress(self, event: ToolCallProgress) -> None:
        row = self.rows.get(event.call_id)
        if row is None:
            return
        row.progress, row.total = event.progress, event.total
        bar = row.widgets["bar"]
        bar.layout.display = ""
        if event.total:
            bar.max = event.total
            bar.value = min(event.progress, event.total)
        bar.description = event.message or ""

    def _finish(self, event: ToolCallFinished) -> None:
        row = self.rows.get(event.call_id)
        if row is None:
            return
        self._set_outcome(row, event.ok, event.is_error, event.duration_s, event.error_kind)
        row.error_message = event.error_message
        row.result_preview = event.result_preview
        self._render_details(row)

    def _set_outcome(
        self, row: CallRow, ok: bool, is_error: bool, duration_s: float | None, error_kind: str | None
    ) -> None:
        row.state = "ok" if ok and not is_error else "error"
        row.duration_s = duration_s
        row.error_kind = error_kind or ("tool-error" if is_error else None)
        row.widgets["bar"].layout.display = "none"
        row.widgets["label"].value = self._label_html(row)

    @staticmethod
    def _label_html(row: CallRow) -> str:
        """The line on one line: a long server/tool name ends in an ellipsis (the whole name in
        its tooltip and in the details), the duration and error kind are always shown whole."""
        colour = {"running": "#555", "ok": "#1a7f37", "error": "#cf222e"}[row.state]
        name = f"{row.icon} {row.server}/{row.tool}"
        rest = row.line()[len(name) :].strip()  # a flex item's edge space is not drawn: a margin is
        return (
            f'<span class="sofia-nb-call" style="color:{colour};font-family:monospace;display:flex;'
            f'white-space:nowrap" title="{html.escape(row.line())}">'
            f'<span style="overflow:hidden;text-overflow:ellipsis;min-width:0">{html.escape(name)}</span>'
            f'<span style="flex:0 0 auto;margin-left:1ch">{html.escape(rest)}</span></span>'
        )

    @staticmethod
    def _render_details(row: CallRow) -> None:
        pre = '<pre style="white-space:pre-wrap;overflow-wrap:anywhere">'
        parts = [
            f"<b>arguments</b>{pre}{html.escape(json.dumps(row.arguments, indent=2, default=str))}</pre>"
        ]
        if row.result_preview:
            parts.append(f"<b>result</b>{pre}{html.escape(row.result_preview)}</pre>")
        if row.error_message:
            parts.append(f"<b>error</b>{pre}{html.escape(row.error_message)}</pre>")
        row.widgets["details"].value = "".join(parts)

    def _refresh_visibility(self) -> None:
        chosen = self._filter.value
        for row in self.rows.values():
            row.widgets["box"].layout.display = "" if chosen in (_ALL, row.server) else "none"

    def filter_server(self, server: str | None) -> None:
        """Show only one server's calls (None for all)."""
        self._filter.value = server or _ALL

    def to_jsonl(self) -> str:
        """Every call as one JSON line (arguments already redacted)."""
        return "".join(json.dumps(row.record(), default=str) + "\n" for row in self.rows.values())

    def as_text(self) -> str:
        """The plain-text form: one line per call, for saved notebooks and headless runs."""
        return "\n".join(row.line() for row in self.rows.values()) or "(no tool calls)"

    def __repr__(self) -> str:
        return f"ToolCallLog({len(self.rows)} calls)"
