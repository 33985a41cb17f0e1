"""``McpError``: the one exception every MCP failure becomes, with a ``kind`` callers branch on."""

from __future__ import annotations

from typing import Literal, get_args

from ..protocol import ToolCallError

ErrorKind = Literal[
    "connection-refused",  # could not connect, or the server died before the handshake finished
    "connection-lost",  # the server died or the stream broke after the handshake
    "timeout",
    "dns-failure",
    "auth-failure",  # HTTP 401/403
    "validation",  # arguments do not match the tool's inputSchema (nothing was sent), or -32602
    "protocol",  # malformed JSON-RPC, an unsupported protocol version, a line too long
    "tool-error",  # the server answered with a JSON-RPC error for the call
    "unknown",  # e.g. HTTP 5xx
]
ERROR_KINDS: tuple[ErrorKind, ...] = get_args(ErrorKind)


class McpError(ToolCallError):
    """An MCP failure. ``str(err)`` is a user-facing message without a stack trace."""

    def __init__(
        self,
        kind: ErrorKind,
        message: str,
        *,
        server: str | None = None,
        tool: str | None = None,
        stderr_tail: str = "",
        http_status: int | None = None,
    ) -> None:
        super().__init__(message)
        self.kind: ErrorKind = kind
        self.message = message
        self.server = server
        self.tool = tool
        self.stderr_tail = stderr_tail
        self.http_status = http_status
        """The HTTP status behind the error, when there was one (the retry rule reads it)."""

    def __str__(self) -> str:
        where = "/".join(p for p in (self.server, self.tool) if p)
        text = f"{where}: {self.message}" if where else self.message
        if self.stderr_tail:
            text += "\n--- server stderr (last lines) ---\n" + self.stderr_tail
        return text

    def with_context(self, server: str | None, tool: str | None) -> McpError:
        """Fill in the server and tool where the low layers did not know them; returns ``self``."""
        self.server = self.server or server
        self.tool = self.tool or tool
        return self

    def to_dict(self) -> dict[str, str | None]:
        """The ``{"kind", "message", "server", "tool"}`` object of the CLI's ``--json`` error."""
        return {"kind": self.kind, "message": self.message, "server": self.server, "tool": self.tool}
