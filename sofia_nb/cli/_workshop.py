"""``sofia-nb workshop``: the workshop in a terminal, or non-interactive from an inputs file."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shlex
import sys
import time
from pathlib import Path

from pydantic import BaseModel
from rich.console import Group
from rich.live import Live
from rich.text import Text

from ..config import SetupError
from ..consent import LineReader
from ..events import (
    Event,
    EventBus,
    PhaseChanged,
    TextDelta,
    ToolCallStarted,
    TurnAdded,
    UsageRecorded,
    WarningIssued,
)
from ..llm import LLMError
from ..session import (
    PHASE_ORDER,
    HoldLostError,
    Phase,
    PhaseReview,
    SessionError,
    SessionHeldError,
    SessionStatus,
    SessionWriteError,
    WorkshopSession,
)
from ..workshop import (
    CONTINUE_TOOL,
    CONVERSATION_PHASES,
    PhaseOutcome,
    ReplyBlocks,
    Workshop,
    WorkshopOptions,
    WorkshopRun,
    open_workshop,
)
from . import _exit
from ._consent import add_consent_timeout, workshop_consent
from ._context import CliContext
from ._reply_view import Records, reply_view, streaming_view
from ._team import TeamCommands, add_team_flags, read_room, replay_room, room_file_errors
from ._tool_lines import log_event
from ._usage_text import usage_text


class WorkshopResult(BaseModel):
    """The last line of ``workshop --json``."""

    session_id: str
    phase: Phase
    status: SessionStatus


RESULTS: tuple[type[BaseModel], ...] = (WorkshopResult,)

GATE = (
    "[c] continue  [r] refine this phase  [p PHASE] go to a phase (back: reopen it)  "
    "[o PHASE] start a phase over  [e] exit (pause) > "
)
KEEP = "[k] keep {phase} as it is  "
REASON = "What does the team want to change in {phase}? (one line; Enter: none given) > "
REFINE = "What should sofia refine in {phase}? (one line; Enter: sofia picks) > "
QUIT_WORDS = frozenset({"quit", "exit", "e", "q", "pause", "bye", ":q", "/quit", "/exit"})
"""Lines at the chat prompt that look like leaving: asked about, never sent as the team's words."""
QUIT = "“{line}” looks like leaving: [p] pause the workshop  [s] send it to sofia  [Enter] neither > "


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("workshop", parents=[common], help="run a discovery workshop")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--new", action="store_true", help="start a new session (the default)")
    which.add_argument("--session", metavar="ID", help="resume a session (an id, or 'last')")
    p.add_argument("--phase", choices=[ph.value for ph in CONVERSATION_PHASES], help="start at this phase")
    p.add_argument("--demo", action="store_true", help="the bundled scripted company and its offline servers")
    p.add_argument("--non-interactive", action="store_true", help="no prompts: inputs file, consent policy")
    p.add_argument("--inputs", metavar="FILE", help="the facilitator's messages per phase (JSON or YAML)")
    p.add_argument(
        "--take-over",
        action="store_true",
        help="take the session over from the run that holds it (that run is told; its words are kept)",
    )
    add_team_flags(p)
    add_consent_timeout(p)
    p.set_defaults(handler=run)


def _options(ctx: CliContext) -> WorkshopOptions:
    args = ctx.args
    return WorkshopOptions(
        # Resuming, a model only the environment or the config file names gives way to the one
        # the session was run with (``RunSettings``); ``--llm`` always wins, and is said.
        llm=args.llm if args.session else ctx.llm_spec,
        demo=args.demo,
        session=args.session,
        phase=Phase(args.phase) if args.phase else None,
        inputs=Path(args.inputs) if args.inputs else None,
        mcp_config=ctx.mcp_config,
        consent_deadline_s=args.consent_timeout,
        take_over=args.take_over,
    )


OFF_SCRIPT = (
    "the demo follows a script; to talk about your own business, connect a real model: "
    "sofia-nb workshop --llm SPEC (e.g. --llm openai:gpt-4o; sofia-nb doctor lists what is set up)"
)


