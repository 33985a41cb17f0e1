"""The workshop session: everything a workshop and its proof of concept produce, as pydantic v2 models.

Every model keeps unknown fields (``extra="allow"``) so a file written by a newer minor version,
or edited by hand, survives a load/save round trip.
"""

from __future__ import annotations

import os
import re
import secrets
from datetime import UTC, date, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, ClassVar, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .._usage import Spend, Usage
from ._basics import Phase as Phase
from ._basics import utcnow as utcnow
from ._team import TeamIdeaScores, TeamIdeaVotes, TeamRoom

SCHEMA_VERSION = 6

SESSION_ID_PATTERN = r"[A-Za-z0-9][A-Za-z0-9._-]{0,79}"
"""What a session id may be: it names the session's file, export folder and PoC folder, so it can
never be a path (no separator, no leading dot, so never ``..``), and it fits a file name."""
_SESSION_ID = re.compile(SESSION_ID_PATTERN)


def is_safe_session_id(value: object) -> bool:
    """True for a string a session may be named by (``SESSION_ID_PATTERN``, whole)."""
    return isinstance(value, str) and _SESSION_ID.fullmatch(value) is not None


def session_folder(parent: str | os.PathLike[str], session_id: str) -> Path:
    """``parent/<id>``, the one way a session id becomes a path (export and PoC folders);
    ``ValueError`` for an id that is not safe, which no loaded or new session has."""
    if not is_safe_session_id(session_id):
        raise ValueError(f"not a session id: {session_id!r}")
    return Path(parent) / session_id


def new_session_id(now: datetime | None = None) -> str:
    """A sortable, unique id: ``YYYYMMDD-HHMMSS-xxxx`` (UTC time + 4 random hex digits)."""
    stamp = (now or utcnow()).astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{secrets.token_hex(2)}"


class _Model(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True, validate_assignment=False)

    identity: ClassVar[tuple[str, ...]] = ()
    """The fields that name an item of a list (a model's block updates the item they name); empty
    for a model whose lists are replaced whole."""


PHASE_ORDER: tuple[Phase, ...] = tuple(Phase)
WORKSHOP_PHASES: tuple[Phase, ...] = PHASE_ORDER[:-1]


def next_phase(phase: Phase) -> Phase | None:
    """The phase after ``phase``, or None after ``complete``."""
    index = PHASE_ORDER.index(phase)
    return PHASE_ORDER[index + 1] if index + 1 < len(PHASE_ORDER) else None


class SessionStatus(StrEnum):
    """Where a session stands; docs/sessions.md ("States") says who sets each."""

    ACTIVE = "active"
    """A run is working on it (the workshop engine sets it when a phase opens, resumes or moves)."""
    REVIEW = "review"
    """At a phase under review: an earlier phase was reopened and changed after this one was
    recorded; moving past it needs the model's review or the facilitator's "keep as is"."""
    PAUSED = "paused"
    """Stopped, resumable: every exit of a run (Pause, ``e``, end of input, Ctrl+C, SIGTERM,
    SIGHUP, a kernel's shutdown) sets it (``Workshop.pause``/``Workshop.interrupt``)."""
    COMPLETED = "completed"
    """The proof of concept's tests pass (set by the Ralph loop)."""
    FAILED = "failed"
    """The proof of concept's run ended failed (set by the Ralph loop; a new run goes on). Files
    before version 6 said ``errored``."""


class RunSettings(_Model):
    """How a session was last run, so ``--session last`` resumes without re-typing it: never a
    secret (the model's spec names a provider and a model; keys stay in the environment)."""

    llm: str | None = None
    """The model spec (``openai:gpt-4o``, ``scripted:FILE``); None: the demo's script or the
    environment's/config file's model at the time."""
    demo: bool = False
    """The bundled demo company: its scripted replies, offline search server and inputs."""
    inputs: str | None = None
    """The facilitator inputs file a run without a person read."""
    mcp_config: str | None = None
    """The MCP configuration file, when one was named."""


