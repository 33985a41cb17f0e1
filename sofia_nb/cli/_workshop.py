"""``sofia-nb workshop``: the workshop in a terminal, or non-interactive from an inputs file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pydantic import BaseModel, ValidationError

from ..consent import LineReader
from ..events import (
    ConsentDecided,
    Event,
    EventBus,
    PhaseChanged,
    TextDelta,
    TurnAdded,
    Warning,
)
from ..llm import LLMClient, LLMError, create_llm
from ..mcp import McpConfig, McpConfigError, McpManager, load_config
from ..session import PHASE_ORDER, Phase, SessionStatus, WorkshopSession
from ..workshop import (
    CONVERSATION_PHASES,
    InputsError,
    Workshop,
    WorkshopInputs,
    WorkshopSettings,
    build_workshop,
    run_inputs,
)
from ..workshop.demo import demo_enrichment, demo_inputs, demo_mcp_config, demo_script
from . import _exit
from ._consent import add_consent_timeout, consent_provider
from ._context import CliContext
from ._tool_lines import tool_call_line


class WorkshopResult(BaseModel):
    """The last line of ``workshop --json``."""

    session_id: str
    phase: Phase
    status: SessionStatus


RESULTS: tuple[type[BaseModel], ...] = (WorkshopResult,)

GATE = "[c] continue  [r] refine this phase  [p PHASE] choose a phase  [e] exit (pause) > "


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("workshop", parents=[common], help="run a discovery workshop")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--new", action="store_true", help="start a new session (the default)")
    which.add_argument("--session", metavar="ID", help="resume a session (an id, or 'last')")
    p.add_argument("--phase", choices=[ph.value for ph in CONVERSATION_PHASES], help="start at this phase")
    p.add_argument("--demo", action="store_true", help="the bundled scripted company and its offline servers")
    p.add_argument("--non-interactive", action="store_true", help="no prompts: inputs file, consent policy")
    p.add_argument("--inputs", metavar="FILE", help="the facilitator's messages per phase (JSON or YAML)")
    add_consent_timeout(p)
    p.set_defaults(handler=run)


def _llm(ctx: CliContext, bus: EventBus) -> LLMClient:
    if ctx.args.demo and not ctx.llm_spec:
        return create_llm(f"scripted:{demo_script()}", ctx.settings, bus)
    return create_llm(ctx.llm_spec, ctx.settings, bus)


def _settings(ctx: CliContext) -> WorkshopSettings:
    try:
        return WorkshopSettings.model_validate(ctx.settings.section("workshop"))
    except ValidationError as exc:
        raise _exit.UsageError(f"config.toml [workshop]: {exc.errors()[0]['msg']}") from None


def _mcp_config(ctx: CliContext) -> McpConfig:
    if ctx.args.demo:
        return demo_mcp_config()
    try:
        return load_config(ctx.mcp_config)
    except McpConfigError as exc:
        raise _exit.UsageError(str(exc)) from None


def _inputs(ctx: CliContext) -> WorkshopInputs:
    path = ctx.args.inputs or (demo_inputs() if ctx.args.demo else None)
    if path is None:
        return WorkshopInputs()
    try:
        return WorkshopInputs.from_file(Path(path))
    except InputsError as exc:
        raise _exit.UsageError(str(exc)) from None


class _Renderer:
    """Shows the workshop as it happens: replies stream to stdout, the rest is a line on stderr."""

    def __init__(self, ctx: CliContext) -> None:
        self.out = ctx.out

    def __call__(self, event: Event) -> None:
        if self.out.json_mode:
            if not isinstance(event, TextDelta):
                self.out.event(event)
            return
        if isinstance(event, TextDelta):
            self.out.console.print(event.text, end="", markup=False)
        elif isinstance(event, TurnAdded) and event.role == "assistant":
            self.out.console.print()
        elif isinstance(event, PhaseChanged):
            self.out.info(f"\n== {event.phase.capitalize()} ==")
        elif isinstance(event, ConsentDecided):
            self.out.info(f"consent: {event.tool} {event.decision} ({event.decided_by}: {event.reason})")
        elif (line := tool_call_line(event)) is not None:
            self.out.info(line)
        elif isinstance(event, Warning):
            self.out.info(f"note: {event.message}")


class _Echo:
    """Shows each facilitator message of a non-interactive run between the streamed replies."""

    def __init__(self, ctx: CliContext) -> None:
        self.console = ctx.out.console

    def __call__(self, text: str) -> None:
        self.console.print(f"\n> {text}\n", markup=False)


async def _choose(workshop: Workshop, target: Phase) -> None:
    """Go to ``target``: forward or to the current phase freely, backwards only once confirmed."""
    if PHASE_ORDER.index(target) < PHASE_ORDER.index(workshop.phase):
        if not await workshop.go_back(target):
            raise _exit.UsageError(
                f"going back to {target.value} clears the later phases and was not confirmed (see --consent)"
            )
    else:
        workshop.session.phase = target


async def _prompt(ctx: CliContext, reader: LineReader, text: str) -> str | None:
    ctx.out.err.print(text, end="", markup=False)
    return await reader.readline()


async def _interactive(ctx: CliContext, workshop: Workshop, reader: LineReader) -> None:
    """Each phase: the model opens, the facilitator talks (`done` or end of input ends it), the gate."""
    while workshop.phase in CONVERSATION_PHASES:
        await workshop.start_phase()
        ended = False
        while True:
            line = await _prompt(ctx, reader, f"[{workshop.phase.title}] > ")
            if line is None:
                ended = True
                break
            if line.strip().lower() == "done":
                break
            if line.strip():
                await workshop.send(line)
        outcome = await workshop.complete_phase()
        if outcome.missing:
            ctx.out.info(f"{outcome.phase.title} is missing: {', '.join(outcome.missing)}")
        if ended:  # nobody left to answer the gate
            workshop.pause()
            return
        while True:
            choice = (await _prompt(ctx, reader, GATE) or "e").strip().lower()
            if choice in ("", "c"):
                await workshop.next_phase()
            elif choice == "r":
                pass  # the loop resumes the same phase
            elif choice.startswith("p"):
                name = choice[1:].strip()
                try:
                    await _choose(workshop, Phase(name))
                except (ValueError, _exit.UsageError) as exc:
                    ctx.out.info(f"cannot choose {name!r}: {exc}")
                    continue
            elif choice == "e":
                workshop.pause()
                ctx.out.info(f"paused; resume with: sofia-nb workshop --session {workshop.session.id}")
                return
            else:
                ctx.out.info("choose c, r, p PHASE or e")
                continue
            break


async def run(ctx: CliContext) -> int:
    args = ctx.args
    bus = EventBus()
    bus.subscribe(_Renderer(ctx))
    interactive = not args.non_interactive
    reader = LineReader(sys.stdin) if interactive else None
    try:
        llm = _llm(ctx, bus)
    except LLMError as exc:
        ctx.out.error(str(exc), kind=exc.kind)
        return _exit.ERROR
    settings = _settings(ctx)
    config = _mcp_config(ctx)
    enrichment = demo_enrichment() if args.demo else settings.enrichment(list(config.servers))
    inputs = _inputs(ctx)
    session = ctx.store.load(args.session) if args.session else WorkshopSession()
    try:
        async with McpManager(config, bus=bus) as mcp:
            workshop = build_workshop(
                llm,
                session,
                store=ctx.store,
                bus=bus,
                consent=consent_provider(ctx, reader, demo=args.demo),
                consent_deadline_s=args.consent_timeout,
                host=mcp,
                enrichment=enrichment,
                tool_servers=[] if args.demo else settings.tool_servers,
            )
            workshop.save()
            if args.phase:
                await _choose(workshop, Phase(args.phase))
            if reader is None:
                await run_inputs(workshop, inputs, on_message=None if ctx.out.json_mode else _Echo(ctx))
            else:
                await _interactive(ctx, workshop, reader)
    except LLMError as exc:
        ctx.out.error(f"the model failed: {exc}", kind=exc.kind, session_id=session.id)
        return _exit.ERROR
    finally:
        await llm.aclose()
    result = WorkshopResult(session_id=session.id, phase=session.phase, status=session.status)
    next_step = (
        f"next: sofia-nb export --session {session.id}  (and sofia-nb dev --session {session.id})"
        if session.phase == Phase.DEVELOP
        else f"resume: sofia-nb workshop --session {session.id}"
    )
    ctx.out.result(
        result, human=f"session {session.id}: {session.phase.value} ({session.status.value})\n{next_step}"
    )
    return _exit.OK
