"""What one MCP server can put in front of the model is bounded: a server offering 10,000 tools gets
``max_tools_per_server`` of them into each request (the rest named in a warning), and a 50 MB tool
result reaches the model as its first ``tool_result_chars`` characters with a note. Real parts: the
stdio transport to a server process, the OpenAI-compatible client over loopback HTTP."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sofia_nb.consent import ConsentBroker, ConsentedTools, PolicyConsent
from sofia_nb.events import EventBus, EventRecorder, WarningIssued
from sofia_nb.llm import Endpoint, Message, OpenAICompatLLM
from sofia_nb.mcp import McpManager
from sofia_nb.session import WorkshopSession
from sofia_nb.workshop._tools import MAX_TOOLS_PER_SERVER, WorkshopTools
from tests.support.mcp_helpers import config, fake_entry
from tests.support.openai_server import OpenAIServer

FIFTY_MB = 50


async def _turn(
    server: OpenAIServer, *, extra_tools: int, **bounds: Any
) -> tuple[WorkshopTools, EventRecorder]:
    bus = EventBus()
    recorder = EventRecorder(bus)
    session = WorkshopSession()
    entry = fake_entry(FAKE_EXTRA_TOOLS=str(extra_tools), FAKE_PAGE="500", timeout=60)
    llm = OpenAICompatLLM(Endpoint(provider="openai", model="m", base_url=server.base_url, api_key="k"))
    async with McpManager(config(entry), bus=bus) as mcp:
        tools = WorkshopTools(
            session,
            tools=ConsentedTools(mcp, ConsentBroker(PolicyConsent("allow-all"), bus=bus, session=session)),
            servers=["fake"],
            bus=bus,
            **bounds,
        )
        await tools(llm, [Message(role="user", content="look it up")], on_text=None)
    await llm.aclose()
    return tools, recorder


async def test_ten_thousand_tools_offer_the_first_few_and_name_the_rest() -> None:
    with OpenAIServer() as server:
        server.reply("nothing to call")
        _, recorder = await _turn(server, extra_tools=10_000)
    [request] = server.requests
    offered = [t["function"]["name"] for t in request.body["tools"]]
    assert len(offered) == MAX_TOOLS_PER_SERVER
    assert offered[:2] == ["fake__echo", "fake__add"]
    assert len(json.dumps(request.body)) < 64_000  # 10,000 tools made 3.6 MB
    [warning] = [w.message for w in recorder.of_type(WarningIssued)]
    assert warning.startswith("MCP server 'fake' offers 10,014 tools; the model is offered 64 of them")
    assert "max_tools_per_server = 64" in warning and "Not offered: extra_00050, extra_00051," in warning
    assert warning.endswith("extra_00079 and 9,920 more")


async def test_the_limit_is_a_setting() -> None:
    with OpenAIServer() as server:
        server.reply("nothing to call")
        await _turn(server, extra_tools=100, max_tools_per_server=5)
    assert [t["function"]["name"] for t in server.requests[0].body["tools"]] == [
        "fake__echo",
        "fake__add",
        "fake__sleep",
        "fake__never",
        "fake__die",
    ]


@pytest.mark.parametrize("budget", [None, 10_000])
async def test_a_50_mb_tool_result_reaches_the_model_cut_to_its_budget_with_a_note(
    budget: int | None,
) -> None:
    bounds = {} if budget is None else {"tool_result_chars": budget}
    limit = budget or 40_000
    with OpenAIServer() as server:
        server.reply(tool_calls=[("fake__big", {"mib": FIFTY_MB, "pattern": "row of the big result\n"})])
        server.reply("that was a lot")
        tools, _ = await _turn(server, extra_tools=0, **bounds)
    second = server.requests[1].body
    [result] = [m["content"] for m in second["messages"] if m["role"] == "tool"]
    size = FIFTY_MB * 1024 * 1024
    assert len(result) < limit + 300
    assert result.startswith("row of the big result\n")
    shown, note = result.split("\n\n[cut by sofia_nb: ")
    assert note == (
        f"the tool result has {size:,} characters; the first {len(shown):,} are shown. "
        "Ask for less (a narrower query, fewer results, a page) to see more.]"
    )
    assert limit - 30 < len(shown) <= limit  # cut at a word's edge
    assert len(json.dumps(second)) < limit + 20_000
    [record] = tools.session.tool_calls
    assert record.ok and len(record.result_preview) <= 300


class _HugeToolsHost:
    """A server whose one tool has a megabyte of description and another a 30 kB schema."""

    async def list_tools(self, server: str, *args: Any, **kwargs: Any) -> list[Any]:
        from sofia_nb.protocol import Tool

        wide = {"type": "object", "properties": {f"p{n}": {"type": "string"} for n in range(1500)}}
        return [
            Tool(name="wordy", description="says a lot. " * 90_000, input_schema={"type": "object"}),
            Tool(name="wide", description="many parameters", input_schema=wide),
        ]

    async def call_tool(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("not called")


async def test_a_huge_description_is_cut_and_a_huge_schema_is_not_offered() -> None:
    from sofia_nb.workshop._tools import DESCRIPTION_CHARS, SCHEMA_CHARS

    bus = EventBus()
    recorder = EventRecorder(bus)
    session = WorkshopSession()
    gated_host = ConsentedTools(_HugeToolsHost(), ConsentBroker(PolicyConsent("deny"), session=session))  # type: ignore[arg-type]
    tools = WorkshopTools(session, tools=gated_host, servers=["big"], bus=bus)
    [spec] = await tools.list_tools()
    assert spec.name == "big__wordy" and len(spec.description) <= DESCRIPTION_CHARS
    [warning] = [w.message for w in recorder.of_type(WarningIssued)]
    assert warning == (
        f"tools of MCP server 'big' with a parameter schema over {SCHEMA_CHARS:,} characters "
        "are not offered: wide"
    )
