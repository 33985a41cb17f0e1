"""``sofia-nb status``: every session, or one session's detail."""

from __future__ import annotations

import argparse
from datetime import datetime

from pydantic import BaseModel, Field
from rich.table import Table
from rich.text import Text

from ..session import Phase, SessionStatus, SessionSummary, UnreadableSession, WorkshopSession, next_phase
from ._context import CliContext
from ._usage_text import session_prices, usage_text


class SessionLine(SessionSummary):
    """One line of ``status``: the store's summary of a session, and who holds it."""

    held_by: str | None = None
    """The live run holding the session, in words (``the workshop in process 123 on host, since
    …``); None when no run holds it (a paused or finished session)."""


class StatusList(BaseModel):
    """``status`` without ``--session``."""

    sessions: list[SessionLine]
    # Files that could not be read are named here rather than silently dropped; none is changed.
    unreadable: list[UnreadableSession] = Field(default_factory=list)


class StatusDetail(BaseModel):
    """``status --session ID``."""

    session_id: str
    name: str
    phase: Phase
    status: SessionStatus
    next_phase: Phase | None
    turns: int
    participants: int
    created_at: datetime
    updated_at: datetime
    revision: int
    held_by: str | None
    """The live run holding the session, in words; None when none does."""
    has_business_context: bool
    has_workflow: bool
    idea_count: int
    has_evaluation: bool
    has_selection: bool
    has_plan: bool
    poc_status: str | None
    tool_calls: int
    consent_decisions: int
    input_tokens: int
    cached_input_tokens: int = 0
    """The part of ``input_tokens`` a provider's prompt cache served (priced as cached input)."""
    output_tokens: int
    cost_usd: float | None
    """The session's ledger's sum (every model request, at the model table's prices then); None:
    n/a (a local or scripted model, or one in no model table)."""
    prices: str | None
    """Where the prices come from: ``config.toml``, or the bundled table's "estimated, as of DATE"."""
    tokens_by_phase: dict[str, str]
    """Each phase's tokens and cost, in words."""


RESULTS: tuple[type[BaseModel], ...] = (StatusList, StatusDetail)


def next_step(
    phase: Phase, status: SessionStatus, poc_status: str | None = None, loop_done: int | None = None
) -> tuple[str, str]:
    """What comes next for a session, in words, and the command that does it (``ID`` for its id).

    ``loop_done``: the iterations a Ralph loop that has not ended recorded (0: the scaffold
    only); None when no loop has started."""
    if phase == Phase.COMPLETE or poc_status == "success" or status == SessionStatus.COMPLETED:
        return "done: share the export", "sofia-nb export --session ID"
    if phase == Phase.DEVELOP:
        if poc_status:
            return f"the proof of concept ended {poc_status}: run the loop again", "sofia-nb dev --session ID"
        if loop_done is not None:
            done = f"{loop_done} iteration{'s' if loop_done != 1 else ''}" if loop_done else "the scaffold"
            return f"the proof of concept stopped after {done}: resume the loop", "sofia-nb dev --session ID"
        return "the workshop is over: build the proof of concept", "sofia-nb dev --session ID"
    verb = "continue" if status == SessionStatus.ACTIVE else "resume"
    return f"{verb} {phase.title}", "sofia-nb workshop --session ID"


def _used(line: SessionLine) -> str:
    """Tokens and cost in a few characters: ``39.0k $0.15``, ``1.2k n/a``."""
    tokens = f"{(line.input_tokens + line.output_tokens) / 1000:.1f}k"
    if line.cost_usd is None:
        return f"{tokens} n/a"
    return f"{tokens} {'<$0.01' if line.cost_usd < 0.01 else f'${line.cost_usd:.2f}'}"


def _held_by(ctx: CliContext, session_id: str) -> str | None:
    """Who runs the session now, in words; reads a small file, never waits for the run."""
    holder = ctx.store.holder(session_id)
    return holder.words() if holder is not None else None


def shown_status(status: SessionStatus, held_by: str | None) -> SessionStatus:
    """The status as it is: a session its file calls active (or under review) that no live run
    holds was stopped without a word (killed, a lost machine, a kernel that died) and waits to
    be resumed, so it is paused; the file is left as it is (the next run resumes it)."""
    working = status in (SessionStatus.ACTIVE, SessionStatus.REVIEW)
    return SessionStatus.PAUSED if working and held_by is None else status


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("status", parents=[common], help="list sessions, or show one")
    p.add_argument("--session", metavar="ID", help="a session id, or 'last'")
    p.set_defaults(handler=run)


