import asyncio
import os

import pytest

from sofia_nb.consent import (
    ConsentBroker,
    ConsentDecision,
    ConsentPolicy,
    ConsentRequest,
    LineReader,
    PolicyConsent,
    ScriptedConsent,
    TerminalConsent,
)
from sofia_nb.events import ConsentAsked, ConsentDecided, EventBus, EventRecorder
from sofia_nb.session import WorkshopSession


@pytest.mark.parametrize(
    ("text", "tool", "allowed"),
    [
        ("deny", "search/web_search", False),
        (None, "search/web_search", False),
        ("allow-all", "anything/at_all", True),
        ("allow:search/web_search,cards/*", "search/web_search", True),
        ("allow:search/web_search,cards/*", "cards/search_cards", True),
        ("allow:search/web_search,cards/*", "search/other", False),
        ("allow:search/web_search,cards/*", "workiq/ask_work_iq", False),
    ],
)
def test_policy_strings_allow_exactly_what_they_list(text: str | None, tool: str, allowed: bool) -> None:
    assert ConsentPolicy.parse(text).allows(tool) is allowed


def test_notebook_parameters_map_onto_the_same_policy() -> None:
    policy = ConsentPolicy.from_parameters("allow_listed", ["search/*"])
    assert policy == ConsentPolicy.parse("allow:search/*")
    assert ConsentPolicy.from_parameters("allow-all").allows("x/y")
    assert not ConsentPolicy.from_parameters("deny", ["search/*"]).allows("search/web_search")


@pytest.mark.parametrize("bad", ["maybe", "allow:no-slash"])
def test_bad_policies_are_refused_with_the_choices(bad: str) -> None:
    with pytest.raises(ValueError, match="server/tool"):
        ConsentPolicy.parse(bad)


def test_request_arguments_are_redacted() -> None:
    request = ConsentRequest.for_tool("gh/create", {"title": "x", "api_key": "sk-abcdefghijklmnopqrstuv"})
    assert request.arguments == {"title": "x", "api_key": "[REDACTED]"}
    assert request.expires_at > request.asked_at


def test_broker_emits_and_records_every_decision() -> None:
    bus, session = EventBus(), WorkshopSession()
    recorder = EventRecorder(bus)
    broker = ConsentBroker(PolicyConsent("allow:search/*"), bus=bus, session=session)

    async def run() -> list[ConsentDecision]:
        return [await broker.ask("search/web_search", {"query": "q"}), await broker.ask("workiq/ask", {})]

    allowed, denied = asyncio.run(run())
    assert allowed.allowed and not denied.allowed
    assert "policy allow:search/*" in denied.reason
    assert [e.tool for e in recorder.of_type(ConsentAsked)] == ["search/web_search", "workiq/ask"]
    assert [e.decision for e in recorder.of_type(ConsentDecided)] == ["allow", "deny"]
    assert [(r.tool, r.decision) for r in session.consent_decisions] == [
        ("search/web_search", "allow"),
        ("workiq/ask", "deny"),
    ]


def test_allow_for_session_is_remembered_per_tool() -> None:
    provider = ScriptedConsent(["allow-session", "deny"])
    broker = ConsentBroker(provider, session=WorkshopSession())

    async def run() -> list[str]:
        answers = [await broker.ask("search/web_search") for _ in range(3)]
        answers.append(await broker.ask("search/other"))
        return [a.decision for a in answers]

    assert asyncio.run(run()) == ["allow", "allow", "allow", "deny"]
    assert [r.tool for r in provider.asked] == ["search/web_search", "search/other"]
    assert broker.session is not None and len(broker.session.consent_decisions) == 4


def test_no_answer_by_the_deadline_is_a_recorded_deny() -> None:
    session = WorkshopSession()
    broker = ConsentBroker(ScriptedConsent([None]), session=session, deadline_s=0.05)
    decision = asyncio.run(broker.ask("workiq/ask"))
    assert decision.decision == "deny" and decision.decided_by == "deadline"
    assert session.consent_decisions[0].reason.startswith("no answer within")


def test_a_failing_provider_denies() -> None:
    class Broken:
        name = "broken"

        async def ask(self, request: ConsentRequest) -> ConsentDecision:
            raise RuntimeError("widget gone")

    decision = asyncio.run(ConsentBroker(Broken()).ask("a/b"))
    assert decision.decision == "deny" and "widget gone" in decision.reason


def test_exhausted_script_denies() -> None:
    decision = asyncio.run(ConsentBroker(ScriptedConsent([])).ask("a/b"))
    assert decision.decision == "deny"


@pytest.mark.parametrize(
    ("typed", "decision", "scope"),
    [("y\n", "allow", "once"), ("s\n", "allow", "session"), ("n\n", "deny", "once"), ("\n", "deny", "once")],
)
def test_terminal_answers_from_a_pipe(typed: str, decision: str, scope: str) -> None:
    read_fd, write_fd = os.pipe()
    os.write(write_fd, typed.encode())
    with os.fdopen(read_fd) as stdin, open(os.devnull, "w") as out:
        broker = ConsentBroker(TerminalConsent(LineReader(stdin), out))
        answer = asyncio.run(broker.ask("search/web_search", {"query": "x"}))
    os.close(write_fd)
    assert (answer.decision, answer.scope) == (decision, scope)


def test_terminal_wait_is_cut_by_the_deadline() -> None:
    read_fd, write_fd = os.pipe()  # nobody ever types
    with os.fdopen(read_fd) as stdin, open(os.devnull, "w") as out:
        answer = asyncio.run(
            ConsentBroker(TerminalConsent(LineReader(stdin), out), deadline_s=0.05).ask("a/b")
        )
    os.close(write_fd)
    assert answer.decision == "deny" and answer.decided_by == "deadline"


def test_lines_that_arrive_together_are_read_one_by_one() -> None:
    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"first\nsecond\nlast without newline")
    os.close(write_fd)

    async def read_all(reader: LineReader) -> list[str | None]:
        return [await reader.readline() for _ in range(4)]

    with os.fdopen(read_fd) as stdin:
        assert asyncio.run(read_all(LineReader(stdin))) == ["first", "second", "last without newline", None]