class Participant(_Model):
    id: str
    display_name: str
    role: Literal["facilitator", "attendee", "observer"] = "attendee"


class BusinessContext(_Model):
    company_name: str = Field("", description="the customer's company, as the team names it")
    description: str = ""
    challenges: list[str] = Field(default_factory=list)
    constraints: list[str] = Field(default_factory=list)
    success_metrics: list[str] = Field(default_factory=list)


class Topic(_Model):
    area: str
    scope_notes: str = ""


class WorkflowActivity(_Model):
    identity = ("id",)

    id: str
    name: str
    description: str = ""
    actors: list[str] = Field(default_factory=list)
    pain_points: list[str] = Field(default_factory=list)


class WorkflowEdge(_Model):
    identity = ("source", "target")

    source: str
    target: str
    label: str = ""


class PriorityStep(_Model):
    id: str = Field(description="the id of a workflow activity")
    reason: str = Field("", description="why it matters for business value or for the people doing it")


class Workflow(_Model):
    activities: list[WorkflowActivity] = Field(default_factory=list)
    edges: list[WorkflowEdge] = Field(default_factory=list)
    priority_steps: list[PriorityStep] = Field(
        default_factory=list, description="the steps the team said matter most, most important first"
    )


class SelectedCard(_Model):
    identity = ("id",)

    id: str
    title: str
    category: str = ""
    notes: str = ""


class CardScore(_Model):
    identity = ("card_id",)

    card_id: str
    dimensions: dict[str, float] = Field(default_factory=dict)


class Cards(_Model):
    selected: list[SelectedCard] = Field(default_factory=list)
    scores: list[CardScore] = Field(default_factory=list)


class Idea(_Model):
    identity = ("id",)

    id: str
    title: str
    description: str = ""
    workflow_steps: list[str] = Field(default_factory=list)
    card_ids: list[str] = Field(default_factory=list)
    from_team: str = Field(
        "", description="the id of the team's submission this idea came from; only the room sets it"
    )


class IdeaEvaluation(_Model):
    identity = ("idea_id",)

    idea_id: str
    feasibility: float
    value: float
    risks: list[str] = Field(default_factory=list)
    data_needed: list[str] = Field(default_factory=list)
    human_value: str = Field("", description="why the idea matters to the people doing the work")
    human_value_score: float | None = Field(None, description="human value on the evaluation's scale")
    kpis: list[str] = Field(default_factory=list)
    assumptions: list[str] = Field(default_factory=list, description="what the evaluation takes as given")
    bxt: dict[str, str] = Field(default_factory=dict, description="business, experience and technology view")


RANKING_WEIGHTS: dict[str, float] = {"feasibility": 0.3, "value": 0.4, "human_value_score": 0.3}
"""Select's composite score; an idea without a human-value score is ranked on the other two,
their weights scaled to sum to one."""


class RankedIdea(BaseModel):
    idea_id: str
    score: float
    rank: int = 1
    """1 for the best; ideas with the same score share a rank (and the next rank is skipped)."""
    tied: bool = False
    """Whether another idea has the same score: a tie is shown as a tie, never broken by order."""


class Evaluation(_Model):
    scale: str = "1-5"
    method: str = "feasibility x value"
    ideas: list[IdeaEvaluation] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list, description="what the product changed, e.g. a rescaling")
    team_scores: list[TeamIdeaScores] = Field(
        default_factory=list,
        description="the team's scores per idea (mean, spread, count); only the room sets them",
    )

    def ranking(self) -> list[RankedIdea]:
        """The ideas by composite score (``RANKING_WEIGHTS``), best first. Ideas with the same
        (rounded) score share a rank and are marked tied; they keep their order in the list."""
        ranked = []
        for e in self.ideas:
            parts = [
                (w, getattr(e, name)) for name, w in RANKING_WEIGHTS.items() if getattr(e, name) is not None
            ]
            score = sum(w * v for w, v in parts) / sum(w for w, _ in parts)
            ranked.append(RankedIdea(idea_id=e.idea_id, score=round(score, 2)))
        ranked.sort(key=lambda r: -r.score)
        for r in ranked:
            same = [o for o in ranked if o.score == r.score]
            r.rank = 1 + ranked.index(same[0])
            r.tied = len(same) > 1
        return ranked


