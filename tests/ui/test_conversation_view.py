"""The conversation as the team sees it: cards instead of raw JSON, diagrams, streaming, notices."""

from __future__ import annotations

import asyncio
import re

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb._datafile import read_json_or_yaml
from sofia_nb.events import TextDelta, ToolCallFinished, ToolCallStarted
from sofia_nb.llm import LLMResponse, LLMUsage, ScriptExhaustedError
from sofia_nb.session import Phase, SessionStore, WorkshopSession
from sofia_nb.ui import WorkshopApp
from sofia_nb.ui import _conversation as conversation
from sofia_nb.ui._conversation import message_blocks
from sofia_nb.workshop import Workshop
from sofia_nb.workshop.demo import demo_script

RAW_KEYS = re.compile(r'"(business_context|selection|workflow|evaluation|plan|ideas|topic|cards)"\s*:')


def _demo_replies() -> list[str]:
    data = read_json_or_yaml(demo_script(), "scripted model file")
    return [r["text"] for r in data["replies"] if isinstance(r, dict) and r.get("purpose", "chat") == "chat"]


def _shown(blocks: list) -> str:
    """What the team reads: every block but the folded details."""
    return "\n".join(b.text for b in blocks if "sofia-nb-details" not in b.text)


@pytest.mark.parametrize("reply", _demo_replies(), ids=lambda r: " ".join(r.split()[:4]))
def test_no_demo_reply_shows_raw_json_and_the_details_hold_it(reply: str) -> None:
    blocks = message_blocks("assistant", reply, WorkshopSession(phase=Phase.DISCOVER))
    assert not RAW_KEYS.search(_shown(blocks))
    details = [b.text for b in blocks if "sofia-nb-details" in b.text]
    for key in ("business_context", "selection", "workflow", "evaluation", "plan"):
        if f'"{key}"' in reply:
            assert any(f"&quot;{key}&quot;" in d for d in details), key


def test_mermaid_starts_on_its_own_line_also_inside_the_plans_architecture_notes() -> None:
    replies = _demo_replies()
    design = next(r for r in replies if "quadrantChart" in r)
    plan = next(r for r in replies if '"architecture_notes"' in r)
    session = WorkshopSession()
    design_md = _shown(message_blocks("assistant", design, session))
    assert re.search(r"(^|\n)```mermaid\nquadrantChart\n", design_md)
    assert design_md.startswith("**sofia**\n\n")  # the speaker never shares a line with a fence
    plan_md = _shown(message_blocks("assistant", plan, session))
    assert re.search(r"\n```mermaid\nflowchart LR\n  mail\[Order mailbox\]", plan_md)
    assert "\\n" not in plan_md  # no escaped newlines of the JSON string


def test_the_evaluation_card_draws_the_matrix_once_as_svg_and_no_png() -> None:
    pytest.importorskip("mermaidx")
    design = next(r for r in _demo_replies() if '"evaluation"' in r)
    blocks = message_blocks("assistant", design, WorkshopSession())
    assert not [b for b in blocks if b.kind == "png"]  # one chart of the matrix, not a second as PNG
    card = "".join(str(b.html()) for b in blocks if b.kind == "markdown")
    # the model's own chart in its prose and the card's matrix, both drawn; no third as PNG
    assert card.count('aria-roledescription="quadrantChart"') == 2
    shown = [o for b in blocks if b.kind == "markdown" for o in b.display_objects()]
    assert any("image/svg+xml" in getattr(o, "data", {}) for o in shown)  # nbconvert shows the SVG


class ScriptedEcho:
    """Streams the given reply in small pieces, as providers do."""

    model_name = "test:stream"
    context_window = 8000

    def __init__(self, reply: str) -> None:
        self.reply = reply

    async def complete(self, messages, *, tools=None, purpose="chat", on_text=None):  # type: ignore[no-untyped-def]
        if on_text:
            for i in range(0, len(self.reply), 7):
                await on_text(self.reply[i : i + 7])
        return LLMResponse(text=self.reply, usage=LLMUsage(input_tokens=5, output_tokens=5), model="x")

    async def aclose(self) -> None:
        pass


