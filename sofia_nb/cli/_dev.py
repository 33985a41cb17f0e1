"""``sofia-nb dev``: the Ralph loop for a workshop session's plan (scaffold, test, fix, iterate)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import AsyncIterator
from pathlib import Path

from pydantic import BaseModel, ValidationError
from rich.table import Table

from ..consent import ConsentBroker, ConsentPolicy, LineReader, PreapprovedThenAsk
from ..develop import (
    DEMO_DEV_SCRIPT,
    GITHUB_WRITE_TOOLS,
    ConsentedCaller,
    DevelopError,
    DevelopSettings,
    LoopOptions,
    RalphResult,
    ToolCaller,
    develop_session,
)
from ..events import (
    Activity,
    ConsentDecided,
    Event,
    EventBus,
    IterationFinished,
    IterationStarted,
    UsageRecorded,
)
from ..llm import LLMClient, LLMError, create_llm
from ..mcp import McpConfigError, McpManager, load_config
from ..session import WorkshopSession
from . import _exit
from ._consent import add_consent_timeout, consent_provider
from ._context import CliContext
from ._tool_lines import TokenTally, tool_call_line

RESULTS: tuple[type[BaseModel], ...] = (RalphResult,)


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("dev", parents=[common], help="develop the workshop's proof of concept (Ralph loop)")
    p.add_argument("--session", required=True, metavar="ID", help="a session id, or 'last'")
    p.add_argument(
        "--demo", action="store_true", help="the bundled scripted replies for the demo workshop's plan"
    )
    p.add_argument("--output", metavar="DIR", help="the project folder (default ./poc/<session id>)")
    p.add_argument("--force", action="store_true", help="wipe the folder and the PoC state, start over")
    p.add_argument(
        "--github",
        action="store_true",
        help="create a GitHub repository and push (GitHub MCP server); approves those two tools",
    )
    add_loop_options(p)
    p.set_defaults(handler=run)


def add_loop_options(p: argparse.ArgumentParser) -> None:
    """The options ``dev`` and ``fix`` share."""
    p.add_argument("--max-iterations", type=int, default=10, metavar="N", help="iteration cap (default 10)")
    p.add_argument(
        "--test-timeout", type=float, default=120.0, metavar="S", help="per test run (default 120 s)"
    )
    add_consent_timeout(p)


def loop_options(ctx: CliContext) -> LoopOptions:
    if ctx.args.max_iterations < 1:
        raise _exit.UsageError("--max-iterations must be at least 1")
    return LoopOptions(max_iterations=ctx.args.max_iterations, test_timeout_s=ctx.args.test_timeout)


def develop_settings(ctx: CliContext) -> DevelopSettings:
    """The ``[develop]`` table of config.toml (git author, server names)."""
    try:
        return DevelopSettings.model_validate(ctx.settings.section("develop"))
    except ValidationError as exc:
        raise _exit.UsageError(f"config.toml, table develop: {exc.errors()[0]['msg']}") from None


def output_dir(ctx: CliContext, session_id: str) -> Path | None:
    """``--output``, else the config's ``poc_dir``/<id>, else None (``./poc/<id>``)."""
    if ctx.args.output:
        return Path(ctx.args.output)
    return Path(ctx.settings.poc_dir) / session_id if ctx.settings.poc_dir else None


def make_llm(ctx: CliContext, bus: EventBus, demo: bool) -> LLMClient:
    """``--llm`` (or SOFIA_LLM / config) wins; ``--demo`` alone plays the bundled script."""
    if demo and not ctx.llm_spec:
        return create_llm(f"scripted:{DEMO_DEV_SCRIPT}", ctx.settings, bus)
    try:
        return create_llm(ctx.llm_spec, ctx.settings, bus)
    except LLMError as exc:
        raise _exit.UsageError(f"{exc} (or pass --demo)") from None


@contextlib.asynccontextmanager
async def mcp_manager(ctx: CliContext, bus: EventBus) -> AsyncIterator[McpManager | None]:
    """The run's one MCP manager, or None when no server is configured."""
    try:
        config = load_config(ctx.mcp_config)
    except McpConfigError as exc:
        raise _exit.UsageError(str(exc)) from None
    if not config.servers:
        yield None
        return
    async with McpManager(config, bus=bus) as manager:
        yield manager


