"""What each phase's record is, as the JSON the model writes, and how it lands in the session.

The output models subclass the session models with stricter rules (required text, one 1–5 scale),
so a block that validates maps onto the session without a second copy of every field. When a
phase is complete, and what else it is, is its declaration's (``_phases.py``).
"""

from __future__ import annotations

import copy
from abc import abstractmethod
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema
from pydantic_core import InitErrorDetails, PydanticCustomError

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
    split_mermaid,
)
from ..session._team import TeamIdeaScores, TeamIdeaVotes

SCALE = "1-5"
"""The one scale of the Design phase (the reference product mixed 1–5 and 1–10)."""

_Text = Field(min_length=1)


class PhaseOutput(BaseModel):
    """Base of the per-phase outputs: the whole record a phase produces, with its rules.

    A block in a reply is a *patch* to this record (``_patch.py``): ``patch_of`` reads it,
    ``record_of`` gives what the session holds, the merged record is checked as this model and
    ``store`` writes it back. Unknown keys are ignored.
    """

    model_config = ConfigDict(extra="ignore")

    @classmethod
    def patch_of(cls, value: Any) -> dict[str, Any] | None:
        """``value`` as a patch of this phase's record (shorthands spelled out), or None when it
        names none of the record's fields."""
        if not isinstance(value, dict) or not value.keys() & cls.model_fields.keys():
            return None
        return {k: v for k, v in value.items() if k in cls.model_fields}

    @classmethod
    def record_of(cls, session: WorkshopSession) -> dict[str, Any]:
        """What the session holds of this phase's record, as JSON."""
        names = {
            n
            for n in cls.model_fields
            if n in WorkshopSession.model_fields and getattr(session, n) is not None
        }
        return session.model_dump(mode="json", include=names)

    @classmethod
    @abstractmethod
    def store(cls, session: WorkshopSession, record: dict[str, Any], patch: dict[str, Any]) -> None:
        """Write a merged record (checked as this model) back into the session; ``patch`` is what
        the block sent."""


def _ids(items: list[Any], key: str = "id") -> set[Any]:
    return {getattr(i, key) for i in items}


class BusinessContextOut(BusinessContext):
    description: str = _Text


class TopicOut(Topic):
    area: str = _Text


class ActivityOut(WorkflowActivity):
    id: str = _Text
    name: str = _Text


class PriorityStepOut(PriorityStep):
    id: str = _Text

    @model_validator(mode="before")
    @classmethod
    def _bare_id(cls, data: Any) -> Any:
        return _bare_id(data)


def _bare_id(data: Any) -> Any:
    """``"s2"`` where a priority step is asked for is ``{"id": "s2"}``."""
    return {"id": data} if isinstance(data, str) else data


class WorkflowOut(Workflow):
    activities: list[ActivityOut] = Field(min_length=1)  # type: ignore[assignment]
    edges: list[WorkflowEdge] = Field(default_factory=list)
    priority_steps: list[PriorityStepOut] = Field(  # type: ignore[assignment]
        default_factory=list,
        description="the workflow steps that matter most, by activity id, most important first",
    )

    @field_validator("edges", "priority_steps")
    @classmethod
    def _known_steps(cls, items: list[Any], info: ValidationInfo) -> list[Any]:
        """A link or a priority names steps of this workflow (each unknown one is its own error,
        at its place in the list, so only it is left out)."""
        steps = {a.id for a in info.data.get("activities", [])}
        keys = ("source", "target") if info.field_name == "edges" else ("id",)
        unknown = [
            InitErrorDetails(
                type=PydanticCustomError("unknown_step", "no workflow step {step}", {"step": value}),
                loc=(n, key),
                input=value,
            )
            for n, item in enumerate(items)
            for key in keys
            if (value := getattr(item, key)) not in steps
        ]
        if unknown:
            raise ValidationError.from_exception_data(str(info.field_name), unknown)
        return items


class DiscoverOutput(PhaseOutput):
    session_name: str | None = Field(None, min_length=1, max_length=80)
    business_context: BusinessContextOut | None = None
    topic: TopicOut | None = None
    workflow: WorkflowOut | None = None

    @classmethod
    def patch_of(cls, value: Any) -> dict[str, Any] | None:
        """``priority_steps`` on its own is the workflow's (its steps given as bare ids or objects)."""
        if isinstance(value, dict) and "priority_steps" in value:
            workflow = value.get("workflow")
            base = workflow if isinstance(workflow, dict) else {}
            value = {**value, "workflow": {**base, "priority_steps": value["priority_steps"]}}
        patch = super().patch_of(value)
        workflow = patch.get("workflow") if patch else None
        if patch and isinstance(workflow, dict) and isinstance(workflow.get("priority_steps"), list):
            patch["workflow"] = {
                **workflow,
                "priority_steps": [_bare_id(p) for p in workflow["priority_steps"]],
            }
        return patch

    @classmethod
    def record_of(cls, session: WorkshopSession) -> dict[str, Any]:
        record = super().record_of(session)
        return {**record, "session_name": session.name} if session.name else record

    @classmethod
    def store(cls, session: WorkshopSession, record: dict[str, Any], patch: dict[str, Any]) -> None:
        if record.get("session_name") and not session.name:  # the name is set once
            session.name = str(record["session_name"]).strip()
        if record.get("business_context") is not None:
            session.business_context = BusinessContext.model_validate(record["business_context"])
        if record.get("topic") is not None:
            session.topic = Topic.model_validate(record["topic"])
        if record.get("workflow") is not None:
            workflow = Workflow.model_validate(record["workflow"])
            steps = _ids(workflow.activities)  # a removed step takes its links and its priority
            workflow.edges = [e for e in workflow.edges if e.source in steps and e.target in steps]
            workflow.priority_steps = [p for p in workflow.priority_steps if p.id in steps]
            session.workflow = workflow


