"""The conversational phases, each declared once (``PhaseSpec``): what it records, when it is
complete, what follows it, its prompt and the gate before leaving it incomplete.

The engine (``_engine.py``), the navigation rule (``_navigation.py``) and the prompts read these
declarations and nothing else: changing a phase's rule is a change to its entry in ``PHASES``.
The output models (``_schemas.py``) say only what a block is and how it lands in the session.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..llm import OutputSchema
from ..session import (
    PHASE_ORDER,
    Facts,
    Items,
    Phase,
    PhaseReview,
    Reopening,
    Section,
    WorkshopSession,
    changed_sections,
    phase_sections,
)
from ._patch import Rejection, apply_patch, patches_of, removed_items
from ._schemas import DesignOutput, DiscoverOutput, IdeateOutput, PhaseOutput, PlanOutput, SelectOutput


@functools.cache
def load_prompt(name: str) -> str:
    """A Markdown prompt shipped in ``sofia_nb/workshop/prompts/``."""
    return resources.files(__package__).joinpath("prompts", name).read_text(encoding="utf-8").strip()


def _fill(template: str, **values: str) -> str:
    # str.format would trip over the JSON braces in the prompts
    for key, value in values.items():
        template = template.replace("{" + key + "}", value)
    return template


def _words(fields: Sequence[str]) -> str:
    return ", ".join(name.replace("_", " ") for name in fields)


@dataclass(frozen=True)
class Need:
    """One thing a phase must record before it is complete."""

    name: str
    """What ``PhaseSpec.missing`` lists while it is not met (a session field, or a part of one)."""
    met: Callable[[WorkshopSession], bool]
    words: str = ""
    """How the gate's question names it; ``name`` in words when empty."""

    def __str__(self) -> str:
        return self.words or self.name.replace("_", " ")


@dataclass(frozen=True)
class PhaseSpec:
    """One conversational phase, declared once. Develop is not one: it hands over to the Ralph loop."""

    phase: Phase
    output: type[PhaseOutput]
    """The record the model writes, as blocks: their schema and how they land in the session."""
    records: tuple[str, ...]
    """The session attributes the phase owns (starting it over clears them)."""
    needs: tuple[Need, ...]
    """When it is complete: every need met. Leaving it with any unmet asks first (the gate)."""
    successor: Phase
    """What follows it: where ``advance`` goes, and the next phase a forward jump passes."""
    prompt: str
    """Its prompt file in ``sofia_nb/workshop/prompts/``."""

    def missing(self, session: WorkshopSession) -> list[str]:
        """The names of the needs ``session`` does not meet yet, in their declared order."""
        return [need.name for need in self.needs if not need.met(session)]

    def is_complete(self, session: WorkshopSession) -> bool:
        return not self.missing(session)

    def gate_question(self, missing: Sequence[str]) -> str:
        """The gate's question before leaving the phase without ``missing`` (names of its needs):
        ``Discover has no business context or workflow yet: continue anyway``."""
        words = [str(need) for need in self.needs if need.name in missing]
        listed = ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)
        return f"{self.phase.title} has no {listed} yet: continue anyway"

    def system_prompt(self, *sections: str, prior: str = "") -> str:
        """Persona and guardrails, ``prior`` (the decisions of the phases before), the phase
        prompt, any extra sections, then the phase boundary. What every phase shares comes first
        and the decisions before the phase's own text, so a new phase's first request repeats
        the start of the last one before it (the decisions grow phase by phase)."""
        boundary = _fill(load_prompt("boundary.md"), phase=self.phase.title, successor=self.successor.title)
        parts = [
            load_prompt("system.md"),
            *filter(None, [prior]),
            load_prompt(self.prompt),
            *filter(None, sections),
            boundary,
        ]
        return "\n\n---\n\n".join(parts)

    def kickoff(self, session: WorkshopSession) -> str:
        """The message that makes the model speak first: an introduction to a phase without turns,
        else a resumption that says what the phase has recorded and what it still needs."""
        if not session.turns_of(self.phase):
            return _fill(load_prompt("start.md"), phase=self.phase.title)
        return _fill(load_prompt("resume.md"), phase=self.phase.title, **self._state(session))

    def refine_kickoff(self, session: WorkshopSession, request: str = "") -> str:
        """The message that asks the model to refine this phase's record, with the facilitator's
        words when they gave some."""
        words = " ".join(request.split())
        asked = f", saying: “{words}”" if words else ", without saying what to change"
        return _fill(load_prompt("refine.md"), phase=self.phase.title, asked=asked, **self._state(session))

    def _state(self, session: WorkshopSession) -> dict[str, str]:
        """What this phase's record holds and what it still needs, in words (field names)."""
        record = self.output.record_of(session)
        missing = self.missing(session)
        # an empty list (Ideate's ideas before the first) is not something recorded, and a field
        # a need still lacks is said once, as missing
        held = [n for n in self.records if record.get(n) not in (None, [], {}, "") and n not in missing]
        return {
            "recorded": _words(held) or "nothing yet",
            "missing": _words(missing) or "nothing, the phase is complete",
        }

    def reopen_kickoff(self, reopened: Reopening) -> str:
        """The message that tells the model why the facilitator went back to this phase."""
        return _fill(
            load_prompt("reopen.md"),
            phase=self.phase.title,
            came_from=reopened.came_from.title,
            reason=reopened.reason or "(no reason given: ask the team what they want to change)",
        )

    def review_kickoff(self, review: PhaseReview) -> str:
        """The message that asks the model to review this phase against an earlier phase's change."""
        return _fill(
            load_prompt("review.md"),
            phase=self.phase.title,
            because=review.because.title,
            reason=review.reason or "(no reason given)",
            changes="\n".join(f"- {c}" for c in review.changes) or "- (not known)",
        )

    def repair_prompt(self, rejected: Sequence[Rejection]) -> str:
        """The repair request's question: what the last reply could not record, and why."""
        listed = "\n".join(f"- `{r.field}`: {r.reason}" for r in rejected)
        return _fill(load_prompt("repair.md"), rejected=listed)

    def output_schema(self) -> OutputSchema:
        """The phase's whole record as the schema of a structured answer (the extraction fallback)."""
        return OutputSchema(name=f"{self.phase.value}_record", json_schema=self.output.model_json_schema())

    def extraction_prompt(self) -> str:
        schema = json.dumps(self.output.model_json_schema(), indent=1)
        return _fill(load_prompt("extract.md"), phase=self.phase.title, schema=schema)


