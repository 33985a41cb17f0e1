"""Version 4: the session keeps the team in the room; a version-3 file gets an empty room."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sofia_nb.session import SCHEMA_VERSION, CorruptSessionError, SessionStore
from sofia_nb.session._migrations import migrate

SID = "20261204-200000-abcd"


def _write(tmp_path: Path, data: dict[str, object]) -> SessionStore:
    (tmp_path / f"{SID}.json").write_text(json.dumps({"id": SID, **data}), encoding="utf-8")
    return SessionStore(tmp_path)


def test_a_version_3_document_gets_an_empty_room() -> None:
    data = migrate({"schema_version": 3, "ideas": [{"id": "i1", "title": "Route planner"}]})
    assert data["schema_version"] == SCHEMA_VERSION
    room = {key: data["team"][key] for key in ("members", "rounds", "contributions")}  # v4's part
    assert room == {"members": [], "rounds": [], "contributions": []}
    assert data["ideas"] == [{"id": "i1", "title": "Route planner"}]


def test_a_version_3_file_loads_with_its_ideas_the_model_s(tmp_path: Path) -> None:
    store = _write(tmp_path, {"schema_version": 3, "ideas": [{"id": "i1", "title": "Route planner"}]})
    session = store.load(SID)
    assert session.schema_version == SCHEMA_VERSION
    assert session.team.rounds == [] and session.team.contributions == []
    assert session.ideas[0].from_team == ""
    store.save(session)
    assert json.loads((tmp_path / f"{SID}.json").read_text())["team"]["rounds"] == []


def test_a_stored_room_round_trips_with_its_contributions(tmp_path: Path) -> None:
    team = {
        "members": [{"id": "p-0a1b2c", "name": "Ana", "device": "0" * 64}],
        "rounds": [{"id": "r1", "kind": "select", "phase": "select", "items": [{"id": "i1", "title": "A"}]}],
        "contributions": [
            {"kind": "votes", "id": "c1", "round_id": "r1", "participant": "p-0a1b2c", "dots": {"i1": 3}}
        ],
    }
    store = _write(tmp_path, {"schema_version": 4, "team": team})
    session = store.load(SID)
    store.save(session)
    again = store.load(SID)
    assert again.team.contributions[0].model_dump()["dots"] == {"i1": 3}
    assert again.team.members[0].id == "p-0a1b2c"


def test_a_team_that_is_not_a_room_is_a_corrupt_session_named_as_such(tmp_path: Path) -> None:
    store = _write(tmp_path, {"schema_version": 4, "team": {"contributions": [{"kind": "shout"}]}})
    with pytest.raises(CorruptSessionError, match="team"):
        store.load(SID)
