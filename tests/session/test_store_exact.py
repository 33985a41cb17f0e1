"""The session store's smaller promises, read exactly (issue 45 item 5): the copy a taken-over run
keeps aside, the words that name a bad file, a delete while another run holds the session, and
the numbers a listing shows."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sofia_nb.session import (
    CorruptSessionError,
    HoldLostError,
    Phase,
    SessionHeldError,
    SessionStore,
    UnreadableSessionError,
    Usage,
    WorkshopSession,
    _holder,
)
from sofia_nb.session._store import _file_kind

from ._support import holder_record, record_fsyncs

KEY = "sk-proj-" + "Zq9" * 16  # the shape of an OpenAI key


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / "sessions")


def _taken_over(store: SessionStore, words: str) -> WorkshopSession:
    """A session this store holds, taken over by a second store, with ``words`` not yet saved."""
    session = WorkshopSession(name="Ünïcode café")
    store.save(session)
    store.hold(session.id, "workshop")
    SessionStore(store.root).hold(session.id, "voila")
    session.add_turn(Phase.DISCOVER, "user", words)
    return session


def test_the_aside_copy_is_named_by_its_session_written_whole_durable_and_redacted(
    store: SessionStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _taken_over(store, f"our key is {KEY}")
    synced = record_fsyncs(monkeypatch)
    with pytest.raises(HoldLostError) as caught:
        store.save(session)
    aside = caught.value.aside
    assert aside is not None and aside.parent == store.root / ".aside"
    assert aside.name.startswith(f"{session.id}.") and aside.suffix == ".json"
    text = aside.read_text(encoding="utf-8")
    assert (
        text.endswith("}\n") and '\n  "name": "Ünïcode café",\n' in text
    )  # indented like the file, not escaped
    kept = json.loads(text)
    assert kept["turns"][-1]["content"] == "our key is [REDACTED]" and KEY not in text
    assert ("file", str(aside)) not in synced  # it was fsynced as its temp file, before the rename
    assert ("folder", str(aside.parent)) in synced, "the aside copy's folder was not fsynced"
    assert any(kind == "file" and path.startswith(f"{aside.parent}/.{aside.name}.") for kind, path in synced)
    assert str(aside) in str(caught.value)


def test_a_second_taken_over_save_is_kept_aside_beside_the_first(store: SessionStore) -> None:
    session = _taken_over(store, "first words")
    with pytest.raises(HoldLostError) as first:
        store.save(session)
    session.add_turn(Phase.DISCOVER, "user", "second words")
    with pytest.raises(HoldLostError) as second:
        store.save(session)
    assert first.value.aside is not None and second.value.aside is not None
    assert first.value.aside != second.value.aside and second.value.aside.parent == first.value.aside.parent
    kept = json.loads(second.value.aside.read_text(encoding="utf-8"))
    assert kept["turns"][-1]["content"] == "second words"


def test_a_taken_over_run_that_cannot_write_aside_is_told_so_without_a_path(store: SessionStore) -> None:
    session = _taken_over(store, "words with nowhere to go")
    (store.root / ".aside").write_text("a file where the folder goes", encoding="utf-8")
    with pytest.raises(HoldLostError) as caught:
        store.save(session)
    assert caught.value.aside is None


def _refused_id(store: SessionStore, stored: object, schema_version: object = 6) -> str:
    store.root.mkdir(parents=True, exist_ok=True)
    path = store.root / "20261201-090000-bad.json"
    path.write_text(json.dumps({"schema_version": schema_version, "id": stored}), encoding="utf-8")
    with pytest.raises(CorruptSessionError) as caught:
        store.load(path.stem)
    return str(caught.value)


@pytest.mark.parametrize(
    ("stored", "shown"),
    [
        ("../" + "x" * 55, repr("../" + "x" * 55)),  # 60 characters with its quotes: shown whole
        ("../" + "y " * 28, repr("../" + "y " * 28)[:57] + "..."),  # 61: cut to 57 and marked
        (12345, "12345"),
        (None, "None"),
    ],
)
def test_an_id_that_is_not_one_is_named_and_a_long_one_cut(
    store: SessionStore, stored: object, shown: str
) -> None:
    message = _refused_id(store, stored)
    assert message.startswith(f"{store.root / '20261201-090000-bad.json'}: not a valid session file (")
    assert f"its id {shown} is not a session id (" in message


REFUSALS = {
    "open, permission": ("open", PermissionError(13, "Permission denied"), "Permission denied"),
    "open, no words": ("open", OSError(), "OSError"),
    "fstat, a failing disk": ("fstat", OSError(5, "Input/output error"), "Input/output error"),
    "fstat, no words": ("fstat", OSError(), "OSError"),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_a_file_the_system_will_not_read_is_named_with_the_systems_words(
    store: SessionStore, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    """Root reads any file, and a disk seldom fails on cue: the system call's refusal is put in
    by hand, at the open and once the file is open."""
    call, error, said = REFUSALS[case]
    session = WorkshopSession(name="refused")
    store.save(session)
    path = store.path_for(session.id)
    real = getattr(os, call)

    def refusing(target: object, *args: object, **kwargs: object) -> object:
        named = os.readlink(f"/proc/self/fd/{target}") if isinstance(target, int) else str(target)
        if named == str(path):
            raise error
        return real(target, *args, **kwargs)

    monkeypatch.setattr(os, call, refusing)
    with pytest.raises(UnreadableSessionError) as caught:
        store.load(session.id)
    assert str(caught.value).startswith(f"{path}: cannot be read ({said})")


def test_each_kind_of_special_file_has_its_name() -> None:
    """A FIFO and a device named ``*.json`` are refused by name in tests/session/test_hostile_files.py;
    a socket cannot even be opened (ENXIO), and a block device needs root to make."""
    assert _file_kind(stat.S_IFIFO) == "a FIFO"
    assert _file_kind(stat.S_IFSOCK) == "a socket"
    assert _file_kind(stat.S_IFCHR) == "a character device"
    assert _file_kind(stat.S_IFBLK) == "a special file"


@pytest.fixture
def another_run() -> Iterator[subprocess.Popen[bytes]]:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield child
    child.kill()
    child.wait()


def test_a_session_another_live_run_holds_is_not_deleted(
    store: SessionStore, another_run: subprocess.Popen[bytes]
) -> None:
    session = WorkshopSession(name="held elsewhere")
    store.save(session)
    holder_record(
        store, session.id, pid=another_run.pid, process_start=_holder._process_start(another_run.pid)
    )
    with pytest.raises(SessionHeldError):
        store.delete(session.id)
    assert store.exists(session.id)
    another_run.kill()
    another_run.wait()
    store.delete(session.id)  # its holder is gone: the hold is nobody's
    assert not store.exists(session.id)


def test_a_listing_shows_each_session_s_numbers(store: SessionStore) -> None:
    session = WorkshopSession(name="counted")
    session.tokens.add(Phase.DISCOVER, Usage(input_tokens=1200, output_tokens=340, cost_usd=0.0123))
    store.save(session)
    (summary,) = store.list()
    assert (summary.session_id, summary.name, summary.phase, summary.status) == (
        session.id,
        "counted",
        session.phase,
        session.status,
    )
    assert (summary.input_tokens, summary.output_tokens, summary.cost_usd) == (1200, 340, 0.0123)
    assert summary.updated_at == store.load(session.id).updated_at
