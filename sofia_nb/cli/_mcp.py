"""``sofia-nb mcp servers | tools SERVER | call SERVER TOOL`` (and ``serve``, from ``_mcp_serve``)."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel
from rich.table import Table

from ..inert import terminal_text
from ..redact import redacted_head
from . import _exit, _mcp_serve
from ._context import CliContext
from ._output import Output

if TYPE_CHECKING:  # the MCP client is imported by the commands that use it: `mcp serve` does not
    from ..mcp import InputSpec, McpConfig, McpError, McpManager, ServerConfig


class McpServerLine(BaseModel):
    name: str
    type: Literal["stdio", "http", "sse"]
    target: str
    state: Literal["configured", "available", "unavailable"]
    error_kind: str | None = None
    error: str | None = None


class McpServersResult(BaseModel):
    """``mcp servers``: ``state`` is ``configured`` unless ``--check`` tried the handshake."""

    config: str | None
    servers: list[McpServerLine]


class McpToolLine(BaseModel):
    name: str
    title: str | None
    description: str | None
    read_only: bool | None
    idempotent: bool | None
    input_schema: dict[str, Any]


class McpToolsResult(BaseModel):
    server: str
    tools: list[McpToolLine]


class McpCallResult(BaseModel):
    """``mcp call``: the tool's result. Exit code 3 when ``is_error``."""

    server: str
    tool: str
    content: list[dict[str, Any]]
    structured_content: Any = None
    is_error: bool


RESULTS = (McpServersResult, McpToolsResult, McpCallResult)


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    group = sub.add_parser("mcp", parents=[common], help="MCP servers: list, inspect, call, serve")
    mcp_sub = group.add_subparsers(dest="mcp_command", metavar="SUBCOMMAND")

    p = mcp_sub.add_parser(
        "servers", parents=[common], help="servers from the MCP config, with type and state"
    )
    p.add_argument("--check", action="store_true", help="start each server and run the handshake")
    p.set_defaults(handler=run_servers)

    p = mcp_sub.add_parser("tools", parents=[common], help="a server's tools (all pages)")
    p.add_argument("server")
    p.set_defaults(handler=run_tools)

    p = mcp_sub.add_parser("call", parents=[common], help="call one tool")
    p.add_argument("server")
    p.add_argument("tool")
    p.add_argument(
        "--arg",
        action="append",
        default=[],
        metavar="K=V",
        help="one argument; V is parsed as JSON when it parses, else kept as a string (repeatable)",
    )
    p.add_argument(
        "--args-json", metavar="JSON", help="the base arguments object; each --arg then sets one key"
    )
    p.add_argument("--timeout", type=float, metavar="S", help="seconds before the call fails with 'timeout'")
    p.set_defaults(handler=run_call)

    _mcp_serve.add_serve_parser(mcp_sub, common)


def _config(ctx: CliContext) -> McpConfig:
    from ..mcp import McpConfigError, load_config

    try:
        return load_config(ctx.mcp_config)
    except McpConfigError as exc:
        raise _exit.UsageError(str(exc)) from None


def _manager(ctx: CliContext, server: str) -> McpManager:
    config = _config(ctx)
    if server not in config.servers:
        known = ", ".join(config.servers) or "none configured"
        raise _exit.UsageError(f"unknown MCP server {server!r} (known: {known})")
    from ..mcp import McpManager

    manager = McpManager(config, prompt=functools.partial(_ask, ctx.out) if sys.stdin.isatty() else None)
    manager.bus.subscribe(ctx.out.event)
    return manager


def _ask(out: Output, spec: InputSpec) -> str | None:
    """An ``${input:ID}`` typed at the terminal (hidden when the input is a password); the config
    file's description is shown as text (it may come with a repository)."""
    question = terminal_text(f"{spec.description or spec.id}: ")
    if spec.password:
        import getpass

        return getpass.getpass(question)  # the terminal, never stdout
    out.prompts.write(question)  # stdout is for results (JSON Lines under --json)
    out.prompts.flush()
    return sys.stdin.readline().rstrip("\n")