FRAME_S = 0.1
"""The open block of a streaming reply is drawn at most once a frame."""


class _Renderer:
    """Shows the workshop as it happens: each reply on stdout as Markdown with its records and
    diagrams in panels (never raw JSON), the rest as a line on stderr.

    On a terminal a reply is printed block by block as it streams: a finished block (it ends at a
    blank line outside a fence) is rendered once and printed, so a reply taller than the screen
    scrolls like any output; only the open block is live, redrawn at most once a frame. A pipe
    gets the reply once, rendered, when its turn is added."""

    def __init__(self, ctx: CliContext) -> None:
        self.out = ctx.out
        self._blocks = ReplyBlocks()
        self._printed = ""  # the reply's text already printed, block by block
        self._live: Live | None = None
        self._last_frame = 0.0
        self.session: WorkshopSession | None = None
        """The session whose tokens and cost are shown after each phase (set once it is open),
        and against which a reply's records are read."""
        self._records: Records | None = None  # the reply being shown's, from its first piece
        self.prices: str | None = None  # where the last priced reply's price came from

    def opened(self, session: WorkshopSession, *, resumed: bool) -> None:
        """The heading of the phase the run starts in, as each later phase gets one when it
        starts: a resumed run says where it took up the session."""
        self.session = session
        self.out.info(f"\n== {session.phase.title}{' (resumed)' if resumed else ''} ==")

    def usage(self, label: str, phase: str | None = None) -> None:
        """The tokens and cost of ``phase`` (the whole session when None), on stderr."""
        if self.session is None or self.out.json_mode:
            return
        t = self.session.tokens.by_phase.get(phase) if phase else self.session.tokens
        if t is not None and (t.input_tokens or t.output_tokens):
            words = usage_text(t, prices=self.prices)
            self.out.info(f"{label}: {words}")

    def __call__(self, event: Event) -> None:
        if isinstance(event, UsageRecorded) and event.price_source:
            self.prices = event.price_source
        if self.out.json_mode:
            if not isinstance(event, TextDelta):
                self.out.event(event)
                log_event(event)
            return
        if isinstance(event, TextDelta):
            self._stream(event.text)
            return
        if isinstance(event, TurnAdded) and event.role == "assistant":
            self._stop_streaming()
            printed, self._printed, self._blocks = self._printed, "", ReplyBlocks()
            rest = event.content[len(printed) :] if event.content.startswith(printed) else event.content
            if rest.strip():
                self.out.console.print(Group(*reply_view(rest, self._reply_records())), soft_wrap=False)
            self.out.console.print("")
            self._records = None
            return
        self._stop_streaming()
        if isinstance(event, ToolCallStarted):
            self._end_round()
        if isinstance(event, PhaseChanged):
            if event.previous:
                self.usage(f"{Phase(event.previous).title} used", event.previous)
            self.out.info(f"\n== {event.phase.capitalize()} ==")
        elif log_event(event):  # tool calls and consent decisions: the log's, not the team's screen
            return
        elif isinstance(event, WarningIssued):
            self.out.info(f"note: {event.message}")

    def _stream(self, text: str) -> None:
        if not self.out.console.is_terminal:
            return  # a pipe gets the reply once, rendered, when its turn is added
        if self._live is None:
            self._live = Live(console=self.out.console, auto_refresh=False, transient=True)
            self._live.start()
        finished = self._blocks.feed(text)
        for block in finished:  # printed above the live block, once
            self._live.console.print(Group(*reply_view(block, self._reply_records())), soft_wrap=False)
            self._printed += block
        now = time.monotonic()
        if finished or now - self._last_frame >= FRAME_S:
            self._last_frame = now
            self._live.update(streaming_view(self._blocks.open), refresh=True)

    def _end_round(self) -> None:
        """A tool call ends the model's round: what it streamed so far is printed as it stands and
        the next round starts afresh (the turn holds only the last round's text)."""
        if self._blocks.open.strip():
            self.out.console.print(
                Group(*reply_view(self._blocks.open, self._reply_records())), soft_wrap=False
            )
        self._printed, self._blocks = "", ReplyBlocks()

    def _reply_records(self) -> Records:
        if self._records is None:
            self._records = Records(self.session if self.session is not None else WorkshopSession())
        return self._records

    def _stop_streaming(self) -> None:
        """The live view ends (and is erased) before anything else is printed."""
        if self._live is not None:
            self._live.stop()
            self._live = None


