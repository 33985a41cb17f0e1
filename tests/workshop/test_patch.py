"""A block is a patch to its phase's record, checked as a whole after the merge (workshop/_patch.py)."""

from __future__ import annotations

import json
from typing import Any

from sofia_nb.session import (
    BusinessContext,
    Evaluation,
    Idea,
    IdeaEvaluation,
    Phase,
    Selection,
    Workflow,
    WorkflowActivity,
    WorkflowEdge,
    WorkshopSession,
)
from sofia_nb.workshop._patch import apply_patch, merge_patch, patches_in
from sofia_nb.workshop._schemas import DesignOutput, DiscoverOutput, IdeateOutput, PlanOutput, SelectOutput


def patch(session: WorkshopSession, output: Any, data: Any) -> list[str]:
    """Apply ``data`` as a reply's block; the fields left out."""
    text = f"```json\n{json.dumps(data)}\n```"
    return [r.field for out, p in patches_in(text, output) for r in apply_patch(session, out, p).rejected]


def recorded() -> WorkshopSession:
    return WorkshopSession(
        business_context=BusinessContext(
            company_name="Quellwerk",
            description="A regional water utility serving 410,000 people.",
            challenges=["leaks found late"],
        ),
        workflow=Workflow(
            activities=[
                WorkflowActivity(id="s1", name="Alarm", pain_points=["night alarms"]),
                WorkflowActivity(id="s2", name="Dispatch", actors=["control room"]),
                WorkflowActivity(id="s3", name="Repair"),
            ],
            edges=[WorkflowEdge(source="s1", target="s2"), WorkflowEdge(source="s2", target="s3")],
        ),
        ideas=[Idea(id=f"idea-{n}", title=f"Idea {n}") for n in (1, 2, 3)],
        evaluation=Evaluation(
            ideas=[
                IdeaEvaluation(
                    idea_id="idea-1",
                    feasibility=4,
                    value=5,
                    risks=["sensor drift"],
                    data_needed=["SCADA history"],
                    human_value="fewer night call-outs",
                    human_value_score=4,
                    kpis=["time to find a leak"],
                    assumptions=["SCADA exports are complete"],
                    bxt={"business": "less water lost", "technology": "edge model"},
                ),
                IdeaEvaluation(idea_id="idea-3", feasibility=2, value=3),
            ]
        ),
        selection=Selection(idea_id="idea-3", rationale="cheapest", confirmed_by_user=True),
    )


def test_a_two_field_patch_to_the_business_context_keeps_the_description_and_records_both() -> None:
    session = recorded()
    sent = {"business_context": {"constraints": ["data stays in the EU"], "success_metrics": ["-20% losses"]}}
    assert patch(session, DiscoverOutput, sent) == []
    bc = session.business_context
    assert bc is not None
    assert bc.description == "A regional water utility serving 410,000 people."
    assert (bc.constraints, bc.success_metrics, bc.challenges) == (
        ["data stays in the EU"],
        ["-20% losses"],
        ["leaks found late"],
    )


def test_an_id_patch_of_one_field_keeps_the_item_s_other_fields() -> None:
    session = recorded()
    before = session.evaluation.ideas[0].model_dump()  # type: ignore[union-attr]
    assert (
        patch(session, DesignOutput, {"evaluation": {"ideas": [{"idea_id": "idea-1", "human_value": 2}]}})
        == []
    )
    after = session.evaluation.ideas[0].model_dump()  # type: ignore[union-attr]
    assert after == {**before, "human_value_score": 2.0}
    assert [e.idea_id for e in session.evaluation.ideas] == ["idea-1", "idea-3"]  # type: ignore[union-attr]


def test_one_workflow_step_patched_keeps_the_others_and_its_own_fields() -> None:
    session = recorded()
    assert (
        patch(session, DiscoverOutput, {"workflow": {"activities": [{"id": "s2", "pain_points": ["paper"]}]}})
        == []
    )
    steps = {a.id: a for a in session.workflow.activities}  # type: ignore[union-attr]
    assert (steps["s2"].name, steps["s2"].actors, steps["s2"].pain_points) == (
        "Dispatch",
        ["control room"],
        ["paper"],
    )
    assert steps["s1"].pain_points == ["night alarms"] and len(session.workflow.edges) == 2  # type: ignore[union-attr]