class IdeaOut(Idea):
    id: str = _Text
    title: str = _Text
    from_team: SkipJsonSchema[str] = ""  # the room's mark: the model never sees it asked for


class SelectedCardOut(SelectedCard):
    id: str = _Text


class CardsOut(Cards):
    selected: list[SelectedCardOut] = Field(default_factory=list)  # type: ignore[assignment]
    scores: list[CardScore] = Field(default_factory=list)


class IdeateOutput(PhaseOutput):
    ideas: list[IdeaOut] = Field(default_factory=list)
    cards: CardsOut | None = None

    @classmethod
    def patch_of(cls, value: Any) -> dict[str, Any] | None:
        """A bare list is a list of ideas. Only the room marks an idea as the team's: a block's
        ``from_team`` is dropped (an idea keeps the mark it has)."""
        patch = super().patch_of({"ideas": value} if isinstance(value, list) else value)
        if patch and isinstance(patch.get("ideas"), list):
            patch["ideas"] = [
                {k: v for k, v in i.items() if k != "from_team"} if isinstance(i, dict) else i
                for i in patch["ideas"]
            ]
        return patch

    @classmethod
    def store(cls, session: WorkshopSession, record: dict[str, Any], patch: dict[str, Any]) -> None:
        ideas = [Idea.model_validate(i) for i in record.get("ideas") or []]
        gone = _ids(session.ideas) - _ids(ideas)
        session.ideas = ideas
        if gone and session.evaluation:  # a dropped idea takes its evaluation and, if chosen, the choice
            session.evaluation.ideas = [e for e in session.evaluation.ideas if e.idea_id not in gone]
        if gone and session.selection and session.selection.idea_id in gone:
            session.selection = None
        if gone:  # and the team's numbers for it
            session.record_team()
        if record.get("cards") is not None:
            cards = Cards.model_validate(record["cards"])
            kept = _ids(cards.selected)
            dropped = (_ids(session.cards.selected) if session.cards else set()) - kept
            cards.scores = [c for c in cards.scores if c.card_id not in dropped]
            session.cards = cards


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
    """``"human_value": 4`` (or ``"4"``) is the score; ``{"score": 4, "reason": "..."}`` the score
    and its reason; text is the reason. What is not sent stays as recorded (a score alone keeps
    the reason)."""
    if not isinstance(data, dict) or "human_value" not in data:
        return data
    value = data["human_value"]
    rest = {k: v for k, v in data.items() if k != "human_value"}
    if isinstance(value, dict):
        split = {"human_value": value["reason"]} if "reason" in value else {}
        return {**rest, **split, **({"human_value_score": value["score"]} if "score" in value else {})}
    if (score := _number(value)) is not None:
        return {**rest, "human_value_score": score}
    return data


_SCORES = ("feasibility", "value", "human_value_score")
RESCALE_NOTE = "Scores were given on a 1–10 scale and converted to 1–5 as 1 + (x − 1) × 4 / 9."


def _rescaled(data: dict[str, Any]) -> dict[str, Any]:
    """A block on a 1–10 scale (it says so, or a score is above 5) mapped onto 1–5, with a note."""
    raw = data.get("ideas")
    ideas = (
        [_human_value_split(i) if isinstance(i, dict) else i for i in raw] if isinstance(raw, list) else raw
    )
    data = {**data, "ideas": ideas} if isinstance(raw, list) else data
    items = [i for i in ideas if isinstance(i, dict)] if isinstance(ideas, list) else []
    scores = [n for i in items for k in _SCORES if (n := _number(i.get(k))) is not None]
    says_ten = "10" in str(data.get("scale", ""))
    if not (says_ten or any(n > 5 for n in scores)):
        return data
    for idea in items:
        for key in _SCORES:
            if (n := _number(idea.get(key))) is not None:
                idea[key] = round(1 + (n - 1) * 4 / 9, 2)
    return {**data, "scale": SCALE, "notes": [*data.get("notes", []), RESCALE_NOTE]}


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
    team_scores: SkipJsonSchema[list[TeamIdeaScores]] = Field(default_factory=list)  # the room's

    @model_validator(mode="before")
    @classmethod
    def _one_scale(cls, data: Any) -> Any:
        return _rescaled(data) if isinstance(data, dict) else data


