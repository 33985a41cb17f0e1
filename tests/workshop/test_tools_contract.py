"""The workshop's tools field by field: the specs the model is offered, what each built-in returns,
and what the session log keeps of every call."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Literal

import pytest

from sofia_nb.consent import ConsentBroker, ConsentedTools, PolicyConsent, ScriptedConsent
from sofia_nb.events import EventBus, EventRecorder, ToolCallFinished, ToolCallStarted, WarningIssued
from sofia_nb.llm import ToolCall, ToolOutput, ToolSpec
from sofia_nb.protocol import CallToolResult, TextContent, Tool
from sofia_nb.redact import REDACTED, redact_text
from sofia_nb.session import Phase, WorkshopSession
from sofia_nb.workshop import ToolRef
from sofia_nb.workshop._cards import search_cards
from sofia_nb.workshop._tools import (
    WorkshopTools,
    cards_search_tool,
    result_text,
    tool_record,
    web_search_tool,
)

SEARCH = ToolRef(server="search", tool="web_search")


def allowed(host: Any) -> ConsentedTools:
    """``host`` behind a gate that allows every call."""
    return ConsentedTools(host, ConsentBroker(PolicyConsent("allow-all")))


class Host:
    """A ToolHost answering in process: ``calc`` has one tool, ``broken`` fails to list, calls echo."""

    def __init__(self, result: CallToolResult | None = None, fail: Exception | None = None) -> None:
        self.calls: list[tuple[str, str, dict[str, Any] | None, str]] = []
        self.result = result or CallToolResult(content=[TextContent(text="found")])
        self.fail = fail

    @property
    def servers(self) -> list[str]:
        return ["calc", "broken", "search", "microsoft.docs.mcp"]

    async def list_tools(self, server: str, timeout: float | None = None) -> list[Tool]:
        if server == "broken":
            raise ConnectionError("it went away")
        return [Tool(name="double", input_schema={"type": "object"})]

    async def call_tool(
        self,
        server: str,
        tool: str,
        arguments: dict[str, Any] | None = None,
        timeout: float | None = None,
        *,
        origin: Literal["model", "program"] = "program",
    ) -> CallToolResult:
        self.calls.append((server, tool, arguments, origin))
        if self.fail is not None:
            raise self.fail
        return self.result


def test_the_model_is_offered_exactly_these_built_in_specs() -> None:
    tools = WorkshopTools(
        WorkshopSession(), builtins=[cards_search_tool(), web_search_tool(allowed(Host()), SEARCH)]
    )
    assert asyncio.run(tools.list_tools()) == [
        ToolSpec(
            name="builtin__search_cards",
            description="Search the AI envisioning cards by keywords, optionally within one category.",
            parameters={
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "keywords, e.g. 'forecast demand'"},
                    "category": {"type": "string", "description": "a category id or title"},
                    "limit": {"type": "integer", "minimum": 1, "maximum": 20},
                },
                "required": ["query"],
                "additionalProperties": False,
            },
        ),
        ToolSpec(
            name="builtin__web_search",
            description="Search the web (through search/web_search); returns titles, URLs and snippets.",
            parameters={
                "type": "object",
                "properties": {"query": {"type": "string", "minLength": 1}},
                "required": ["query"],
                "additionalProperties": False,
            },
        ),
    ]


def test_a_server_that_cannot_list_is_named_in_a_warning_and_the_others_are_offered() -> None:
    bus = EventBus()
    recorder = EventRecorder(bus)
    tools = WorkshopTools(WorkshopSession(), tools=allowed(Host()), servers=["broken", "calc"], bus=bus)
    assert asyncio.run(tools.list_tools()) == [
        ToolSpec(name="calc__double", description="", parameters={"type": "object"})
    ]
    assert [(w.message, w.source) for w in recorder.of_type(WarningIssued)] == [
        ("tools of MCP server 'broken' are not offered: it went away", "workshop.tools")
    ]


def test_card_search_returns_every_field_of_each_card_within_the_limit() -> None:
    run = cards_search_tool().run
    one = json.loads(asyncio.run(run({"query": "forecast demand", "limit": 1})).text)["cards"]
    [best] = search_cards("forecast demand", None, 1)
    assert one == [
        {
            "id": best.id,
            "title": best.title,
            "category": best.category,
            "description": best.description,
            "scenarios": list(best.scenarios),
            "services": list(best.services),
        }
    ]
    default = json.loads(asyncio.run(run({"query": "data"})).text)["cards"]
    assert [c["id"] for c in default] == [c.id for c in search_cards("data", None, 8)]
    within = json.loads(asyncio.run(run({"query": "", "category": best.category, "limit": 20})).text)["cards"]
    assert within and {c["category"] for c in within} == {best.category}


def test_card_search_in_an_unknown_category_is_an_error_the_model_reads() -> None:
    result = asyncio.run(cards_search_tool().run({"query": "x", "category": "no-such-category"}))
    assert result.is_error
    with pytest.raises(ValueError) as caught:
        search_cards("x", "no-such-category")
    assert result.text == str(caught.value)


def test_web_search_forwards_the_query_as_the_model_to_the_configured_tool() -> None:
    host = Host(CallToolResult(content=[TextContent(text="no results")], is_error=True))
    result = asyncio.run(web_search_tool(allowed(host), SEARCH, query_argument="q").run({"query": "news"}))
    assert host.calls == [("search", "web_search", {"q": "news"}, "model")]
    assert (result.text, result.is_error) == ("no results", True)
    assert web_search_tool(allowed(host), SEARCH).forwards_to == SEARCH


def test_a_result_is_its_text_else_its_structured_content_as_json() -> None:
    assert result_text(CallToolResult(content=[TextContent(text="t")], structured_content={"a": 1})) == "t"
    assert result_text(CallToolResult(structured_content={"city": "Zürich"})) == '{"city": "Zürich"}'
    assert result_text(CallToolResult()) == ""


def test_a_server_tool_that_fails_is_an_error_the_model_reads_and_the_log_keeps() -> None:
    session = WorkshopSession(phase=Phase.DESIGN)
    script = ScriptedConsent(["allow"])
    host = Host(fail=RuntimeError("boom"))
    tools = WorkshopTools(session, tools=ConsentedTools(host, ConsentBroker(script)), servers=["calc"])
    asyncio.run(tools.list_tools())
    call = ToolCall(id="c1", name="calc__double", arguments={"n": 1})
    tools.hooks.before(call)
    result = asyncio.run(tools.call_tool(call))
    assert (result.text, result.is_error) == ("calc/double failed: boom", True)
    assert (script.asked[0].tool, script.asked[0].arguments) == ("calc/double", {"n": 1})
    assert host.calls == [("calc", "double", {"n": 1}, "model")]
    tools.hooks.after(call, result)
    record = session.tool_calls[0]
    assert (record.server, record.tool, record.ok, record.is_error, record.error_kind) == (
        "calc",
        "double",
        False,
        True,
        "error",
    )


def test_the_log_keeps_redacted_arguments_and_a_short_redacted_preview() -> None:
    session = WorkshopSession(phase=Phase.PLAN)
    text = "token ghp_" + "a" * 36 + " " + "word " * 100
    record = tool_record(
        session,
        ToolRef(server="s", tool="t"),
        {"api_key": "hunter2", "q": "fine"},
        call_id="c9",
        origin="program",
        started=time.perf_counter(),
        text=text,
    )
    assert session.tool_calls == [record]
    assert (record.call_id, record.server, record.tool, record.origin, record.phase) == (
        "c9",
        "s",
        "t",
        "program",
        Phase.PLAN,
    )
    assert record.arguments == {"api_key": REDACTED, "q": "fine"}
    assert "ghp_" not in record.result_preview and record.result_preview.startswith("token ")
    assert record.result_preview.rstrip().endswith("word") and "word " * 60 not in record.result_preview
    assert (record.ok, record.is_error, record.error_kind) == (True, False, None)
    assert 0 <= record.duration_s < 60
    failed = tool_record(
        session,
        ToolRef(server="s", tool="t"),
        {},
        call_id="c10",
        origin="model",
        started=0.0,
        text="",
        error_kind="timeout",
    )
    assert (failed.ok, failed.is_error, failed.error_kind) == (False, False, "timeout")


def test_a_name_that_is_not_server_tool_is_refused_by_name() -> None:
    for bad in ("plain", "/tool", "server/", "__tool", "server__"):
        with pytest.raises(ValueError, match=f"tool name {bad!r} is not of the form server/tool"):
            ToolRef.parse(bad)
    assert ToolRef.parse("a/b__c") == ToolRef(server="a", tool="b__c")  # "/" is tried first
    assert ToolRef.parse("a/b/c") == ToolRef(server="a", tool="b/c")  # the server ends at the first one


def test_a_server_s_error_result_reaches_the_model_and_the_log_as_a_tool_error() -> None:
    session = WorkshopSession()
    host = Host(CallToolResult(content=[TextContent(text="bad n")], is_error=True))
    broker = ConsentBroker(PolicyConsent("allow-all"))
    tools = WorkshopTools(session, tools=ConsentedTools(host, broker), servers=["calc"])
    asyncio.run(tools.list_tools())
    call = ToolCall(id="c2", name="calc__double", arguments={"n": 1})
    tools.hooks.before(call)
    result = asyncio.run(tools.call_tool(call))
    assert (result.text, result.is_error) == ("bad n", True)
    tools.hooks.after(call, result)
    assert [(r.ok, r.is_error, r.error_kind) for r in session.tool_calls] == [(False, True, "tool-error")]


def test_a_rejected_call_to_a_name_without_a_server_is_logged_under_unknown() -> None:
    session = WorkshopSession()
    bus = EventBus()
    recorder = EventRecorder(bus)
    tools = WorkshopTools(session, bus=bus)
    call = ToolCall(id="c3", name="rm", arguments={"path": "/"})
    tools.hooks.after(call, ToolOutput(text="not offered", is_error=True))
    record = session.tool_calls[0]
    assert (record.server, record.tool, record.error_kind, record.arguments) == (
        "unknown",
        "rm",
        "rejected",
        {"path": "/"},
    )
    [started] = recorder.of_type(ToolCallStarted)
    [finished] = recorder.of_type(ToolCallFinished)
    assert (started.call_id, started.server, started.tool, started.arguments, started.origin) == (
        "c3",
        "unknown",
        "rm",
        {"path": "/"},
        "model",
    )
    assert (
        finished.ok,
        finished.is_error,
        finished.error_kind,
        finished.error_message,
        finished.result_size,
    ) == (
        False,
        True,
        "rejected",
        "not offered",
        11,
    )
    assert finished.result_preview == "not offered"


def test_a_local_call_that_succeeds_is_announced_without_an_error() -> None:
    session = WorkshopSession()
    bus = EventBus()
    recorder = EventRecorder(bus)
    tools = WorkshopTools(session, builtins=[cards_search_tool()], bus=bus)
    asyncio.run(tools.list_tools())
    call = ToolCall(id="c4", name="builtin__search_cards", arguments={"query": "routes", "limit": 1})
    tools.hooks.before(call)
    result = asyncio.run(tools.call_tool(call))
    tools.hooks.after(call, result)
    [finished] = recorder.of_type(ToolCallFinished)
    assert (finished.ok, finished.is_error, finished.error_kind, finished.error_message) == (
        True,
        False,
        None,
        None,
    )
    assert finished.result_size == len(result.text)
    assert finished.result_preview == result.text[:300]


def test_a_turn_streams_its_text_to_the_face() -> None:
    from sofia_nb.llm import Message, ScriptedLLM

    llm = ScriptedLLM(
        [
            {
                "text": "Let me look. ",
                "tool_calls": [{"name": "builtin__search_cards", "arguments": {"query": "x"}}],
            },
            "Here is what I found.",
        ]
    )
    tools = WorkshopTools(WorkshopSession(), builtins=[cards_search_tool()])
    streamed: list[str] = []
    response = asyncio.run(tools(llm, [Message(role="user", content="go")], on_text=streamed.append))
    assert response.text == "Here is what I found."
    assert "".join(streamed).endswith("Here is what I found.")


def test_the_cards_tool_searches_its_own_deck_and_lists_it_without_a_query() -> None:
    from sofia_nb.workshop._cards import Card, CardCategory, Deck

    deck = Deck(
        categories=(CardCategory(id="vision", title="Vision", description="Seeing things"),),
        cards=(
            Card(
                id="menu-reader",
                title="Menu reader for the café",
                category="vision",
                description="Reads a café menu aloud",
                scenarios=("Read the menu", "Find the dish"),
                services=("Azure AI Vision",),
            ),
        ),
    )
    run = cards_search_tool(deck).run
    listed = asyncio.run(run({}))  # no query: the whole (one-card) deck, not a search for "None"
    assert [c["id"] for c in json.loads(listed.text)["cards"]] == ["menu-reader"]
    assert "café" in listed.text  # written as the model reads it, not as \\u00e9 escapes


def test_web_search_sends_the_query_under_query_unless_the_backend_names_another_argument() -> None:
    host = Host()
    asyncio.run(web_search_tool(allowed(host), SEARCH).run({"query": "retail AI"}))
    asyncio.run(web_search_tool(allowed(host), SEARCH, query_argument="q").run({"query": "retail AI"}))
    assert [args for _, _, args, _ in host.calls] == [{"query": "retail AI"}, {"q": "retail AI"}]
    assert {origin for *_, origin in host.calls} == {"model"}


class SlowHost(Host):
    async def call_tool(
        self,
        server: str,
        tool: str,
        arguments: Any = None,
        timeout: float | None = None,
        *,
        origin: Any = "program",
    ) -> Any:
        await asyncio.sleep(0.05)
        return await super().call_tool(server, tool, arguments, timeout, origin=origin)


def test_the_log_times_each_call_from_its_before_hook() -> None:
    session = WorkshopSession()
    tools = WorkshopTools(
        session, tools=ConsentedTools(SlowHost(), ConsentBroker(PolicyConsent("allow-all"))), servers=["calc"]
    )
    asyncio.run(tools.list_tools())
    call = ToolCall(id="c1", name="calc__double", arguments={})
    tools.hooks.before(call)
    tools.hooks.after(call, asyncio.run(tools.call_tool(call)))
    assert session.tool_calls[0].duration_s >= 0.05  # a lower bound only: sleeping cannot be shorter


def test_a_turn_reports_the_usage_of_every_round() -> None:
    from sofia_nb.llm import Message, ScriptedLLM

    llm = ScriptedLLM(
        [
            {
                "tool_calls": [{"name": "builtin__search_cards", "arguments": {"query": "x"}}],
                "usage": {"input_tokens": 100, "output_tokens": 7},
            },
            {"text": "done", "usage": {"input_tokens": 180, "output_tokens": 12}},
        ]
    )
    tools = WorkshopTools(WorkshopSession(), builtins=[cards_search_tool()])
    response = asyncio.run(tools(llm, [Message(role="user", content="go")], on_text=None))
    assert (response.usage.input_tokens, response.usage.output_tokens) == (280, 19)


def test_a_server_whose_name_is_not_wire_safe_is_logged_and_asked_under_its_own_name() -> None:
    session = WorkshopSession()
    script = ScriptedConsent(["allow"])
    tools = WorkshopTools(
        session, tools=ConsentedTools(Host(), ConsentBroker(script)), servers=["microsoft.docs.mcp"]
    )
    [spec] = asyncio.run(tools.list_tools())
    call = ToolCall(id="c1", name=spec.name, arguments={})
    tools.hooks.before(call)
    tools.hooks.after(call, asyncio.run(tools.call_tool(call)))
    assert spec.name == "microsoft-docs-mcp__double"
    assert (session.tool_calls[0].server, session.tool_calls[0].tool) == ("microsoft.docs.mcp", "double")
    assert script.asked[0].tool == "microsoft.docs.mcp/double"


def test_a_call_that_reached_a_server_is_left_to_its_manager_to_announce() -> None:
    bus = EventBus()
    recorder = EventRecorder(bus)
    tools = WorkshopTools(WorkshopSession(), tools=allowed(Host()), servers=["calc"], bus=bus)
    asyncio.run(tools.list_tools())
    call = ToolCall(id="c1", name="calc__double", arguments={})
    tools.hooks.before(call)
    tools.hooks.after(call, asyncio.run(tools.call_tool(call)))
    assert recorder.of_type(ToolCallStarted) == [] and recorder.of_type(ToolCallFinished) == []


def test_a_failed_call_logs_the_kind_of_its_error() -> None:
    from sofia_nb.mcp import McpError

    session = WorkshopSession()
    host = Host(fail=McpError("timeout", "no answer within 30 s"))
    tools = WorkshopTools(
        session, tools=ConsentedTools(host, ConsentBroker(PolicyConsent("allow-all"))), servers=["calc"]
    )
    asyncio.run(tools.list_tools())
    call = ToolCall(id="c1", name="calc__double", arguments={})
    tools.hooks.before(call)
    result = asyncio.run(tools.call_tool(call))
    tools.hooks.after(call, result)
    assert result.text == "calc/double failed: no answer within 30 s"
    assert session.tool_calls[0].error_kind == "timeout"


def test_the_tools_take_only_a_gated_host_and_say_so() -> None:
    message = (
        "{} needs a ConsentedTools (the gated tool host), not a Host: "
        "wrap it as ConsentedTools(host, broker) so every call is asked for first"
    )
    with pytest.raises(TypeError) as caught:
        WorkshopTools(WorkshopSession(), tools=Host())  # type: ignore[arg-type]
    assert str(caught.value) == message.format("WorkshopTools")
    with pytest.raises(TypeError) as caught:
        web_search_tool(Host(), SEARCH)  # type: ignore[arg-type]
    assert str(caught.value) == message.format("web_search_tool")
    assert WorkshopTools(WorkshopSession()).tools is None  # no host: only the built-ins


def test_the_log_keeps_what_the_model_read_redacted_and_only_that() -> None:
    session = WorkshopSession()
    # Words of two letters: the 4,000th character is a cut the redactor need not move (redact, then
    # cut, moves a cut off a token-like word), so what is kept is exactly the first 4,000, redacted.
    text = "secret ghp_" + "b" * 36 + " " + "y " * 2500
    common: dict[str, Any] = {"call_id": "c", "started": time.perf_counter(), "text": text}
    read = tool_record(session, ToolRef(server="s", tool="t"), {}, origin="model", **common)
    assert "ghp_" not in read.result_text
    assert read.result_text == redact_text(text[:4000])
    program = tool_record(session, ToolRef(server="s", tool="t"), {}, origin="program", **common)
    failed = tool_record(session, ToolRef(server="s", tool="t"), {}, origin="model", is_error=True, **common)
    assert (program.result_text, failed.result_text) == ("", "")
