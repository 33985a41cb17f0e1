"""The stdio MCP server (``sofia-nb mcp serve``) exposing the context registry's read-only tools."""

from ._roots import narrow, uri_to_path
from ._server import SERVER_INFO, ContextServer
from ._stdio import run_stdio

__all__ = ["SERVER_INFO", "ContextServer", "narrow", "run_stdio", "uri_to_path"]