PHASES: dict[Phase, PhaseSpec] = {
    spec.phase: spec
    for spec in (
        PhaseSpec(
            Phase.DISCOVER,
            output=DiscoverOutput,
            records=("business_context", "topic", "workflow", "discovery"),
            needs=(
                Need("business_context", lambda s: s.business_context is not None),
                Need("workflow", lambda s: bool(s.workflow and s.workflow.activities)),
            ),
            successor=Phase.IDEATE,
            prompt="discover.md",
        ),
        PhaseSpec(
            Phase.IDEATE,
            output=IdeateOutput,
            records=("ideas", "cards"),
            needs=(Need("ideas", lambda s: bool(s.ideas)),),
            successor=Phase.DESIGN,
            prompt="ideate.md",
        ),
        PhaseSpec(
            Phase.DESIGN,
            output=DesignOutput,
            records=("evaluation",),
            needs=(Need("evaluation", lambda s: bool(s.evaluation and s.evaluation.ideas)),),
            successor=Phase.SELECT,
            prompt="design.md",
        ),
        PhaseSpec(
            Phase.SELECT,
            output=SelectOutput,
            records=("selection",),
            needs=(
                Need("selection", lambda s: s.selection is not None),
                # asked for once there is a choice: a phase without one misses the choice alone
                Need(
                    "selection.confirmed_by_user",
                    lambda s: s.selection is None or s.selection.confirmed_by_user,
                    words="choice confirmed by the team",
                ),
            ),
            successor=Phase.PLAN,
            prompt="select.md",
        ),
        PhaseSpec(
            Phase.PLAN,
            output=PlanOutput,
            records=("plan",),
            needs=(Need("plan", lambda s: bool(s.plan and s.plan.milestones)),),
            successor=Phase.DEVELOP,
            prompt="plan.md",
        ),
    )
}
CONVERSATION_PHASES: tuple[Phase, ...] = tuple(PHASES)

_DEVELOP_RECORDS = ("poc",)


def phase_records(phase: Phase) -> tuple[str, ...]:
    """The session attributes a phase owns, Develop included."""
    if phase in PHASES:
        return PHASES[phase].records
    return _DEVELOP_RECORDS if phase == Phase.DEVELOP else ()


def following(phase: Phase) -> list[Phase]:
    """The phases after ``phase`` in the order the workshop moves: each declared phase's
    successor in turn, then, from the hand-over on, the session's order (Develop, Complete)."""
    after: list[Phase] = []
    while phase in PHASES:
        phase = PHASES[phase].successor
        if phase in after:
            raise ValueError(f"the phases' successors loop back to {phase.value}")
        after.append(phase)
    return after + list(PHASE_ORDER[PHASE_ORDER.index(phase) + 1 :])


@dataclass(frozen=True)
class BlockView:
    """What one block of a reply changed, as a face shows it as it arrives: the sections of its
    phase's record that changed (the export's sections, drawn from the session before and after
    the block), then ``notes``: what it removed and what could not be recorded."""

    phase: Phase
    sections: list[Section]
    notes: list[Section]
    after: WorkshopSession
    """The session with the block applied: the context of the reply's next block."""


def block_view(session: WorkshopSession, value: Any) -> BlockView | None:
    """``value`` applied as the engine applies it in the session's phase (a business-context
    patch in a later phase too), to a copy of ``session`` (the session before the block), and
    shown as what it changed; None when it names no phase's record."""
    for spec in sorted(PHASES.values(), key=lambda spec: spec.phase != session.phase):
        patches = list(patches_of(value, spec.output))
        if not patches:
            continue
        after = session.model_copy(deep=True)
        removed: list[str] = []
        rejected: list[Rejection] = []
        for output, patch in patches:
            before = output.record_of(after)
            rejected += apply_patch(after, output, patch).rejected
            removed += removed_items(before, output.record_of(after), output)
        phases = sorted({_PHASE_OF[output] for output, _ in patches}, key=PHASE_ORDER.index)
        sections = [
            section
            for phase in phases
            for section in changed_sections(phase_sections(session, phase), phase_sections(after, phase))
        ]
        if after.name != session.name:  # the workshop's name, which the export's title shows
            sections.insert(0, Section("Workshop", (Facts((("Name", after.name),)),)))
        notes = [Section("Removed", (Items(tuple(removed)),))] if removed else []
        if rejected:
            notes.append(Section("Not recorded", (Items(tuple(r.fact or r.field for r in rejected)),)))
        return BlockView(spec.phase, sections, notes, after)
    return None


_PHASE_OF = {spec.output: phase for phase, spec in PHASES.items()}


def spec_for(phase: Phase | str) -> PhaseSpec:
    """The spec of a conversational phase; ``ValueError`` naming the valid ones otherwise."""
    try:
        return PHASES[Phase(phase)]
    except (ValueError, KeyError):
        valid = ", ".join(p.value for p in CONVERSATION_PHASES)
        raise ValueError(f"{phase!r} is not a workshop conversation phase; choose one of: {valid}") from None
