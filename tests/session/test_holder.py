"""One holder at a time (issue 43, item 4): a run holds its session for the whole run; a second
opener is told who holds it and since when; a dead holder's hold is taken over silently; a live
one's only on request, and the first holder is then told at its next save with its words kept."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from sofia_nb.session import (
    HoldLostError,
    Phase,
    SessionHeldError,
    SessionStore,
    WorkshopSession,
    _holder,
)

from ._support import holder_record

HOLDING = [sys.executable, "-m", "tests.session._holding"]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / "sessions")


@pytest.fixture
def session(store: SessionStore) -> WorkshopSession:
    s = WorkshopSession(name="held")
    store.save(s)
    return s


@pytest.fixture
def holding(store: SessionStore, session: WorkshopSession) -> Iterator[subprocess.Popen[str]]:
    """Another process holding ``session``, saving a turn per line it is sent."""
    child = subprocess.Popen(
        [*HOLDING, str(store.root), session.id],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline() == "held\n"
    yield child
    if child.poll() is None:
        child.kill()
    child.wait()


def test_a_second_opener_is_told_who_holds_the_session_and_since_when(
    store: SessionStore, session: WorkshopSession, holding: subprocess.Popen[str]
) -> None:
    with pytest.raises(SessionHeldError) as caught:
        store.hold(session.id, "notebook")
    holder = caught.value.holder
    assert (holder.pid, holder.host, holder.face) == (holding.pid, socket.gethostname(), "workshop")
    since = holder.started_at.strftime("%Y-%m-%d %H:%M UTC")
    assert str(caught.value) == (
        f"session {session.id} is held by the workshop in process {holding.pid} on "
        f"{socket.gethostname()}, since {since}"
    )
    assert store.holder(session.id) == holder


def test_a_session_a_live_run_holds_refuses_anothers_save_and_can_still_be_read(
    store: SessionStore, session: WorkshopSession, holding: subprocess.Popen[str]
) -> None:
    session.add_turn(Phase.DISCOVER, "user", "from a stranger")
    with pytest.raises(SessionHeldError):
        store.save(session)
    assert store.load(session.id).turns == []  # watching read-only: loading never needs the hold


def test_a_holder_killed_with_sigkill_is_gone_and_its_hold_is_taken_without_asking(
    store: SessionStore, session: WorkshopSession, holding: subprocess.Popen[str]
) -> None:
    holding.send_signal(signal.SIGKILL)
    holding.wait()
    assert store.holder(session.id) is None  # status: nobody runs it
    with store.hold(session.id, "workshop") as hold:
        assert store.holder(session.id) == hold.holder
        store.save(session)
    assert store.holder(session.id) is None


def test_a_holder_on_a_lost_machine_is_gone_once_its_heartbeat_is_stale(
    store: SessionStore, session: WorkshopSession
) -> None:
    fresh = holder_record(store, session.id, host="laptop-elsewhere", pid=1)
    assert store.holder(session.id) == fresh
    with pytest.raises(SessionHeldError, match="laptop-elsewhere"):
        store.hold(session.id, "workshop")
    old = datetime.now(UTC) - timedelta(seconds=_holder.STALE_AFTER_S + 1)
    holder_record(store, session.id, host="laptop-elsewhere", pid=1, heartbeat_at=old)
    assert store.holder(session.id) is None
    store.hold(session.id, "workshop").release()


def test_a_reused_pid_does_not_pass_for_the_holder(store: SessionStore, session: WorkshopSession) -> None:
    parent = os.getppid()  # a live process that is not the holder that wrote the record
    holder_record(store, session.id, pid=parent, process_start="1")
    assert store.holder(session.id) is None
    holder_record(store, session.id, pid=parent, process_start=_holder._process_start(parent))
    assert store.holder(session.id) is not None


def test_a_taken_over_holder_is_told_at_its_next_save_and_its_words_are_kept_aside(
    store: SessionStore, session: WorkshopSession
) -> None:
    first = store.hold(session.id, "workshop")
    second_store = SessionStore(store.root)  # in one process a second hold takes over (a cell run again)
    second = second_store.hold(session.id, "voila")
    watched = second_store.load(session.id)
    session.add_turn(Phase.DISCOVER, "user", "the words the first terminal typed")
    with pytest.raises(HoldLostError) as caught:
        store.save(session)
    assert first.lost and caught.value.by == second.holder
    assert "taken over by the Voilà app in process" in str(caught.value)
    aside = caught.value.aside
    assert aside is not None and aside.parent == store.root / ".aside"
    kept = json.loads(aside.read_text(encoding="utf-8"))
    assert kept["turns"][-1]["content"] == "the words the first terminal typed"
    assert store.load(session.id).revision == watched.revision  # nothing written over the new holder's
    with pytest.raises(HoldLostError):
        first.check()
    first.release()  # the first run ends: the second keeps its hold
    assert store.holder(session.id) == second.holder
    watched.add_turn(Phase.DISCOVER, "user", "the new holder goes on")
    second_store.save(watched)
    assert [s.session_id for s in store.scan().sessions] == [session.id]  # the aside copy is not listed
    second.release()


def test_a_run_in_another_process_is_told_when_its_hold_is_taken_over(
    store: SessionStore, session: WorkshopSession, holding: subprocess.Popen[str]
) -> None:
    assert holding.stdin is not None and holding.stdout is not None
    holding.stdin.write("before\n")
    holding.stdin.flush()
    assert holding.stdout.readline() == "saved\n"
    with store.hold(session.id, "workshop", take_over=True):
        holding.stdin.write("after the take-over\n")
        holding.stdin.flush()
        told = holding.stdout.readline()
        assert told.startswith(
            f"HoldLostError: session {session.id} was taken over by the workshop in process {os.getpid()}"
        )
        assert [t.content for t in store.load(session.id).turns] == ["before"]
        (aside,) = (store.root / ".aside").iterdir()
        assert [t["content"] for t in json.loads(aside.read_text(encoding="utf-8"))["turns"]] == [
            "before",
            "after the take-over",
        ]
        holding.stdin.close()
        holding.wait()
        assert store.holder(session.id) is not None  # the first run's release left the new hold alone


def test_status_never_waits_for_a_lock(
    store: SessionStore, session: WorkshopSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    hold = store.hold(session.id, "workshop")

    def no_lock(*args: object) -> None:
        raise AssertionError("a reader took a lock")

    monkeypatch.setattr(fcntl, "flock", no_lock)
    assert store.holder(session.id) == hold.holder
    assert store.load(session.id).id == session.id
    assert [s.session_id for s in store.scan().sessions] == [session.id]
    monkeypatch.undo()
    hold.release()


def test_a_record_that_is_not_one_holds_nothing(store: SessionStore, session: WorkshopSession) -> None:
    files = _holder._Files(store.root, session.id)
    files.folder.mkdir(parents=True, exist_ok=True)
    files.record.write_text("{not json", encoding="utf-8")
    assert store.holder(session.id) is None
    store.hold(session.id, "workshop").release()
    assert not files.record.exists()


def test_the_heartbeat_keeps_a_hold_fresh_until_it_is_taken_over(
    store: SessionStore, session: WorkshopSession
) -> None:
    files = _holder._Files(store.root, session.id)
    hold = store.hold(session.id, "workshop")
    assert hold._beat.is_alive()
    first = hold.holder.heartbeat_at
    assert hold.beat()
    record = files.read()
    assert record is not None and record.token == hold.holder.token and record.heartbeat_at > first
    other = SessionStore(store.root).hold(session.id, "dev", take_over=True)
    assert not hold.beat() and hold.lost
    assert files.read() == other.holder  # a beat never writes over the new holder
    hold.release()
    other.release()
    assert not hold._beat.is_alive() and files.read() is None
