"""Names that cannot hide each other (issue 45): ``builtin`` is reserved as a server name; two servers
whose names are one for the model are refused naming both (the demo's ``demo-search`` still reads);
two tools whose names are one for the model: the second is not offered, a warning names both, and
the model's call goes to the one whose name consent and the log use."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from sofia_nb.consent import ConsentBroker, ConsentedTools, PolicyConsent
from sofia_nb.events import EventBus, EventRecorder, WarningIssued
from sofia_nb.llm import ToolCall
from sofia_nb.mcp import McpConfigError, parse_config
from sofia_nb.protocol import CallToolResult, Tool
from sofia_nb.session import WorkshopSession
from sofia_nb.workshop._tools import WorkshopTools, cards_search_tool


@pytest.mark.parametrize("name", ["builtin", "Builtin", "BUILTIN"])
def test_builtin_is_not_a_server_name(name: str) -> None:
    with pytest.raises(McpConfigError, match=f"the server name '{name}' is reserved"):
        parse_config(json.dumps({"servers": {name: {"command": "x"}}}))


@pytest.mark.parametrize(
    ("first", "second"), [("demo.search", "demo-search"), ("demo search", "demo@search")]
)
def test_two_servers_the_model_cannot_tell_apart_are_refused_naming_both(first: str, second: str) -> None:
    text = json.dumps({"servers": {first: {"command": "x"}, second: {"command": "y"}}})
    with pytest.raises(McpConfigError) as caught:
        parse_config(text)
    assert f"the servers '{first}' and '{second}' have one name for the model ('demo-search')" in str(
        caught.value
    )


def test_the_demos_server_name_still_reads() -> None:
    config = parse_config('{"servers": {"demo-search": {"command": "x"}, "demo_search": {"command": "y"}}}')
    assert list(config.servers) == ["demo-search", "demo_search"]  # "_" and "-" stay apart on the wire


class Host:
    """One server, ``demo``, whose tools ``find.all`` and ``find-all`` are one name for the model."""

    def __init__(self) -> None:
        self.servers = ["demo"]
        self.calls: list[tuple[str, str]] = []

    async def list_tools(self, server: str, timeout: float | None = None) -> list[Tool]:
        return [Tool(name=name, input_schema={"type": "object"}) for name in ("find.all", "find-all")]

    async def call_tool(
        self, server: str, tool: str, arguments: Any = None, timeout: Any = None, **_: Any
    ) -> Any:
        self.calls.append((server, tool))
        return CallToolResult(content=[])


def test_a_tool_whose_name_is_anothers_is_not_offered_and_calls_go_to_the_one_named() -> None:
    host, session, bus = Host(), WorkshopSession(), EventBus()
    recorder = EventRecorder(bus)
    gated = ConsentedTools(
        host, ConsentBroker(PolicyConsent("allow:demo/find.all"), session=session, bus=bus)
    )
    tools = WorkshopTools(session, tools=gated, servers=["demo"], bus=bus, builtins=[cards_search_tool()])

    offered = [spec.name for spec in asyncio.run(tools.list_tools())]
    asyncio.run(tools.call_tool(ToolCall(id="1", name="demo__find-all", arguments={})))

    assert offered.count("demo__find-all") == 1
    [warning] = [e for e in recorder.events if isinstance(e, WarningIssued)]
    assert "demo/find-all (the model's name demo__find-all is demo/find.all's)" in warning.message
    assert host.calls == [("demo", "find.all")]  # the one consent was asked about and allowed
    assert [(r.tool, r.decision) for r in session.consent_decisions] == [("demo/find.all", "allow")]
