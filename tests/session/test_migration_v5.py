"""Version 5: the team's numbers are part of Design's and Select's records; a version-4 file gets
them computed from its room, as the product computes them from then on."""

from __future__ import annotations

import json
from pathlib import Path

from sofia_nb.session import SCHEMA_VERSION, SessionStore

SID = "20261205-003000-abcd"

ITEMS = [{"id": "i1", "title": "Route planner"}, {"id": "i2", "title": "Waste forecast"}]
ROOM = {
    "members": [],
    "rounds": [
        {"id": "r1", "kind": "design", "phase": "design", "items": ITEMS, "state": "closed"},
        {"id": "r2", "kind": "select", "phase": "select", "items": ITEMS, "state": "closed"},
    ],
    "contributions": [
        {
            "kind": "scores",
            "id": "c1",
            "round_id": "r1",
            "participant": "p-000001",
            "item_id": "i1",
            "feasibility": 4,
            "value": 5,
        },
        {
            "kind": "scores",
            "id": "c2",
            "round_id": "r1",
            "participant": "p-000002",
            "item_id": "i1",
            "feasibility": 2,
            "value": 5,
            "human_value": 3,
        },
        {"kind": "votes", "id": "c3", "round_id": "r2", "participant": "p-000001", "dots": {"i2": 3}},
        {
            "kind": "votes",
            "id": "c4",
            "round_id": "r2",
            "participant": "p-000002",
            "dots": {"i1": 1, "i2": 2},
        },
        {
            "kind": "votes",
            "id": "c5",
            "round_id": "r2",
            "participant": "p-000003",
            "dots": {"i1": 3},
            "removed": True,
        },
    ],
}


def test_a_version_4_file_gets_the_team_s_numbers_in_its_records(tmp_path: Path) -> None:
    v4 = {
        "id": SID,
        "schema_version": 4,
        "ideas": ITEMS,
        "evaluation": {"ideas": [{"idea_id": "i1", "feasibility": 3, "value": 4}]},
        "selection": {"idea_id": "i2", "rationale": "Most dots.", "confirmed_by_user": True},
        "team": ROOM,
    }
    (tmp_path / f"{SID}.json").write_text(json.dumps(v4), encoding="utf-8")
    store = SessionStore(tmp_path)
    session = store.load(SID)
    assert session.schema_version == SCHEMA_VERSION >= 5
    assert session.evaluation is not None and session.selection is not None
    (scores,) = session.evaluation.team_scores
    assert scores.idea_id == "i1" and scores.round_id == "r1" and scores.scorers == 2
    assert (scores.feasibility.mean, scores.feasibility.spread, scores.feasibility.count) == (3.0, 1.0, 2)
    assert (scores.human_value.mean, scores.human_value.count) == (3.0, 1)
    # The removed ballot does not count.
    assert [(v.idea_id, v.dots, v.voters) for v in session.selection.team_votes] == [
        ("i1", 1, 1),
        ("i2", 5, 2),
    ]
    store.save(session)
    saved = json.loads((tmp_path / f"{SID}.json").read_text())
    assert saved["schema_version"] == SCHEMA_VERSION and saved["selection"]["team_votes"][1]["dots"] == 5


def test_a_version_4_file_without_a_room_or_records_loads_unchanged(tmp_path: Path) -> None:
    (tmp_path / f"{SID}.json").write_text(json.dumps({"id": SID, "schema_version": 4}), encoding="utf-8")
    session = SessionStore(tmp_path).load(SID)
    assert session.evaluation is None and session.selection is None and session.team.rounds == []
