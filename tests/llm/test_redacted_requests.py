"""One rule for redaction (issue 45): what the session file shows as ``[REDACTED]`` never reaches the
model either. Every request leaves through ``BaseLLM.complete``, which redacts every message: what
participants and the facilitator typed, tool results, the model's own earlier tool-call arguments.
Measured on the wire, at a real (loopback) OpenAI-compatible server."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from sofia_nb.llm import Endpoint, Message, OpenAICompatLLM, ToolCall
from sofia_nb.session import Phase, SessionStore, WorkshopSession
from tests.support.openai_server import OpenAIServer

TYPED = "sofiaPlanted-Credential-9d1e"  # a credential variable's value, typed by a participant
SHAPED = "ghp_" + "R" * 36  # a GitHub token pasted by the facilitator
BEARER = "Bearer abcdef0123456789xyz"  # in a tool's result


def test_a_credential_typed_or_read_reaches_neither_the_model_nor_the_session_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TEAM_API_KEY", TYPED)
    messages = [
        Message(role="system", content="You facilitate a workshop."),
        Message(role="user", content=f"[Ana, participant] our key is {TYPED}, use it"),
        Message(role="user", content=f"facilitator: the repo token is {SHAPED}"),
        Message(role="assistant", tool_calls=[ToolCall(id="c1", name="s__t", arguments={"q": TYPED})]),
        Message(role="tool", tool_call_id="c1", content=f"headers: Authorization: {BEARER}"),
    ]
    with OpenAIServer() as server:
        server.reply("noted")
        llm = OpenAICompatLLM(Endpoint(provider="openai", model="m", base_url=server.base_url), max_retries=0)
        asyncio.run(llm.complete(messages))
        [request] = server.chat_requests()

    sent = json.dumps(request.body)
    for secret in (TYPED, SHAPED, BEARER):
        assert secret not in sent
    assert sent.count("[REDACTED]") == 4
    assert "our key is [REDACTED], use it" in sent  # the rest of what they typed is the model's to read

    session = WorkshopSession()
    for message in messages[1:3]:
        session.add_turn(Phase.DISCOVER, "user", message.content)
    path = SessionStore(tmp_path).save(session)
    on_disk = path.read_text(encoding="utf-8")
    assert TYPED not in on_disk and SHAPED not in on_disk  # the same rule on disk


def test_a_message_without_a_secret_is_sent_as_it_is() -> None:
    from sofia_nb.llm._base import redacted_messages

    messages = [
        Message(role="user", content="cold chain, 3 regions"),
        Message(role="assistant", content="ok"),
    ]
    assert all(a is b for a, b in zip(redacted_messages(messages), messages, strict=True))