def run(ctx: CliContext) -> int:
    if ctx.args.session:
        return _show_one(ctx, ctx.store.load(ctx.args.session))
    return _show_all(ctx)


def _show_one(ctx: CliContext, s: WorkshopSession) -> int:
    """``status --session ID``: the session's detail, and its next step."""
    detail = _detail(ctx, s)
    ctx.out.result(detail, human=_detail_table(s, detail))
    return 0


def _detail(ctx: CliContext, s: WorkshopSession) -> StatusDetail:
    """What ``status --session`` says of ``s``, its status as it is (paused when no live run holds it)."""
    held_by = _held_by(ctx, s.id)
    return StatusDetail(
        session_id=s.id,
        name=s.name,
        phase=s.phase,
        status=shown_status(s.status, held_by),
        next_phase=next_phase(s.phase),
        turns=len(s.turns),
        participants=len(s.participants),
        created_at=s.created_at,
        updated_at=s.updated_at,
        revision=s.revision,
        held_by=held_by,
        has_business_context=s.business_context is not None,
        has_workflow=s.workflow is not None,
        idea_count=len(s.ideas),
        has_evaluation=s.evaluation is not None,
        has_selection=s.selection is not None,
        has_plan=s.plan is not None,
        poc_status=s.poc.final_status if s.poc else None,
        tool_calls=len(s.tool_calls),
        consent_decisions=len(s.consent_decisions),
        input_tokens=s.tokens.input_tokens,
        cached_input_tokens=s.tokens.cached_input_tokens,
        output_tokens=s.tokens.output_tokens,
        cost_usd=s.tokens.cost_usd,
        prices=session_prices(s, ctx.settings),
        tokens_by_phase={phase: usage_text(u, prices=None) for phase, u in s.tokens.by_phase.items()},
    )


def _detail_table(s: WorkshopSession, detail: StatusDetail) -> Table:
    """The detail for people: the next step and its command, each field, the tokens per phase."""
    table = Table(show_header=False, box=None)
    started = s.poc is not None and bool(s.poc.checkpoint)  # the scaffold is recorded
    loop_done = sum(i.outcome != "scaffold" for i in s.poc.iterations) if s.poc and started else None
    words, command = next_step(s.phase, detail.status, detail.poc_status, loop_done)
    if detail.held_by is not None:
        words = f"running now in {detail.held_by.removeprefix('the ')}; to take it over: {words}"
        command += " --take-over" if command.startswith("sofia-nb workshop") else ""
    table.add_row("next step", words)
    table.add_row("command", command.replace("ID", s.id))
    shown = detail.model_dump(
        mode="json",
        exclude={
            *("next_phase", "input_tokens", "cached_input_tokens", "output_tokens"),
            *("cost_usd", "prices", "tokens_by_phase"),
        },
    )
    for key, value in shown.items():
        if value is not None:  # a field that says nothing (no holder, no PoC yet) is not a row
            table.add_row(key.replace("_", " "), str(value))
    table.add_row("tokens", usage_text(s.tokens, prices=detail.prices))
    for phase, words in detail.tokens_by_phase.items():
        table.add_row(f"  {phase}", words)
    return table


def _show_all(ctx: CliContext) -> int:
    """``status``: a line per session, and the files that could not be read."""
    scan = ctx.store.scan()
    lines = []
    for summary in scan.sessions:
        held_by = _held_by(ctx, summary.session_id)
        shown = {"status": shown_status(summary.status, held_by), "held_by": held_by}
        lines.append(SessionLine(**{**summary.model_dump(), **shown}))
    table = Table("session", "name", "phase", "status", "updated", "used", "next")
    table.columns[0].no_wrap = True  # an id people copy must never be cut
    table.columns[5].no_wrap = True
    for line in lines:
        table.add_row(
            line.session_id,
            line.name,
            line.phase.value,
            line.status.value if line.held_by is None else f"{line.status.value}, running",
            line.updated_at.strftime("%Y-%m-%d %H:%M"),
            _used(line),
            next_step(line.phase, line.status)[0],
        )
    result = StatusList(sessions=lines, unreadable=scan.unreadable)
    ctx.out.result(result, human=table if lines else f"no sessions in {ctx.store.root}")
    if not ctx.out.json_mode:
        for bad in scan.unreadable:
            # The error already starts with the file's path.
            ctx.out.info(Text.assemble(("skipped:", "yellow"), f" {bad.error}"))
    return 0