def test_a_workflow_link_is_named_by_its_endpoints() -> None:
    session = recorded()
    sent = {
        "workflow": {
            "edges": [
                {"source": "s1", "target": "s2", "label": "confirmed"},
                {"source": "s3", "target": "s1"},
            ]
        }
    }
    assert patch(session, DiscoverOutput, sent) == []
    edges = [(e.source, e.target, e.label) for e in session.workflow.edges]  # type: ignore[union-attr]
    assert edges == [("s1", "s2", "confirmed"), ("s2", "s3", ""), ("s3", "s1", "")]


def test_removal_deletes_the_item_and_an_idea_takes_its_evaluation_and_the_selection() -> None:
    session = recorded()
    assert patch(session, IdeateOutput, {"ideas": [{"id": "idea-3", "removed": True}]}) == []
    assert [i.id for i in session.ideas] == ["idea-1", "idea-2"]
    assert [e.idea_id for e in session.evaluation.ideas] == ["idea-1"]  # type: ignore[union-attr]
    assert session.selection is None


def test_removing_a_workflow_step_takes_its_links_and_priority() -> None:
    session = recorded()
    assert patch(session, DiscoverOutput, {"priority_steps": ["s2", {"id": "s3", "reason": "slow"}]}) == []
    assert patch(session, DiscoverOutput, {"workflow": {"activities": [{"id": "s3", "removed": True}]}}) == []
    wf = session.workflow
    assert wf is not None and [a.id for a in wf.activities] == ["s1", "s2"]
    assert [(e.source, e.target) for e in wf.edges] == [("s1", "s2")]
    assert [p.id for p in wf.priority_steps] == ["s2"]


def test_a_list_of_text_is_replaced_so_leaving_an_item_out_removes_it() -> None:
    session = recorded()
    patch(session, DiscoverOutput, {"business_context": {"challenges": ["leaks found late", "old meters"]}})
    patch(session, DiscoverOutput, {"business_context": {"challenges": ["old meters"]}})
    assert session.business_context is not None and session.business_context.challenges == ["old meters"]


def test_the_schema_is_checked_on_the_merged_record_not_on_the_patch() -> None:
    session = recorded()
    # alone, this evaluation item lacks feasibility and value; merged, it is complete
    assert (
        patch(
            session, DesignOutput, {"evaluation": {"ideas": [{"idea_id": "idea-3", "kpis": ["pipes fixed"]}]}}
        )
        == []
    )
    # a new item must stand on its own once merged
    assert patch(
        session, DesignOutput, {"evaluation": {"ideas": [{"idea_id": "idea-2", "kpis": ["x"]}]}}
    ) == [
        "evaluation.ideas[idea-2].feasibility",
        "evaluation.ideas[idea-2].value",
    ]
    assert [e.idea_id for e in session.evaluation.ideas] == ["idea-1", "idea-3"]  # type: ignore[union-attr]


def test_a_bad_field_undoes_only_itself_and_the_rejection_says_what_in_the_team_s_words() -> None:
    session = recorded()
    sent = {"business_context": {"constraints": "data stays in the EU", "success_metrics": ["-20% losses"]}}
    text = f"```json\n{json.dumps(sent)}\n```"
    [(output, p)] = list(patches_in(text, DiscoverOutput))
    merged = apply_patch(session, output, p)
    assert [(r.field, r.fact) for r in merged.rejected] == [
        ("business_context.constraints", "constraints (“data stays in the EU”): input should be a valid list")
    ]
    assert session.business_context is not None and session.business_context.success_metrics == [
        "-20% losses"
    ]
    assert session.business_context.constraints == []


