"""The workshop's own read-only tools, so a coding agent can pick up where a workshop left off."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from ...session import (
    WORKSHOP_PHASES,
    Idea,
    IdeaEvaluation,
    Phase,
    Plan,
    Selection,
    SessionError,
    SessionStatus,
    SessionStore,
    SessionSummary,
    TestResults,
    UnreadableSession,
    WorkshopSession,
)
from .._registry import ContextTool, first
from .._support.budget import BudgetInput
from .._support.errors import ContextError

_EXCERPT = 300


class WorkshopSessionsInput(BudgetInput):
    model_config = ConfigDict(extra="forbid")

    limit: int = Field(20, ge=0, description="Newest sessions returned (0 = all)")


class WorkshopSessionsResult(BaseModel):
    sessions: list[SessionSummary]
    total: int
    unreadable: list[UnreadableSession] = Field(
        default_factory=list, description="Session files that could not be read, with why (left untouched)"
    )


class SessionRef(BudgetInput):
    model_config = ConfigDict(extra="forbid")

    session: str = Field("last", description="A session id, or `last` for the most recently updated one")


class PhaseSummary(BaseModel):
    phase: Phase
    turns: int
    done: bool = Field(description="the session has moved past this phase")
    summary: str = Field(description="what the phase produced, or its last assistant message (shortened)")


class WorkshopSessionResult(BaseModel):
    session_id: str
    name: str
    phase: Phase
    status: SessionStatus
    created_at: datetime
    updated_at: datetime
    phases: list[PhaseSummary]


class PocSummary(BaseModel):
    status: str = Field(description="success, partial, failed, or running when the loop has not finished")
    iterations: int
    repo_path: str
    termination_reason: str = ""
    tests: TestResults | None = None


class WorkshopPlanResult(BaseModel):
    session_id: str
    idea: Idea | None = Field(None, description="the selected idea")
    evaluation: IdeaEvaluation | None = None
    selection: Selection | None = None
    plan: Plan | None = None
    poc: PocSummary | None = None


def _load(ref: SessionRef) -> WorkshopSession:
    try:
        return SessionStore().load(ref.session)
    except SessionError as exc:
        raise ContextError(str(exc)) from None


def _shorten(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _EXCERPT else text[: _EXCERPT - 1] + "…"


def _produced(s: WorkshopSession, phase: Phase) -> str:
    """One line on what ``phase`` left in the session; empty when it left nothing structured."""
    if phase is Phase.DISCOVER and s.business_context is not None:
        bc = s.business_context
        activities = len(s.workflow.activities) if s.workflow else 0
        return (
            f"{bc.description} | challenges: {'; '.join(bc.challenges)} | workflow activities: {activities}"
        )
    if phase is Phase.IDEATE and s.ideas:
        return "ideas: " + "; ".join(f"{i.id} {i.title}" for i in s.ideas)
    if phase is Phase.DESIGN and s.evaluation is not None and s.evaluation.ideas:
        ranked = sorted(s.evaluation.ideas, key=lambda e: -(e.feasibility * e.value))
        return "feasibility x value: " + "; ".join(
            f"{e.idea_id} {e.feasibility:g}x{e.value:g}" for e in ranked
        )
    if phase is Phase.SELECT and s.selection is not None:
        return f"selected {s.selection.idea_id}: {s.selection.rationale}"
    if phase is Phase.PLAN and s.plan is not None:
        return "milestones: " + "; ".join(m.title for m in s.plan.milestones)
    if phase is Phase.DEVELOP and s.poc is not None:
        return (
            f"proof of concept {s.poc.final_status or 'running'} after {len(s.poc.iterations)} iteration(s)"
        )
    return ""


def sessions(request: WorkshopSessionsInput) -> WorkshopSessionsResult:
    """The workshop sessions, newest first."""
    scan = SessionStore().scan()
    found = scan.sessions
    return WorkshopSessionsResult(
        sessions=first(found, request.limit),
        total=len(found),
        unreadable=scan.unreadable,
    )


def session(request: SessionRef) -> WorkshopSessionResult:
    """One session: where it stands and a line per phase."""
    s = _load(request)
    current = list(Phase).index(s.phase)
    phases = []
    for phase in WORKSHOP_PHASES:
        turns = s.turns_of(phase)
        last = next((t.content for t in reversed(turns) if t.role == "assistant"), "")
        phases.append(
            PhaseSummary(
                phase=phase,
                turns=len(turns),
                done=list(Phase).index(phase) < current,
                summary=_shorten(_produced(s, phase) or last),
            )
        )
    return WorkshopSessionResult(
        session_id=s.id,
        name=s.name,
        phase=s.phase,
        status=s.status,
        created_at=s.created_at,
        updated_at=s.updated_at,
        phases=phases,
    )


def plan(request: SessionRef) -> WorkshopPlanResult:
    """The selected idea, its evaluation, the plan and the proof-of-concept state."""
    s = _load(request)
    chosen = s.selection.idea_id if s.selection else ""
    poc = None
    if s.poc is not None:
        poc = PocSummary(
            status=s.poc.final_status or "running",
            iterations=len(s.poc.iterations),
            repo_path=s.poc.repo_path,
            termination_reason=s.poc.termination_reason,
            tests=s.poc.final_test_results,
        )
    return WorkshopPlanResult(
        session_id=s.id,
        idea=next((i for i in s.ideas if i.id == chosen), None),
        evaluation=next((e for e in s.evaluation.ideas if e.idea_id == chosen), None)
        if s.evaluation
        else None,
        selection=s.selection,
        plan=s.plan,
        poc=poc,
    )


TOOLS = (
    ContextTool(
        name="workshop_sessions",
        description="The AI discovery workshop sessions on this machine, newest first: "
        "id, name, phase, status, last update.",
        input_model=WorkshopSessionsInput,
        result_model=WorkshopSessionsResult,
        func=sessions,
        cli_path=("workshop", "sessions"),
    ),
    ContextTool(
        name="workshop_session",
        description="One workshop session: its phase and status, and what each phase "
        "(discover, ideate, design, select, plan, develop) produced.",
        input_model=SessionRef,
        result_model=WorkshopSessionResult,
        func=session,
        cli_path=("workshop", "session"),
        positional="session",
    ),
    ContextTool(
        name="workshop_plan",
        description="A workshop's outcome for implementation: the selected idea and its "
        "evaluation, the plan (milestones, architecture, stack) and the proof of "
        "concept's state.",
        input_model=SessionRef,
        result_model=WorkshopPlanResult,
        func=plan,
        cli_path=("workshop", "plan"),
        positional="session",
    ),
)
