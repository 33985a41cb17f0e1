"""What the demo's offline servers (and the fakes of outside services) add to the one tool-server
core (``protocol.ToolServer``): a call log and results that carry JSON.

Every ``tools/call`` received is appended as one JSON line to the file named by
``SOFIA_TOOL_CALL_LOG`` (when set), before the name and arguments are checked, so tests can count
on the server side what actually reached it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...protocol import CallToolResult, Implementation, ServedTool, TextContent, ToolServer

CALL_LOG_ENV = "SOFIA_TOOL_CALL_LOG"
"""Environment variable naming the JSON Lines file each ``tools/call`` is appended to."""


def call_log_from_env() -> Path | None:
    """The call log named by ``SOFIA_TOOL_CALL_LOG``, or None when it is unset."""
    path = os.environ.get(CALL_LOG_ENV)
    return Path(path) if path else None


def json_result(data: dict[str, Any]) -> CallToolResult:
    """A result with ``structuredContent`` and, for older clients, the same JSON as a text block."""
    return CallToolResult(
        content=[TextContent(text=json.dumps(data, ensure_ascii=False))], structured_content=data
    )


def logged_server(
    name: str,
    version: str,
    tools: Sequence[ServedTool],
    instructions: str | None = None,
    call_log: Path | None = None,
) -> ToolServer:
    """A ``ToolServer`` for ``tools`` (arguments checked against their schemas) that appends every
    call it receives to ``call_log`` when given."""

    def record(tool: Any, arguments: Any) -> None:
        assert call_log is not None
        # One append per call: O_APPEND keeps lines whole even if two servers share the file.
        with open(call_log, "a", encoding="utf-8") as log:
            log.write(json.dumps({"server": name, "tool": tool, "arguments": arguments or {}}) + "\n")

    return ToolServer(
        Implementation(name=name, version=version),
        tools,
        instructions=instructions,
        on_call=record if call_log is not None else None,
    )


def count_calls(call_log: Path, tool: str | None = None) -> int:
    """How many calls (of ``tool``, or of any tool) a server appended to ``call_log``; 0 if absent."""
    if not call_log.exists():
        return 0
    records = [json.loads(line) for line in call_log.read_text(encoding="utf-8").splitlines() if line]
    return sum(1 for r in records if tool is None or r.get("tool") == tool)
