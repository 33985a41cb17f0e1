"""ConversationView: the workshop's conversation as a customer team should see it.

Each message is its own output of blocks (sanitised HTML, and each Mermaid diagram an output that
JupyterLab draws); a reply's JSON records become the cards of ``_record_cards`` with their JSON behind
"details". A streaming reply shows its prose as it comes and hides a record while it is written:
each finished block is rendered once and appended, only the open block is rendered again, at most
once a frame (``StreamingReply``). The box is a column-reverse flex box, which keeps it scrolled to
the newest message.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import ipywidgets as w

from ..events import PhaseChanged, TextDelta, ToolCallFinished, ToolCallStarted, TurnAdded, WarningIssued
from ..inert import SafeHtml, markdown_html
from ..session import PHASE_ORDER, Phase, Turn, WorkshopSession
from ..workshop import ReplyBlocks, Workshop, prose_only, reply_parts, streaming_prose
from ._consent_card import ConsentCard
from ._notices import NoticeKind, notice_html, notice_text, without_paths
from ._record_cards import Block, RecordsRead, html_block, markdown, record_blocks
from ._streaming import StreamingReply

_WARNING_SOURCES = ("workshop", "enrich")
PHASE_ORDER_VALUES = {p.value for p in PHASE_ORDER}
_SPEAKERS = {"user": "Team", "assistant": "sofia"}
FRAME_S = 0.3
"""At most one update of the streaming reply per frame: a person reads no faster, and each one costs
the open block's rendering in the kernel and a message to every view."""
_RECORDING = SafeHtml("<p><i>sofia is recording the results…</i></p>")
THINKING = SafeHtml('<p class="sofia-nb-thinking"><i>sofia is thinking…</i></p>')
WAITING = SafeHtml(
    '<p class="sofia-nb-waiting"><i>waiting for the facilitator: answer the question below</i></p>'
)
"""What the conversation ends with while a question (a consent card, the go-back confirmation)
waits for a click: the step is the facilitator's, not the model's, so nothing pulses."""


def message_blocks(role: str, content: str, before: WorkshopSession | RecordsRead) -> list[Block]:
    """One message as blocks: the speaker on a line of its own, prose, diagrams, and each record
    as the card of what it changed in ``before`` (the session before the message; a
    ``RecordsRead`` moves on with each block, so the next message reads what this one recorded)."""
    if role != "assistant":
        return [markdown(f"**{_SPEAKERS.get(role, role)}**\n\n{content}")]
    context = before if isinstance(before, RecordsRead) else RecordsRead(before)
    blocks = [markdown("**sofia**")]
    for part in reply_parts(content):
        if part.kind == "record":
            blocks += record_blocks(part, context)
        elif part.kind == "diagram":
            blocks.append(markdown(f"```mermaid\n{part.text}\n```"))
        else:
            blocks.append(markdown(part.text))
    return _joined(blocks)


def replayed(session: WorkshopSession) -> Iterator[tuple[Turn, list[Block] | None]]:
    """The turns the conversation shows, in order: each message with its blocks, and a Refine's
    cue with None (shown as a line). The session before each reply is not kept, so its records
    are read against the record the earlier replies built (from an empty session)."""
    context = RecordsRead(WorkshopSession(id=session.id))
    for turn in session.turns:
        if turn.role in _SPEAKERS and not turn.metadata.get("kickoff"):
            # a block is read as its phase's record first (a scratch copy: the record is the engine's)
            context.session = context.session.model_copy(update={"phase": turn.phase})
            yield turn, message_blocks(turn.role, turn.content, context)
        elif turn.metadata.get("kickoff") and "refine" in turn.metadata:
            yield turn, None


def _joined(blocks: list[Block]) -> list[Block]:
    """Neighbouring Markdown blocks as one (fewer outputs; a fence still starts on its own line)."""
    out: list[Block] = []
    for block in blocks:
        if block.kind == "markdown" and out and out[-1].kind == "markdown":
            out[-1] = markdown(f"{out[-1].text}\n\n{block.text}")
        else:
            out.append(block)
    return out