def consented(
    ctx: CliContext,
    mcp: McpManager | None,
    bus: EventBus,
    *,
    session: WorkshopSession | None = None,
    github_server: str | None = None,
) -> ToolCaller | None:
    """The run's MCP calls, each asked for first: ``--consent``, the demo's allow-list, a person at
    the terminal, else deny. ``github_server`` (given with ``--github``) has its writes approved."""
    if mcp is None:
        return None
    can_ask = sys.stdin is not None and sys.stdin.isatty() and not ctx.out.json_mode
    provider = consent_provider(
        ctx, LineReader(sys.stdin) if can_ask else None, demo=getattr(ctx.args, "demo", False)
    )
    if github_server is not None:
        tools = tuple(f"{github_server}/{tool}" for tool in GITHUB_WRITE_TOOLS)
        provider = PreapprovedThenAsk(ConsentPolicy(mode="allow-listed", tools=tools), provider)
    broker = ConsentBroker(provider, bus=bus, session=session, deadline_s=ctx.args.consent_timeout)
    return ConsentedCaller(mcp, broker)


class Progress:
    """Events for people (stderr) or, under ``--json``, as JSON Lines before the result."""

    def __init__(self, ctx: CliContext) -> None:
        self.out = ctx.out
        self.tokens = TokenTally()

    def __call__(self, event: Event) -> None:
        if isinstance(event, UsageRecorded):
            self.tokens.add(event)
        if self.out.json_mode:
            if isinstance(event, IterationStarted | IterationFinished | Activity | ConsentDecided):
                self.out.event(event)
            return
        if isinstance(event, IterationStarted):
            self.out.info(f"== iteration {event.iteration} of {event.max_iterations} ==")
        elif isinstance(event, IterationFinished):
            stuck = " (stuck)" if event.stuck else ""
            self.out.info(
                f"tests: {event.passed} passed, {event.failed + event.errors} failing; "
                f"changed: {', '.join(event.files_changed) or 'nothing'}{stuck}; {self.tokens.take()}"
            )
        elif (line := tool_call_line(event)) is not None:
            self.out.info(line)
        elif isinstance(event, Activity) and event.name not in ("model", "tests"):
            self.out.info(f"{event.name}: {event.detail}")
        elif isinstance(event, ConsentDecided):
            self.out.info(f"consent: {event.tool} {event.decision} ({event.decided_by}: {event.reason})")


def show(ctx: CliContext, result: RalphResult) -> int:
    """Print the result; exit 5 when the run ended partial or failed."""
    table = Table(show_header=False, box=None)
    t = result.tests
    for key, value in (
        ("status", result.status),
        ("reason", result.reason),
        ("iterations", result.iterations),
        ("tests", f"{t.passed} passed, {t.failed} failed, {t.errors} errors, {t.skipped} skipped"),
        ("project", result.project),
        ("branch", result.branch),
    ):
        if value != "":
            table.add_row(key, str(value))
    ctx.out.result(result, human=table)
    return _exit.OK if result.status == "success" else _exit.RALPH_NOT_SUCCESS


async def run(ctx: CliContext) -> int:
    session = ctx.store.load(ctx.args.session)
    settings = develop_settings(ctx)
    bus = EventBus()
    bus.subscribe(Progress(ctx))
    llm = make_llm(ctx, bus, ctx.args.demo)
    try:
        async with mcp_manager(ctx, bus) as mcp:
            result = await develop_session(
                session,
                llm,
                store=ctx.store,
                output=output_dir(ctx, session.id),
                options=loop_options(ctx),
                force=ctx.args.force,
                mcp=consented(
                    ctx,
                    mcp,
                    bus,
                    session=session,
                    github_server=settings.github_server if ctx.args.github else None,
                ),
                github=ctx.args.github,
                bus=bus,
                author=settings.author,
                enrichment_servers=settings.enrichment,
                github_server=settings.github_server,
            )
    except DevelopError as exc:
        ctx.out.error(str(exc), kind="refused")
        return _exit.ERROR
    finally:
        await llm.aclose()
    return show(ctx, result)
