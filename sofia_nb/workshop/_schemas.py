"""What each phase must produce, as the JSON the model writes, and how it lands in the session.

The output models subclass the session models with stricter rules (required text, one 1–5 scale),
so a block that validates maps onto the session without a second copy of every field.
"""

from __future__ import annotations

from abc import abstractmethod
from datetime import UTC, datetime
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..session import (
    BusinessContext,
    Cards,
    CardScore,
    Evaluation,
    Idea,
    IdeaEvaluation,
    Milestone,
    Phase,
    Plan,
    PocScope,
    PriorityStep,
    SelectedCard,
    Selection,
    Topic,
    Workflow,
    WorkflowActivity,
    WorkflowEdge,
    WorkshopSession,
)

SCALE = "1-5"
"""The one scale of the Design phase (the reference product mixed 1–5 and 1–10)."""

_Text = Field(min_length=1)


class PhaseOutput(BaseModel):
    """Base of the per-phase outputs: unknown keys are ignored, every output knows where it goes."""

    model_config = ConfigDict(extra="ignore")

    fields: ClassVar[tuple[str, ...]]
    """The session attributes this phase owns (cleared when the workshop goes back before it)."""
    required: ClassVar[tuple[str, ...]]
    """The ones it must fill."""

    @abstractmethod
    def apply(self, session: WorkshopSession) -> None:
        """Merge this output into the session."""

    @classmethod
    @abstractmethod
    def is_complete(cls, session: WorkshopSession) -> bool:
        """Whether the session holds everything this phase must produce."""

    @classmethod
    def missing(cls, session: WorkshopSession) -> list[str]:
        """The required fields still empty."""
        return [name for name in cls.required if not getattr(session, name)]


def _merge_by(key: str, old: list[Any], new: list[Any]) -> list[Any]:
    """``old`` with items of ``new`` replacing those with the same ``key`` and the rest appended."""
    merged = {getattr(item, key): item for item in old}
    merged.update({getattr(item, key): item for item in new})
    return list(merged.values())


class BusinessContextOut(BusinessContext):
    description: str = _Text


class TopicOut(Topic):
    area: str = _Text


class ActivityOut(WorkflowActivity):
    id: str = _Text
    name: str = _Text


class WorkflowOut(Workflow):
    activities: list[ActivityOut] = Field(min_length=1)  # type: ignore[assignment]
    edges: list[WorkflowEdge] = Field(default_factory=list)


class PriorityStepOut(PriorityStep):
    id: str = _Text

    @model_validator(mode="before")
    @classmethod
    def _bare_id(cls, data: Any) -> Any:
        return {"id": data} if isinstance(data, str) else data


class DiscoverOutput(PhaseOutput):
    fields = ("business_context", "topic", "workflow", "discovery")
    required = ("business_context", "workflow")

    session_name: str | None = Field(None, min_length=1, max_length=80)
    business_context: BusinessContextOut | None = None
    topic: TopicOut | None = None
    workflow: WorkflowOut | None = None
    priority_steps: list[PriorityStepOut] | None = Field(
        None, description="the workflow steps that matter most, by activity id, most important first"
    )

    @model_validator(mode="after")
    def _something(self) -> DiscoverOutput:
        if not (
            self.session_name or self.business_context or self.topic or self.workflow or self.priority_steps
        ):
            raise ValueError("none of session_name, business_context, topic, workflow, priority_steps")
        return self

    def apply(self, session: WorkshopSession) -> None:
        if self.session_name and not session.name:  # the name is set once
            session.name = self.session_name.strip()
        if self.business_context:  # field by field: a later block names only what changed
            old = session.business_context.model_dump() if session.business_context else {}
            new = self.business_context.model_dump(exclude_unset=True)
            session.business_context = BusinessContext.model_validate({**old, **new})
        if self.topic:
            session.topic = Topic.model_validate(self.topic.model_dump())
        if self.workflow:
            kept = session.workflow.priority_steps if session.workflow else []
            session.workflow = Workflow.model_validate(self.workflow.model_dump())
            if "priority_steps" not in self.workflow.model_fields_set:  # a redrawn map keeps the priorities
                session.workflow.priority_steps = kept
        if self.priority_steps:
            session.workflow = session.workflow or Workflow()
            session.workflow.priority_steps = [
                PriorityStep.model_validate(p.model_dump()) for p in self.priority_steps
            ]

    @classmethod
    def is_complete(cls, session: WorkshopSession) -> bool:
        return session.business_context is not None and bool(session.workflow and session.workflow.activities)


