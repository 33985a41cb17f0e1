"""The one interface every transport implements; the session above it never knows which it has."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from ..protocol import Message
from ._errors import McpError


class SessionExpired(Exception):
    """Streamable HTTP answered 404 for our session id: the session must re-initialize."""


def _ignore(_: object) -> None:
    return None


class Transport(ABC):
    """Moves JSON-RPC messages both ways. Responses, notifications and server requests go to ``on_message``.

    ``send`` raises ``McpError`` for failures of that one message (HTTP status, refused connection);
    ``on_closed`` reports the end of the whole connection, after which every pending request fails.
    """

    protocol_version: str | None = None

    def __init__(self) -> None:
        self.on_message: Callable[[Message], None] = _ignore
        self.on_closed: Callable[[McpError], None] = _ignore
        self.on_stray: Callable[[str], None] = _ignore

    @abstractmethod
    async def start(self) -> None:
        """Connect or spawn. Raises ``McpError`` (``connection-refused``, ``dns-failure``...)."""

    @abstractmethod
    async def send(self, msg: Message) -> None:
        """Send one message (for HTTP: and read what the server streams back for it)."""

    @abstractmethod
    async def aclose(self) -> None:
        """Release everything; idempotent and safe to call after a failure."""

    def stderr_tail(self) -> str:
        """The last lines the server wrote on stderr, shown with failures ('' when not applicable)."""
        return ""
