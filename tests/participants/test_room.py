"""The room's rules: rounds, what each takes, the timer, the aggregate, and what a participant sees."""

from __future__ import annotations

import threading

import pytest

from sofia_nb.participants import Room, RoomRefusal
from sofia_nb.participants._room import AnswerIn, IdeaIn, ScoresIn, VotesIn, clean_text
from sofia_nb.session._team import RoundKind, TeamRoom

from ._support import FakeClock, roomy

IDEAS = [{"id": "idea-1", "title": "Route planner"}, {"id": "idea-2", "title": "Call summariser"}]


def idea(round_id: str, title: str, description: str = "") -> IdeaIn:
    return IdeaIn(kind="idea", round_id=round_id, title=title, description=description)


def scores(round_id: str, item: str, **given: int) -> ScoresIn:
    return ScoresIn(kind="scores", round_id=round_id, item_id=item, **given)


def votes(round_id: str, **dots: int) -> VotesIn:
    return VotesIn(kind="votes", round_id=round_id, dots=dots)


def test_each_round_takes_its_own_kind_of_entry() -> None:
    room = roomy()
    ana, _ = room.join("Ana")
    ideate = room.open_round("ideate", prompt="Where could AI help?")
    room.contribute(ana, idea(ideate.id, "Route planner"))
    with pytest.raises(RoomRefusal) as refused:
        room.contribute(ana, AnswerIn(kind="answer", round_id=ideate.id, text="an answer"))
    assert refused.value.kind == "wrong-kind"


def test_an_answer_to_a_round_that_is_over_is_refused() -> None:
    room = roomy()
    ana, _ = room.join()
    first = room.open_round("question", prompt="What slows you down?")
    room.open_round("ideate")
    with pytest.raises(RoomRefusal) as refused:
        room.contribute(ana, AnswerIn(kind="answer", round_id=first.id, text="late"))
    assert refused.value.kind in ("wrong-round", "wrong-kind")
    room.close_round()
    with pytest.raises(RoomRefusal) as closed:
        room.contribute(ana, idea("r2", "after the close"))
    assert closed.value.kind == "round-closed"


def test_the_timer_refuses_answers_once_it_has_run_out() -> None:
    clock = FakeClock()
    room = roomy(clock)
    ana, _ = room.join()
    opened = room.open_round("ideate", seconds=60)
    clock.advance(59)
    room.contribute(ana, idea(opened.id, "in time"))
    assert room.view_for(ana).round.seconds_left == 1  # type: ignore[union-attr]
    clock.advance(1)
    with pytest.raises(RoomRefusal) as refused:
        room.contribute(ana, idea(opened.id, "too late"))
    assert refused.value.kind == "time-up"
    room.set_timer(30)  # the facilitator gives more time
    room.contribute(ana, idea(opened.id, "with more time"))


def test_a_participant_has_a_set_number_of_dot_votes() -> None:
    room = roomy()
    ana, _ = room.join()
    opened = room.open_round("select", items=IDEAS, votes_per_person=3)
    with pytest.raises(RoomRefusal) as refused:
        room.contribute(ana, votes(opened.id, **{"idea-1": 3, "idea-2": 1}))
    assert refused.value.kind == "too-many-votes"
    with pytest.raises(RoomRefusal) as unknown:
        room.contribute(ana, votes(opened.id, **{"idea-9": 1}))
    assert unknown.value.kind == "unknown-item"
    first = room.contribute(ana, votes(opened.id, **{"idea-1": 2, "idea-2": 1}))
    again = room.contribute(ana, votes(opened.id, **{"idea-2": 3}))  # a change of mind replaces the ballot
    assert first == again
    tally = {v.item_id: (v.dots, v.voters) for v in room.results().votes}  # type: ignore[union-attr]
    assert tally == {"idea-1": (0, 0), "idea-2": (3, 1)}


def test_scores_aggregate_as_mean_spread_and_count_per_idea_and_criterion() -> None:
    room = roomy()
    people = [room.join(n)[0] for n in ("Ana", "Ben", "Caro")]
    opened = room.open_round("design", items=IDEAS)
    for person, (f, v) in zip(people, [(2, 5), (4, 5), (3, 2)], strict=True):
        room.contribute(person, scores(opened.id, "idea-1", feasibility=f, value=v))
    room.contribute(people[0], scores(opened.id, "idea-1", human_value=4))  # adds to Ana's scores
    first = room.results().scores[0]  # type: ignore[union-attr]
    assert first.item_id == "idea-1" and first.scorers == 3
    assert first.criteria["feasibility"].model_dump() == {"mean": 3.0, "spread": 0.82, "count": 3}
    assert first.criteria["value"].model_dump() == {"mean": 4.0, "spread": 1.41, "count": 3}
    assert first.criteria["human_value"].model_dump() == {"mean": 4.0, "spread": 0.0, "count": 1}
    assert room.results().scores[1].criteria["value"].count == 0  # type: ignore[union-attr]