class _Echo:
    """Shows each facilitator message of a non-interactive run between the streamed replies."""

    def __init__(self, ctx: CliContext) -> None:
        self.console = ctx.out.console

    def __call__(self, text: str) -> None:
        self.console.print(f"\n> {text}\n")


async def _prompt(
    ctx: CliContext, reader: LineReader, text: str, deadline_s: float | None = None
) -> str | None:
    """One line from the person; None at end of input. ``deadline_s`` raises TimeoutError when passed."""
    ctx.out.err.print(text, end="")
    if deadline_s is None:
        return await reader.readline()
    async with asyncio.timeout(deadline_s):
        return await reader.readline()


async def _gate(ctx: CliContext, workshop: Workshop, reader: LineReader) -> bool:
    """The decision after a phase; False when the run ends here (paused, or nobody answered in time)."""
    while True:
        review = workshop.next_review()
        if review is not None:
            _offer_review(ctx, review)
        gate = (KEEP.format(phase=review.phase.title) if review is not None else "") + GATE
        try:
            answer = await _prompt(ctx, reader, gate, ctx.args.consent_timeout)
        except TimeoutError:
            await workshop.pause()
            ctx.out.info(
                f"\nno decision within {ctx.args.consent_timeout:g}s: paused; "
                f"resume with: {resume_command(workshop.session)}"
            )
            return False
        choice = ("e" if answer is None else answer).strip().lower()  # Enter continues; end of input pauses
        try:
            if choice in ("", "c"):
                step = await workshop.advance()  # asks first when the phase still lacks something
                if not step.moved:  # back to the chat: staying is to go on with the phase's work
                    ctx.out.info(f"stayed in {workshop.phase.title}: continuing was not confirmed")
                    return True
                return not step.ended
            if choice == "k" and review is not None:
                if (await workshop.advance(keep_as_is=True)).moved:
                    ctx.out.info(f"kept {review.phase.title} as it is; [c] goes on from there")
                else:
                    ctx.out.info(f"stayed in {workshop.phase.title}: continuing was not confirmed")
                continue
            if choice == "r":
                request = await _prompt(ctx, reader, REFINE.format(phase=workshop.phase.title))
                await workshop.refine(request or "")
                return True
            if choice[:1] in ("p", "o"):
                target, start_over = Phase(choice[1:].strip()), choice[0] == "o"
                back = PHASE_ORDER.index(target) < PHASE_ORDER.index(workshop.phase) and not start_over
                reason = (await _prompt(ctx, reader, REASON.format(phase=target.title)) or "") if back else ""
                if not await workshop.choose_phase(target, reason=reason, start_over=start_over):
                    ctx.out.info(f"stayed in {workshop.phase.title}: going back was not confirmed")
                return True
        except ValueError as exc:  # a NavigationError, or an unknown phase name
            ctx.out.info(f"cannot do that: {exc}")
            continue
        if choice == "e":
            await workshop.pause()
            ctx.out.info(f"paused; resume with: {resume_command(workshop.session)}")
            return False
        ctx.out.info("choose c, r, p PHASE, o PHASE or e" + (", or k" if review is not None else ""))


def resume_command(session: WorkshopSession) -> str:
    """The command that goes on with ``session``, as it can be pasted: the session remembers how
    it was run (``RunSettings``), so no ``--demo`` or ``--llm`` is needed."""
    return f"sofia-nb workshop --session {session.id}"


