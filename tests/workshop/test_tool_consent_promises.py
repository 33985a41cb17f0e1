"""Promise: deny means no call, in the model's tool loop (docs/consent.md).

A question that ends by its deadline is a deny; "allow once" is not remembered; a workshop with no
consent broker denies every tool that needs consent (nobody can answer, like every headless default).
"""

from __future__ import annotations

import asyncio
from typing import Any

from sofia_nb.consent import ConsentBroker, ConsentedTools, ScriptedConsent
from sofia_nb.llm import Message, ScriptedLLM
from sofia_nb.session import Phase, WorkshopSession
from sofia_nb.workshop._tools import WorkshopTools
from tests.workshop.test_tools import InProcessHost

DOUBLE = {"name": "calc__double", "arguments": {"n": 21}}


def _run(
    replies: list[Any], consent: ConsentBroker | None, session: WorkshopSession
) -> tuple[InProcessHost, ScriptedLLM]:
    llm, host = ScriptedLLM(replies), InProcessHost()
    tools = WorkshopTools(session, tools=ConsentedTools(host, consent), servers=["calc"])
    asyncio.run(tools(llm, [Message(role="user", content="go")], on_text=None))
    return host, llm


def _tool_messages(llm: ScriptedLLM) -> list[str]:
    return [m.content for m in llm.requests[-1].messages if m.role == "tool"]


def test_deny_means_no_call_a_question_that_ends_by_its_deadline_does_not_call_the_tool() -> None:
    session = WorkshopSession(phase=Phase.IDEATE)
    broker = ConsentBroker(ScriptedConsent([None]), session=session, deadline_s=0.2)  # never answered
    host, llm = _run([{"text": "", "tool_calls": [DOUBLE]}, "done"], broker, session)
    assert host.calls == []
    assert session.consent_decisions[0].decided_by == "deadline"
    assert session.consent_decisions[0].decision == "deny"
    assert _tool_messages(llm)[0].startswith("denied: calc/double was not allowed")


def test_deny_means_no_call_allow_once_is_not_remembered_for_the_session() -> None:
    session = WorkshopSession(phase=Phase.IDEATE)
    broker = ConsentBroker(ScriptedConsent(["allow", "deny"]), session=session)
    replies = [{"text": "", "tool_calls": [DOUBLE]}, {"text": "", "tool_calls": [DOUBLE]}, "done"]
    host, llm = _run(replies, broker, session)
    assert host.calls == [("calc", "double", {"n": 21})]  # the second call was asked again, and denied
    assert [d.decision for d in session.consent_decisions] == ["allow", "deny"]
    assert _tool_messages(llm) == ["42", "denied: calc/double was not allowed (scripted answer)"]


def test_deny_means_no_call_no_consent_broker_is_not_allow() -> None:
    session = WorkshopSession(phase=Phase.IDEATE)
    host, llm = _run([{"text": "", "tool_calls": [DOUBLE]}, "done"], None, session)
    assert host.calls == []
    assert _tool_messages(llm) == ["denied: calc/double was not allowed (no one can give consent)"]
    assert session.tool_calls[0].error_kind == "denied"