class Selection(_Model):
    idea_id: str
    rationale: str = ""
    scope_decisions: list[str] = Field(
        default_factory=list,
        description="what the team decided the idea includes or leaves out, in their words",
    )
    confirmed_by_user: bool = False
    confirmed_at: datetime | None = None
    team_votes: list[TeamIdeaVotes] = Field(
        default_factory=list, description="the team's dot votes per idea; only the room sets them"
    )


class Milestone(_Model):
    identity = ("id",)

    id: str
    title: str
    items: list[str] = Field(default_factory=list)


class PocScope(_Model):
    """What the proof of concept must show, with what, judged how, by when."""

    functionality: list[str] = Field(default_factory=list, description="the minimum it must do")
    data: list[str] = Field(default_factory=list, description="the data it runs on")
    success_criteria: list[str] = Field(default_factory=list)
    timeline: str = ""


class Plan(_Model):
    milestones: list[Milestone] = Field(default_factory=list)
    architecture_notes: str = Field("", description="the architecture in prose")
    architecture_diagram: str = Field(
        "", description="the components and data flows as Mermaid source, without a fence"
    )
    dependencies: list[str] = Field(default_factory=list)
    tech_stack: list[str] = Field(default_factory=list)
    poc_scope: PocScope | None = None


class WorkiqInsights(_Model):
    team_expertise: list[str] = Field(default_factory=list)
    collaboration_patterns: list[str] = Field(default_factory=list)
    documentation_gaps: list[str] = Field(default_factory=list)


SearchAngle = Literal["company_news", "competitor_info", "industry_trends"]
"""What a web search looked for: the company's news, its competitors, its industry's trends."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_WEB_URL = re.compile(r"https?://[^\s/?#@]+(?:[/?#]\S*)?", re.IGNORECASE)


def _one_line(value: object) -> str:
    """Untrusted text on one line, without control characters (so no escape sequence)."""
    return " ".join(_CONTROL.sub(" ", str(value)).split())


class WebResult(_Model):
    """One hit of a web search, as the search engine gave it: nobody has checked it.

    Its text is kept on one line without control characters, and its ``url`` only when it is an
    ``http(s)`` address (anything else, ``javascript:`` or ``file:``, is dropped here, so no
    face can make it a link)."""

    found_for: SearchAngle
    title: str
    url: str = ""
    published: date | None = Field(None, description="its date, when the search gave one")
    snippet: str = ""

    @field_validator("title", "snippet", mode="before")
    @classmethod
    def _text(cls, value: object) -> str:
        return _one_line(value)

    @field_validator("url", mode="before")
    @classmethod
    def _web_address(cls, value: object) -> str:
        text = str(value).strip()
        return text if _WEB_URL.fullmatch(text) else ""

    @property
    def source(self) -> str:
        """The site it came from: the address's host, without ``www.`` ("" without an address)."""
        try:
            host = urlsplit(self.url).hostname or ""
        except ValueError:  # a bracketed host that is no IPv6 address
            host = ""
        return host.removeprefix("www.")


class DiscoveryEnrichment(_Model):
    web_results: list[WebResult] = Field(
        default_factory=list, description="the web searches' hits, each with its title, address and date"
    )
    searched_for: str = Field("", description="the company the web searches named")
    company_news: list[str] = Field(
        default_factory=list, description="a search's answer as lines, when it gave no hits to list"
    )
    competitor_info: list[str] = Field(default_factory=list)
    industry_trends: list[str] = Field(default_factory=list)
    workiq_insights: WorkiqInsights | None = None
    sources_used: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    enriched_at: datetime | None = None