def _stop_saying(ctx: CliContext, session: WorkshopSession, kind: str, said: str, flags: str = "") -> int:
    """The error of a run that stops with its session saved as it stood: what happened and what
    to do (``said``), then the command that goes on."""
    ctx.out.error(f"{said} resume with: {resume_command(session)}{flags}", kind=kind, session_id=session.id)
    return _exit.ERROR


def _stopped(ctx: CliContext, workshop: Workshop) -> None:
    """A signal stopped the run (Ctrl+C, SIGTERM, SIGHUP): the session is saved Paused as it
    stands, no model call, and the terminal says how to go on. A terminal that is gone (SIGHUP)
    hears nothing; the session is saved all the same."""
    why = ctx.stop_reason or "interrupted"
    try:
        workshop.interrupt(why)
        words = f"\n{why}: paused, nothing typed is lost; resume with: {resume_command(workshop.session)}"
    except SessionError as exc:  # a full disk, a hold taken over: the file keeps its last save
        words = f"\n{why}: {exc}; resume with: {resume_command(workshop.session)}"
    with contextlib.suppress(OSError):
        ctx.out.info(words)
    ctx.stop_said = True


def _stopped_incomplete(outcome: PhaseOutcome) -> str:
    """Why a run without a person stopped at a phase, and how its policy lets it go on."""
    return (
        f"stopped at {outcome.phase.title}: it still lacks {', '.join(outcome.missing)}, and the consent "
        f"policy did not allow going on without it (--consent allow:{CONTINUE_TOOL} does)"
    )


async def _quit_or_send(ctx: CliContext, workshop: Workshop, reader: LineReader, line: str) -> bool:
    """``quit`` and the like at the chat prompt: pause, send it as the team's words, or neither.
    False when the workshop paused (the run ends here)."""
    answer = await _prompt(ctx, reader, QUIT.format(line=line))
    choice = ("p" if answer is None else answer).strip().lower()  # end of input: nobody left, pause
    if choice in ("p", "pause"):
        await workshop.pause()
        ctx.out.info(f"paused; resume with: {resume_command(workshop.session)}")
        return False
    if choice in ("s", "send"):
        await workshop.send(line)
    return True


def _offer_review(ctx: CliContext, review: PhaseReview) -> None:
    """What continuing does to a phase kept for review, and what the change was."""
    why = f" ({review.reason})" if review.reason else ""
    ctx.out.info(
        f"{review.phase.title} was recorded before {review.because.title} was reopened{why}; "
        f"[c] has the model review it, [k] keeps it as it is. What changed in {review.because.title}:"
    )
    for change in review.changes or ["nothing in its record, so far"]:
        ctx.out.info(f"  - {change}")


def _suggestion(ctx: CliContext, run: WorkshopRun) -> str | None:
    """The facilitator's next scripted line (shown; Enter on an empty line sends it), ``done``
    once the phase's lines are sent, None for a run without inputs."""
    line = run.next_line()
    if line is not None:
        ctx.out.info(Text.assemble(("next scripted line (Enter sends it):", "dim"), f" {line}"))
        return line
    if run.inputs.for_phase(run.workshop.phase):
        ctx.out.info(Text("the phase's scripted lines are sent; Enter: done (then Enter: continue)", "dim"))
        return "done"
    return None


async def _interactive(
    ctx: CliContext, run: WorkshopRun, reader: LineReader, team: TeamCommands | None = None
) -> None:
    """The model opens each phase, the facilitator talks (`done` ends the talk; a line starting with
    `/` drives the team's rounds when they are invited), then the gate decides."""
    workshop = run.workshop
    if workshop.phase in CONVERSATION_PHASES:
        await workshop.start_phase()
    while workshop.phase in CONVERSATION_PHASES:
        suggestion = _suggestion(ctx, run)
        line = await _prompt(ctx, reader, f"[{workshop.phase.title}] > ")
        if line is None:  # nobody left to answer: keep what was said, resumable
            await workshop.pause()
            return
        line = line.strip() or suggestion or ""
        if line.lower() in QUIT_WORDS:
            if not await _quit_or_send(ctx, workshop, reader, line):
                return
        elif team is not None and line.startswith("/"):
            team.command(line)
        elif line.lower() == "done":
            if not await _gate(ctx, workshop, reader):
                return
        elif line:
            await workshop.send(line)
            if run.off_script():
                ctx.out.info(f"note: {OFF_SCRIPT}")


