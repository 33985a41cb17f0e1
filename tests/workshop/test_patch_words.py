"""The words a block's changes are told in (workshop/_patch.py), read exactly: what a block removed
as the team names it (``removed_items``: the "Removed" list of a panel and of the model's next
request) and what going back changed (``record_changes``: the note the model is sent when a phase
is reopened). Each kind of item, a list gone or no longer a list, values quoted briefly."""

from __future__ import annotations

from typing import Any

import pytest

from sofia_nb.workshop._patch import record_changes, removed_items
from sofia_nb.workshop._schemas import DesignOutput, DiscoverOutput, IdeateOutput

IDEAS = {
    "ideas": [
        {"id": "idea-1", "title": "Route planner"},
        {"id": "idea-2", "title": "Cold-chain alerts", "description": "warn the driver"},
        {"id": "idea-3"},
    ]
}


@pytest.mark.parametrize(
    ("after", "removed"),
    [
        (
            {"ideas": [{"id": "idea-1", "title": "Route planner"}]},
            ["idea “Cold-chain alerts” (idea-2)", "idea (idea-3)"],
        ),
        ({"ideas": IDEAS["ideas"]}, []),
        ({}, ["idea “Route planner” (idea-1)", "idea “Cold-chain alerts” (idea-2)", "idea (idea-3)"]),
        (
            {"ideas": "no longer a list"},
            ["idea “Route planner” (idea-1)", "idea “Cold-chain alerts” (idea-2)", "idea (idea-3)"],
        ),
    ],
)
def test_an_idea_a_block_removed_is_named_by_its_title_and_id(
    after: dict[str, Any], removed: list[str]
) -> None:
    assert removed_items(IDEAS, after, IdeateOutput) == removed


def test_an_evaluation_removed_is_named_by_its_idea_inside_its_object() -> None:
    before = {
        "evaluation": {
            "ideas": [{"idea_id": "idea-2", "feasibility": 3}, {"idea_id": "idea-4", "feasibility": 2}]
        }
    }
    assert removed_items(before, {"evaluation": {"ideas": [{"idea_id": "idea-4"}]}}, DesignOutput) == [
        "the evaluation of idea-2"
    ]
    assert removed_items(before, {"evaluation": None}, DesignOutput) == [
        "the evaluation of idea-2",
        "the evaluation of idea-4",
    ]


def test_a_workflow_step_and_link_removed_are_named_as_the_team_knows_them() -> None:
    before = {
        "workflow": {
            "activities": [{"id": "s1", "name": "Intake"}, {"id": "s2", "name": "Triage"}],
            "edges": [{"source": "s1", "target": "s2"}],
        },
        "session_name": "kept as a value",
    }
    after = {"workflow": {"activities": [{"id": "s1", "name": "Intake"}], "edges": []}}
    assert removed_items(before, after, DiscoverOutput) == [
        "workflow step “Triage” (s2)",
        "workflow link (s1 → s2)",
    ]


def test_going_back_tells_each_change_by_its_place_and_items_by_their_id() -> None:
    before = {"ideas": [{"id": "idea-1", "title": "A"}, {"id": "idea-2", "title": "B"}]}
    after = {
        "ideas": [
            {"id": "idea-1", "title": "A2"},
            {"id": "idea-3", "title": "C"},
            {"id": "idea-4", "feasibility": 4},
        ]
    }
    assert record_changes(before, after, IdeateOutput) == [
        "ideas[idea-1].title: “A” → “A2”",
        "ideas[idea-2]: removed",
        "ideas[idea-3]: added (“C”)",
        "ideas[idea-4]: added (“idea-4”)",
    ]
    assert record_changes(after, after, IdeateOutput) == []


def test_values_are_quoted_briefly_and_nothing_is_said_as_nothing() -> None:
    long = "The night desk retypes every phone order from the notes the drivers leave in the van at dawn"
    before = {
        "business_context": {
            "company_name": "Spoke",
            "challenges": ["a", "b", "c", "d", "e"],
            "description": long,
        },
        "topic": None,
    }
    after = {
        "business_context": {
            "company_name": None,
            "challenges": ["  spare \n parts  "],
            "description": "short",
        },
        "topic": {"area": "Dispatch", "description": "the morning round"},
    }
    assert record_changes(before, after, DiscoverOutput) == [
        "business_context.company_name: “Spoke” → nothing",
        "business_context.challenges: “a”; “b”; “c”; “d” → “spare parts”",
        "business_context.description: “The night desk retypes every phone order from the notes the drivers"
        " leave in…” → “short”",
        "topic.area: nothing → “Dispatch”",
        "topic.description: nothing → “the morning round”",
    ]


def test_a_number_changed_is_said_as_it_is() -> None:
    before = {"evaluation": {"ideas": [{"idea_id": "idea-2", "feasibility": 3, "value": 5}]}}
    after = {"evaluation": {"ideas": [{"idea_id": "idea-2", "feasibility": 4, "value": 5}]}}
    assert record_changes(before, after, DesignOutput) == ["evaluation.ideas[idea-2].feasibility: 3 → 4"]


def test_a_long_list_of_changes_ends_with_how_many_more() -> None:
    before = {"ideas": [{"id": f"idea-{n}", "title": "t"} for n in range(25)]}
    lines = record_changes(before, {"ideas": []}, IdeateOutput)
    assert lines[:2] == ["ideas[idea-0]: removed", "ideas[idea-1]: removed"]
    assert len(lines) == 21 and lines[-1] == "… and 5 more"
    assert record_changes(before, {"ideas": before["ideas"][5:]}, IdeateOutput, limit=5) == [
        f"ideas[idea-{n}]: removed" for n in range(5)
    ]
