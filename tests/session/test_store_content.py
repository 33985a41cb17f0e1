"""Which sessions hold anything (``has_content``), and how ``"last"`` chooses by it: a session a
page load or a stopped command made and left is never the one ``--session last`` opens while one
with the team's work exists. Each kind of content is tried alone, so each clause of the rule is held."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest

from sofia_nb.participants import Room
from sofia_nb.participants._room import AnswerIn
from sofia_nb.session import BusinessContext, Phase, SessionStore, Workflow, WorkshopSession
from sofia_nb.session._store import has_content

from .factory import T0


def _said_by_the_facilitator(s: WorkshopSession) -> None:
    s.add_turn(Phase.DISCOVER, "user", "We repair bicycles for couriers.")


def _a_contribution(s: WorkshopSession) -> None:
    room = Room()
    member, _ = room.join("Ana")
    opened = room.open_round("question", prompt="What slows you down?")
    room.contribute(member, AnswerIn(kind="answer", round_id=opened.id, text="spare parts"))
    s.team = room.snapshot()


CONTENT: dict[str, Callable[[WorkshopSession], None]] = {
    "a line of the facilitator's": _said_by_the_facilitator,
    "a business context": lambda s: setattr(s, "business_context", BusinessContext(company_name="Spoke")),
    "a workflow": lambda s: setattr(s, "workflow", Workflow()),
    "the team's contribution": _a_contribution,
    "a phase past Discover": lambda s: setattr(s, "phase", Phase.IDEATE),
}

NOTHING: dict[str, Callable[[WorkshopSession], None]] = {
    "opened and left": lambda s: None,
    "the product's kickoff cue": lambda s: s.add_turn(Phase.DISCOVER, "user", "Let's begin.", kickoff=True),
    "the model's greeting": lambda s: s.add_turn(Phase.DISCOVER, "assistant", "Welcome! Tell me about you."),
    "a member who joined and sent nothing": lambda s: setattr(s, "team", _joined_only()),
}


def _joined_only() -> object:
    room = Room()
    room.join("Ana")
    return room.snapshot()


@pytest.mark.parametrize("kind", list(CONTENT))
def test_each_kind_of_content_alone_makes_a_session_hold_something(kind: str) -> None:
    session = WorkshopSession(name="content")
    CONTENT[kind](session)
    assert has_content(session) is True


@pytest.mark.parametrize("kind", list(NOTHING))
def test_a_session_with_nothing_a_person_did_holds_nothing(kind: str) -> None:
    session = WorkshopSession(name="empty")
    NOTHING[kind](session)
    assert has_content(session) is False


def _saved(store: SessionStore, name: str, minutes: int, fill: Callable[[WorkshopSession], None]) -> str:
    session = WorkshopSession(name=name)
    fill(session)
    store.save(session)
    path = store.path_for(session.id)
    text = path.read_text(encoding="utf-8")  # date it by hand: a save stamps the time it happened
    stamp = (T0 + timedelta(minutes=minutes)).isoformat().replace("+00:00", "Z")
    saved = store.load(session.id).updated_at.isoformat().replace("+00:00", "Z")
    path.write_text(text.replace(saved, stamp), encoding="utf-8")
    assert store.load(session.id).updated_at == T0 + timedelta(minutes=minutes)
    return session.id


def test_last_is_the_newest_session_with_content_and_the_newest_of_all_when_none_has_any(
    tmp_path: Path,
) -> None:
    store = SessionStore(tmp_path / "sessions")
    empty_first = _saved(store, "page load", 1, NOTHING["opened and left"])
    assert store.resolve("last") == empty_first
    empty_newer = _saved(store, "another page load", 2, NOTHING["the product's kickoff cue"])
    assert store.resolve("last") == empty_newer  # none has content: the newest of all
    worked = _saved(store, "the workshop", 3, CONTENT["a line of the facilitator's"])
    _saved(store, "a page load after it", 4, NOTHING["the model's greeting"])
    assert store.resolve("last") == worked
    assert store.load("last").id == worked
    summaries = {s.session_id: s.has_content for s in store.list()}
    assert summaries[worked] is True and summaries[empty_newer] is False
    assert store.resolve(empty_first) == empty_first  # an id names itself
