"""What each migration step writes, read from the migrated document itself (issue 45 item 5).

Loading a migrated file goes through the session model, whose defaults fill in a key a step forgot
to write: those tests pass on a step that writes ``XXremovedXX`` or nothing. These hold the
document ``migrate`` returns, key by key, for the shapes a hand-edited or older file can have:
the key missing, of another type, a list holding junk.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from sofia_nb.session import SCHEMA_VERSION
from sofia_nb.session._migrations import migrate

HOWTO = " Web search is off: add a server to .vscode/mcp.json and run again."


def v5(**fields: Any) -> dict[str, Any]:
    """A version-5 document holding ``fields`` (and nothing a step would add)."""
    return {"schema_version": 5, "id": "20261201-090000-v5", **copy.deepcopy(fields)}


def test_every_document_ends_at_the_current_version() -> None:
    assert SCHEMA_VERSION == 6
    for version in range(1, SCHEMA_VERSION + 1):
        assert migrate({"schema_version": version})["schema_version"] == SCHEMA_VERSION
    assert migrate({})["schema_version"] == SCHEMA_VERSION  # a file without one is version 1


# -- v6: the room ---------------------------------------------------------------------------------


def test_a_version_5_room_is_open_to_joins_and_none_of_its_members_was_removed() -> None:
    team = {"members": [{"id": "p-1"}, {"id": "p-2", "removed": True}, "junk"], "rounds": []}
    assert migrate(v5(team=team))["team"] == {
        "members": [{"id": "p-1", "removed": False}, {"id": "p-2", "removed": True}, "junk"],
        "rounds": [],
        "joining_open": True,
    }


@pytest.mark.parametrize("team", [{"joining_open": False}, {"members": None}, {}])
def test_a_room_without_members_only_gains_whether_joining_is_open(team: dict[str, Any]) -> None:
    migrated = migrate(v5(team=team))["team"]
    assert migrated == {
        "joining_open": team.get("joining_open", True),
        **({"members": None} if "members" in team else {}),
    }


@pytest.mark.parametrize("team", [None, "a room", ["p-1"]])
def test_a_team_that_is_not_a_room_is_left_for_the_model_to_refuse(team: Any) -> None:
    assert migrate(v5(team=team))["team"] == team


# -- v6: the ledger -------------------------------------------------------------------------------

AT = "2026-11-30T17:00:00Z"


def test_a_phase_s_totals_become_one_before_ledger_entry_each_dated_at_the_last_update() -> None:
    design = {"input_tokens": 300, "output_tokens": 40, "cost_usd": 0.01}
    tokens = {
        "input_tokens": 1300,
        "output_tokens": 140,
        "by_phase": {"discover": {"input_tokens": 1000}, "design": design, "odd": 7},
    }
    assert migrate(v5(tokens=tokens, updated_at=AT))["ledger"] == [
        {"phase": "discover", "purpose": "before-ledger", "usage": {"input_tokens": 1000}, "at": AT},
        {"phase": "design", "purpose": "before-ledger", "usage": design, "at": AT},
    ]


@pytest.mark.parametrize(
    "totals",
    [
        {"input_tokens": 500, "output_tokens": 60, "estimated": True, "cost_usd": 0.02, "by_phase": {}},
        {"input_tokens": 500, "by_phase": ["not", "a", "mapping"]},
        {"output_tokens": 60, "unknown": "dropped"},
        {"input_tokens": 0, "output_tokens": 60},
    ],
)
def test_totals_without_phases_become_one_entry_for_the_session(totals: dict[str, Any]) -> None:
    kept = {
        k: v for k, v in totals.items() if k in ("input_tokens", "output_tokens", "estimated", "cost_usd")
    }
    assert migrate(v5(tokens=totals))["ledger"] == [
        {"phase": "session", "purpose": "before-ledger", "usage": kept}
    ]


@pytest.mark.parametrize("tokens", [{}, {"input_tokens": 0, "output_tokens": 0}, {"by_phase": {}}])
def test_a_session_that_spent_nothing_has_an_empty_ledger(tokens: dict[str, Any]) -> None:
    assert migrate(v5(tokens=tokens, updated_at=AT))["ledger"] == []


@pytest.mark.parametrize(
    "doc", [v5(tokens=None), v5(tokens="1300"), v5(tokens={"input_tokens": 9}, ledger=[])]
)
def test_a_ledger_is_not_built_without_totals_nor_over_one_that_exists(doc: dict[str, Any]) -> None:
    doc = copy.deepcopy(doc)  # migrate changes the document it is given: the parameter stays version 5
    before = copy.deepcopy(doc.get("ledger"))
    assert migrate(doc).get("ledger") == before


# -- v6: the session's end and its settings ------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "now"), [("errored", "failed"), ("failed", "failed"), ("active", "active")]
)
def test_errored_is_called_failed_and_other_statuses_stay(status: str, now: str) -> None:
    assert migrate(v5(status=status))["status"] == now


def test_a_version_5_run_recorded_no_settings_and_recorded_ones_stay() -> None:
    migrated = migrate(v5())
    assert "run_settings" in migrated and migrated["run_settings"] is None
    assert migrate(v5(run_settings={"model": "m"}))["run_settings"] == {"model": "m"}


# -- v6: the PoC's checkpoint and criteria ---------------------------------------------------------


def test_the_checkpoint_is_the_newest_commit_of_a_recorded_step() -> None:
    iterations = [
        {"outcome": "scaffold", "commit": "a1"},
        {"outcome": "failed", "ended_at": AT, "commit": "b2"},
        {"outcome": "passed", "ended_at": AT, "commit": ""},
        "junk",
        {"outcome": "passed", "ended_at": AT, "commit": "c3"},
        {"outcome": "passed", "ended_at": AT, "commit": 7},
        {"outcome": "running", "commit": "d4"},  # never ended: not a recorded step
    ]
    assert migrate(v5(poc={"iterations": iterations}))["poc"]["checkpoint"] == "c3"


@pytest.mark.parametrize(
    "poc",
    [
        {},
        {"iterations": None},
        {"iterations": [{"outcome": "running", "commit": "d4"}]},
        {"iterations": [{"commit": "e5"}]},
    ],
)
def test_a_poc_with_no_recorded_commit_has_no_checkpoint(poc: dict[str, Any]) -> None:
    assert migrate(v5(poc=poc))["poc"]["checkpoint"] == ""


def test_a_poc_whose_only_recorded_step_is_its_scaffold_is_checkpointed_there() -> None:
    iterations = [{"outcome": "scaffold", "commit": "a1"}, {"outcome": "running", "commit": "d4"}]
    assert migrate(v5(poc={"iterations": iterations}))["poc"]["checkpoint"] == "a1"


def test_a_checkpoint_already_there_stays() -> None:
    poc = {"checkpoint": "f6", "iterations": [{"outcome": "scaffold", "commit": "a1"}]}
    assert migrate(v5(poc=poc))["poc"]["checkpoint"] == "f6"


def test_a_poc_gains_its_criteria_and_keeps_any_it_had() -> None:
    assert migrate(v5(poc={}))["poc"]["criteria"] == []
    assert migrate(v5(poc={"criteria": [{"criterion": "x"}]}))["poc"]["criteria"] == [{"criterion": "x"}]
    assert "poc" not in migrate(v5())


# -- v6: the customer's export ---------------------------------------------------------------------


def test_a_research_note_keeps_what_happened_without_the_facilitators_how_to() -> None:
    notes = [
        "Web search: not configured; continuing without it." + HOWTO,
        "Learn: 3 results.",
        {"kept": "as it is"},
        "Twice:" + HOWTO + HOWTO,
    ]
    migrated = migrate(v5(discovery={"enrichment": {"notes": notes, "sources": ["s"]}}))
    assert migrated["discovery"]["enrichment"] == {
        "notes": [
            "Web search: not configured; continuing without it.",
            "Learn: 3 results.",
            {"kept": "as it is"},
            "Twice:",
        ],
        "sources": ["s"],
    }


@pytest.mark.parametrize(
    "discovery",
    [None, "text", {"enrichment": None}, {"enrichment": {"notes": "one" + HOWTO}}, {"enrichment": "x"}],
)
def test_a_discovery_of_another_shape_is_left_as_it_is(discovery: Any) -> None:
    assert migrate(v5(discovery=discovery))["discovery"] == discovery


# -- v5: the team's numbers in the records ---------------------------------------------------------


def test_ideas_without_a_text_id_are_passed_over_when_the_team_s_numbers_are_kept() -> None:
    ideas = [{"id": "idea-1", "title": "Route planner"}, {"title": "no id"}, {"id": 3}, "junk"]
    migrated = migrate({"schema_version": 4, "ideas": ideas, "evaluation": {}, "selection": {}})
    assert migrated["evaluation"]["team_scores"] == [] and migrated["selection"]["team_votes"] == []
    assert migrated["ideas"] == ideas