class IdeaOut(Idea):
    id: str = _Text
    title: str = _Text


class CardsOut(Cards):
    selected: list[SelectedCard] = Field(default_factory=list)
    scores: list[CardScore] = Field(default_factory=list)


class IdeateOutput(PhaseOutput):
    fields = ("ideas", "cards")
    required = ("ideas",)

    ideas: list[IdeaOut] = Field(default_factory=list)
    cards: CardsOut | None = None

    @model_validator(mode="before")
    @classmethod
    def _bare_list(cls, data: Any) -> Any:
        return {"ideas": data} if isinstance(data, list) else data

    @model_validator(mode="after")
    def _something(self) -> IdeateOutput:
        if not self.ideas and not (self.cards and (self.cards.selected or self.cards.scores)):
            raise ValueError("neither ideas nor cards")
        return self

    def apply(self, session: WorkshopSession) -> None:
        new_ideas = [Idea.model_validate(i.model_dump()) for i in self.ideas]
        session.ideas = _merge_by("id", session.ideas, new_ideas)
        if self.cards:
            cards = session.cards or Cards()
            cards.selected = _merge_by("id", cards.selected, self.cards.selected)
            cards.scores = _merge_by("card_id", cards.scores, self.cards.scores)
            session.cards = cards

    @classmethod
    def is_complete(cls, session: WorkshopSession) -> bool:
        return bool(session.ideas)


