"""The stdio MCP server (``sofia-nb mcp serve``) exposing the context registry's read-only tools."""

from ._roots import narrow, uri_to_path
from ._server import SERVER_INFO, ContextServer
from ._stdio import serve_context_tools

__all__ = ["SERVER_INFO", "ContextServer", "narrow", "serve_context_tools", "uri_to_path"]
