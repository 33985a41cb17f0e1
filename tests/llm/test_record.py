"""``SOFIA_RECORD=PATH``: a run against an OpenAI-compatible endpoint becomes a scripted-model file."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from sofia_nb.llm import LLMClient, Message, ScriptedLLM, ToolSpec, create_llm
from tests.support.openai_server import OpenAIServer

from .conftest import PLANTED_KEY

ASK = [Message(role="system", content="be brief"), Message(role="user", content="hello")]


@pytest.mark.parametrize("name", ["run.yaml", "run.json"])
def test_every_reply_is_recorded_in_the_scripted_format_and_replays(
    server: OpenAIServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    recording = tmp_path / "recordings" / name
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", PLANTED_KEY)
    monkeypatch.setenv("SOFIA_RECORD", str(recording))
    server.reply('Welcome!\n\n```json\n{"topic": {"area": "claims"}}\n```\n', usage=(120, 14))
    server.reply(tool_calls=[("builtin__search_cards", {"query": "documents"})], usage=(200, 9))
    server.reply(f"The key you pasted, {PLANTED_KEY}, is not needed.", usage=(90, 12))
    llm = create_llm("openai:gpt-test")
    tools = [ToolSpec(name="builtin__search_cards")]

    async def run(client: LLMClient) -> list[tuple[str, list[tuple[str, dict[str, object]]]]]:
        out = []
        for purpose in ("chat", "chat", "extract"):
            r = await client.complete(ASK, tools=tools, purpose=purpose, on_text=lambda _t: None)
            out.append((r.text, [(c.name, c.arguments) for c in r.tool_calls]))
        return out

    live = asyncio.run(run(llm))
    text = recording.read_text(encoding="utf-8")
    assert PLANTED_KEY not in text and "[REDACTED]" in text
    if name.endswith(".yaml"):
        assert "  text: |\n    Welcome!\n" in text  # multi-line replies stay readable blocks

    monkeypatch.delenv("SOFIA_RECORD")
    replay = ScriptedLLM.from_file(recording)
    replayed = asyncio.run(run(replay))
    assert replayed[:2] == live[:2]
    assert replayed[2][0] == "The key you pasted, [REDACTED], is not needed."
    assert [r.purpose for r in replay.requests] == ["chat", "chat", "extract"]
    reported = [(r.usage.input_tokens, r.usage.output_tokens) for r in replay.replies if r.usage]
    assert reported == [(120, 14), (200, 9), (90, 12)]


def test_a_second_client_appends_to_the_same_recording(
    server: OpenAIServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    recording = tmp_path / "run.yaml"
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", PLANTED_KEY)
    monkeypatch.setenv("SOFIA_RECORD", str(recording))
    for text in ("first", "second"):
        server.reply(text)
        asyncio.run(create_llm("openai:gpt-test").complete(ASK))
    assert [r.text for r in ScriptedLLM.from_file(recording).replies] == ["first", "second"]


def test_a_placeholder_key_does_not_shred_the_recording(
    server: OpenAIServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``OPENAI_API_KEY=x`` (a loopback endpoint needs no key): the recorded replies keep their x's."""
    recording = tmp_path / "run.yaml"
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "x")
    monkeypatch.setenv("SOFIA_RECORD", str(recording))
    reply = '```json\n{"business_context": {"description": "six taxis, next to the box factory"}}\n```'
    server.reply(reply)
    asyncio.run(create_llm("openai:gpt-test").complete(ASK))
    assert [r.text for r in ScriptedLLM.from_file(recording).replies] == [reply]