def _failure(ctx: CliContext, exc: McpError) -> int:
    if ctx.out.json_mode:
        ctx.out.error(exc.message, kind=exc.kind, server=exc.server, tool=exc.tool)
    else:
        ctx.out.error(str(exc))
    return _exit.MCP_FAILURE


def _target(entry: ServerConfig) -> str:
    return entry.url or " ".join([entry.command or "", *entry.args])


async def run_servers(ctx: CliContext) -> int:
    import asyncio

    from ..mcp import McpError, McpManager

    config = _config(ctx)
    lines = [
        McpServerLine(name=n, type=e.type, target=_target(e), state="configured")
        for n, e in config.servers.items()
    ]
    if ctx.args.check:
        async with McpManager(config) as manager:
            outcomes = await asyncio.gather(
                *(manager.session(line.name) for line in lines), return_exceptions=True
            )
        for line, outcome in zip(lines, outcomes, strict=True):
            line.state = "unavailable" if isinstance(outcome, BaseException) else "available"
            if isinstance(outcome, McpError):
                line.error_kind, line.error = outcome.kind, outcome.message
    table = Table("server", "type", "state", "target")
    for line in lines:
        table.add_row(
            line.name,
            line.type,
            line.state + (f": {line.error}" if line.error else ""),
            line.target,
        )
    result = McpServersResult(config=str(config.path) if config.path else None, servers=lines)
    ctx.out.result(result, human=table if lines else "no MCP servers configured (no .vscode/mcp.json found)")
    return _exit.OK


async def run_tools(ctx: CliContext) -> int:
    from ..mcp import McpError

    server = ctx.args.server
    async with _manager(ctx, server) as manager:
        try:
            tools = await manager.list_tools(server)
        except McpError as exc:
            return _failure(ctx, exc)
    lines = [
        McpToolLine(
            name=t.name,
            title=t.title,
            description=t.description,
            input_schema=t.input_schema,
            read_only=t.annotations.read_only_hint if t.annotations else None,
            idempotent=t.annotations.idempotent_hint if t.annotations else None,
        )
        for t in tools
    ]
    table = Table("tool", "read-only", "description")
    for line in lines:
        table.add_row(
            line.name,
            "yes" if line.read_only else "",
            redacted_head((line.description or "").split("\n")[0], 80),
        )
    ctx.out.result(McpToolsResult(server=server, tools=lines), human=table)
    return _exit.OK


def parse_arguments(base: str | None, pairs: list[str]) -> dict[str, Any]:
    """``--args-json`` as the base object, then each ``--arg k=v`` (v as JSON when it parses)."""
    try:
        arguments = json.loads(base) if base else {}
    except json.JSONDecodeError as exc:
        raise _exit.UsageError(f"--args-json is not valid JSON: {exc}") from None
    if not isinstance(arguments, dict):
        raise _exit.UsageError("--args-json must be a JSON object")
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise _exit.UsageError(f"--arg needs KEY=VALUE, got {pair!r}")
        try:
            arguments[key] = json.loads(raw)
        except json.JSONDecodeError:
            arguments[key] = raw
    return arguments


async def run_call(ctx: CliContext) -> int:
    from ..mcp import McpError

    args = ctx.args
    arguments = parse_arguments(args.args_json, args.arg)
    async with _manager(ctx, args.server) as manager:
        try:
            result = await manager.call_tool(args.server, args.tool, arguments, timeout=args.timeout)
        except McpError as exc:
            return _failure(ctx, exc)
    content = [block.model_dump(mode="json", exclude_none=True) for block in result.content]
    out = McpCallResult(
        server=args.server,
        tool=args.tool,
        content=content,
        structured_content=result.structured_content,
        is_error=result.is_error,
    )
    human = result.text() or json.dumps(out.model_dump(mode="json")["content"], indent=2)
    ctx.out.result(out, human=human)
    return _exit.TOOL_ERROR if result.is_error else _exit.OK