class DesignOutput(PhaseOutput):
    evaluation: EvaluationOut

    @classmethod
    def patch_of(cls, value: Any) -> dict[str, Any] | None:
        """Scores on another scale are mapped onto 1–5 in the patch (never again once recorded)."""
        patch = super().patch_of(value)
        if patch and isinstance(patch.get("evaluation"), dict):
            patch["evaluation"] = _rescaled(_without(patch["evaluation"], "team_scores"))
        return patch

    @classmethod
    def store(cls, session: WorkshopSession, record: dict[str, Any], patch: dict[str, Any]) -> None:
        if record.get("evaluation") is None:
            return
        evaluation = Evaluation.model_validate({**record["evaluation"], "scale": SCALE})
        notes = session.evaluation.notes if session.evaluation else []  # the product's notes add up
        evaluation.notes = list(dict.fromkeys([*notes, *evaluation.notes]))
        session.evaluation = evaluation
        session.record_team()  # the team's numbers come from the room, never from the block


class SelectionOut(Selection):
    idea_id: str = _Text
    rationale: str = _Text
    team_votes: SkipJsonSchema[list[TeamIdeaVotes]] = Field(default_factory=list)  # the room's


def _without(data: dict[str, Any], key: str) -> dict[str, Any]:
    """A copy of a block's object without ``key``: the team's numbers are the room's to set, so
    a block that sends them neither changes them nor fails over them."""
    return {k: v for k, v in copy.deepcopy(data).items() if k != key}


class SelectOutput(PhaseOutput):
    selection: SelectionOut

    @classmethod
    def patch_of(cls, value: Any) -> dict[str, Any] | None:
        patch = super().patch_of(value)
        if patch and isinstance(patch.get("selection"), dict):
            patch["selection"] = _without(patch["selection"], "team_votes")
        return patch

    @classmethod
    def store(cls, session: WorkshopSession, record: dict[str, Any], patch: dict[str, Any]) -> None:
        if record.get("selection") is None:
            return
        selection = Selection.model_validate(record["selection"])
        before = session.selection
        sent = patch.get("selection")
        confirmed_sent = isinstance(sent, dict) and "confirmed_by_user" in sent
        if before and before.idea_id != selection.idea_id and not confirmed_sent:
            selection.confirmed_by_user = False  # another idea needs its own confirmation
        # The model may only report a confirmation the facilitator could have given: not in its
        # opening turn, before anyone in Select has spoken.
        facilitator_spoke = any(
            t.role == "user" and not t.metadata.get("kickoff") for t in session.turns_of(Phase.SELECT)
        )
        if selection.confirmed_by_user and not facilitator_spoke:
            selection.confirmed_by_user = False
        if selection.confirmed_by_user and selection.confirmed_at is None:
            selection.confirmed_at = datetime.now(UTC)
        if not selection.confirmed_by_user:
            selection.confirmed_at = None
        session.selection = selection
        session.record_team()  # the team's votes come from the room, never from the block


class MilestoneOut(Milestone):
    id: str = _Text
    title: str = _Text


def _scope_lists(data: Any) -> Any:
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


def _grouped_dependencies(data: Any) -> Any:
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


def _architecture(data: dict[str, Any]) -> dict[str, Any]:
    """The diagram in its own field: a fence around ``architecture_diagram`` is taken off, and a
    Mermaid fence the notes carry moves there when no diagram is sent."""
    diagram, notes = data.get("architecture_diagram"), data.get("architecture_notes")
    if isinstance(diagram, str) and "```" in diagram:
        prose, source = split_mermaid(diagram)
        data = {**data, "architecture_diagram": source or prose}
    if isinstance(notes, str) and not data.get("architecture_diagram"):
        prose, source = split_mermaid(notes)
        if source:
            data = {**data, "architecture_notes": prose, "architecture_diagram": source}
    return data


class PocScopeOut(PocScope):
    @model_validator(mode="before")
    @classmethod
    def _lists_and_text(cls, data: Any) -> Any:
        return _scope_lists(data)


class PlanOut(Plan):
    milestones: list[MilestoneOut] = Field(min_length=1)  # type: ignore[assignment]
    poc_scope: PocScopeOut | None = None

    @model_validator(mode="before")
    @classmethod
    def _dependencies(cls, data: Any) -> Any:
        return _grouped_dependencies(data)


class PlanOutput(PhaseOutput):
    plan: PlanOut

    @classmethod
    def patch_of(cls, value: Any) -> dict[str, Any] | None:
        patch = super().patch_of(value)
        plan = patch.get("plan") if patch else None
        if patch and isinstance(plan, dict):
            plan = _architecture(_grouped_dependencies(plan))
            if isinstance(plan.get("poc_scope"), dict):
                plan = {**plan, "poc_scope": _scope_lists(plan["poc_scope"])}
            patch["plan"] = plan
        return patch

    @classmethod
    def store(cls, session: WorkshopSession, record: dict[str, Any], patch: dict[str, Any]) -> None:
        if record.get("plan") is not None:
            session.plan = Plan.model_validate(record["plan"])