_MERMAID_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*mermaid[^\n]*\n(.*?)^[ \t]*\1[ \t]*$\n?", re.M | re.S)


def split_mermaid(text: str) -> tuple[str, str]:
    """``text`` without its Mermaid fences, and their sources (joined by a blank line): the
    architecture diagram that version 2 kept as a fence inside ``architecture_notes``."""
    diagrams = [m.group(2).strip() for m in _MERMAID_FENCE.finditer(text)]
    prose = re.sub(r"\n{3,}", "\n\n", _MERMAID_FENCE.sub("", text)).strip()
    return prose, "\n\n".join(d for d in diagrams if d)


class Discovery(_Model):
    enrichment: DiscoveryEnrichment | None = None


class TestFailure(_Model):
    __test__ = False
    test_id: str
    file: str = ""
    line: int | None = None
    message: str = ""
    trace_tail: str = ""


class TestResults(_Model):
    __test__ = False
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    errors: int = 0
    duration_s: float = 0.0
    failures: list[TestFailure] = Field(default_factory=list)
    raw_output_tail: str = ""

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.skipped + self.errors


class TechStack(_Model):
    template: str = ""
    language: str = ""
    framework: str = ""
    test_command: list[str] = Field(default_factory=list)
    install_command: list[str] = Field(default_factory=list)


class PocIteration(_Model):
    iteration: int
    started_at: datetime = Field(default_factory=utcnow)
    ended_at: datetime | None = None
    outcome: Literal["scaffold", "tests-passing", "tests-failing", "error", "interrupted"] = "tests-failing"
    files_changed: list[str] = Field(default_factory=list)
    test_results: TestResults | None = None
    timings: dict[str, float] = Field(default_factory=dict)
    tokens: dict[str, int] = Field(default_factory=dict)
    prompt_summary: str = ""
    changes_summary: str = ""
    stuck: bool = False
    error_message: str = ""
    commit: str = ""
    reflections: int = 0
    refused_edits: int = 0
    enrichment_sources: list[str] = Field(default_factory=list)


class PendingIteration(_Model):
    """What the iteration in flight has written to the PoC and not yet recorded: saved after each
    edit is applied, so a run that starts after a stop or a crash undoes exactly this (and only
    when the files still hold what it wrote) before it goes on."""

    iteration: int
    base: str = Field(description="the commit the iteration started from (``PocState.checkpoint``)")
    files: dict[str, str] = Field(
        default_factory=dict,
        description="each path the iteration wrote, relative to the PoC: the sha256 of what it wrote, "
        "'' when it deleted it",
    )


class CriterionCoverage(_Model):
    """One success criterion of the plan's PoC scope and the tests that name it: the Ralph loop's
    final check, kept in the session so the app, the terminal and the export say it alike."""

    tag: str = Field(description="SC1, SC2 …: the criterion's place in the PoC scope")
    criterion: str
    tests: list[str] = Field(
        default_factory=list, description="FILE:LINE of each test line carrying the tag or the criterion"
    )

    @property
    def covered(self) -> bool:
        """Whether a test names this criterion."""
        return bool(self.tests)

    def line(self) -> str:
        """``SC1 covered by tests/test_x.py:12: <criterion>``, or ``SC2 no test names it: …``."""
        where = f"covered by {', '.join(self.tests[:3])}" if self.tests else "no test names it"
        return f"{self.tag} {where}: {self.criterion}"


class PocState(_Model):
    repo_path: str = ""
    repo_url: str = ""
    tech_stack: TechStack | None = None
    iterations: list[PocIteration] = Field(default_factory=list)
    checkpoint: str = Field(
        "",
        description="the commit the PoC was at when the loop last recorded a step (the scaffold's, then each "
        "iteration's): what a run trusts on start; '' before the scaffold is recorded",
    )
    environment_ready: bool = Field(
        False, description="the PoC's own environment (.venv) was made whole and recorded"
    )
    pending: PendingIteration | None = None
    final_status: Literal["success", "partial", "failed"] | None = None
    termination_reason: str = ""
    final_test_results: TestResults | None = None
    total_duration_s: float = 0.0
    criteria: list[CriterionCoverage] = Field(
        default_factory=list, description="per success criterion, the tests that name it (the last run's)"
    )


