"""The log lines for tool calls and consent decisions, and the token tally, shared by
``workshop``, ``dev`` and ``fix``.

Which tool ran and which policy allowed it is the facilitator's business, not the team's: these
lines go to the log (``sofia_nb.cli`` at INFO), so the terminal shows them with ``-v`` (and a
``--log-file`` keeps them), never on the screen the team reads.
"""

from __future__ import annotations

import logging

from ..events import ConsentDecided, Event, ToolCallFinished, ToolCallStarted, UsageRecorded

log = logging.getLogger("sofia_nb.cli")


def tool_call_line(event: Event) -> str | None:
    """``tool: server/tool …`` when a call starts and when it ends (duration, outcome); else None."""
    if isinstance(event, ToolCallStarted):
        return f"tool: {event.server}/{event.tool} started ({event.origin})"
    if isinstance(event, ToolCallFinished):
        state = "ok" if event.ok else f"failed ({event.error_kind or 'error'})"
        return f"tool: {event.server}/{event.tool} {state} in {event.duration_s:.2f}s"
    return None


def consent_line(event: Event) -> str | None:
    """``consent: server/tool allow (who: why)`` for a decision; else None."""
    if isinstance(event, ConsentDecided):
        return f"consent: {event.tool} {event.decision} ({event.decided_by}: {event.reason})"
    return None


def log_event(event: Event) -> bool:
    """Log a tool call's start or end, or a consent decision; False for any other event."""
    line = tool_call_line(event) or consent_line(event)
    if line is None:
        return False
    log.info("%s", line)
    return True


class TokenTally:
    """Tokens used since the last ``take()``: the per-iteration count of ``dev`` and ``fix``."""

    def __init__(self) -> None:
        self.input = self.output = 0

    def add(self, event: UsageRecorded) -> None:
        self.input += event.input_tokens
        self.output += event.output_tokens

    def take(self) -> str:
        line = f"tokens: {self.input} in, {self.output} out"
        self.input = self.output = 0
        return line
