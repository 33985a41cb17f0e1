import json

import pytest

from sofia_nb.session import Idea, Phase, WorkshopSession
from sofia_nb.workshop._extract import first_valid, json_values
from sofia_nb.workshop._patch import apply_patch, patches_in
from sofia_nb.workshop._phases import spec_for
from sofia_nb.workshop._schemas import DiscoverOutput, IdeateOutput, PhaseOutput, PlanOutput


def record(session: WorkshopSession, text: str, output: type[PhaseOutput]) -> list[str]:
    """Apply every block of ``text`` as the engine does; the fields left out."""
    return [
        r.field for out, patch in patches_in(text, output) for r in apply_patch(session, out, patch).rejected
    ]


def test_every_json_value_is_found_fenced_or_not() -> None:
    text = 'Intro {not json} then\n```json\n{"a": 1}\n```\nand bare {"b": [1, 2]} and [3]'
    assert list(json_values(text)) == [{"a": 1}, {"b": [1, 2]}, [3]]


def test_the_first_block_that_validates_wins_not_the_first_block() -> None:
    reply = (
        '```json\n{"scores": [1, 2]}\n```\n'
        "```mermaid\nflowchart LR\n  a{decide} --> b\n```\n"
        '```json\n{"plan": {"milestones": [{"id": "m1", "title": "Pilot", "items": ["x"]}]}}\n```\n'
        '```json\n{"plan": {"milestones": [{"id": "m9", "title": "Later"}]}}\n```'
    )
    out = first_valid(reply, PlanOutput)
    assert out is not None and out.plan.milestones[0].id == "m1"


def test_a_mermaid_diagram_inside_a_json_string_survives() -> None:
    notes = "```mermaid\nA-->B\n```"
    block = {"plan": {"milestones": [{"id": "m1", "title": "A"}], "architecture_notes": notes}}
    reply = f"```json\n{json.dumps(block)}\n```"
    out = first_valid(reply, PlanOutput)
    assert out is not None and "A-->B" in out.plan.architecture_notes


def test_ideas_merge_by_id_across_turns() -> None:
    session = WorkshopSession(ideas=[Idea(id="idea-1", title="Old"), Idea(id="idea-2", title="Keep")])
    assert (
        record(
            session, '[{"id": "idea-1", "title": "New"}, {"id": "idea-3", "title": "Third"}]', IdeateOutput
        )
        == []
    )
    assert [(i.id, i.title) for i in session.ideas] == [
        ("idea-1", "New"),
        ("idea-2", "Keep"),
        ("idea-3", "Third"),
    ]


def test_the_session_name_is_set_once() -> None:
    session = WorkshopSession()
    for name in ("First name", "Second name"):
        assert record(session, f'{{"session_name": "{name}"}}', DiscoverOutput) == []
    assert session.name == "First name"


@pytest.mark.parametrize(
    "block",
    [
        '{"evaluation": {"ideas": []}}',
        '{"evaluation": {"ideas": [{"idea_id": "idea-1", "feasibility": 0, "value": 3}]}}',
    ],
)
def test_design_refuses_no_ideas_and_scores_below_the_scale(block: str) -> None:
    assert first_valid(block, spec_for(Phase.DESIGN).output) is None


def test_an_empty_object_is_not_a_discover_output() -> None:
    assert first_valid('{"business_context": {"description": ""}}', DiscoverOutput) is None


@pytest.mark.parametrize(
    ("human_value", "score", "reason"),
    [
        (4, 4.0, ""),
        ({"score": 3, "reason": "Frees the agents from retyping"}, 3.0, "Frees the agents from retyping"),
        ("Frees the agents from retyping", None, "Frees the agents from retyping"),
    ],
)
def test_design_takes_human_value_as_a_score_with_its_reason(
    human_value: object, score: float | None, reason: str
) -> None:
    data = {
        "evaluation": {
            "ideas": [{"idea_id": "idea-1", "feasibility": 4, "value": 5, "human_value": human_value}]
        }
    }
    session = WorkshopSession()
    assert record(session, json.dumps(data), spec_for(Phase.DESIGN).output) == []
    assert session.evaluation is not None
    stored = session.evaluation.ideas[0]
    assert (stored.human_value_score, stored.human_value) == (score, reason)


