"""The model's tools through the LLM tool loop: consent, the call log, and the tool errors a model reads."""

import asyncio
import json
from typing import Any, Literal

from sofia_nb.consent import ConsentBroker, ConsentedTools, PolicyConsent
from sofia_nb.events import ConsentDecided, EventBus, EventRecorder, ToolCallFinished, ToolCallStarted
from sofia_nb.llm import Message, ScriptedLLM
from sofia_nb.protocol import CallToolResult, TextContent, Tool
from sofia_nb.session import Phase, WorkshopSession
from sofia_nb.workshop import ToolRef
from sofia_nb.workshop._tools import WorkshopTools, cards_search_tool, web_search_tool

SEARCH = ToolRef(server="search", tool="web_search")


class InProcessHost:
    """A ToolHost that answers in process and counts the calls it receives."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, dict[str, Any]]] = []

    @property
    def servers(self) -> list[str]:
        return ["calc", "search"]

    async def list_tools(self, server: str, timeout: float | None = None) -> list[Tool]:
        schema = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
        return [Tool(name="double", description="twice n", input_schema=schema)]

    async def call_tool(
        self,
        server: str,
        tool: str,
        arguments: dict[str, Any] | None = None,
        timeout: float | None = None,
        *,
        origin: Literal["model", "program"] = "program",
    ) -> CallToolResult:
        args = dict(arguments or {})
        self.calls.append((server, tool, args))
        if tool == "double":
            return CallToolResult(content=[TextContent(text=str(2 * args["n"]))])
        return CallToolResult(structured_content={"results": [{"title": "T", "url": "u", "snippet": "s"}]})


def _tools(
    policy: str, host: InProcessHost, session: WorkshopSession, bus: EventBus, **kw: Any
) -> WorkshopTools:
    gated = ConsentedTools(host, ConsentBroker(PolicyConsent(policy), bus=bus, session=session))
    return WorkshopTools(
        session,
        tools=gated,
        servers=["calc"],
        bus=bus,
        builtins=[cards_search_tool(), web_search_tool(gated, SEARCH)],
        **kw,
    )


def _turn(
    replies: list[Any], policy: str = "allow-all", **kw: Any
) -> tuple[ScriptedLLM, WorkshopSession, InProcessHost, EventRecorder, str]:
    llm, session, host, bus = (
        ScriptedLLM(replies),
        WorkshopSession(phase=Phase.IDEATE),
        InProcessHost(),
        EventBus(),
    )
    recorder = EventRecorder(bus)
    tools = _tools(policy, host, session, bus, **kw)
    response = asyncio.run(tools(llm, [Message(role="user", content="go")], on_text=None))
    return llm, session, host, recorder, response.text


def _tool_messages(llm: ScriptedLLM) -> list[str]:
    return [m.content for m in llm.requests[-1].messages if m.role == "tool"]


def test_offered_tools_are_builtins_and_server_tools_on_the_wire() -> None:
    llm, *_ = _turn(["nothing to do"])
    assert llm.requests[0].tools == ["builtin__search_cards", "builtin__web_search", "calc__double"]


def test_allowed_calls_run_and_are_logged_in_the_session() -> None:
    llm, session, host, recorder, text = _turn(
        [
            {
                "text": "",
                "tool_calls": [
                    {"name": "calc__double", "arguments": {"n": 21}},
                    {"name": "builtin__search_cards", "arguments": {"query": "forecast demand"}},
                ],
            },
            "The answer is 42.",
        ],
        policy="allow:calc/*",
    )
    assert text == "The answer is 42."
    results = _tool_messages(llm)
    assert results[0] == "42"
    assert "demand-forecasting" in json.loads(results[1])["cards"][0]["id"]
    assert host.calls == [("calc", "double", {"n": 21})]
    assert [(r.server, r.tool, r.origin, r.ok, r.phase) for r in session.tool_calls] == [
        ("calc", "double", "model", True, Phase.IDEATE),
        ("builtin", "search_cards", "model", True, Phase.IDEATE),
    ]
    # consent was asked for the MCP tool only; the local cards search needs none
    assert [(e.tool, e.decision) for e in recorder.of_type(ConsentDecided)] == [("calc/double", "allow")]


def test_a_denied_call_never_reaches_the_server_and_the_model_is_told() -> None:
    llm, session, host, _, text = _turn(
        [
            {"text": "", "tool_calls": [{"name": "builtin__web_search", "arguments": {"query": "news"}}]},
            "I will continue without search.",
        ],
        policy="deny",
    )
    assert host.calls == []
    assert _tool_messages(llm) == ["denied: search/web_search was not allowed (denied by policy deny)"]
    assert session.consent_decisions[0].tool == "search/web_search"
    record = session.tool_calls[0]
    assert (record.ok, record.is_error, record.error_kind) == (False, True, "denied")
    assert text == "I will continue without search."


def test_an_unoffered_tool_gets_a_clear_error_and_the_turn_ends() -> None:
    llm, session, host, _, text = _turn(
        [
            {"text": "", "tool_calls": [{"name": "shell__rm", "arguments": {"path": "/"}}]},
            "Sorry, that tool does not exist.",
        ]
    )
    assert _tool_messages(llm)[0].startswith(
        "tool 'shell__rm' was not offered; available tools: builtin__search_cards"
    )
    assert host.calls == [] and session.tool_calls[0].error_kind == "rejected"
    assert text == "Sorry, that tool does not exist."


def test_arguments_that_fail_the_schema_get_a_clear_error() -> None:
    llm, session, host, _, _ = _turn(
        [
            {"text": "", "tool_calls": [{"name": "calc__double", "arguments": {"n": "twenty"}}]},
            "Let me fix that.",
        ]
    )
    assert (
        'invalid arguments for calc__double: n: "twenty" is not of type "integer"' in _tool_messages(llm)[0]
    )
    assert host.calls == [] and session.tool_calls[0].error_kind == "rejected"


def test_calls_past_the_round_cap_are_refused_and_the_turn_still_ends() -> None:
    again = {"text": "", "tool_calls": [{"name": "calc__double", "arguments": {"n": 1}}]}
    llm, session, host, _, text = _turn([again, again, again, "Done, with what I have."], max_rounds=2)
    assert len(host.calls) == 2 and len(session.tool_calls) == 2
    assert "limit of 2 tool rounds" in _tool_messages(llm)[-1]
    assert llm.requests[-1].tools == []  # the last request offers no tools, so the turn must end
    assert text == "Done, with what I have."


def test_calls_no_server_saw_still_reach_the_live_log() -> None:
    _, session, _, recorder, _ = _turn(
        [
            {
                "text": "",
                "tool_calls": [
                    {"name": "builtin__search_cards", "arguments": {"query": "routes"}},
                    {"name": "builtin__web_search", "arguments": {"query": "news"}},
                    {"name": "nope__x", "arguments": {}},
                ],
            },
            "ok",
        ],
        policy="deny",
    )
    finished = {(e.server, e.tool): e for e in recorder.of_type(ToolCallFinished)}
    assert finished["builtin", "search_cards"].ok
    assert finished[SEARCH.server, SEARCH.tool].error_kind == "denied"  # named as the call it would make
    assert finished["nope", "x"].error_kind == "rejected"
    assert {e.call_id for e in recorder.of_type(ToolCallStarted)} == {r.call_id for r in session.tool_calls}


def test_wire_names_fit_openai_function_names() -> None:
    ref = ToolRef.parse("docs.example/search pages")
    assert ref.name == "docs.example/search pages"
    assert ref.wire_name == "docs-example__search-pages"
    assert ToolRef.parse("calc__double") == ToolRef(server="calc", tool="double")


def test_a_web_search_is_logged_under_the_tool_it_calls_as_consent_names_it() -> None:
    _, session, host, recorder, _ = _turn(
        [
            {
                "text": "",
                "tool_calls": [{"name": "builtin__web_search", "arguments": {"query": "cold chain"}}],
            },
            "ok",
        ]
    )
    called = (SEARCH.server, SEARCH.tool)
    assert host.calls == [(*called, {"query": "cold chain"})]
    assert [(r.server, r.tool) for r in session.tool_calls] == [called]  # the log the app reopens with
    assert [e.tool for e in recorder.of_type(ConsentDecided)] == [f"{SEARCH.server}/{SEARCH.tool}"]
