"""A minimal MCP stdio server for a handful of tools, on the shared framing in ``sofia_nb.protocol``.

It speaks the handshake era (``initialize``, ``ping``, ``tools/list``, ``tools/call``), which every
client accepts; a modern-era ``server/discover`` probe gets "method not found", the documented
signal to fall back to ``initialize``. Handlers are quick and synchronous, so one blocking
read-dispatch-write loop is enough. stdout carries only protocol frames; diagnostics go to stderr.
(``sofia_nb.server.ContextServer`` is bound to the context registry and its roots, so it cannot
serve these tools; a shared tool-set server there would let this module go.)

Every ``tools/call`` received is appended as one JSON line to the file named by
``SOFIA_TOOL_CALL_LOG`` (when set), before the arguments are checked, so tests can count on the
server side what actually reached it.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from ...protocol import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    ArgumentValidator,
    CallToolResult,
    Implementation,
    InitializeResult,
    JsonRpcDecodeError,
    JsonRpcError,
    ListToolsResult,
    Message,
    ServerCapabilities,
    TextContent,
    Tool,
    decode,
    encode,
    error_response,
    is_request,
    negotiate,
    result_response,
)

CALL_LOG_ENV = "SOFIA_TOOL_CALL_LOG"
"""Environment variable naming the JSON Lines file each ``tools/call`` is appended to."""


def call_log_from_env() -> Path | None:
    """The call log named by ``SOFIA_TOOL_CALL_LOG``, or None when it is unset."""
    path = os.environ.get(CALL_LOG_ENV)
    return Path(path) if path else None


class ToolFailure(Exception):
    """Raised by a handler for a tool-execution error: the model reads it as an ``isError`` result."""


@dataclass(frozen=True)
class ServedTool:
    """A tool as listed (``tool``) and the function that answers a call with checked arguments."""

    tool: Tool
    handler: Callable[[dict[str, Any]], CallToolResult]


def _error_result(text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(text=text)], is_error=True)


def json_result(data: dict[str, Any]) -> CallToolResult:
    """A result with ``structuredContent`` and, for older clients, the same JSON as a text block."""
    return CallToolResult(
        content=[TextContent(text=json.dumps(data, ensure_ascii=False))], structured_content=data
    )


class StdioToolServer:
    """Answers MCP requests for a fixed set of tools. ``handle`` is the whole protocol; ``serve`` the pipe."""

    def __init__(
        self,
        name: str,
        version: str,
        tools: Sequence[ServedTool],
        instructions: str | None = None,
        call_log: Path | None = None,
    ) -> None:
        self._info = Implementation(name=name, version=version)
        self._tools = {served.tool.name: served for served in tools}
        self._instructions = instructions
        self._call_log = call_log
        self._validator = ArgumentValidator()

    def handle(self, msg: Message) -> Message | None:
        """The response to one message, or None for notifications and stray responses."""
        if not is_request(msg):
            return None
        params = msg.get("params") or {}
        try:
            if not isinstance(params, dict):
                raise JsonRpcError(INVALID_PARAMS, "'params' must be an object")
            result = self._dispatch(str(msg["method"]), params)
        except JsonRpcError as exc:
            return error_response(msg["id"], exc)
        return result_response(msg["id"], result)

    def serve(self, lines: Iterable[bytes] | None = None, out: BinaryIO | None = None) -> None:
        """Read frames until end of input (stdin by default), answering each on ``out`` (stdout)."""
        out = out or sys.stdout.buffer
        for line in lines if lines is not None else sys.stdin.buffer:
            if not line.strip():
                continue
            try:
                response = self.handle(decode(line))
            except JsonRpcDecodeError as exc:
                response = error_response(None, JsonRpcError(PARSE_ERROR, str(exc)))
            if response is not None:
                out.write(encode(response))
                out.flush()

    def _dispatch(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        if method == "initialize":
            return InitializeResult(
                protocol_version=negotiate(str(params.get("protocolVersion", ""))),
                capabilities=ServerCapabilities(tools={"listChanged": False}),
                server_info=self._info,
                instructions=self._instructions,
            ).wire()
        if method == "ping":
            return {}
        if method == "tools/list":
            return ListToolsResult(tools=[served.tool for served in self._tools.values()]).wire()
        if method == "tools/call":
            return self._call(params).wire()
        raise JsonRpcError(METHOD_NOT_FOUND, f"method not found: {method}")

    def _call(self, params: dict[str, Any]) -> CallToolResult:
        name = params.get("name")
        arguments = params.get("arguments") or {}
        self._record(name, arguments)
        served = self._tools.get(str(name))
        if served is None:
            known = ", ".join(self._tools)
            raise JsonRpcError(INVALID_PARAMS, f"unknown tool {name!r}; this server has: {known}")
        # A tool-execution error, not a protocol error (MCP 2025-11-25, SEP-1303): the model
        # reads it and can correct its arguments.
        problem = self._validator.problem(str(name), served.tool.input_schema, arguments)
        if problem is not None:
            return _error_result(problem)
        try:
            return served.handler(arguments)
        except ToolFailure as exc:
            return _error_result(str(exc))
        except Exception as exc:  # a bug in a handler must not take the server down with it
            traceback.print_exc(file=sys.stderr)
            raise JsonRpcError(INTERNAL_ERROR, f"{name} failed: {type(exc).__name__}: {exc}") from None

    def _record(self, name: Any, arguments: Any) -> None:
        if self._call_log is None:
            return
        # One append per call: O_APPEND keeps lines whole even if two servers share the file.
        with open(self._call_log, "a", encoding="utf-8") as log:
            log.write(json.dumps({"server": self._info.name, "tool": name, "arguments": arguments}) + "\n")


def count_calls(call_log: Path, tool: str | None = None) -> int:
    """How many calls (of ``tool``, or of any tool) a server appended to ``call_log``; 0 if absent."""
    if not call_log.exists():
        return 0
    records = [json.loads(line) for line in call_log.read_text(encoding="utf-8").splitlines() if line]
    return sum(1 for r in records if tool is None or r.get("tool") == tool)