class Turn(_Model):
    phase: Phase
    seq: int
    role: Literal["user", "assistant", "system", "tool"]
    content: str
    timestamp: datetime = Field(default_factory=utcnow)
    usage: Usage | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)


class ConsentRecord(_Model):
    tool: str
    decision: Literal["allow", "deny"]
    scope: Literal["once", "session"] = "once"
    reason: str = ""
    decided_by: str = ""
    at: datetime = Field(default_factory=utcnow)
    phase: Phase | None = None


class ToolCallRecord(_Model):
    call_id: str
    server: str
    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    origin: Literal["model", "program"] = "program"
    ok: bool = True
    is_error: bool = False
    error_kind: str | None = None
    duration_s: float = 0.0
    result_preview: str = ""
    result_text: str = Field(
        "", description="what the model read of its own call's result (redacted, cut), for later turns"
    )
    at: datetime = Field(default_factory=utcnow)
    phase: Phase | None = None


class TokenTotals(_Model):
    """The session's and each phase's sums over the ledger (``WorkshopSession.ledger``)."""

    input_tokens: int = 0
    output_tokens: int = 0
    cached_input_tokens: int = 0
    cost_usd: float | None = None
    estimated: bool = False
    by_phase: dict[str, Usage] = Field(default_factory=dict)

    def add(self, phase: str, usage: Usage) -> None:
        """Add one request's usage to the session and phase totals."""
        self.input_tokens += usage.input_tokens
        self.output_tokens += usage.output_tokens
        self.cached_input_tokens += usage.cached_input_tokens
        self.estimated = self.estimated or usage.estimated
        if usage.cost_usd is not None:
            self.cost_usd = (self.cost_usd or 0.0) + usage.cost_usd
        self.by_phase.setdefault(phase, Usage()).add(usage)


def ledger_totals(ledger: list[Spend]) -> TokenTotals:
    """The session's and each phase's sums over ``ledger``, in its order (so a sum of costs is
    the same floating-point number wherever it is made: the meter, status, the exports)."""
    totals = TokenTotals()
    for entry in ledger:
        totals.add(entry.phase, entry.usage)
    return totals


class ActivityRecord(_Model):
    kind: Literal["phase", "tool", "io", "warning", "error", "progress"]
    message: str
    at: datetime = Field(default_factory=utcnow)
    data: dict[str, Any] = Field(default_factory=dict)


class Reopening(_Model):
    """Why the workshop went back to a phase that keeps its record and its conversation."""

    phase: Phase
    came_from: Phase
    reason: str = Field("", description="the facilitator's reason: what the team wants to change")
    at: datetime = Field(default_factory=utcnow)
    before: dict[str, Any] = Field(
        default_factory=dict, description="the phase's record when it was reopened, to say what changed"
    )
    announced: bool = False
    """Whether the model has been told (the reopening's own kickoff was answered)."""


class PhaseReview(_Model):
    """A later phase kept when an earlier one was reopened, to be checked against the change."""

    phase: Phase
    because: Phase = Field(description="the phase that was reopened")
    reason: str = ""
    changes: list[str] = Field(
        default_factory=list, description="what changed in the reopened phase (known once it is left)"
    )
    state: Literal["pending", "reviewing", "reviewed", "kept"] = "pending"
    """pending: not opened since; reviewing: the model was asked to review it; reviewed: the
    facilitator moved on after the model's review; kept: the facilitator kept it as it was."""
    at: datetime = Field(default_factory=utcnow)


