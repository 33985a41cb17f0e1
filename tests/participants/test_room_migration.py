"""Version 6: the room remembers whether joining is open and which members were removed; a
version-5 file's room is open (as it was whenever served) and has removed no one."""

from __future__ import annotations

import json
from pathlib import Path

from sofia_nb.participants import Room
from sofia_nb.session import SCHEMA_VERSION, SessionStore

SID = "20261206-003000-abcd"


def test_a_version_5_room_is_open_with_every_member_in_and_closing_it_is_kept(tmp_path: Path) -> None:
    member = {"id": "p-000001", "name": "Ana", "device": "ab" * 32, "joined_at": "2026-12-05T10:00:00Z"}
    v5 = {"id": SID, "schema_version": 5, "team": {"members": [member], "rounds": [], "contributions": []}}
    (tmp_path / f"{SID}.json").write_text(json.dumps(v5), encoding="utf-8")
    store = SessionStore(tmp_path)
    session = store.load(SID)
    assert session.schema_version == SCHEMA_VERSION >= 6
    assert session.team.joining_open and not session.team.members[0].removed
    room = Room(session.team)
    room.set_joining(False)
    room.remove_member("p-000001")
    session.team = room.snapshot()
    store.save(session)
    saved = json.loads((tmp_path / f"{SID}.json").read_text())["team"]
    assert saved["joining_open"] is False and saved["members"][0]["removed"] is True
    assert not Room(store.load(SID).team).joining_open


def test_a_version_5_file_without_a_room_loads(tmp_path: Path) -> None:
    (tmp_path / f"{SID}.json").write_text(json.dumps({"id": SID, "schema_version": 5}), encoding="utf-8")
    session = SessionStore(tmp_path).load(SID)
    assert session.team.joining_open and session.team.members == []
