"""Every JSON example the prompts show is a block the workshop records as shown: whole records,
patches, removals and the plan's architecture diagram, naming only schema fields."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sofia_nb.session import Idea, Phase, WorkshopSession
from sofia_nb.workshop import CONVERSATION_PHASES
from sofia_nb.workshop._extract import json_values
from sofia_nb.workshop._patch import REMOVED, apply_patch
from sofia_nb.workshop._phases import load_prompt, spec_for
from sofia_nb.workshop._schemas import DiscoverOutput, PhaseOutput

SHORTHANDS = {Phase.DISCOVER: {"priority_steps"}}
"""Top-level keys a phase reads as another field's (``priority_steps`` is the workflow's)."""


def _unknown_keys(example: Any, schema: dict[str, Any], defs: dict[str, Any], path: str = "") -> list[str]:
    """Keys of ``example`` that the JSON schema node has no property for (lists and refs followed);
    ``removed`` is allowed on an item of a list."""
    if "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    for option in schema.get("anyOf", []):
        if option.get("type") != "null":
            return _unknown_keys(example, option, defs, path)
    if isinstance(example, list) and "items" in schema:
        return [k for item in example for k in _unknown_keys(item, schema["items"], defs, path + "[]")]
    if isinstance(example, dict) and "properties" in schema:
        props = schema["properties"]
        allowed = {REMOVED} if path.endswith("[]") else set()
        return [f"{path}.{key}" for key in example if key not in props and key not in allowed] + [
            k
            for key, value in example.items()
            if key in props
            for k in _unknown_keys(value, props[key], defs, f"{path}.{key}")
        ]
    return []


def _examples(prompt: str) -> list[Any]:
    return list(json_values(load_prompt(prompt)))


def _recorded_session() -> WorkshopSession:
    """A session holding what every phase's whole examples record, and three ideas to remove from."""
    session = WorkshopSession(ideas=[Idea(id=f"idea-{n}", title=f"Idea {n}") for n in (1, 2, 3)])
    session.add_turn(Phase.SELECT, "user", "We confirm it.")  # a confirmation needs a facilitator
    for phase in CONVERSATION_PHASES:
        output = spec_for(phase).output
        for example in _examples(f"{phase.value}.md"):
            if f'"{REMOVED}": true' in json.dumps(example):
                continue  # the removals are tried one by one
            patch = output.patch_of(example)
            assert patch is not None
            apply_patch(session, output, patch)
    return session


def _record(output: type[PhaseOutput], example: Any) -> tuple[WorkshopSession, WorkshopSession]:
    before = _recorded_session()
    after = before.model_copy(deep=True)
    patch = output.patch_of(example)
    assert patch is not None, f"{example} is not a block of {output.__name__}"
    merged = apply_patch(after, output, patch)
    assert merged.rejected == [], f"{json.dumps(example)} was not recorded whole: {merged.rejected}"
    return before, after


@pytest.mark.parametrize("phase", CONVERSATION_PHASES, ids=lambda p: p.value)
def test_every_phase_example_is_recorded_whole_and_names_only_schema_fields(phase: Phase) -> None:
    output = spec_for(phase).output
    schema = output.model_json_schema()
    examples = _examples(f"{phase.value}.md")
    assert len(examples) >= 2, f"{phase.value}.md shows no whole record and patch"
    for example in examples:
        top = {k: v for k, v in example.items() if k not in SHORTHANDS.get(phase, set())}
        assert _unknown_keys(top, schema, schema.get("$defs", {})) == []
        _record(output, example)


def test_the_system_prompt_s_patch_removal_and_late_fact_forms_do_what_it_says() -> None:
    examples = _examples("system.md")
    by_key = {next(iter(e)): e for e in examples}
    assert set(by_key) == {"business_context", "ideas"}
    # a patch of one field keeps the others
    before, after = _record(DiscoverOutput, by_key["business_context"])
    assert before.business_context and after.business_context
    assert after.business_context.description == before.business_context.description
    # a removal removes
    output = spec_for(Phase.IDEATE).output
    assert (
        _unknown_keys(by_key["ideas"], output.model_json_schema(), output.model_json_schema()["$defs"]) == []
    )
    before, after = _record(output, by_key["ideas"])
    assert [i.id for i in before.ideas] != [i.id for i in after.ideas] and len(after.ideas) == len(
        before.ideas
    ) - 1


def test_the_phase_patches_change_what_they_say() -> None:
    _, ideate = _record(spec_for(Phase.IDEATE).output, _examples("ideate.md")[-1])
    assert "idea-3" not in [i.id for i in ideate.ideas]
    before, design = _record(spec_for(Phase.DESIGN).output, _examples("design.md")[-1])
    assert before.evaluation and design.evaluation
    assert (
        design.evaluation.ideas[0].value == 3
        and design.evaluation.ideas[0].risks == before.evaluation.ideas[0].risks
    )


def test_the_plan_s_architecture_diagram_is_a_field_of_its_own() -> None:
    _, session = _record(spec_for(Phase.PLAN).output, _examples("plan.md")[0])
    assert session.plan is not None
    assert session.plan.architecture_diagram == "flowchart LR\n  app[Claims app] --> model[Model]"
    assert "```" not in json.dumps(_examples("plan.md")[0])
