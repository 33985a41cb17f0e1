"""What ``sofia-nb dev`` and ``sofia-nb fix`` share: the loop options, the façade's options from
the command line, progress rendering, the result table and the wording of refusals."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

from rich.table import Table

from ..config import SetupError
from ..consent import LineReader
from ..develop import (
    DevelopError,
    DevelopmentOptions,
    DevelopmentRun,
    LoopOptions,
    RalphResult,
    open_development,
)
from ..events import (
    Activity,
    ConsentDecided,
    Event,
    EventBus,
    IterationFinished,
    IterationStarted,
    UsageRecorded,
    WaitFinished,
    WaitStarted,
)
from ..session import RunSettings, SessionStore
from . import _exit
from ._consent import add_consent_timeout, consent_provider
from ._context import CliContext
from ._tool_lines import TokenTally, log_event
from ._waiting import WaitingLine

MAX_ITERATIONS = 10
TEST_TIMEOUT_S = 120.0


def add_loop_options(p: argparse.ArgumentParser) -> None:
    """The options ``dev`` and ``fix`` share."""
    p.add_argument(
        "--max-iterations", type=int, default=MAX_ITERATIONS, metavar="N", help="iteration cap (default 10)"
    )
    p.add_argument(
        "--test-timeout", type=float, default=TEST_TIMEOUT_S, metavar="S", help="per test run (default 120 s)"
    )
    add_consent_timeout(p)


def development_options(
    ctx: CliContext, before: RunSettings | None = None, **settings: object
) -> DevelopmentOptions:
    """The façade's options from the command line; ``settings`` adds the command's own flags.

    ``before`` is how the session was run (its ``RunSettings``): with neither ``--llm`` nor
    ``--demo`` given, the loop uses that model or the demo, as ``workshop --session`` does, so the
    ``sofia-nb dev --session ID`` a workshop prints works when pasted."""
    if ctx.args.max_iterations < 1:
        raise _exit.UsageError("--max-iterations must be at least 1")
    llm, demo = ctx.llm_spec, getattr(ctx.args, "demo", False)
    if before is not None and getattr(ctx.args, "llm", None) is None and not demo:
        llm, demo = (before.llm if before.demo else before.llm or llm), before.demo
    return DevelopmentOptions(
        llm=llm,
        demo=demo,
        mcp_config=ctx.mcp_config,
        consent_deadline_s=ctx.args.consent_timeout,
        loop=LoopOptions(max_iterations=ctx.args.max_iterations, test_timeout_s=ctx.args.test_timeout),
        **settings,
    )


async def run_development(
    ctx: CliContext,
    step: Callable[[DevelopmentRun], Awaitable[RalphResult]],
    store: SessionStore | None = None,
    resume: str = "",
    before: RunSettings | None = None,
    **settings: object,
) -> int:
    """Open the run, do ``step``, print the result; refusals are worded with the command's flags.

    A setting that stops the run from opening is a usage error (exit 2); one that refuses the
    step (a dirty tree, a folder of another session) is a refusal (exit 1). A run that can go on
    later (``resume``: the command that does it) says so when it is stopped: by Ctrl+C (then exit
    130), SIGTERM or SIGHUP (128 + the signal: each stops the loop as Ctrl+C does), or paused.
    """
    bus = EventBus()
    progress = Progress(ctx)
    bus.subscribe(progress)
    options = development_options(ctx, before, **settings)
    can_ask = sys.stdin is not None and sys.stdin.isatty() and not ctx.out.json_mode
    consent = consent_provider(ctx, LineReader(sys.stdin) if can_ask else None, demo=options.demo)
    try:
        run = await open_development(options, consent=consent, bus=bus, store=store, settings=ctx.settings)
    except SetupError as exc:
        raise _exit.UsageError(exc.worded(_exit.flag)) from None
    signalled: list[int] = []
    with _stopping_on(signalled):
        try:
            async with run:
                result = await step(run)
        except asyncio.CancelledError:  # a stop: the run saved where it stopped
            if resume:
                with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone
                    ctx.out.info(f"paused: resume with: {resume}")
                ctx.stop_said = True  # the hint is the last word: no 'error: interrupted' under it
            if signalled:
                return 128 + signalled[0]
            raise  # Ctrl+C: asyncio.run turns it into KeyboardInterrupt, exit 130
        except SetupError as exc:
            ctx.out.error(exc.worded(_exit.flag), kind="refused")
            return _exit.ERROR
        except DevelopError as exc:
            ctx.out.error(str(exc), kind="refused")
            return _exit.ERROR
        finally:
            progress.waiting.stop()
    if result.status == "paused" and resume:
        ctx.out.info(f"paused: resume with: {resume}")
    return show(ctx, result)


@contextlib.contextmanager
def _stopping_on(signalled: list[int]) -> Iterator[None]:
    """SIGTERM and SIGHUP stop the run as Ctrl+C does (its task cancelled: the loop saves, pauses
    and ends its children), noting which signal came in ``signalled``."""
    loop, task = asyncio.get_running_loop(), asyncio.current_task()
    assert task is not None

    def stop(signum: int) -> None:
        signalled.append(signum)
        task.cancel()

    for signum in (signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(signum, stop, signum)
    try:
        yield
    finally:
        for signum in (signal.SIGTERM, signal.SIGHUP):
            loop.remove_signal_handler(signum)


def output_path(value: str | None) -> Path | None:
    return Path(value) if value else None


class Progress:
    """Events for people (stderr) or, under ``--json``, as JSON Lines before the result."""

    JSON_EVENTS = (IterationStarted, IterationFinished, WaitStarted, WaitFinished, Activity, ConsentDecided)

    def __init__(self, ctx: CliContext) -> None:
        self.out = ctx.out
        self.tokens = TokenTally()
        self.waiting = WaitingLine(ctx.out.err)

    def __call__(self, event: Event) -> None:
        if isinstance(event, UsageRecorded):
            self.tokens.add(event)
        if self.out.json_mode:
            if isinstance(event, self.JSON_EVENTS):
                self.out.event(event)
            log_event(event)
            return
        if isinstance(event, WaitStarted | WaitFinished):
            self.waiting(event)
        elif isinstance(event, IterationStarted):
            self.out.info(f"== iteration {event.iteration} of {event.max_iterations} ==")
        elif isinstance(event, IterationFinished):
            stuck = " (stuck)" if event.stuck else ""
            self.out.info(
                f"tests: {event.passed} passed, {event.failed + event.errors} failing; "
                f"changed: {', '.join(event.files_changed) or 'nothing'}{stuck}; {self.tokens.take()}"
            )
        elif log_event(event):  # tool calls and consent decisions: to the log (shown with -v)
            return
        elif isinstance(event, Activity) and event.name == "baseline":
            if self.tokens.input or self.tokens.output:  # the scaffold's request
                self.out.info(f"scaffold {self.tokens.take()}")
            self.out.info(f"tests: {event.detail}")
        elif isinstance(event, Activity) and event.name not in ("model", "tests"):
            self.out.info(f"{event.name}: {event.detail}")


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
    for n, criterion in enumerate(result.criteria):  # the plan's success criteria and their tests
        table.add_row("criteria" if n == 0 else "", criterion.line())
    ctx.out.result(result, human=table)
    return _exit.OK if result.status == "success" else _exit.RALPH_NOT_SUCCESS
