"""What the client does for the official conformance suite (the command is
``python -m sofia_nb.cli.conformance URL``, which reports; this module only acts).

The suite starts a test server per scenario, appends its URL to the command and names the scenario in
``MCP_CONFORMANCE_SCENARIO``. ``run`` connects through ``McpManager``, lists the tools and calls
each one with arguments made from its schema. Elicitation is accepted with the schema's defaults for
the elicitation scenarios and declined otherwise (the library default); sampling is always refused.
"""

from __future__ import annotations

from typing import Any

from .. import protocol as p
from ._config import McpConfig, ServerConfig
from ._manager import McpManager
from ._session import RequestHandler, refuse

SERVER = "conformance"
_SAMPLES: dict[str, Any] = {
    "number": 1,
    "integer": 1,
    "string": "sofia",
    "boolean": True,
    "array": [],
    "object": {},
}


def sample_arguments(schema: dict[str, Any]) -> dict[str, Any]:
    """Arguments that satisfy a simple ``inputSchema``: defaults, else a value of each required type."""
    properties = schema.get("properties") or {}
    arguments = {}
    for name in schema.get("required") or []:
        spec = properties.get(name) or {}
        sample = _SAMPLES.get(str(spec.get("type")), "sofia")
        arguments[name] = spec.get("default", sample)
    return arguments


async def accept_with_defaults(method: str, params: dict[str, Any]) -> dict[str, Any]:
    """Accept an elicitation with every default of its ``requestedSchema``; refuse anything else."""
    if method != "elicitation/create":
        return await refuse(method, params)
    properties = (params.get("requestedSchema") or {}).get("properties") or {}
    content = {name: spec["default"] for name, spec in properties.items() if "default" in spec}
    return {"action": "accept", "content": content}


async def run(url: str, scenario: str) -> None:
    handler: RequestHandler = accept_with_defaults if scenario.startswith("elicitation") else refuse
    config = McpConfig(servers={SERVER: ServerConfig(name=SERVER, type="http", url=url, timeout=20)})
    async with McpManager(config, handler=handler) as manager:
        tools: list[p.Tool] = await manager.list_tools(SERVER)
        if scenario == "initialize":
            return
        for tool in tools:
            await manager.call_tool(SERVER, tool.name, sample_arguments(tool.input_schema))
