"""The events of one ``tools/call``: started (once), progress, finished; built only for subscribers."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Literal

from .. import protocol as p
from .._validation import validator
from ..events import EventBus, ToolCallFinished, ToolCallProgress, ToolCallStarted
from ..redact import redact, redact_text, redacted_head
from ._errors import McpError

PREVIEW_CHARS = 200
"""What a call's finished event carries of its result (redacted): enough for a log line."""
# Every call makes two of these; validating a dict directly costs half of the keyword constructor.
_started = validator(ToolCallStarted)
_progress = validator(ToolCallProgress)
_finished = validator(ToolCallFinished)


def _result_size(raw: dict[str, Any]) -> int:
    # Cheap and good enough for a log column: the payload characters, without re-serialising.
    size = 0
    for block in raw.get("content") or ():
        size += len(block.get("text") or block.get("data") or "")
    return size


@dataclass(slots=True)
class CallEvents:
    """One call's announcer; ``announce`` and ``progress`` are the callbacks the session runs."""

    bus: EventBus
    call_id: str
    server: str
    tool: str
    args: dict[str, Any]
    origin: Literal["model", "program"]
    announced: bool = False
    started_at: float = field(default_factory=time.perf_counter)

    def announce(self) -> None:
        """The call started. Runs once the request is on the wire, so the redaction and the event
        overlap the server's work; a failure, a progress note or the result announces first when
        that has not happened."""
        if self.announced:
            return
        self.announced = True
        bus = self.bus
        if bus.wants(ToolCallStarted):
            bus.emit(
                _started(
                    {
                        "call_id": self.call_id,
                        "server": self.server,
                        "tool": self.tool,
                        "arguments": redact(self.args),
                        "origin": self.origin,
                    }
                )
            )

    def progress(self, note: p.ProgressParams) -> None:
        self.announce()
        bus = self.bus
        if bus.wants(ToolCallProgress):
            bus.emit(
                _progress(
                    {**self._names(), "progress": note.progress, "total": note.total, "message": note.message}
                )
            )

    def failed(self, exc: BaseException) -> None:
        self.announce()
        bus = self.bus
        if bus.wants(ToolCallFinished):
            mcp = exc if isinstance(exc, McpError) else None
            bus.emit(
                _finished(
                    {
                        **self._names(),
                        "duration_s": time.perf_counter() - self.started_at,
                        "ok": False,
                        "error_kind": mcp.kind if mcp else "cancelled",
                        "error_message": redact_text(mcp.message if mcp else ""),
                    }
                )
            )

    def finished(self, result: p.CallToolResult, raw: dict[str, Any]) -> None:
        # Every call ends here: one dict literal, no helper (a frame or a merge shows in the benchmark).
        self.announce()
        bus = self.bus
        if bus.wants(ToolCallFinished):
            bus.emit(
                _finished(
                    {
                        "call_id": self.call_id,
                        "server": self.server,
                        "tool": self.tool,
                        "duration_s": time.perf_counter() - self.started_at,
                        "ok": not result.is_error,
                        "is_error": result.is_error,
                        "result_size": _result_size(raw),
                        "result_preview": redacted_head(result.text(), PREVIEW_CHARS),
                    }
                )
            )

    def _names(self) -> dict[str, str]:
        return {"call_id": self.call_id, "server": self.server, "tool": self.tool}
