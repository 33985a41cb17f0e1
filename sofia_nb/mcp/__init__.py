"""The MCP client: stdio and Streamable HTTP transports, ``McpManager``, mcp.json, typed errors, one retry.

Typical use::

    async with McpManager() as mcp:          # reads the nearest .vscode/mcp.json
        result = await mcp.call_tool("github", "get_me", {})

From sync code (scripts, papermill) use ``SyncMcpManager`` with the same methods.
"""

from ..protocol import CallToolResult, Prompt, Resource, Tool, ToolAnnotations
from ._config import (
    QUERY_TIMEOUT_S,
    WRITE_TIMEOUT_S,
    InputProvider,
    InputSpec,
    McpConfig,
    McpConfigError,
    ServerConfig,
    load_config,
    parse_config,
)
from ._discovery import SEARCH_TOOL_NAMES, find_search_tool, search_off_message
from ._errors import ERROR_KINDS, ErrorKind, McpError
from ._http import HttpTransport
from ._manager import McpManager, SyncMcpManager, make_transport
from ._session import ClientSession, RequestHandler, refuse
from ._stdio import StdioTransport
from ._transport import Transport

__all__ = [
    "ERROR_KINDS",
    "QUERY_TIMEOUT_S",
    "SEARCH_TOOL_NAMES",
    "WRITE_TIMEOUT_S",
    "CallToolResult",
    "ClientSession",
    "ErrorKind",
    "HttpTransport",
    "InputProvider",
    "InputSpec",
    "McpConfig",
    "McpConfigError",
    "McpError",
    "McpManager",
    "Prompt",
    "RequestHandler",
    "Resource",
    "ServerConfig",
    "StdioTransport",
    "SyncMcpManager",
    "Tool",
    "ToolAnnotations",
    "Transport",
    "find_search_tool",
    "load_config",
    "make_transport",
    "parse_config",
    "refuse",
    "search_off_message",
]
