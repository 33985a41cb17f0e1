"""Typed events. Every event has a lowercase ``type`` tag; JSON Lines progress output uses it."""

from __future__ import annotations

import functools
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .._usage import Spend

_now = functools.partial(datetime.now, UTC)  # a partial, not a def: no Python frame per event


class Event(BaseModel):
    """Base of every event: a ``type`` tag and a UTC timestamp."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str
    at: datetime = Field(default_factory=_now)


class PhaseChanged(Event):
    """The workshop entered ``phase``; ``started_over``: the phase (possibly the same one) was
    started over, its conversation and results and every later phase's cleared."""

    type: Literal["phase_changed"] = "phase_changed"
    session_id: str
    previous: str | None
    phase: str
    started_over: bool = False


class TurnAdded(Event):
    type: Literal["turn_added"] = "turn_added"
    session_id: str
    phase: str
    role: str
    seq: int
    content: str


class TextDelta(Event):
    """A streamed piece of a model reply."""

    type: Literal["text_delta"] = "text_delta"
    text: str
    phase: str | None = None


class ToolCallStarted(Event):
    type: Literal["tool_call_started"] = "tool_call_started"
    call_id: str
    server: str
    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    origin: Literal["model", "program"] = "program"


class ToolCallProgress(Event):
    type: Literal["tool_call_progress"] = "tool_call_progress"
    call_id: str
    server: str
    tool: str
    progress: float
    total: float | None = None
    message: str | None = None


class ToolCallFinished(Event):
    type: Literal["tool_call_finished"] = "tool_call_finished"
    call_id: str
    server: str
    tool: str
    duration_s: float
    ok: bool
    is_error: bool = False
    error_kind: str | None = None
    error_message: str | None = None
    result_size: int = 0
    result_preview: str = ""


class UsageRecorded(Event):
    type: Literal["usage"] = "usage"
    model: str
    purpose: str
    input_tokens: int
    output_tokens: int
    cached_input_tokens: int = 0
    """The part of ``input_tokens`` a provider's prompt cache served."""
    estimated: bool = False
    cost_usd: float | None = None
    price_source: str | None = None
    """Where the price came from: ``config.toml``, or the bundled table's "estimated, as of DATE"."""
    context_window: int | None = None
    phase: str | None = None


class SpendRecorded(Event):
    """A model request written to the session's ledger (``spend``: phase, purpose, model, tokens,
    cost); the token meter sums these, so it shows what the session keeps."""

    type: Literal["spend"] = "spend"
    spend: Spend


class ConsentAsked(Event):
    type: Literal["consent_asked"] = "consent_asked"
    request_id: str
    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    deadline_s: float


class ConsentDecided(Event):
    type: Literal["consent_decided"] = "consent_decided"
    request_id: str
    tool: str
    decision: Literal["allow", "deny"]
    scope: Literal["once", "session"] = "once"
    reason: str = ""
    decided_by: str = ""


class IterationStarted(Event):
    type: Literal["iteration_started"] = "iteration_started"
    iteration: int
    max_iterations: int


class IterationFinished(Event):
    type: Literal["iteration_finished"] = "iteration_finished"
    iteration: int
    passed: int
    failed: int
    errors: int = 0
    files_changed: list[str] = Field(default_factory=list)
    duration_s: float = 0.0
    stuck: bool = False
    diff: str = ""  # the iteration's change as a unified diff (for the notebook's Ralph panel)


class WaitStarted(Event):
    """The run waits on something that shows no progress of its own — a model request that is not
    streamed, a test run, an install — until the ``WaitFinished`` of the same ``what``; the faces
    show it live (the terminal: a spinner with the seconds waited)."""

    type: Literal["wait_started"] = "wait_started"
    what: Literal["model", "tests", "install"]
    detail: str = ""
    """Which one: the request's purpose (``scaffold``, ``fix``), the iteration, the command."""

    @property
    def label(self) -> str:
        """``waiting for the model: scaffold``, ``running the tests: iteration 2``, ``installing: …``:
        the words every face shows for it."""
        head = {"model": "waiting for the model", "tests": "running the tests", "install": "installing"}
        return f"{head[self.what]}: {self.detail}" if self.detail else head[self.what]


class WaitFinished(Event):
    """The wait of the last ``WaitStarted`` is over (answered, failed or stopped)."""

    type: Literal["wait_finished"] = "wait_finished"
    what: Literal["model", "tests", "install"]
    duration_s: float = 0.0


class Activity(Event):
    """A step worth showing (``scaffold``, ``install``, ``tests``, ``enrich``...)."""

    type: Literal["activity"] = "activity"
    name: str
    detail: str = ""


class ServerLog(Event):
    """A log notification an MCP server sent."""

    type: Literal["server_log"] = "server_log"
    server: str
    level: str
    logger: str | None = None
    data: Any = None


class WarningIssued(Event):  # JSON Lines type "warning", as documented
    type: Literal["warning"] = "warning"
    message: str
    source: str = ""
    details: dict[str, Any] = Field(default_factory=dict)


AnyEvent = Annotated[
    PhaseChanged
    | TurnAdded
    | TextDelta
    | ToolCallStarted
    | ToolCallProgress
    | ToolCallFinished
    | UsageRecorded
    | SpendRecorded
    | ConsentAsked
    | ConsentDecided
    | IterationStarted
    | IterationFinished
    | WaitStarted
    | WaitFinished
    | Activity
    | ServerLog
    | WarningIssued,
    Field(discriminator="type"),
]

event_adapter: TypeAdapter[AnyEvent] = TypeAdapter(AnyEvent)