async def test_streaming_shows_the_prose_and_hides_a_record_while_it_is_written(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr(conversation, "FRAME_S", 0.0)  # a frame for every delta: every state is seen
    reply = next(r for r in _demo_replies() if '"business_context"' in r)
    workshop = Workshop.create(ScriptedEcho(reply), store=SessionStore(tmp_path))
    app = WorkshopApp(workshop)
    seen: list[str] = []
    workshop.bus.subscribe(lambda _e: seen.append(app.chat.streaming.value), TextDelta)
    await app.start()
    assert any("Here is what I heard" in s for s in seen)
    assert any("recording the results" in s for s in seen)
    assert not any("business_context" in s for s in seen)
    assert app.chat.streaming.value == ""


async def test_a_streamed_reply_sends_each_finished_block_once_and_the_open_block_as_edits(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr(conversation, "FRAME_S", 0.0)
    paragraphs = [
        f"Paragraph {n}: the pumps \U0001f6b0 in zone {n} report **pressure** every minute."
        for n in range(40)
    ]
    reply = "\n\n".join(paragraphs)
    workshop = Workshop.create(ScriptedEcho(reply), store=SessionStore(tmp_path))
    app = WorkshopApp(workshop)
    sent: list[dict] = []
    view, differ = _View(), []

    def send(message: dict) -> None:
        sent.append(message)
        view.apply(message)
        if not message.get("reset") and view.html() != app.chat.streaming.value:
            differ.append(view.html())  # the view must show what the kernel says it shows

    monkeypatch.setattr(app.chat.streaming, "send", send)
    shown: list[str] = []
    workshop.bus.subscribe(lambda _e: shown.append(app.chat.streaming.value), TextDelta)
    await app.start()
    assert not differ, f"the view drifted from the kernel's HTML: {differ[0][-200:]!r}"
    # A finished block is not sent again: the view has it from the edits, only its end follows.
    finished = "".join(m.get("append", "") + m.get("done", [0, ""])[1] for m in sent)
    for n in range(39):
        assert f"Paragraph {n}:" in view.html() or f"Paragraph {n}:" in "".join(shown)
        assert f"Paragraph {n}:" not in finished, f"paragraph {n} was sent twice"
    assert "Paragraph 39" in shown[-1]
    # the open block goes as edits: what it keeps, and what follows; never the reply so far
    assert max(len(m.get("add", "")) for m in sent) < 3 * max(map(len, paragraphs))
    assert {"reset": True} in sent and app.chat.streaming.value == ""  # the reply ended, nothing shows


async def test_the_newest_message_stays_in_view(tmp_path) -> None:
    workshop = Workshop.create(ScriptedEcho("first"), store=SessionStore(tmp_path))
    app = WorkshopApp(workshop)
    await app.start()
    app.message.value = "second from the team"
    app.send()
    await asyncio.gather(*app.tasks)
    assert app.chat.layout.flex_flow == "column-reverse"  # the box stays scrolled to its end
    newest = app.chat.children[1]  # children[0] is the streaming reply, drawn last
    assert "first" in str(newest.outputs)  # the reply to the team's message
    assert app.transcript[-2] == ("user", "second from the team")


class Failing:
    model_name = "test:fail"
    context_window = 8000

    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    async def complete(self, messages, **_kwargs):  # type: ignore[no-untyped-def]
        raise self.exc

    async def aclose(self) -> None:
        pass


@pytest.mark.parametrize(
    ("exc", "advice"),
    [
        (ScriptExhaustedError("script exhausted: /opt/x/demo/script.yaml has no reply for 'chat'"), "llm="),
        (RuntimeError("could not read /home/ana/.sofia/sessions/abc.json: denied"), "try again"),
    ],
)
async def test_a_failed_step_is_a_notice_that_says_what_to_do_without_a_path(tmp_path, exc, advice) -> None:
    workshop = Workshop.create(Failing(exc), store=SessionStore(tmp_path))
    app = WorkshopApp(workshop)
    task = app.start()
    await asyncio.gather(task, return_exceptions=True)
    await asyncio.sleep(0)
    notice = app.chat.entries[-1][0].text
    assert "sofia-nb-error" in notice and advice in notice
    assert not re.search(r"/(opt|home)/", notice) and "Traceback" not in notice


async def test_the_chat_says_when_web_search_results_were_used(tmp_path) -> None:
    workshop = Workshop.create(ScriptedEcho("x"), store=SessionStore(tmp_path))
    app = WorkshopApp(workshop)
    bus = workshop.bus
    for server in ("builtin", "demo-search"):  # the built-in tool forwards to the server: one line
        args = {"query": "cold chain"}
        bus.emit(ToolCallStarted(call_id=server, server=server, tool="web_search", arguments=args))
        bus.emit(ToolCallFinished(call_id=server, server=server, tool="web_search", duration_s=0.1, ok=True))
    notes = [e[0].text for e in app.chat.entries if "searched the web" in e[0].text]
    assert len(notes) == 1 and "cold chain" in notes[0]


async def test_the_meter_knows_gpt_4o_without_configuration(tmp_path) -> None:
    from sofia_nb.config import Settings
    from sofia_nb.llm import Endpoint, OpenAICompatLLM
    from tests.support.openai_server import OpenAIServer

    with OpenAIServer(reports_model="gpt-4o-2024-11-20") as server:
        server.reply("Hello, team.", usage=(64_000, 1_000))
        workshop = Workshop.create(ScriptedEcho("x"), store=SessionStore(tmp_path))
        llm = OpenAICompatLLM(
            Endpoint(provider="openai", model="gpt-4o", base_url=server.base_url),
            settings=Settings(),
            bus=workshop.bus,
        )
        workshop.llm = llm
        app = WorkshopApp(workshop)
        await app.start()
        await llm.aclose()
    text = app.meter.as_text()
    assert "context: 50% of 128000" in text
    assert "cost $0.1700 (estimated, as of 2026-12-04)" in text  # 64k x $2.50 + 1k x $10 per million
    assert "context window unknown" not in app.meter._text.value


class _View:
    """What the streaming widget's ES module does with a message, slicing as JavaScript does
    (UTF-16 code units)."""

    def __init__(self) -> None:
        self.done, self.open = b"", b""

    def apply(self, message: dict) -> None:
        def units(text: str) -> bytes:
            return text.encode("utf-16-le")

        if message.get("reset"):
            self.done, self.open = b"", b""
        self.done += units(message.get("append", ""))
        if "done" in message:
            keep, rest = message["done"]
            self.done += self.open[: 2 * keep] + units(rest)
            self.open = b""
        if "add" in message:
            self.open = self.open[: 2 * message["keep"]] + units(message["add"])

    def html(self) -> str:
        return (self.done + self.open).decode("utf-16-le")
