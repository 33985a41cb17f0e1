"""The consent contract field by field: who decided, why, for how long, and what was recorded.

The faces show ``reason`` and ``decided_by`` to people and the session keeps them as the audit
record, so each provider's exact answer is part of the contract (architecture.md §4.6).
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
from pathlib import Path
from typing import Any

import pytest

from sofia_nb.consent import (
    ConsentBroker,
    ConsentDecision,
    ConsentDenied,
    ConsentedTools,
    ConsentPolicy,
    ConsentRequest,
    LineReader,
    PolicyConsent,
    PreapprovedThenAsk,
    ScriptedConsent,
    TerminalConsent,
    gated,
    permit,
)
from sofia_nb.events import ConsentAsked, ConsentDecided, EventBus, EventRecorder
from sofia_nb.protocol import CallToolResult, Tool
from sofia_nb.session import Phase, WorkshopSession


def _ask(provider: Any, tool: str = "search/web_search", **request: Any) -> ConsentDecision:
    return asyncio.run(provider.ask(ConsentRequest(tool=tool, **request)))


# --- providers ------------------------------------------------------------------------------


def test_policy_consent_says_which_policy_allowed_or_denied() -> None:
    listed = PolicyConsent("allow:search/*")
    assert listed.name == "policy:allow:search/*"
    by = "policy:allow:search/*"
    assert _ask(listed) == ConsentDecision(
        decision="allow", scope="once", reason="allowed by policy allow:search/*", decided_by=by
    )
    assert _ask(listed, tool="cards/search_cards") == ConsentDecision(
        decision="deny", scope="once", reason="denied by policy allow:search/*", decided_by=by
    )
    assert PolicyConsent().name == "policy:deny"
    assert PolicyConsent(ConsentPolicy(mode="allow-all")).name == "policy:allow-all"


@pytest.mark.parametrize(
    ("typed", "decision", "scope"),
    [
        ("yes", "allow", "once"),
        ("Y", "allow", "once"),
        ("  y  ", "allow", "once"),
        ("session", "allow", "session"),
        ("a", "allow", "session"),
        ("always", "allow", "session"),
        ("S", "allow", "session"),
        ("no", "deny", "once"),
        ("maybe", "deny", "once"),
    ],
)
def test_every_terminal_answer_word(typed: str, decision: str, scope: str) -> None:
    out = io.StringIO()
    answer = _ask(TerminalConsent(LineReader(io.StringIO(typed + "\n")), out))
    assert (answer.decision, answer.scope, answer.decided_by) == (decision, scope, "terminal")
    if decision == "allow":
        assert answer.reason == "answered on the terminal"
    else:
        assert answer.reason == f"declined ({typed.strip()!r})"


def test_the_terminal_prompt_names_the_tool_its_purpose_the_arguments_and_the_deadline() -> None:
    out = io.StringIO()
    request = {"arguments": {"query": "heat pümps"}, "description": "search the web", "deadline_s": 42.4}
    _ask(TerminalConsent(LineReader(io.StringIO("y\n")), out), **request)
    assert out.getvalue() == (
        "Allow tool web_search of server search?\n"
        "  search the web\n"
        "  arguments:\n"
        "    {\n"
        '      "query": "heat pümps"\n'
        "    }\n"
        "  [y] once  [s] for this session  [N] deny  (denied after 42s) > "
    )
    out = io.StringIO()
    _ask(TerminalConsent(LineReader(io.StringIO("y\n")), out))
    assert out.getvalue().startswith("Allow tool web_search of server search?\n  arguments:\n    {}\n")


def test_the_terminal_denies_at_end_of_input() -> None:
    answer = _ask(TerminalConsent(LineReader(io.StringIO("")), io.StringIO()))
    assert answer == ConsentDecision.deny("no answer (end of input)", "terminal")


def test_the_terminal_defaults_to_stdin_and_stderr() -> None:
    terminal = TerminalConsent()
    assert terminal._reader.stream is __import__("sys").stdin
    assert terminal._out is __import__("sys").stderr


def test_a_line_reader_keeps_what_follows_the_newline_and_decodes_bad_bytes() -> None:
    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"caf\xe9\nnext\n")
    os.close(write_fd)

    async def read_all(reader: LineReader) -> list[str | None]:
        return [await reader.readline() for _ in range(3)]

    with os.fdopen(read_fd) as stdin:
        assert asyncio.run(read_all(LineReader(stdin))) == ["caf\ufffd", "next", None]


def test_a_line_reader_on_a_pipe_leaves_no_reader_on_the_loop() -> None:
    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"one\n")

    async def read_one(reader: LineReader) -> tuple[str | None, bool]:
        line = await reader.readline()
        loop = asyncio.get_running_loop()
        still_watched = loop.remove_reader(read_fd)  # True only if a reader was left behind
        return line, still_watched

    with os.fdopen(read_fd) as stdin:
        assert asyncio.run(read_one(LineReader(stdin))) == ("one", False)
    os.close(write_fd)


def test_a_line_that_arrives_in_two_pieces_is_one_line() -> None:
    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"al")

    async def read_split_line(reader: LineReader) -> str | None:
        line = asyncio.create_task(reader.readline())
        for _ in range(20):  # the reader takes "al" and waits for the rest of the line
            await asyncio.sleep(0)
        os.write(write_fd, b"low\n")
        return await line

    with os.fdopen(read_fd) as stdin:
        assert asyncio.run(read_split_line(LineReader(stdin))) == "allow"
    os.close(write_fd)


def test_a_line_reader_drops_only_the_newline() -> None:
    async def read_all(reader: LineReader) -> list[str | None]:
        return [await reader.readline() for _ in range(2)]

    assert asyncio.run(read_all(LineReader(io.StringIO("keep  \nWAX\n")))) == ["keep  ", "WAX"]


def test_a_line_reader_on_answers_redirected_from_a_file(tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("y\nn\n", encoding="utf-8")

    async def read_all(reader: LineReader) -> list[str | None]:
        return [await reader.readline() for _ in range(3)]

    with answers.open(encoding="utf-8") as stdin:
        assert asyncio.run(read_all(LineReader(stdin))) == ["y", "n", None]


def test_a_line_reader_on_a_stream_without_a_descriptor() -> None:
    async def read_all(reader: LineReader) -> list[str | None]:
        return [await reader.readline() for _ in range(3)]

    assert asyncio.run(read_all(LineReader(io.StringIO("a\nb")))) == ["a", "b", None]


def test_scripted_consent_answers_in_order_and_records_every_question() -> None:
    script = ScriptedConsent(["allow", "allow-session", "deny", ConsentDecision.deny("mine", "me")])
    answers = [_ask(script, tool=f"s/t{i}") for i in range(5)]
    assert answers == [
        ConsentDecision(decision="allow", scope="once", reason="scripted answer", decided_by="scripted"),
        ConsentDecision(decision="allow", scope="session", reason="scripted answer", decided_by="scripted"),
        ConsentDecision(decision="deny", scope="once", reason="scripted answer", decided_by="scripted"),
        ConsentDecision.deny("mine", "me"),
        ConsentDecision.deny("the consent script has no answer left", "scripted"),
    ]
    assert [r.tool for r in script.asked] == [f"s/t{i}" for i in range(5)]


def test_scripted_consent_refuses_an_unknown_answer_by_name() -> None:
    with pytest.raises(ValueError, match="unknown scripted consent answer 'perhaps'"):
        _ask(ScriptedConsent(["perhaps"]))


def test_scripted_none_waits_for_the_deadline() -> None:
    decision = asyncio.run(ConsentBroker(ScriptedConsent([None]), deadline_s=0.05).ask("a/b"))
    assert decision == ConsentDecision.deny("no answer within 0.05s", "deadline")


def test_preapproved_tools_are_allowed_without_asking_and_the_rest_is_asked() -> None:
    person = ScriptedConsent(["deny"])
    gate = PreapprovedThenAsk(ConsentPolicy.parse("allow:github/*"), person)
    assert gate.name == "scripted"
    assert _ask(gate, tool="github/create_repository") == ConsentDecision(
        decision="allow", scope="once", reason="preapproved", decided_by="policy:allow:github/*"
    )
    assert person.asked == []
    assert _ask(gate, tool="search/web_search").reason == "scripted answer"
    assert [r.tool for r in person.asked] == ["search/web_search"]


# --- broker ---------------------------------------------------------------------------------


def test_the_broker_emits_the_question_and_the_answer_with_every_field() -> None:
    bus = EventBus()
    recorder = EventRecorder(bus)
    session = WorkshopSession()
    session.phase = Phase.IDEATE
    broker = ConsentBroker(ScriptedConsent(["allow-session"]), bus=bus, session=session, deadline_s=7.5)
    arguments = {"query": "waste", "limit": 3}  # a credential: tests/consent/test_credential_arguments.py
    asyncio.run(broker.ask("cards/search_cards", arguments, "find cards"))
    asked, decided = (e for e in recorder.events if isinstance(e, ConsentAsked | ConsentDecided))
    assert isinstance(asked, ConsentAsked) and isinstance(decided, ConsentDecided)
    assert (asked.tool, asked.deadline_s) == ("cards/search_cards", 7.5)
    assert asked.arguments == {"query": "waste", "limit": 3}
    assert decided.request_id == asked.request_id
    assert (decided.tool, decided.decision, decided.scope, decided.reason, decided.decided_by) == (
        "cards/search_cards",
        "allow",
        "session",
        "scripted answer",
        "scripted",
    )
    (record,) = session.consent_decisions
    assert (record.tool, record.decision, record.scope, record.reason, record.decided_by, record.phase) == (
        "cards/search_cards",
        "allow",
        "session",
        "scripted answer",
        "scripted",
        Phase.IDEATE,
    )


def test_the_broker_passes_the_description_and_its_deadline_to_the_provider() -> None:
    script = ScriptedConsent(["allow"])
    asyncio.run(ConsentBroker(script, deadline_s=3.0).ask("a/b", {"x": 1}, description="why"))
    (request,) = script.asked
    asked = (request.tool, request.arguments, request.description, request.deadline_s)
    assert asked == ("a/b", {"x": 1}, "why", 3.0)


def test_a_session_allowance_is_answered_by_the_session_and_recorded_again() -> None:
    bus = EventBus()
    recorder = EventRecorder(bus)
    session = WorkshopSession()
    broker = ConsentBroker(ScriptedConsent(["allow-session"]), bus=bus, session=session)

    async def twice() -> ConsentDecision:
        await broker.ask("a/b")
        return await broker.ask("a/b")

    second = asyncio.run(twice())
    assert second == ConsentDecision(
        decision="allow", scope="session", reason="allowed earlier this session", decided_by="session"
    )
    assert [type(e).__name__ for e in recorder.events if isinstance(e, ConsentAsked | ConsentDecided)] == [
        "ConsentAsked",
        "ConsentDecided",
        "ConsentDecided",  # the remembered answer asks nobody, but is still on the record
    ]
    assert [r.decided_by for r in session.consent_decisions] == ["scripted", "session"]


def test_allow_once_and_a_session_deny_are_not_remembered() -> None:
    script = ScriptedConsent(["allow", ConsentDecision(decision="deny", scope="session"), "allow"])
    broker = ConsentBroker(script)

    async def three() -> list[ConsentDecision]:
        return [await broker.ask("a/b") for _ in range(3)]

    assert [d.decided_by for d in asyncio.run(three())] == ["scripted", "", "scripted"]
    assert len(script.asked) == 3


def test_a_failing_provider_is_named_in_the_deny() -> None:
    class Broken:
        name = "widget"

        async def ask(self, request: ConsentRequest) -> ConsentDecision:
            raise RuntimeError("gone")

    assert asyncio.run(ConsentBroker(Broken()).ask("a/b")) == ConsentDecision.deny(
        "consent provider failed: gone", "widget"
    )


def test_a_failing_provider_leaves_its_traceback_in_the_debug_log(caplog: pytest.LogCaptureFixture) -> None:
    class Broken:
        name = "widget"

        async def ask(self, request: ConsentRequest) -> ConsentDecision:
            raise RuntimeError("gone")

    with caplog.at_level(logging.DEBUG, logger="sofia_nb.consent"):
        asyncio.run(ConsentBroker(Broken()).ask("a/b"))
    [record] = [r for r in caplog.records if r.name.startswith("sofia_nb.consent")]
    assert (record.levelno, record.getMessage()) == (logging.DEBUG, "consent provider failed")
    assert record.exc_info is not None and str(record.exc_info[1]) == "gone"


def test_the_broker_defaults_to_ten_minutes_no_arguments_and_no_description() -> None:
    script = ScriptedConsent(["allow", "allow"])
    asyncio.run(ConsentBroker(script).ask("a/b"))
    asyncio.run(permit(ConsentBroker(script), "c/d", {"k": 1}))
    assert [(r.tool, r.deadline_s, r.arguments, r.description) for r in script.asked] == [
        ("a/b", 600.0, {}, ""),
        ("c/d", 600.0, {"k": 1}, ""),
    ]


# --- the gate -------------------------------------------------------------------------------


class _Host:
    def __init__(self) -> None:
        self.servers = ["search"]
        self.calls: list[tuple[Any, ...]] = []

    async def list_tools(self, server: str, timeout: float | None = None) -> list[Tool]:
        self.calls.append(("list", server, timeout))
        return [Tool(name="web_search", inputSchema={"type": "object"})]

    async def call_tool(
        self, server: str, tool: str, arguments: Any = None, timeout: Any = None, *, origin: Any
    ) -> Any:
        self.calls.append(("call", server, tool, arguments, timeout, origin))
        return CallToolResult(content=[])


def test_the_gate_asks_with_the_description_then_forwards_everything() -> None:
    host = _Host()
    script = ScriptedConsent(["allow"])
    tools = ConsentedTools(host, ConsentBroker(script))
    assert tools.servers == ["search"]
    asyncio.run(tools.call_tool("search", "web_search", {"q": 1}, 2.5, origin="model", description="look"))
    assert host.calls == [("call", "search", "web_search", {"q": 1}, 2.5, "model")]
    assert (script.asked[0].tool, script.asked[0].description) == ("search/web_search", "look")
    assert asyncio.run(tools.list_tools("search", 1.5))[0].name == "web_search"
    assert host.calls[-1] == ("list", "search", 1.5)
    assert len(script.asked) == 1  # listing asks nobody


def test_the_gate_by_default_asks_with_the_arguments_and_sends_as_the_program() -> None:
    host = _Host()
    script = ScriptedConsent(["allow"])
    asyncio.run(ConsentedTools(host, ConsentBroker(script)).call_tool("search", "web_search", {"q": "x"}))
    assert (script.asked[0].arguments, script.asked[0].description) == ({"q": "x"}, "")
    assert host.calls == [("call", "search", "web_search", {"q": "x"}, None, "program")]


def test_a_denied_call_is_never_sent_and_says_who_denied_and_why() -> None:
    host = _Host()
    tools = ConsentedTools(host, ConsentBroker(ScriptedConsent(["deny"])))
    with pytest.raises(ConsentDenied) as caught:
        asyncio.run(tools.call_tool("search", "web_search", {}))
    assert host.calls == []
    error = caught.value
    assert (error.tool, error.reason, error.decided_by, error.kind) == (
        "search/web_search",
        "scripted answer",
        "scripted",
        "denied",
    )
    assert str(error) == "consent denied for search/web_search (scripted: scripted answer)"


def test_permit_without_a_broker_denies_by_name() -> None:
    with pytest.raises(ConsentDenied) as caught:
        asyncio.run(permit(None, "a/b", {}))
    assert (caught.value.reason, caught.value.decided_by) == ("no one can give consent", "no broker")


# --- the policy -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "mode", "tools"),
    [
        ("  deny ", "deny", ()),
        ("", "deny", ()),
        ("ALLOW_ALL", "allow-all", ()),
        ("Allow-All", "allow-all", ()),
        ("allow: a/b , ,c/* ", "allow-listed", ("a/b", "c/*")),
        ("allow:GitHub/Create", "allow-listed", ("GitHub/Create",)),  # tool names keep their case
    ],
)
def test_policy_texts(text: str, mode: str, tools: tuple[str, ...]) -> None:
    assert ConsentPolicy.parse(text) == ConsentPolicy(mode=mode, tools=tools)  # type: ignore[arg-type]


def test_a_listed_tool_keeps_everything_after_the_first_colon() -> None:
    assert ConsentPolicy.parse("allow:docs/v1:search,a/b").tools == ("docs/v1:search", "a/b")


def test_a_listed_tool_without_a_server_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="consent tool 'web_search' is not of the form server/tool"):
        ConsentPolicy.parse("allow:web_search")
    with pytest.raises(ValueError, match="unknown consent policy 'maybe': use deny, allow-all"):
        ConsentPolicy.parse("maybe")


@pytest.mark.parametrize(
    ("mode", "tools", "expected"),
    [
        ("deny", ["a/b"], ConsentPolicy()),
        ("", None, ConsentPolicy()),
        (" Allow_All ", None, ConsentPolicy(mode="allow-all")),
        ("allow-listed", [" a/b ", ""], ConsentPolicy(mode="allow-listed", tools=("a/b",))),
        ("ALLOW-LISTED", None, ConsentPolicy(mode="allow-listed", tools=())),
    ],
)
def test_notebook_parameter_forms(mode: str, tools: list[str] | None, expected: ConsentPolicy) -> None:
    assert ConsentPolicy.from_parameters(mode, tools) == expected


def test_the_notebook_parameter_defaults_to_deny() -> None:
    assert ConsentPolicy.from_parameters() == ConsentPolicy()


def test_an_unknown_notebook_policy_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown consent_policy 'ask': use deny, allow-all or allow-listed"):
        ConsentPolicy.from_parameters("ask")


def test_a_policy_prints_as_the_flag_that_makes_it() -> None:
    assert [str(ConsentPolicy.parse(t)) for t in ("deny", "allow-all", "allow:a/b,c/*")] == [
        "deny",
        "allow-all",
        "allow:a/b,c/*",
    ]


def test_a_request_expires_its_deadline_after_it_was_asked() -> None:
    request = ConsentRequest(tool="a/b", deadline_s=90)
    assert (request.expires_at - request.asked_at).total_seconds() == 90
    assert request.asked_at.tzinfo is not None
    assert request.request_id.startswith("consent-") and len(request.request_id) == len("consent-") + 8


def test_a_batch_is_one_question_listing_each_call_and_sends_exactly_those() -> None:
    host = _Host()
    script = ScriptedConsent(["allow"])
    tools = ConsentedTools(host, ConsentBroker(script))
    first, second = {"q": "news"}, {"q": "rivals"}
    calls = asyncio.run(
        tools.allow("search", "web_search", [first, second], description="two", origin="model")
    )
    [asked] = script.asked
    assert (asked.tool, asked.arguments, asked.description) == (
        "search/web_search",
        {"calls": [{"q": "news"}, {"q": "rivals"}]},
        "two",
    )
    first["q"] = "changed after the question"  # what was asked is what is sent
    for call in calls:
        asyncio.run(call.send(4.0))
    assert host.calls == [
        ("call", "search", "web_search", {"q": "news"}, 4.0, "model"),
        ("call", "search", "web_search", {"q": "rivals"}, 4.0, "model"),
    ]
    assert [(c.server, c.tool, c.origin) for c in calls] == [("search", "web_search", "model")] * 2


def test_one_call_is_asked_with_its_own_arguments_and_no_calls_ask_nobody() -> None:
    host = _Host()
    script = ScriptedConsent(["allow"])
    tools = ConsentedTools(host, ConsentBroker(script))
    nested = {"filters": {"year": 2024}}
    [call] = asyncio.run(tools.allow("search", "web_search", [nested]))
    nested["filters"]["year"] = 1999
    assert (script.asked[0].arguments, script.asked[0].description) == ({"filters": {"year": 2024}}, "")
    assert call.arguments == {"filters": {"year": 2024}} and call.origin == "program"
    assert asyncio.run(tools.allow("search", "web_search", [])) == []
    assert len(script.asked) == 1 and host.calls == []


def test_a_denied_batch_raises_and_sends_nothing() -> None:
    host = _Host()
    tools = ConsentedTools(host, ConsentBroker(ScriptedConsent(["deny"])))
    with pytest.raises(ConsentDenied, match="search/web_search"):
        asyncio.run(tools.allow("search", "web_search", [{"q": 1}, {"q": 2}]))
    assert host.calls == []


def test_only_the_gated_host_passes_the_gate_check() -> None:
    host = _Host()
    tools = ConsentedTools(host, None)
    assert gated(tools, "x") is tools
    with pytest.raises(TypeError) as caught:
        gated(host, "WorkshopTools")
    assert str(caught.value) == (
        "WorkshopTools needs a ConsentedTools (the gated tool host), not a _Host: "
        "wrap it as ConsentedTools(host, broker) so every call is asked for first"
    )
    with pytest.raises(TypeError, match="None"):
        gated(None, "enrich")
    with pytest.raises(
        TypeError, match=r"^the host is gated already: asking twice would ask the person twice$"
    ):
        ConsentedTools(tools, None)  # type: ignore[arg-type]


def test_a_broker_bound_to_a_session_records_there_and_leaves_the_original_alone() -> None:
    bus = EventBus()
    script = ScriptedConsent(["allow"])
    original = ConsentBroker(script, bus=bus, deadline_s=7)
    session = WorkshopSession()
    bound = original.bound_to(session)
    assert bound is not original and original.session is None
    assert (bound.provider, bound.bus, bound.session, bound.deadline_s) == (script, bus, session, 7)
    assert bound.bound_to(session) is bound
    asyncio.run(bound.ask("a/b"))
    assert [r.tool for r in session.consent_decisions] == ["a/b"]


def test_a_change_to_the_arguments_while_the_question_waits_is_not_sent() -> None:
    host = _Host()
    nested = {"filters": {"year": 2024}}

    class ChangesThenAllows:
        name = "person"

        async def ask(self, request: ConsentRequest) -> ConsentDecision:
            nested["filters"]["year"] = 1999  # the caller's data changes while the person reads
            return ConsentDecision(decision="allow", decided_by="person")

    tools = ConsentedTools(host, ConsentBroker(ChangesThenAllows()))
    asyncio.run(tools.call_tool("search", "web_search", nested))
    assert host.calls == [("call", "search", "web_search", {"filters": {"year": 2024}}, None, "program")]