def test_a_removed_entry_no_longer_counts_but_stays_in_the_record_marked() -> None:
    room = roomy()
    ana, _ = room.join()
    opened = room.open_round("ideate")
    kept = room.contribute(ana, idea(opened.id, "Route planner"))
    dropped = room.contribute(ana, idea(opened.id, "buy more coffee"))
    room.remove(dropped)
    assert [i.id for i in room.results().ideas] == [kept]  # type: ignore[union-attr]
    assert [c.removed for c in room.snapshot().contributions] == [False, True]
    assert [i["id"] for i in room.view_for(ana).mine.ideas] == [kept]  # type: ignore[union-attr]
    with pytest.raises(RoomRefusal):
        room.remove("c99")


def test_a_participant_sees_only_their_own_entries_until_the_facilitator_reveals() -> None:
    room = roomy()
    ana, _ = room.join("Ana")
    ben, _ = room.join("Ben")
    opened = room.open_round("ideate")
    room.contribute(ana, idea(opened.id, "Ana's idea"))
    room.contribute(ben, idea(opened.id, "Ben's idea"))
    hidden = room.view_for(ben).model_dump_json()
    assert "Ana's idea" not in hidden and "Ana" not in hidden and ana.id not in hidden
    room.reveal()
    shown = room.view_for(ben)
    assert [i.title for i in shown.results.ideas] == ["Ana's idea", "Ben's idea"]  # type: ignore[union-attr]
    assert "Ana" not in shown.results.model_dump_json().replace("Ana's idea", "")  # type: ignore[union-attr]
    assert ana.id not in shown.model_dump_json()


def test_a_reconnecting_device_is_the_same_participant_with_its_votes() -> None:
    room = roomy()
    ana, secret = room.join("Ana")
    opened = room.open_round("select", items=IDEAS, votes_per_person=3)
    room.contribute(ana, votes(opened.id, **{"idea-1": 2}))
    again, same_secret = room.join("", secret)
    assert again.id == ana.id and same_secret == secret and again.name == "Ana"
    assert room.view_for(room.member_for(secret)).mine.dots == {"idea-1": 2}  # type: ignore[union-attr]
    assert len(room.snapshot().members) == 1


def test_a_restored_room_recognises_its_devices_and_keeps_counting() -> None:
    room = roomy()
    ana, secret = room.join("Ana")
    opened = room.open_round("select", items=IDEAS)
    room.contribute(ana, votes(opened.id, **{"idea-2": 1}))
    stored = TeamRoom.model_validate_json(room.snapshot().model_dump_json())
    restored = Room(stored, clock=FakeClock())
    member = restored.member_for(secret)
    assert member is not None and member.id == ana.id
    assert restored.view_for(member).mine.dots == {"idea-2": 1}  # type: ignore[union-attr]
    assert restored.open_round("question").id == "r2"


def test_joining_can_be_closed_while_members_go_on() -> None:
    room = roomy()
    ana, secret = room.join()
    room.set_joining(False)
    with pytest.raises(RoomRefusal) as refused:
        room.join("late")
    assert refused.value.kind == "joining-closed"
    assert room.join("", secret)[0].id == ana.id
    opened = room.open_round("question")
    room.contribute(ana, AnswerIn(kind="answer", round_id=opened.id, text="still here"))


def test_entries_per_round_are_limited_per_participant() -> None:
    room = roomy(entries_per_member=2)
    ana, _ = room.join()
    opened = room.open_round("ideate")
    room.contribute(ana, idea(opened.id, "one"))
    room.contribute(ana, idea(opened.id, "two"))
    with pytest.raises(RoomRefusal) as refused:
        room.contribute(ana, idea(opened.id, "three"))
    assert refused.value.kind == "too-many"


def test_text_loses_control_characters_and_bidi_overrides_and_stays_otherwise_as_typed() -> None:
    typed = "\x1b]52;c;aGk=\x07<b>bold</b>\u202eevil\r\nnext line\x00"
    assert clean_text(typed, one_line=False) == "]52;c;aGk=<b>bold</b>evil\nnext line"
    assert clean_text("a\n\n  b\tc", one_line=True) == "a b c"


def test_design_and_select_rounds_need_the_ideas() -> None:
    room = roomy()
    with pytest.raises(ValueError, match="ideas"):
        room.open_round(RoundKind.DESIGN)
    with pytest.raises(ValueError, match="share an id"):
        room.open_round("select", items=[IDEAS[0], IDEAS[0]])


def test_listeners_hear_every_change_outside_the_lock() -> None:
    room = roomy()
    heard: list[int] = []

    def listener() -> None:
        # a listener that reads the room from another thread must not deadlock on its lock
        reader = threading.Thread(target=lambda: heard.append(room.counts()["members"]))
        reader.start()
        reader.join(5)
        assert not reader.is_alive()

    room.subscribe(listener)
    room.join()
    room.open_round("question")
    assert heard == [1, 1]