def _number(value: Any) -> float | None:
    """A score written as a number or as a numeric string (``"4"``, ``" 4.5 "``), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    try:
        return float(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _human_value_split(data: Any) -> Any:
    """``"human_value": 4`` (or ``"4"``), or ``{"score": 4, "reason": "..."}``: the score and its reason."""
    if not isinstance(data, dict):
        return data
    value = data.get("human_value")
    if isinstance(value, dict):
        return {**data, "human_value": value.get("reason", ""), "human_value_score": value.get("score")}
    if (score := _number(value)) is not None:
        return {**data, "human_value": "", "human_value_score": score}
    return data


_SCORES = ("feasibility", "value", "human_value_score")
RESCALE_NOTE = "Scores were given on a 1–10 scale and converted to 1–5 as 1 + (x − 1) × 4 / 9."


def _rescaled(data: dict[str, Any]) -> dict[str, Any]:
    """A block on a 1–10 scale (it says so, or a score is above 5) mapped onto 1–5, with a note."""
    ideas = [_human_value_split(i) for i in data.get("ideas") or [] if isinstance(i, dict)]
    scores = [n for i in ideas for k in _SCORES if (n := _number(i.get(k))) is not None]
    says_ten = "10" in str(data.get("scale", ""))
    if not (says_ten or any(n > 5 for n in scores)):
        return data
    for idea in ideas:
        for key in _SCORES:
            if (n := _number(idea.get(key))) is not None:
                idea[key] = round(1 + (n - 1) * 4 / 9, 2)
    return {**data, "scale": SCALE, "ideas": ideas, "notes": [*data.get("notes", []), RESCALE_NOTE]}


class IdeaEvaluationOut(IdeaEvaluation):
    idea_id: str = _Text
    feasibility: float = Field(ge=1, le=5)
    value: float = Field(ge=1, le=5)
    human_value_score: float | None = Field(None, ge=1, le=5)

    @model_validator(mode="before")
    @classmethod
    def _human_value_as_score(cls, data: Any) -> Any:
        return _human_value_split(data)


class EvaluationOut(Evaluation):
    scale: Literal["1-5"] = "1-5"
    ideas: list[IdeaEvaluationOut] = Field(min_length=1)  # type: ignore[assignment]

    @model_validator(mode="before")
    @classmethod
    def _one_scale(cls, data: Any) -> Any:
        return _rescaled(data) if isinstance(data, dict) else data


class DesignOutput(PhaseOutput):
    fields = required = ("evaluation",)

    evaluation: EvaluationOut

    def apply(self, session: WorkshopSession) -> None:
        new = [IdeaEvaluation.model_validate(e.model_dump()) for e in self.evaluation.ideas]
        old = session.evaluation.ideas if session.evaluation else []
        notes = session.evaluation.notes if session.evaluation else []
        session.evaluation = Evaluation(
            scale=SCALE,
            method=self.evaluation.method,
            ideas=_merge_by("idea_id", old, new),
            notes=list(dict.fromkeys([*notes, *self.evaluation.notes])),
        )

    @classmethod
    def is_complete(cls, session: WorkshopSession) -> bool:
        return bool(session.evaluation and session.evaluation.ideas)


class SelectionOut(Selection):
    idea_id: str = _Text
    rationale: str = _Text


class SelectOutput(PhaseOutput):
    fields = required = ("selection",)

    selection: SelectionOut

    def apply(self, session: WorkshopSession) -> None:
        selection = Selection.model_validate(self.selection.model_dump())
        # The model may only report a confirmation the facilitator could have given: not in its
        # opening turn, before anyone in Select has spoken.
        facilitator_spoke = any(
            t.role == "user" and not t.metadata.get("kickoff") for t in session.turns_of(Phase.SELECT)
        )
        if selection.confirmed_by_user and not facilitator_spoke:
            selection.confirmed_by_user = False
        if selection.confirmed_by_user and selection.confirmed_at is None:
            selection.confirmed_at = datetime.now(UTC)
        session.selection = selection

    @classmethod
    def is_complete(cls, session: WorkshopSession) -> bool:
        return bool(session.selection and session.selection.confirmed_by_user)

    @classmethod
    def missing(cls, session: WorkshopSession) -> list[str]:
        unconfirmed = session.selection is not None and not session.selection.confirmed_by_user
        return ["selection.confirmed_by_user"] if unconfirmed else super().missing(session)


class MilestoneOut(Milestone):
    id: str = _Text
    title: str = _Text


class PocScopeOut(PocScope):
    @model_validator(mode="before")
    @classmethod
    def _lists_and_text(cls, data: Any) -> Any:
        """A single string where a list is asked for is one item; a timeline as a list is joined."""
        if not isinstance(data, dict):
            return data
        data = {
            k: [v] if k in ("functionality", "data", "success_criteria") and isinstance(v, str) else v
            for k, v in data.items()
        }
        if isinstance(data.get("timeline"), list):
            data["timeline"] = "; ".join(map(str, data["timeline"]))
        return data


class PlanOut(Plan):
    milestones: list[MilestoneOut] = Field(min_length=1)  # type: ignore[assignment]
    poc_scope: PocScopeOut | None = None

    @model_validator(mode="before")
    @classmethod
    def _grouped_dependencies(cls, data: Any) -> Any:
        """``{"data": ["claims"]}`` becomes ``["data: claims"]``: each item still reaches the docs lookup."""
        deps = data.get("dependencies") if isinstance(data, dict) else None
        if isinstance(deps, dict):
            items = [
                (kind, item)
                for kind, group in deps.items()
                for item in ([group] if isinstance(group, str) else group)
            ]
            data = {**data, "dependencies": [f"{kind}: {item}" for kind, item in items]}
        return data


class PlanOutput(PhaseOutput):
    fields = required = ("plan",)

    plan: PlanOut

    def apply(self, session: WorkshopSession) -> None:
        session.plan = Plan.model_validate(self.plan.model_dump())

    @classmethod
    def is_complete(cls, session: WorkshopSession) -> bool:
        return bool(session.plan and session.plan.milestones)