def test_plan_takes_dependencies_grouped_by_kind_as_kind_item_strings() -> None:
    block = {
        "plan": {
            "milestones": [{"id": "m1", "title": "Intake"}],
            "dependencies": {"data": ["claims export"], "apis": ["ERP"], "approvals": "works council"},
        }
    }
    session = WorkshopSession()
    assert record(session, json.dumps(block), PlanOutput) == []
    assert session.plan is not None
    assert session.plan.dependencies == ["data: claims export", "apis: ERP", "approvals: works council"]


@pytest.mark.parametrize(
    ("evaluation", "expected"),
    [
        # any score above 5 means the block used 1-10: 1 + (x - 1) * 4 / 9
        (
            {"ideas": [{"idea_id": "idea-1", "feasibility": 8, "value": 10, "human_value": 1}]},
            (4.11, 5.0, 1.0),
        ),
        # the block says so, even when every score is small
        (
            {
                "scale": "1-10",
                "ideas": [{"idea_id": "idea-1", "feasibility": 3, "value": 5, "human_value": 4}],
            },
            (1.89, 2.78, 2.33),
        ),
        # numbers as strings
        (
            {"ideas": [{"idea_id": "idea-1", "feasibility": "4", "value": "5", "human_value": "3"}]},
            (4.0, 5.0, 3.0),
        ),
    ],
)
def test_design_maps_a_1_to_10_block_onto_1_to_5_with_a_note(
    evaluation: dict[str, object], expected: tuple[float, float, float]
) -> None:
    session = WorkshopSession()
    assert record(session, json.dumps({"evaluation": evaluation}), spec_for(Phase.DESIGN).output) == []
    assert session.evaluation is not None and session.evaluation.scale == "1-5"
    e = session.evaluation.ideas[0]
    assert (e.feasibility, e.value, e.human_value_score) == expected
    rescaled = expected[0] != float(evaluation["ideas"][0]["feasibility"])  # type: ignore[index]
    assert bool(session.evaluation.notes) == rescaled
    if rescaled:
        assert "1 + (x − 1) × 4 / 9" in session.evaluation.notes[0]


def test_discover_records_priority_steps_and_a_redrawn_workflow_keeps_them() -> None:
    session = WorkshopSession()
    for reply in (
        '{"workflow": {"activities": [{"id": "s1", "name": "Intake"}, {"id": "s2", "name": "Check"}]}}',
        '{"priority_steps": [{"id": "s2", "reason": "clerks chase missing data"}, "s1"]}',
        '{"workflow": {"activities": [{"id": "s1", "name": "Intake"},'
        ' {"id": "s2", "name": "Completeness"}]}}',
    ):
        assert record(session, reply, DiscoverOutput) == []
    assert session.workflow is not None and session.workflow.activities[1].name == "Completeness"
    assert [(p.id, p.reason) for p in session.workflow.priority_steps] == [
        ("s2", "clerks chase missing data"),
        ("s1", ""),
    ]


def test_plan_records_the_poc_scope_lists_from_single_strings() -> None:
    block = {
        "plan": {
            "milestones": [{"id": "m1", "title": "Intake"}],
            "poc_scope": {
                "functionality": "flag incomplete claims",
                "data": ["two years of claims"],
                "success_criteria": ["finds what clerks find"],
                "timeline": ["weeks 1-2 data", "weeks 3-8 pilot"],
            },
        }
    }
    session = WorkshopSession()
    assert record(session, json.dumps(block), PlanOutput) == []
    assert session.plan is not None and session.plan.poc_scope is not None
    scope = session.plan.poc_scope
    assert scope.functionality == ["flag incomplete claims"]
    assert scope.timeline == "weeks 1-2 data; weeks 3-8 pilot"