async def _open(ctx: CliContext, bus: EventBus, reader: LineReader | None) -> WorkshopRun | None:
    """The workshop this command names, held for this run; None (said) when another run holds it."""
    try:
        return await open_workshop(
            _options(ctx),
            consent=workshop_consent(ctx, reader, demo=ctx.args.demo),
            bus=bus,
            settings=ctx.settings,
            store=ctx.store,
        )
    except SetupError as exc:  # its message names the setting; going back also needs --consent
        hint = " (see --consent)" if exc.setting == "phase" else ""
        raise _exit.UsageError(exc.worded(_exit.flag) + hint) from None
    except SessionHeldError as exc:
        ctx.out.error(
            f"{exc}. Watch it with: sofia-nb status --session {exc.session_id}; "
            f"or take it over with: sofia-nb workshop --session {exc.session_id} --take-over",
            kind="held",
            session_id=exc.session_id,
        )
        return None


async def run(ctx: CliContext) -> int:
    args = ctx.args
    bus = EventBus()
    renderer = _Renderer(ctx)
    bus.subscribe(renderer)
    reader = None if args.non_interactive else LineReader(sys.stdin)
    room = read_room(ctx) if args.room else None
    room_refused = room_file_errors() if room is not None else ()
    opened = await _open(ctx, bus, reader)
    if opened is None:
        return _exit.ERROR
    session = opened.session
    renderer.opened(session, resumed=args.session is not None)
    team: TeamCommands | None = None
    try:
        async with opened:
            try:
                if room is not None:
                    replay_room(room, opened.workshop)
                if args.invite:
                    team = TeamCommands(ctx, opened.workshop)
                if reader is None:
                    outcomes = await opened.play(on_message=None if ctx.out.json_mode else _Echo(ctx))
                    if outcomes and session.phase == outcomes[-1].phase and outcomes[-1].missing:
                        ctx.out.info(_stopped_incomplete(outcomes[-1]))
                else:
                    await _interactive(ctx, opened, reader, team)
            except (asyncio.CancelledError, KeyboardInterrupt):
                _stopped(ctx, opened.workshop)
                raise
    except LLMError as exc:
        ctx.out.error(f"the model failed: {exc}", kind=exc.kind, session_id=session.id)
        return _exit.ERROR
    except room_refused as exc:  # the room refused one of the file's entries as this run reached it
        said = f"--room {args.room}: {exc}. The session is saved as it stood: correct the file, then"
        return _stop_saying(ctx, session, "room", said, f" --room {shlex.quote(args.room)}")
    except HoldLostError as exc:  # another run took the session over: this one stops, its words aside
        ctx.out.error(str(exc), kind="held", session_id=session.id)
        return _exit.ERROR
    except SessionWriteError as exc:  # a full disk: the file keeps its last save, the run stops
        said = f"{exc}; what was not saved is on the screen above. Free some space, then"
        return _stop_saying(ctx, session, "session", said)
    finally:
        if team is not None:
            team.stop()
    renderer.usage("this session so far")
    result = WorkshopResult(session_id=session.id, phase=session.phase, status=session.status)
    next_step = (
        f"next: sofia-nb export --session {session.id}  (and sofia-nb dev --session {session.id})"
        if session.phase == Phase.DEVELOP
        else f"resume: {resume_command(session)}"
    )
    ctx.out.result(
        result, human=f"session {session.id}: {session.phase.value} ({session.status.value})\n{next_step}"
    )
    return _exit.OK