def test_a_new_item_without_its_required_field_is_left_out_and_named() -> None:
    session = recorded()
    sent = {
        "workflow": {
            "activities": [
                {"id": "s4", "description": "Crew reports back"},
                {"id": "s1", "name": "Alarm raised"},
            ]
        }
    }
    text = f"```json\n{json.dumps(sent)}\n```"
    [(output, p)] = list(patches_in(text, DiscoverOutput))
    merged = apply_patch(session, output, p)
    assert [(r.field, r.fact) for r in merged.rejected] == [
        ("workflow.activities[s4].name", "workflow step s4 (“Crew reports back”): its name is missing")
    ]
    assert [a.name for a in session.workflow.activities] == ["Alarm raised", "Dispatch", "Repair"]  # type: ignore[union-attr]


def test_what_was_wrong_before_the_patch_is_not_the_patch_s_fault() -> None:
    record = {"business_context": {"description": "", "challenges": ["a"]}}  # hand-edited: no description
    merged = merge_patch(record, {"business_context": {"challenges": ["b"]}}, DiscoverOutput)
    assert merged.rejected == [] and merged.record["business_context"]["challenges"] == ["b"]


def test_a_business_context_fact_learned_late_lands_from_any_phase() -> None:
    session = recorded()
    session.phase = Phase.DESIGN
    sent = {
        "business_context": {"constraints": ["the CRM is Salesforce"]},
        "evaluation": {"ideas": [{"idea_id": "idea-1", "value": 4}]},
    }
    assert patch(session, DesignOutput, sent) == []
    assert session.business_context is not None and session.business_context.constraints == [
        "the CRM is Salesforce"
    ]
    assert session.evaluation is not None and session.evaluation.ideas[0].value == 4


def test_a_new_choice_needs_its_own_confirmation() -> None:
    session = recorded()
    session.add_turn(Phase.SELECT, "user", "We go for the cheap one.")
    assert patch(session, SelectOutput, {"selection": {"idea_id": "idea-1", "rationale": "best value"}}) == []
    assert session.selection is not None and not session.selection.confirmed_by_user
    assert patch(session, SelectOutput, {"selection": {"confirmed_by_user": True}}) == []
    assert session.selection.idea_id == "idea-1" and session.selection.confirmed_by_user
    assert session.selection.rationale == "best value"


def test_a_plan_patch_keeps_the_milestones_it_does_not_name() -> None:
    session = recorded()
    full = {
        "plan": {
            "milestones": [{"id": "m1", "title": "Data"}, {"id": "m2", "title": "Pilot"}],
            "tech_stack": ["Python"],
        }
    }
    assert patch(session, PlanOutput, full) == []
    assert (
        patch(
            session,
            PlanOutput,
            {
                "plan": {
                    "milestones": [{"id": "m2", "items": ["two crews"]}],
                    "poc_scope": {"timeline": "8 weeks"},
                }
            },
        )
        == []
    )
    plan = session.plan
    assert plan is not None and [(m.id, m.title, m.items) for m in plan.milestones] == [
        ("m1", "Data", []),
        ("m2", "Pilot", ["two crews"]),
    ]
    assert (
        plan.tech_stack == ["Python"] and plan.poc_scope is not None and plan.poc_scope.timeline == "8 weeks"
    )


def test_a_link_or_a_priority_naming_no_workflow_step_is_left_out_and_named() -> None:
    session = recorded()
    sent = {
        "workflow": {
            "edges": [{"source": "s3", "target": "s9"}, {"source": "s3", "target": "s1"}],
            "priority_steps": [{"id": "s9"}],
        }
    }
    text = f"```json\n{json.dumps(sent)}\n```"
    [(output, p)] = list(patches_in(text, DiscoverOutput))
    merged = apply_patch(session, output, p)
    assert [r.fact for r in merged.rejected] == [
        "workflow link s3 → s9: no workflow step s9",
        "the priority steps (“s9”): no workflow step s9",
    ]
    wf = session.workflow
    assert (
        wf is not None
        and [(e.source, e.target) for e in wf.edges][-1] == ("s3", "s1")
        and not wf.priority_steps
    )
