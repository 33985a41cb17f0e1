"""Consent shows what leaves (issue 45): a call whose arguments carry a credential, as the redactor
recognises it, is refused under every provider (``allow-all``, an allow-list, a pre-approval, an
"allow for this session" given earlier), naming the argument and the kind; a server whose entry
says ``sendCredentials: true`` lets a person, never a policy, allow it once; what is sent is what
was asked about; the session's consent log says which."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from sofia_nb.consent import (
    ConsentBroker,
    ConsentDenied,
    ConsentedTools,
    ConsentPolicy,
    ConsentProvider,
    PolicyConsent,
    PreapprovedThenAsk,
    ScriptedConsent,
)
from sofia_nb.events import ConsentAsked, ConsentDecided, EventBus, EventRecorder
from sofia_nb.mcp import ServerConfig
from sofia_nb.protocol import CallToolResult, Tool
from sofia_nb.session import WorkshopSession

KEY = "sk-planted0123456789abcdefXYZ"


class Host:
    """An MCP host of one server, ``search``, whose entry may allow credentials; it records what it
    is sent."""

    def __init__(self, send_credentials: bool = False) -> None:
        self.servers = ["search"]
        self.sent: list[dict[str, Any]] = []
        self._entry = ServerConfig(name="search", command="x", send_credentials=send_credentials)

    def entry(self, server: str) -> ServerConfig:
        return self._entry

    async def list_tools(self, server: str, timeout: float | None = None) -> list[Tool]:
        return []

    async def call_tool(
        self, server: str, tool: str, arguments: Any = None, timeout: Any = None, **_: Any
    ) -> Any:
        self.sent.append(arguments)
        return CallToolResult(content=[])


@pytest.fixture(autouse=True)
def planted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)


def call(provider: ConsentProvider, arguments: dict[str, Any], host: Host | None = None) -> tuple[Host, Any]:
    """One model call to ``search/web_search`` through the gate; the host and the session."""
    host = host or Host()
    session = WorkshopSession()
    tools = ConsentedTools(host, ConsentBroker(provider, session=session))
    try:
        asyncio.run(tools.call_tool("search", "web_search", arguments, origin="model"))
    except ConsentDenied:
        pass
    return host, session


LEAKS = {
    "extra": ({"query": "cold chain", "extra": KEY}, "argument 'extra' carries the value of $OPENAI_API_KEY"),
    "nested": (
        {"query": "q", "opts": {"h": [f"x {KEY}"]}},
        "argument 'opts.h[0]' carries the value of $OPENAI_API_KEY",
    ),
    "named": ({"query": "q", "api_key": "hunter22"}, "argument 'api_key' carries a value named 'api_key'"),
    "shape": ({"query": "ghp_" + "a" * 36}, "argument 'query' carries a GitHub token"),
}
PROVIDERS = {
    "allow-all": lambda: PolicyConsent("allow-all"),
    "allow-listed": lambda: PolicyConsent("allow:search/*"),
    "preapproved": lambda: PreapprovedThenAsk(
        ConsentPolicy(mode="allow-listed", tools=("search/web_search",)), ScriptedConsent(["allow"])
    ),
    "person": lambda: ScriptedConsent(["allow"]),
}


@pytest.mark.parametrize("leak", list(LEAKS))
@pytest.mark.parametrize("who", list(PROVIDERS))
def test_a_credential_in_an_argument_is_refused_naming_it(who: str, leak: str) -> None:
    arguments, named = LEAKS[leak]
    host, session = call(PROVIDERS[who](), arguments)
    assert host.sent == []  # nothing left
    [record] = session.consent_decisions
    assert record.decision == "deny" and record.decided_by == "credential check"
    assert named in record.reason and KEY not in record.reason


def test_allow_for_the_session_does_not_carry_over_to_a_credential() -> None:
    host, session = Host(), WorkshopSession()
    tools = ConsentedTools(host, ConsentBroker(ScriptedConsent(["allow-session", "allow"]), session=session))
    asyncio.run(tools.call_tool("search", "web_search", {"query": "a"}))
    with pytest.raises(ConsentDenied, match="argument 'extra' carries the value of \\$OPENAI_API_KEY"):
        asyncio.run(tools.call_tool("search", "web_search", {"query": "b", "extra": KEY}))
    assert host.sent == [{"query": "a"}]


def test_with_send_credentials_a_person_allows_it_once_and_exactly_that_is_sent() -> None:
    script = ScriptedConsent(["allow-session", "allow-session"])
    host, session = call(script, {"query": "cold chain", "extra": KEY}, Host(send_credentials=True))
    assert host.sent == [{"query": "cold chain", "extra": KEY}]
    [asked] = script.asked
    assert asked.credential == "argument 'extra' carries the value of $OPENAI_API_KEY"
    assert asked.arguments == {"query": "cold chain", "extra": "[REDACTED]"}  # shown: never the key
    [record] = session.consent_decisions
    assert record.decision == "allow" and record.scope == "once"  # never for the session
    assert (
        "confirmed sending a credential: argument 'extra' carries the value of $OPENAI_API_KEY"
        in record.reason
    )


@pytest.mark.parametrize("who", ["allow-all", "allow-listed"])
def test_with_send_credentials_a_policy_still_never_sends_one(who: str) -> None:
    host, session = call(PROVIDERS[who](), {"query": "q", "extra": KEY}, Host(send_credentials=True))
    assert host.sent == []
    [record] = session.consent_decisions
    assert record.decision == "deny" and "credential" in record.reason


def test_a_preapproval_passes_a_credential_to_the_person() -> None:
    person = ScriptedConsent(["deny"])
    provider = PreapprovedThenAsk(ConsentPolicy(mode="allow-listed", tools=("search/*",)), person)
    host, _ = call(provider, {"query": "q", "extra": KEY}, Host(send_credentials=True))
    assert host.sent == [] and len(person.asked) == 1


def test_arguments_without_a_credential_are_sent_as_shown() -> None:
    script = ScriptedConsent(["allow"])
    arguments = {"query": "cold chain", "note": "x" * 5000}
    host, _ = call(script, arguments)
    assert host.sent == [arguments] and script.asked[0].arguments == arguments
    assert script.asked[0].credential == ""


def test_the_refusal_is_asked_and_decided_on_the_bus_with_the_credential_hidden() -> None:
    bus = EventBus()
    recorder = EventRecorder(bus)
    broker = ConsentBroker(PolicyConsent("allow-all"), bus=bus)
    decision = asyncio.run(broker.ask("search/web_search", {"query": "q", "extra": KEY}))
    asked, decided = recorder.of_type(ConsentAsked)[0], recorder.of_type(ConsentDecided)[0]
    assert asked.arguments == {"query": "q", "extra": "[REDACTED]"}
    assert (decided.decision, decided.decided_by) == ("deny", "credential check") and not decision.allowed
    assert KEY not in decided.reason
