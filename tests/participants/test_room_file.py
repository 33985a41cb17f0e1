"""A room file replays the team's input through the room's own rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from sofia_nb.participants import Replay, RoomFileError, RoomScript
from sofia_nb.session import Phase

from ._support import roomy

ROOM_FILE = """
members:
  - {id: ana, name: Ana}
  - {id: ben}
rounds:
  - kind: ideate
    ideas:
      - {by: ana, title: Shift handover notes, description: "Drafted from the ward's log"}
      - {by: ben, title: "<img src=x onerror=alert(1)>"}
  - kind: design
    scores:
      - {by: ana, item: shift handover notes, feasibility: 4, value: 5, human_value: 4}
      - {by: ben, item: idea-2, feasibility: 2, value: 3}
  - kind: select
    phase: select
    votes:
      - {by: ana, dots: {Shift handover notes: 2, idea-2: 1}}
      - {by: ben, dots: {idea-2: 3}}
"""

IDEAS = [{"id": "idea-1", "title": "Shift handover notes"}, {"id": "idea-2", "title": "Bed finder"}]


def script_file(tmp_path: Path, text: str = ROOM_FILE, name: str = "room.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_room_file_replays_ideas_scores_and_votes_as_rounds_open(tmp_path: Path) -> None:
    room = roomy()
    replay = Replay(room, RoomScript.from_file(script_file(tmp_path)))
    assert len(room.snapshot().members) == 2
    assert replay.play(room.open_round("question")) == []  # the file has no question round
    ideate = room.open_round("ideate")
    assert len(replay.play(ideate)) == 2
    assert [i.title for i in room.results().ideas] == ["Shift handover notes", "<img src=x onerror=alert(1)>"]  # type: ignore[union-attr]
    replay.play(room.open_round("design", items=IDEAS))
    first = room.results().scores[0]  # type: ignore[union-attr]
    assert (first.item_id, first.criteria["value"].mean) == ("idea-1", 5.0)
    assert replay.play(room.open_round("select", items=IDEAS, phase=Phase.DESIGN)) == []  # wrong phase
    replay.play(room.open_round("select", items=IDEAS, phase=Phase.SELECT))
    tally = {v.item_id: v.dots for v in room.results().votes}  # type: ignore[union-attr]
    assert tally == {"idea-1": 2, "idea-2": 4}
    assert replay.play(room.open_round("select", items=IDEAS, phase=Phase.SELECT)) == []  # played once


def test_a_room_file_entry_the_room_refuses_is_named(tmp_path: Path) -> None:
    room = roomy()
    text = ROOM_FILE.replace("{idea-2: 3}", "{idea-2: 4}")
    replay = Replay(room, RoomScript.from_file(script_file(tmp_path, text)))
    replay.play(room.open_round("ideate"))
    replay.play(room.open_round("design", items=IDEAS))
    with pytest.raises(RoomFileError, match=r"rounds\.2 \(select\), ben: 3 votes each"):
        replay.play(room.open_round("select", items=IDEAS, phase=Phase.SELECT))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("members: [{id: ana}]\nrounds: [{kind: vote}]", "rounds.0.kind"),
        (
            "members: [{id: ana}]\nrounds: [{kind: ideate, ideas: [{by: zoe, title: x}]}]",
            "'zoe' is not among",
        ),
        ("members: [{id: ana}, {id: ana}]", "share an id"),
        ("members: [{id: ana}]\nrounds: [{kind: design, scores: [{by: ana, item: x, value: 9}]}]", "value"),
        ("surprise: 1", "surprise"),
        ("members: [\n", "does not parse"),
    ],
)
def test_a_bad_room_file_says_which_file_and_which_key(tmp_path: Path, text: str, message: str) -> None:
    path = script_file(tmp_path, text)
    with pytest.raises(RoomFileError) as bad:
        RoomScript.from_file(path)
    assert message in str(bad.value) and str(path) in str(bad.value)


def test_a_json_room_file_reads_the_same(tmp_path: Path) -> None:
    path = script_file(tmp_path, '{"members": [{"id": "ana"}], "rounds": []}', "room.json")
    assert RoomScript.from_file(path).members[0].id == "ana"
