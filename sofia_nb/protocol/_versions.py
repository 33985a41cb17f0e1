"""MCP protocol revisions this package speaks."""

from __future__ import annotations

LATEST_PROTOCOL_VERSION = "2025-11-25"
"""The newest handshake-era revision: what a client offers in ``initialize``."""

SUPPORTED_PROTOCOL_VERSIONS: tuple[str, ...] = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
"""Handshake-era revisions, newest first. Either side accepts any of these in ``initialize``."""

MODERN_PROTOCOL_VERSION = "2026-07-28"
"""The stateless revision (``server/discover``, no handshake, no session)."""

# 2026-07-28: the per-request envelope in ``params._meta`` and the server's stamp in ``result._meta``.
PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion"
CLIENT_CAPABILITIES_META_KEY = "io.modelcontextprotocol/clientCapabilities"
CLIENT_INFO_META_KEY = "io.modelcontextprotocol/clientInfo"
SERVER_INFO_META_KEY = "io.modelcontextprotocol/serverInfo"

DEFAULT_NEGOTIATED_VERSION = "2025-03-26"
"""What a Streamable HTTP server assumes when the ``MCP-Protocol-Version`` header is absent."""


def negotiate(requested: str) -> str:
    """The version a server answers to ``initialize``: the client's if supported, else our latest."""
    return requested if requested in SUPPORTED_PROTOCOL_VERSIONS else LATEST_PROTOCOL_VERSION