class ConversationView(w.Box):
    """The chat: every phase's messages in order, notices between them, the streaming reply last."""

    def __init__(self, workshop: Workshop, **kwargs: Any) -> None:
        self.workshop = workshop
        self.transcript: list[tuple[str, str]] = []
        self.entries: list[list[Block]] = []
        """Every shown entry (message, divider, notice) as blocks: the static record renders these."""
        self._entry_html: list[str] = []  # rendered once: the record is redrawn after every event
        self.streaming = StreamingReply()
        self._blocks = ReplyBlocks()
        self._finished: list[SafeHtml] = []  # rendered, not yet sent
        self._last_frame = 0.0
        self._frame: asyncio.TimerHandle | None = None
        self._outputs: list[w.Output] = []
        self.cards = w.VBox()
        """The consent cards waiting for an answer; the app shows them right under the conversation,
        outside its scrolled box, so a card is in view wherever the facilitator has scrolled to."""
        self._working = False  # a step runs: "sofia is thinking…" shows while nothing streams
        self._thinking = False
        self._sent: list[str] = []
        self._searches: dict[str, str] = {}
        self._searched: set[str] = set()
        self._phase: str | None = None
        layout = w.Layout(
            display="flex",
            flex_flow="column-reverse",
            max_height="560px",
            overflow="auto",
            border="1px solid #d0d7de",
            padding="4px 8px",
        )
        super().__init__([self.streaming], layout=layout, **kwargs)
        bus = workshop.bus
        self._unsubscribe = [
            bus.subscribe(self._on_delta, TextDelta),
            bus.subscribe(self._on_turn, TurnAdded),
            bus.subscribe(self._on_tool_started, ToolCallStarted),
            bus.subscribe(self._on_tool_finished, ToolCallFinished),
            bus.subscribe(self._on_warning, WarningIssued),
            bus.subscribe(self._on_phase, PhaseChanged),
        ]
        self._replay()

    def _replay(self) -> None:
        """Show the session's messages, as the record holds them."""
        for turn, blocks in replayed(self.workshop.session):
            self._divider(turn.phase.value)
            if blocks is None:
                self._refined(turn.phase, turn.metadata)
            else:
                self.transcript.append((turn.role, turn.content))
                self._show(blocks, turn.role)

    def close(self) -> None:
        self._end_stream()
        self.streaming.close()
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        for output in self._outputs:
            output.close()
        super().close()

    # --- what the app calls ---------------------------------------------------------------

    def append(self, role: str, content: str) -> None:
        """Show one message as it arrives (its records as cards of what they change: the engine
        records a reply after it is added, so the session is still the one before it)."""
        self.transcript.append((role, content))
        self._show(message_blocks(role, content, self.workshop.session), role)

    def sent(self, text: str) -> None:
        """Show the facilitator's message at once; its turn, when the reply comes, is not shown again."""
        self._sent.append(text)
        self._divider(self.workshop.phase.value)
        self.append("user", text)

    def notice(self, text: str, kind: NoticeKind = "info") -> None:
        """A line between the messages: ``error``, ``warning`` or ``info``."""
        self._show([html_block(notice_html(text, kind))])

    def error(self, exc: BaseException) -> None:
        """A failed step as a notice that says what to do (no path, no traceback)."""
        self.notice(notice_text(exc), "error")

    def working(self, busy: bool) -> None:
        """A step started or ended: while it runs and nothing streams, "sofia is thinking…" shows
        (from Send to the first word, between a reply and the next request, during tool rounds)."""
        self._working = self._thinking = busy
        self._draw()

    def show_card(self, card: ConsentCard) -> None:
        """A consent question, under the conversation (below the reply that led to it); once
        answered it leaves a line in the conversation, in words. While it waits the conversation
        says so ("waiting for the facilitator"), not that sofia is thinking."""
        self.cards.children = (*self.cards.children, card)
        card.on_settled.append(self._card_settled)
        self._draw()

    def _card_settled(self, card: ConsentCard) -> None:
        self.cards.children = tuple(c for c in self.cards.children if c is not card)
        self.notice(card.outcome_text(), "info" if card.decision and card.decision.allowed else "warning")
        if self._working and not self.cards.children:  # the step goes on: the model's turn again
            self._thinking = True
        self._draw()

    # --- events ---------------------------------------------------------------------------

    def _on_delta(self, event: TextDelta) -> None:
        self._thinking = False
        for block in self._blocks.feed(event.text):
            if prose := prose_only(block):  # a finished record is shown as a card when the turn is added
                self._finished.append(markdown_html(prose))
        wait = self._last_frame + FRAME_S - time.monotonic()
        if wait <= 0:
            self._draw()
        elif self._frame is None:
            try:
                self._frame = asyncio.get_running_loop().call_later(wait, self._draw)
            except RuntimeError:  # emitted outside a loop (a sync caller): no later to wait for
                self._draw()

    def _draw(self) -> None:
        """One frame: the finished blocks not sent yet, and the open block rendered now."""
        self._frame = None
        self._last_frame = time.monotonic()
        prose, recording = streaming_prose(self._blocks.open)
        note: str
        if recording:
            note = _RECORDING
        elif self.cards.children:
            note = WAITING
        else:
            note = THINKING if self._thinking else ""
        open_html = SafeHtml(markdown_html(prose) + note)
        self.streaming.update(self._finished, open_html)
        self._finished = []

    def _end_stream(self) -> None:
        if self._frame is not None:
            self._frame.cancel()
            self._frame = None
        self._blocks, self._finished = ReplyBlocks(), []
        self.streaming.clear()
        if self._working:  # the step goes on (an extraction, the next phase's opening)
            self._thinking = True
            self._draw()

    def _on_turn(self, event: TurnAdded) -> None:
        self._divider(event.phase)
        if event.role == "assistant":
            self._end_stream()
            self._searched.clear()
            self.append(event.role, event.content)
        elif event.role == "user" and event.content in self._sent:
            self._sent.remove(event.content)
        elif event.role == "user" and (kickoff := self._kickoff(event)) is None:
            self.append(event.role, event.content)
        elif kickoff is not None and "refine" in kickoff:
            self._refined(Phase(event.phase), kickoff)

    def _on_tool_started(self, event: ToolCallStarted) -> None:
        if self._working and not self._thinking:  # a tool round: the model is at work again
            self._thinking = True
            self._draw()
        if event.tool.endswith("web_search"):
            query = event.arguments.get("query") or ", ".join(map(str, event.arguments.values()))
            self._searches[event.call_id] = str(query)

    def _on_tool_finished(self, event: ToolCallFinished) -> None:
        query = self._searches.pop(event.call_id, None)
        # builtin/web_search forwards to a server's search: one query, one line
        if query is None or not event.ok or event.is_error or query in self._searched:
            return
        self._searched.add(query)
        self.notice(f"sofia searched the web for “{query}”; the results inform the workshop.")

    def _on_phase(self, event: PhaseChanged) -> None:
        """Going back or starting over (the current phase too): the screen shows what the record
        holds (the cleared messages and the later phases' go)."""
        known = event.previous in PHASE_ORDER_VALUES and event.phase in PHASE_ORDER_VALUES
        back = known and PHASE_ORDER.index(Phase(event.phase)) < PHASE_ORDER.index(Phase(str(event.previous)))
        if back or event.started_over:
            self._rebuild()

    def _rebuild(self) -> None:
        for output in self._outputs:
            output.close()
        self._outputs, self.entries, self._entry_html, self.transcript = [], [], [], []
        self._sent, self._phase = [], None
        self._replay()
        self._children()

    def _on_warning(self, event: WarningIssued) -> None:
        if event.source in _WARNING_SOURCES:
            self.notice(without_paths(event.message), "warning")

    # --- rendering ------------------------------------------------------------------------

    def _kickoff(self, event: TurnAdded) -> dict[str, Any] | None:
        """The metadata of the product's cue ``event`` is, None for anyone's message."""
        turns = self.workshop.session.turns_of(Phase(event.phase))
        return next((t.metadata for t in turns if t.seq == event.seq and t.metadata.get("kickoff")), None)

    def _refined(self, phase: Phase, cue: dict[str, Any]) -> None:
        """A Refine, as a line before sofia's answer: the facilitator's words are theirs to see."""
        words = str(cue.get("refine") or "")
        self.notice(f"Refine {phase.title}: “{words}”" if words else f"Refine {phase.title}: sofia picks")

    def _divider(self, phase: str) -> None:
        if phase == self._phase:
            return
        self._phase = phase
        title = Phase(phase).title
        self._show([html_block(SafeHtml(f'<h4 class="sofia-nb-phase">— {title} —</h4>'))])

    def _show(self, blocks: list[Block], role: str = "") -> None:
        self.entries.append(blocks)
        self._entry_html.append(f'<div class="sofia-nb-entry">{"".join(b.html() for b in blocks)}</div>')
        border = {"user": "#8c959f", "assistant": "#0969da"}.get(role)
        layout = w.Layout(border_left=f"3px solid {border}", padding="0 0 0 8px") if border else w.Layout()
        output = w.Output(layout=layout)
        for block in blocks:
            for shown in block.display_objects():
                output.append_display_data(shown)
        self._outputs.append(output)
        self._children()

    def _children(self) -> None:
        # column-reverse shows the children bottom-up: the newest output comes first, streaming before it
        self.children = (self.streaming, *reversed(self._outputs))

    def html(self) -> str:
        """The conversation as static HTML (the record's Conversation section)."""
        return "\n".join(self._entry_html)

    def as_text(self) -> str:
        """Who said what, records left out (their results are in the session)."""
        return "\n".join(
            f"{_SPEAKERS.get(role, role)}: {prose_only(content) if role == 'assistant' else content}"
            for role, content in self.transcript
        )
