"""Session files from someone else (a cloned repository's ``.sofia/``): the id inside never becomes a
path, and a file that cannot be read is reported as that one file, never stopping the others."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

import pytest

from sofia_nb.session import (
    CorruptSessionError,
    SessionNotFoundError,
    SessionStore,
    UnreadableSessionError,
    WorkshopSession,
    is_safe_session_id,
)

from .factory import rich_session

A, B = "20260101-090000-aaaa", "20260101-090000-bbbb"


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / "sessions")


def plant(store: SessionStore, file_id: str, inner_id: object) -> Path:
    """A valid session saved as ``file_id``, then its inner id changed by hand."""
    store.save(rich_session(file_id))
    path = store.path_for(file_id)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["id"] = inner_id
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_session_whose_id_is_not_its_file_name_is_refused_naming_both(store: SessionStore) -> None:
    path = plant(store, A, B)  # a renamed copy, or a file made to point at another session's folders
    with pytest.raises(CorruptSessionError) as caught:
        store.load(A)
    assert caught.value.path == path
    assert f"its id {B!r} is not its file name {A!r}" in str(caught.value)
    assert f"renamed to {B}.json" in str(caught.value)
    [bad] = store.scan().unreadable
    assert (bad.session_id, bad.path) == (A, str(path))


@pytest.mark.parametrize(
    "inner",
    ["../canary", "/tmp/canary", "..", ".hidden", "a/b", "a\\b", "", "x" * 81, "-flag", 7, None, ["a"]],
)
def test_an_inner_id_that_is_not_a_session_id_is_refused(store: SessionStore, inner: object) -> None:
    plant(store, A, inner)
    with pytest.raises(CorruptSessionError, match="is not a session id"):
        store.load(A)


@pytest.mark.parametrize(
    ("value", "safe"),
    [
        ("20261201-090000-abcd", True),
        ("a", True),
        ("A.b_c-9", True),
        ("x" * 80, True),
        ("x" * 81, False),
        (".x", False),
        ("-x", False),
        ("_x", False),
        ("a b", False),
        ("a\n", False),
        ("é", False),
        ("", False),
        (None, False),
    ],
)
def test_the_safe_id_rule(value: object, safe: bool) -> None:
    assert is_safe_session_id(value) is safe
    if isinstance(value, str):
        refused = pytest.raises(SessionNotFoundError, match="not a valid session id")
        with refused if not safe else contextlib.nullcontext():
            SessionStore("/nonexistent").path_for(value)


def test_a_session_made_in_code_cannot_carry_an_unsafe_id() -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        WorkshopSession(id="../escape")


def hostile_files(root: Path) -> dict[str, str]:
    """One file of each kind that cannot be read, by stem, with a piece of the error it must get."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "20200101-000000-deep.json").write_text(
        '{"x": ' + "[" * 5_000 + "]" * 5_000 + "}", encoding="utf-8"
    )
    (root / "20200101-000000-brackets.json").write_text(
        '{"x": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8"
    )
    empty_turns = '{"id": "20200101-000000-turns", "turns": [' + ",".join(["{}"] * 200_000) + "]}"
    (root / "20200101-000000-turns.json").write_text(empty_turns, encoding="utf-8")
    padded = '{"id": "20200101-000000-items", "turns": [' + ",".join(["{}" + " " * 40] * 100_001) + "]}"
    (root / "20200101-000000-items.json").write_text(padded, encoding="utf-8")
    long_name = '{"id": "20200101-000000-string", "name": "' + "x" * 1_000_001 + '"}'
    (root / "20200101-000000-string.json").write_text(long_name, encoding="utf-8")
    with (root / "20200101-000000-big.json").open("wb") as big:
        big.truncate(48 * 1024 * 1024 + 1)  # sparse: costs no disk; one byte over MAX_SESSION_BYTES
    (root / "20200101-000000-moderate.json").write_text(
        '{"id": "20200101-000000-moderate", "x": ' + "[" * 500 + "]" * 500 + "}", encoding="utf-8"
    )
    (root / "20200101-000000-huge.json").write_text('{"revision": ' + "9" * 5000 + "}", encoding="utf-8")
    (root / "20200101-000000-utf8.json").write_bytes(b'{"name": "\xff"}')
    os.mkfifo(root / "20200101-000000-fifo.json")
    (root / "20200101-000000-folder.json").mkdir()
    (root / "20200101-000000-device.json").symlink_to("/dev/zero")  # reading it would never end
    return {
        "20200101-000000-deep": "nested more than 64 levels deep",
        "20200101-000000-brackets": "100,001 objects and lists in 200,007 characters, more than 10,000 plus",
        "20200101-000000-turns": "200,002 objects and lists in 600,043 characters, more than 10,000 plus",
        "20200101-000000-items": "a list of 100,001 items, more than 100,000",
        "20200101-000000-string": "a string of 1,000,001 characters, more than 1,000,000",
        "20200101-000000-big": "cannot be read (larger than 48 MB, the most such a file may hold)",
        "20200101-000000-moderate": "nested more than 64 levels deep",
        "20200101-000000-huge": "a value cannot be read: Exceeds the limit (4300 digits)",
        "20200101-000000-utf8": "not UTF-8 text at byte 10",
        "20200101-000000-fifo": "cannot be read (not a regular file but a FIFO)",
        "20200101-000000-folder": "cannot be read (Is a directory)",
        "20200101-000000-device": "cannot be read (not a regular file but a character device)",
    }


def test_every_unreadable_file_is_reported_as_itself_and_the_others_are_listed(store: SessionStore) -> None:
    expected = hostile_files(store.root)
    good = WorkshopSession(name="good")
    store.save(good)

    scan = store.scan()

    assert [s.session_id for s in scan.sessions] == [good.id]
    reported = {u.session_id: u.error for u in scan.unreadable}
    assert set(reported) == set(expected)
    for stem, piece in expected.items():
        assert reported[stem].startswith(str(store.root / f"{stem}.json")), reported[stem]
        assert piece in reported[stem], (stem, reported[stem])
    assert store.load("last").id == good.id
    for stem in expected:
        with pytest.raises((CorruptSessionError, UnreadableSessionError)):
            store.load(stem)