class WorkshopSession(_Model):
    """One workshop, from Discover to a developed proof of concept."""

    # A session made in code gets a safe id by construction; one read from a file is checked by the store.
    id: str = Field(default_factory=new_session_id, pattern=f"^{SESSION_ID_PATTERN}$")
    schema_version: int = SCHEMA_VERSION
    revision: int = 0
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    name: str = ""
    phase: Phase = Phase.DISCOVER
    status: SessionStatus = SessionStatus.ACTIVE
    participants: list[Participant] = Field(default_factory=list)
    business_context: BusinessContext | None = None
    topic: Topic | None = None
    workflow: Workflow | None = None
    cards: Cards | None = None
    ideas: list[Idea] = Field(default_factory=list)
    evaluation: Evaluation | None = None
    selection: Selection | None = None
    plan: Plan | None = None
    discovery: Discovery = Field(default_factory=Discovery)
    poc: PocState | None = None
    reopened: Reopening | None = None
    reviews: list[PhaseReview] = Field(default_factory=list)
    turns: list[Turn] = Field(default_factory=list)
    consent_decisions: list[ConsentRecord] = Field(default_factory=list)
    tool_calls: list[ToolCallRecord] = Field(default_factory=list)
    ledger: list[Spend] = Field(
        default_factory=list,
        description="every model request's tokens and cost, written when it ends (docs/sessions.md)",
    )
    tokens: TokenTotals = Field(default_factory=TokenTotals)
    """The ledger's sums (``spend`` keeps them; a loaded session's are summed from its ledger)."""
    activities: list[ActivityRecord] = Field(default_factory=list)
    run_settings: RunSettings | None = Field(
        None, description="how the session was last run (model spec, demo, inputs, MCP config)"
    )
    team: TeamRoom = Field(
        default_factory=TeamRoom,
        description="the team in the room: rounds and contributions (docs/participants.md)",
    )

    def record_team(self) -> bool:
        """Put the team's numbers into the records that exist, as each kind of round declares
        (``RoundSpec.record``): the aggregate of their scores into Design's
        (``evaluation.team_scores``), their dot votes into Select's (``selection.team_votes``), for
        the ideas in the record, computed from ``team`` alone. The product calls this whenever the
        room or those records change, so what a model's block sends there never stays. True when a
        record changed."""
        from ._rounds import ROUND_KINDS  # the declarations stand on this model

        changed = False
        for spec in list(ROUND_KINDS.values()):
            changed |= spec.record(self)
        return changed

    @model_validator(mode="after")
    def _totals_from_ledger(self) -> WorkshopSession:
        """The ledger is the record of what was spent: a session that has one sums it."""
        if self.ledger:
            self.tokens = ledger_totals(self.ledger)
        return self

    def spend(self, phase: str, purpose: str, model: str, usage: Usage) -> Spend:
        """Write one model request to the ledger (and its sums) as it ends; the caller saves."""
        entry = Spend(phase=phase, purpose=purpose, model=model, usage=usage.model_copy())
        self.ledger.append(entry)
        self.tokens.add(phase, entry.usage)
        return entry

    def review_of(self, phase: Phase) -> PhaseReview | None:
        """The review ``phase`` still needs (pending or under way), or None."""
        return next(
            (r for r in self.reviews if r.phase == phase and r.state in ("pending", "reviewing")), None
        )

    def turns_of(self, phase: Phase) -> list[Turn]:
        """The conversation turns of one phase, in order."""
        return [t for t in self.turns if t.phase == phase]

    def add_turn(
        self,
        phase: Phase,
        role: Literal["user", "assistant", "system", "tool"],
        content: str,
        usage: Usage | None = None,
        **metadata: Any,
    ) -> Turn:
        """Append a turn with the next sequence number of its phase."""
        seq = 1 + max((t.seq for t in self.turns if t.phase == phase), default=0)
        turn = Turn(phase=phase, seq=seq, role=role, content=content, usage=usage, metadata=metadata)
        self.turns.append(turn)
        return turn
