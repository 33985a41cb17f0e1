"""The retry rule: exactly one retry, only when running the request twice cannot do harm."""

from __future__ import annotations

import random

from ..protocol import Tool
from ._errors import McpError

RETRY_DELAY_S = 1.0
"""The wait before the one retry: long enough for a dropped connection to be made again (the retry's
own connect has the entry's timeout), short enough that a person is not kept waiting on an outage."""
RETRY_JITTER = 0.2
"""Up to 20 % added to the delay, so clients that failed together do not retry together."""


def should_retry(error: McpError, *, is_tool_call: bool, tool: Tool | None) -> bool:
    """Refused/DNS never reached a server; timeouts, lost connections and HTTP 5xx answers (transient,
    FR-004a) may have run the call once.

    A ``tools/call`` is repeated after those only when the tool says it is read-only or idempotent
    (a ``create_repository`` that timed out must not run twice).
    """
    if error.kind in ("connection-refused", "dns-failure"):
        return True
    server_side = error.kind == "unknown" and (error.http_status or 0) >= 500
    if error.kind not in ("timeout", "connection-lost") and not server_side:
        return False
    if not is_tool_call:
        return True
    hints = tool.annotations if tool is not None else None
    return hints is not None and bool(hints.read_only_hint or hints.idempotent_hint)


def retry_delay(base: float = RETRY_DELAY_S) -> float:
    return base * random.uniform(1 - RETRY_JITTER, 1 + RETRY_JITTER)
