"""The scripted model, exactly as architecture.md §4.3 describes it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import yaml

from sofia_nb.events import EventBus, EventRecorder, UsageRecorded
from sofia_nb.llm import LLMNotConfiguredError, Message, ScriptedLLM, ScriptExhaustedError, ToolSpec

ASK = [Message(role="system", content="You are the facilitator."), Message(role="user", content="Hello")]


def write(path: Path, replies: list[object]) -> Path:
    if path.suffix == ".json":
        path.write_text(json.dumps({"replies": replies}))
    else:
        path.write_text(yaml.safe_dump({"replies": replies}))
    return path


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_loads_json_or_yaml_and_is_named_after_the_file(tmp_path: Path, suffix: str) -> None:
    llm = ScriptedLLM.from_file(write(tmp_path / f"demo{suffix}", ["first", "second"]))
    assert llm.model_name == f"scripted:demo{suffix}"
    first = asyncio.run(llm.complete(ASK))
    second = asyncio.run(llm.complete(ASK))
    assert (first.text, second.text, first.model) == ("first", "second", f"scripted:demo{suffix}")


def test_in_memory_scripts_follow_the_same_name_rules() -> None:
    assert ScriptedLLM(["x"]).model_name == "scripted:inline"
    assert ScriptedLLM(["x"], name="bench.yaml").model_name == "scripted:bench.yaml"


def test_purpose_picks_the_first_unused_reply_for_that_purpose() -> None:
    llm = ScriptedLLM(
        [
            {"purpose": "extract", "text": "extracted"},
            "any purpose",
            {"purpose": "chat", "text": "chat only"},
        ]
    )
    assert asyncio.run(llm.complete(ASK, purpose="chat")).text == "any purpose"
    assert asyncio.run(llm.complete(ASK, purpose="chat")).text == "chat only"
    assert asyncio.run(llm.complete(ASK, purpose="extract")).text == "extracted"
    assert llm.remaining() == 0


def test_match_searches_the_rendered_messages_including_the_system_prompt() -> None:
    llm = ScriptedLLM(
        [
            {"match": "pricing", "text": "about pricing"},
            {"match": r"system: You are the facilitator\..*user: Hello", "text": "greeting"},
        ]
    )
    assert asyncio.run(llm.complete(ASK)).text == "greeting"
    later = [*ASK, Message(role="user", content="What about PRICING and pricing?")]
    assert asyncio.run(llm.complete(later)).text == "about pricing"


def test_tool_calls_and_reported_usage() -> None:
    llm = ScriptedLLM(
        [
            {
                "text": "",
                "tool_calls": [{"name": "read_docs", "arguments": {"q": "x"}}, {"name": "get_sum"}],
                "usage": {"input_tokens": 120, "output_tokens": 40},
            }
        ]
    )
    response = asyncio.run(llm.complete(ASK, tools=[ToolSpec(name="read_docs")]))
    assert [(c.name, c.arguments) for c in response.tool_calls] == [
        ("read_docs", {"q": "x"}),
        ("get_sum", {}),
    ]
    assert len({c.id for c in response.tool_calls}) == 2
    assert response.finish_reason == "tool_calls"
    assert (response.usage.input_tokens, response.usage.output_tokens, response.usage.estimated) == (
        120,
        40,
        False,
    )
    assert response.usage.cost_usd is None


def test_usage_without_numbers_is_estimated_from_characters() -> None:
    bus = EventBus()
    recorder = EventRecorder(bus)
    llm = ScriptedLLM(["y" * 80], bus=bus)
    response = asyncio.run(llm.complete(ASK, purpose="summarize"))
    assert response.usage.estimated is True and response.usage.output_tokens == 20
    assert response.usage.input_tokens > 0
    [event] = recorder.of_type(UsageRecorded)
    assert (event.model, event.purpose, event.estimated, event.cost_usd) == (
        "scripted:inline",
        "summarize",
        True,
        None,
    )


def test_text_is_streamed_in_a_few_chunks() -> None:
    pieces: list[str] = []
    asyncio.run(ScriptedLLM(["a reply that streams"]).complete(ASK, on_text=pieces.append))
    assert 1 < len(pieces) <= 3 and "".join(pieces) == "a reply that streams"


def test_exhaustion_names_the_file_and_the_purpose(tmp_path: Path) -> None:
    path = write(tmp_path / "short.yaml", [{"purpose": "chat", "text": "only chat"}])
    llm = ScriptedLLM.from_file(path)
    with pytest.raises(ScriptExhaustedError) as info:
        asyncio.run(llm.complete(ASK, purpose="fix"))
    assert "script exhausted" in str(info.value)
    assert str(path) in str(info.value) and "'fix'" in str(info.value)
    assert info.value.kind == "script-exhausted"
    assert (llm.remaining("fix"), llm.remaining("chat")) == (0, 1)  # the failed request consumed nothing
    asyncio.run(llm.complete(ASK, purpose="chat"))


def test_requests_are_recorded_in_memory_and_in_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "scripted.jsonl"
    monkeypatch.setenv("SOFIA_SCRIPTED_LOG", str(log))
    monkeypatch.setenv("GITHUB_TOKEN", "ghtoken-planted-123456")
    llm = ScriptedLLM([{"match": "Hello", "text": "hi"}])
    asyncio.run(llm.complete([*ASK, Message(role="user", content="my token is ghtoken-planted-123456")]))
    with pytest.raises(ScriptExhaustedError):
        asyncio.run(llm.complete(ASK, purpose="extract"))

    assert [(r.purpose, r.reply_index) for r in llm.requests] == [("chat", 0), ("extract", None)]
    assert llm.requests[0].messages[1].content == "Hello"
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(e["purpose"], e["reply_index"]) for e in lines] == [("chat", 0), ("extract", None)]
    assert lines[0]["reply"]["text"] == "hi" and lines[0]["model"] == "scripted:inline"
    assert "script exhausted" in lines[1]["error"]
    assert "ghtoken-planted-123456" not in log.read_text()


@pytest.mark.parametrize(
    ("replies", "words"),
    [
        ([{"txt": "typo"}], "replies.0"),
        ([{"purpose": "party", "text": "x"}], "replies.0"),
        ([{"match": "([unclosed", "text": "x"}], "not a valid regex"),
    ],
)
def test_a_bad_script_is_a_clear_error(tmp_path: Path, replies: list[object], words: str) -> None:
    path = write(tmp_path / "bad.json", replies)
    with pytest.raises(LLMNotConfiguredError, match=words) as info:
        ScriptedLLM.from_file(path)
    assert str(path) in str(info.value)


def test_a_missing_or_malformed_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(LLMNotConfiguredError, match="cannot read"):
        ScriptedLLM.from_file(tmp_path / "absent.yaml")
    (tmp_path / "list.yaml").write_text("- just a list\n")
    with pytest.raises(LLMNotConfiguredError, match='"replies" list'):
        ScriptedLLM.from_file(tmp_path / "list.yaml")


# --- the cursor in the conversation, and fallbacks (architecture.md §4.3) ----------------------

OPENING = {"purpose": "chat", "match": "user: Introduce", "text": "Welcome; tell me about it."}
ANSWER = {"purpose": "chat", "match": "user: We bake", "text": "Noted: a bakery."}
OWN_WORDS = {"purpose": "chat", "fallback": True, "text": "This demo follows a script."}


def chat(*turns: tuple[str, str]) -> list[Message]:
    return [
        Message(role="system", content="You facilitate."),
        *(Message(role=r, content=c) for r, c in turns),
    ]


def test_a_fresh_model_goes_on_where_the_conversation_stops() -> None:
    llm = ScriptedLLM([OPENING, ANSWER, {"purpose": "chat", "match": "user: Next", "text": "third"}])
    saved = chat(("user", "Introduce the phase"), ("assistant", "Welcome; tell me about it."))
    # a restart: nothing in memory, the saved turns say the opening is answered
    assert asyncio.run(llm.complete([*saved, Message(role="user", content="We bake bread")])).text == (
        "Noted: a bakery."
    )


def test_going_back_replays_the_script_from_there() -> None:
    llm = ScriptedLLM([OPENING, ANSWER])
    first = asyncio.run(llm.complete(chat(("user", "Introduce the phase"))))
    again = asyncio.run(llm.complete(chat(("user", "Introduce the phase"))))  # the turns were cleared
    assert first.text == again.text == "Welcome; tell me about it."


def test_a_matched_reply_is_not_given_once_its_message_is_answered() -> None:
    llm = ScriptedLLM([OPENING])
    answered = chat(("user", "Introduce the phase"), ("assistant", "Welcome"), ("user", "hello?"))
    with pytest.raises(ScriptExhaustedError):
        asyncio.run(llm.complete(answered))


def test_a_fallback_answers_what_nothing_else_fits_and_is_never_used_up() -> None:
    llm = ScriptedLLM([OPENING, OWN_WORDS])
    opened = chat(("user", "Introduce the phase"))
    assert asyncio.run(llm.complete(opened)).text == "Welcome; tell me about it."  # a fitting reply wins
    own = chat(
        ("user", "Introduce the phase"), ("assistant", "Welcome; tell me about it."), ("user", "Price?")
    )
    assert asyncio.run(llm.complete(own)).text == "This demo follows a script."
    assert asyncio.run(llm.complete(own)).text == "This demo follows a script."
    assert [r.fallback for r in llm.requests] == [False, True, True]
    assert llm.remaining() == 0  # the opening was used; fallbacks are never counted
    with pytest.raises(ScriptExhaustedError):  # a fallback answers only its own purpose
        asyncio.run(llm.complete(own, purpose="extract"))


def test_a_matched_fallback_answers_only_while_its_message_is_open() -> None:
    resume = {"purpose": "chat", "fallback": True, "match": "user: We are resuming", "text": "Welcome back."}
    llm = ScriptedLLM([resume, OWN_WORDS])
    resumed = chat(("user", "We are resuming the phase"))
    assert asyncio.run(llm.complete(resumed)).text == "Welcome back."
    later = [*resumed, Message(role="assistant", content="Welcome back."), Message(role="user", content="Hi")]
    assert asyncio.run(llm.complete(later)).text == "This demo follows a script."


def test_requests_without_a_conversation_keep_the_cursor_in_memory() -> None:
    llm = ScriptedLLM([{"purpose": "fix", "match": "NameError", "text": "first fix"}])
    failing = [Message(role="user", content="tests fail: NameError")]
    assert asyncio.run(llm.complete(failing, purpose="fix")).text == "first fix"
    with pytest.raises(ScriptExhaustedError):  # the same failure again does not replay the fix
        asyncio.run(llm.complete(failing, purpose="fix"))
