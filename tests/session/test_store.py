"""SessionStore against the real file system: atomicity, revisions, unknown fields, damaged files."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import get_args

import pytest
from pydantic import BaseModel

from sofia_nb.redact import REDACTED, is_secret_key
from sofia_nb.session import (
    SCHEMA_VERSION,
    BusinessContext,
    CorruptSessionError,
    Phase,
    SchemaVersionError,
    SessionNotFoundError,
    SessionStore,
    SessionWriteError,
    StaleSessionError,
    ToolCallRecord,
    UnreadableSessionError,
    WorkshopSession,
    new_session_id,
)
from sofia_nb.session._atomic import TMP_SUFFIX as _TMP_SUFFIX
from sofia_nb.session._holder import HOLDS_DIR
from sofia_nb.session._migrations import migrate
from tests.support.ascii_locale import run_in_ascii_locale

from ._support import record_fsyncs
from .factory import rich_session


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / "sessions")


def temp_files(root: Path) -> list[Path]:
    return [p for p in root.iterdir() if p.suffix == ".tmp"]


def session_folder_names(root: Path) -> list[str]:
    """The sessions folder's names, without the per-session lock and hold files (``.holds``)."""
    return sorted(p.name for p in root.iterdir() if p.name != HOLDS_DIR)


# --- crash safety -------------------------------------------------------------------------------

KILLS = 100
SAVER = Path(__file__).with_name("_saver.py")


class Savers:
    """Talks to ``_saver.py``, which forks the processes that get killed."""

    def __init__(self, root: Path, session_id: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(SAVER), str(root), session_id],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
        )
        self.live: int | None = None

    def _ask(self, command: str, timeout: float = 30) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{command}\n".encode())
        # A saver that cannot complete a save (a lock left by a killed one, say) fails here.
        assert select.select([self.proc.stdout], [], [], timeout)[0], f"no answer to {command!r}"
        return self.proc.stdout.readline().decode().strip()

    def start(self) -> int:
        self.live = int(self._ask("fork"))
        return self.live

    def reap(self) -> None:
        assert self._ask("reap") == "reaped"
        self.live = None

    def close(self) -> None:
        if self.live is not None:  # the test failed with a saver still running: never leave it behind
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.live, signal.SIGKILL)
        self.proc.kill()
        self.proc.wait()


def test_sigkill_at_random_moments_never_leaves_an_unreadable_session(store: SessionStore) -> None:
    session = rich_session()
    store.save(session)
    last_revision = session.revision
    rng = random.Random(20261202)
    savers = Savers(store.root, session.id)
    try:
        for kill in range(KILLS):
            pid = savers.start()
            time.sleep(rng.uniform(0, 0.05))
            os.kill(pid, signal.SIGKILL)
            savers.reap()
            loaded = store.load(session.id)  # raises if the kill left a torn file
            assert loaded.revision > last_revision, (
                f"kill {kill}: revision {last_revision} -> {loaded.revision}"
            )
            last_revision = loaded.revision
    finally:
        savers.close()

    # A clean save sweeps the temp files of killed writers; clean saves leave none of their own.
    survivor = store.load(session.id)
    for _ in range(3):
        survivor.add_turn(Phase.IDEATE, "assistant", "after the storm")
        store.save(survivor)
    assert temp_files(store.root) == []
    assert store.load(session.id).turns[-1].content == "after the storm"


def test_clean_saves_leave_no_temp_files(store: SessionStore) -> None:
    session = WorkshopSession()
    for n in range(5):
        session.add_turn(Phase.DISCOVER, "user", f"message {n}")
        store.save(session)
    assert temp_files(store.root) == []
    assert session_folder_names(store.root) == [f"{session.id}.json"]


# --- unknown fields -----------------------------------------------------------------------------


def test_unknown_fields_at_the_root_and_nested_survive_a_load_save(store: SessionStore) -> None:
    session = rich_session()
    store.save(session)
    path = store.path_for(session.id)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["x_facilitator_notes"] = {"mood": "good", "list": [1, 2, 3]}
    raw["business_context"]["x_region"] = "EMEA"
    raw["turns"][0]["x_rating"] = 5
    raw["poc"]["iterations"][1]["test_results"]["x_flaky"] = ["test_a"]
    path.write_text(json.dumps(raw), encoding="utf-8")

    loaded = store.load(session.id)
    loaded.name = "renamed"
    store.save(loaded)

    again = json.loads(path.read_text(encoding="utf-8"))
    assert again["name"] == "renamed"
    assert again["x_facilitator_notes"] == {"mood": "good", "list": [1, 2, 3]}
    assert again["business_context"]["x_region"] == "EMEA"
    assert again["turns"][0]["x_rating"] == 5
    assert again["poc"]["iterations"][1]["test_results"]["x_flaky"] == ["test_a"]


# --- damaged and foreign files ------------------------------------------------------------------


def test_a_truncated_file_is_a_clear_error_and_is_left_byte_identical(store: SessionStore) -> None:
    session = rich_session()
    store.save(session)
    path = store.path_for(session.id)
    truncated = path.read_bytes()[: path.stat().st_size // 2]
    path.write_bytes(truncated)

    with pytest.raises(CorruptSessionError) as caught:
        store.load(session.id)
    assert str(path) in str(caught.value)
    assert caught.value.path == path
    with pytest.raises(CorruptSessionError):
        store.save(session)  # saving over it is refused too
    assert path.read_bytes() == truncated


def test_a_file_failing_validation_names_the_field(store: SessionStore) -> None:
    session = rich_session()
    store.save(session)
    path = store.path_for(session.id)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["phase"] = "brainstorm"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(CorruptSessionError, match="phase") as caught:
        store.load(session.id)
    assert caught.value.path == path and str(caught.value).startswith(f"{path}: ")


def test_a_newer_schema_version_is_refused_and_untouched(store: SessionStore) -> None:
    session = rich_session()
    store.save(session)
    path = store.path_for(session.id)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["schema_version"] = 99
    path.write_text(json.dumps(raw), encoding="utf-8")
    before = path.read_bytes()

    with pytest.raises(SchemaVersionError, match="99") as caught:
        store.load(session.id)
    assert caught.value.found == 99
    assert str(caught.value) == (
        f"{path}: schema version 99 is newer than this sofia_nb supports ({SCHEMA_VERSION}); "
        "upgrade sofia_nb to open it"
    )
    with pytest.raises(SchemaVersionError):
        store.save(session)
    assert path.read_bytes() == before


def test_a_stale_copy_cannot_overwrite_a_newer_revision(store: SessionStore) -> None:
    store.save(rich_session())
    first = store.load("last")
    second = store.load("last")
    first.add_turn(Phase.PLAN, "user", "from kernel one")
    store.save(first)
    second.add_turn(Phase.PLAN, "user", "from kernel two")

    with pytest.raises(StaleSessionError) as caught:
        store.save(second)
    assert (caught.value.ours, caught.value.on_disk) == (second.revision, first.revision)
    assert store.load(first.id).turns[-1].content == "from kernel one"


def test_a_new_session_reusing_an_existing_id_is_refused(store: SessionStore) -> None:
    store.save(rich_session("20261201-090000-abcd"))
    with pytest.raises(StaleSessionError):
        store.save(WorkshopSession(id="20261201-090000-abcd"))
    assert store.load("20261201-090000-abcd").name == "Contoso claims"


# --- lookup and listing -------------------------------------------------------------------------


def test_last_is_the_most_recently_saved_session(store: SessionStore) -> None:
    with pytest.raises(SessionNotFoundError):
        store.load("last")
    ids = []
    for name in ("a", "b", "c"):
        session = WorkshopSession(name=name)
        store.save(session)
        ids.append(session.id)
    assert store.load("last").name == "c"
    older = store.load(ids[0])
    store.save(older)  # touching an old session makes it the newest
    assert store.load("last").id == ids[0]


def test_ids_have_the_documented_shape_and_sort_by_time() -> None:
    start = datetime(2026, 1, 31, 23, 59, 58, tzinfo=UTC)
    ids = [new_session_id(start + timedelta(seconds=n)) for n in range(5)]
    assert all(re.fullmatch(r"\d{8}-\d{6}-[0-9a-f]{4}", i) for i in ids)
    assert ids[0].startswith("20260131-235958-") and ids[-1].startswith("20260201-000002-")
    assert sorted(reversed(ids)) == ids
    same_second = {new_session_id(start) for _ in range(8)}
    assert len(same_second) > 1  # the suffix is random, not derived from the time


def test_list_skips_corrupt_and_newer_files_and_is_newest_first(store: SessionStore) -> None:
    for name in ("old", "new"):
        store.save(WorkshopSession(name=name))
    (store.root / "20200101-000000-dead.json").write_text('{"id": "x", "phase": ', encoding="utf-8")
    (store.root / "20200101-000000-beef.json").write_text('{"schema_version": 7}', encoding="utf-8")
    (store.root / "20200101-000000-f00d.json").write_text("[1, 2]", encoding="utf-8")
    assert [s.name for s in store.list()] == ["new", "old"]


def test_scan_reports_unreadable_files_with_their_error_and_leaves_them_byte_identical(
    store: SessionStore,
) -> None:
    good = WorkshopSession(name="good")
    store.save(good)
    corrupt = store.root / "20200101-000000-dead.json"
    corrupt.write_text('{"id": "x", "phase": ', encoding="utf-8")
    newer = store.root / "20200101-000000-beef.json"
    newer.write_text('{"schema_version": 7}', encoding="utf-8")
    before = {path: path.read_bytes() for path in (corrupt, newer)}

    scan = store.scan()

    assert [s.session_id for s in scan.sessions] == [good.id]
    assert [(u.path, u.session_id) for u in scan.unreadable] == [
        (str(newer), "20200101-000000-beef"),
        (str(corrupt), "20200101-000000-dead"),
    ]
    newer_error, corrupt_error = (u.error for u in scan.unreadable)
    assert newer_error.startswith(f"{newer}: schema version 7 is newer")
    assert corrupt_error.startswith(f"{corrupt}: not a valid session file (invalid JSON")
    assert {path: path.read_bytes() for path in (corrupt, newer)} == before
    assert session_folder_names(store.root) == sorted([f"{good.id}.json", corrupt.name, newer.name])


def test_a_file_that_is_not_utf8_is_reported_as_corrupt(store: SessionStore) -> None:
    path = store.root / "20200101-000000-0bad.json"
    store.root.mkdir(parents=True)
    path.write_bytes(b'{"name": "\xff\xfe"}')
    with pytest.raises(CorruptSessionError, match="not UTF-8"):
        store.load("20200101-000000-0bad")
    assert [u.session_id for u in store.scan().unreadable] == ["20200101-000000-0bad"]


def test_a_file_the_system_will_not_read_is_named_not_raised(store: SessionStore) -> None:
    store.save(WorkshopSession(name="good"))
    folder = store.root / "20200101-000000-d1r5.json"  # read_text fails with an OSError, also as root
    folder.mkdir()
    with pytest.raises(
        UnreadableSessionError, match=r"20200101-000000-d1r5\.json: cannot be read \(Is a directory\)"
    ):
        store.load("20200101-000000-d1r5")
    (unreadable,) = store.scan().unreadable
    assert unreadable.session_id == "20200101-000000-d1r5" and "cannot be read" in unreadable.error
    assert folder.is_dir()


def test_scan_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    scan = SessionStore(tmp_path / "nowhere").scan()
    assert (scan.sessions, scan.unreadable) == ([], [])
    assert not (tmp_path / "nowhere").exists()


def test_exists_and_delete(store: SessionStore) -> None:
    session = WorkshopSession()
    assert not store.exists(session.id)
    store.save(session)
    assert store.exists(session.id)
    store.delete(session.id)
    assert not store.exists(session.id)
    with pytest.raises(SessionNotFoundError):
        store.delete(session.id)


@pytest.mark.parametrize("bad", ["", "../escape", "a/b", ".hidden"])
def test_ids_that_would_leave_the_folder_are_refused(store: SessionStore, bad: str) -> None:
    with pytest.raises(SessionNotFoundError):
        store.load(bad)


def test_save_updates_the_callers_revision_and_time(store: SessionStore) -> None:
    session = WorkshopSession(business_context=BusinessContext(description="d"))
    before = session.updated_at
    store.save(session)
    store.save(session)
    assert session.revision == 2
    assert session.updated_at >= before
    assert store.load(session.id).revision == 2


def _fields(model: type[BaseModel]) -> Iterator[str]:
    for name, field in model.model_fields.items():
        yield name
        for arg in (field.annotation, *get_args(field.annotation)):
            for inner in (arg, *get_args(arg)):
                if isinstance(inner, type) and issubclass(inner, BaseModel):
                    yield from _fields(inner)


def test_no_session_field_is_named_like_a_secret() -> None:
    # Saves blank the values of secret-named keys; a typed field with such a name would make the
    # saved file fail validation on the next load.
    assert [name for name in _fields(WorkshopSession) if is_secret_key(name)] == []


# --- promises guarded by fault injection (a mutant cannot show a missing fsync) ---------------


def test_a_save_fsyncs_the_temp_file_and_then_the_folder(
    store: SessionStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced = record_fsyncs(monkeypatch)
    store.save(rich_session())
    assert [kind for kind, _ in synced] == ["file", "folder"]


def test_secrets_never_written_an_authorization_header_of_any_scheme(store: SessionStore) -> None:
    # "Basic" and "token" values have no token shape the redactor knows: only the key name catches them.
    values = ["Basic dXNlcjpwYXNzd29yZA==", "token 1234567890abcdef", "Digest username=x, response=y"]
    session = rich_session()
    for n, value in enumerate(values):
        session.tool_calls.append(
            ToolCallRecord(
                call_id=f"c{n}", server="api", tool="get", arguments={"headers": {"Authorization": value}}
            )
        )
    saved = json.loads(store.save(session).read_text(encoding="utf-8"))
    headers = [call["arguments"]["headers"]["Authorization"] for call in saved["tool_calls"][-len(values) :]]
    assert headers == [REDACTED] * len(values)


def test_a_version_1_file_loads_as_version_2_with_a_numeric_human_value_as_the_score(
    store: SessionStore,
) -> None:
    session = rich_session()
    store.save(session)
    path = store.path_for(session.id)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["schema_version"] = 1
    raw["business_context"].pop("company_name", None)
    raw["evaluation"] = {"ideas": [{"idea_id": "idea-1", "feasibility": 4, "value": 4, "human_value": 4}]}
    path.write_text(json.dumps(raw), encoding="utf-8")

    loaded = store.load(session.id)
    assert loaded.schema_version == SCHEMA_VERSION
    assert loaded.business_context is not None and loaded.business_context.company_name == ""
    assert loaded.evaluation is not None
    assert (loaded.evaluation.ideas[0].human_value_score, loaded.evaluation.ideas[0].human_value) == (4.0, "")


def test_a_file_without_schema_version_is_version_1_and_is_migrated() -> None:
    # Files written before the field existed carry no schema_version at all.
    data = {"evaluation": {"ideas": [{"idea_id": "idea-1", "human_value": 3}]}}
    migrated = migrate(data)
    assert migrated["schema_version"] == SCHEMA_VERSION
    idea = migrated["evaluation"]["ideas"][0]
    assert idea == {"idea_id": "idea-1", "human_value": "", "human_value_score": 3.0}


def test_a_current_document_passes_through_migration_unchanged() -> None:
    current = {
        "schema_version": SCHEMA_VERSION,
        "evaluation": {"ideas": [{"idea_id": "idea-1", "human_value": 3}]},
    }
    assert migrate(json.loads(json.dumps(current))) == current


@pytest.mark.parametrize("kept", ["high", True, None])
def test_a_version_1_human_value_that_is_not_a_number_is_kept(kept: object) -> None:
    data = {"schema_version": 1, "evaluation": {"ideas": [{"idea_id": "idea-1", "human_value": kept}]}}
    assert migrate(data)["evaluation"]["ideas"][0] == {"idea_id": "idea-1", "human_value": kept}


def test_not_found_errors_name_what_is_missing(store: SessionStore) -> None:
    with pytest.raises(SessionNotFoundError, match=f"^no sessions in {re.escape(str(store.root))}$"):
        store.load("last")
    gone = store.path_for("20261201-090000-gone")
    with pytest.raises(SessionNotFoundError, match=f"^no session file {re.escape(str(gone))}$"):
        store.delete("20261201-090000-gone")
    with pytest.raises(SessionNotFoundError, match=f"^no session file {re.escape(str(gone))}$"):
        store.load("20261201-090000-gone")


def test_scan_goes_on_past_a_file_that_vanished_before_it_was_read(store: SessionStore) -> None:
    # A dangling link is listed by the glob and gone when read, as a file deleted in between is.
    session = WorkshopSession()
    store.save(session)
    (store.root / "00000000-000000-gone.json").symlink_to(store.root / "nowhere.json")
    scan = store.scan()
    assert [s.session_id for s in scan.sessions] == [session.id]
    assert scan.unreadable == []


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b'{"name": "\xff\xfe"}', "not UTF-8 text at byte 10"),
        (b"[1, 2]", "the top level is not an object"),
        (b'{"schema_version": "2"}', "schema_version is '2', not an integer"),
    ],
)
def test_a_damaged_file_is_named_with_what_is_wrong(store: SessionStore, content: bytes, reason: str) -> None:
    store.root.mkdir(parents=True)
    path = store.root / "20200101-000000-0bad.json"
    path.write_bytes(content)
    with pytest.raises(CorruptSessionError) as caught:
        store.load("20200101-000000-0bad")
    assert (caught.value.path, caught.value.reason) == (path, reason)
    assert str(caught.value) == f"{path}: not a valid session file ({reason}); it was left untouched"


def test_a_file_without_schema_version_loads_as_version_1(store: SessionStore) -> None:
    session = rich_session()
    store.save(session)
    path = store.path_for(session.id)
    raw = json.loads(path.read_text(encoding="utf-8"))
    del raw["schema_version"]
    raw["evaluation"] = {"ideas": [{"idea_id": "idea-1", "feasibility": 4, "value": 4, "human_value": 3}]}
    path.write_text(json.dumps(raw), encoding="utf-8")
    loaded = store.load(session.id)
    assert loaded.evaluation is not None
    assert (loaded.schema_version, loaded.evaluation.ideas[0].human_value_score) == (SCHEMA_VERSION, 3.0)


@pytest.mark.parametrize("bad", ["", "../escape", "a/b", "a\\b", ".hidden"])
def test_ids_that_would_leave_the_folder_are_refused_by_name(store: SessionStore, bad: str) -> None:
    with pytest.raises(SessionNotFoundError, match=f"^not a valid session id: {re.escape(repr(bad))}$"):
        store.path_for(bad)


def test_the_default_folder_is_sessions_under_sofia_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOFIA_HOME", str(tmp_path / "home"))
    assert SessionStore().root == tmp_path / "home" / "sessions"
    assert SessionStore(tmp_path / "elsewhere").root == tmp_path / "elsewhere"


def test_the_file_is_pretty_utf8_json_ending_in_a_newline(store: SessionStore) -> None:
    session = WorkshopSession(name="Café Zürich")
    text = store.save(session).read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"
    assert '"name": "Café Zürich"' in text


def test_a_stale_copy_is_refused_naming_the_session(store: SessionStore) -> None:
    session = WorkshopSession()
    store.save(session)
    stale = session.model_copy()
    store.save(session)
    with pytest.raises(StaleSessionError) as caught:
        store.save(stale)
    assert caught.value.session_id == session.id


def test_the_temp_file_is_a_hidden_sibling_of_the_session_file(
    store: SessionStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # os.replace is only atomic within one file system: the temp file must sit in the same folder
    synced = record_fsyncs(monkeypatch)
    session = WorkshopSession()
    store.save(session)
    [temp] = [Path(path) for kind, path in synced if kind == "file"]
    assert temp.parent == store.root.resolve()
    assert temp.name.startswith(f".{session.id}.") and temp.name.endswith(".tmp")


def test_a_failed_replace_removes_the_temp_file_and_raises(
    store: SessionStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = WorkshopSession()
    store.save(session)

    def refuse(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(SessionWriteError, match="No space left on device"):
        store.save(session)
    assert temp_files(store.root) == []


def test_sessions_are_utf8_on_disk_whatever_the_locale(store: SessionStore) -> None:
    """A facilitator's "Café Σ" is saved and loaded as UTF-8 also where the locale is plain ASCII."""
    session = WorkshopSession(name="Caf\u00e9 \u03a3")
    store.save(session)
    child = run_in_ascii_locale(
        "from pathlib import Path\n"
        "from sofia_nb.session import SessionStore\n"
        f"store = SessionStore(Path({str(store.root)!r}))\n"
        f"loaded = store.load({session.id!r})\n"
        "assert loaded.name == 'Caf\\u00e9 \\u03a3', ascii(loaded.name)\n"
        "loaded.name = 'Z\\u00fcrich'\n"
        "store.save(loaded)\n"
    )
    assert child.returncode == 0, child.stderr
    assert store.path_for(session.id).read_bytes().decode("utf-8").count("Z\u00fcrich") == 1


def test_an_os_error_without_a_reason_is_named_by_its_type(
    store: SessionStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = WorkshopSession()
    store.save(session)

    real_open = os.open

    def refuse(path: object, *args: object, **kwargs: object) -> int:
        if str(path).endswith(".json"):
            raise PermissionError  # no errno, no strerror: as some file systems raise it
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(UnreadableSessionError, match=r"cannot be read \(PermissionError\)"):
        store.load(session.id)


def test_a_stale_temp_removed_by_someone_else_first_is_no_error(
    store: SessionStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = WorkshopSession()
    store.save(session)
    stale = store.root / f".{session.id}.json.dead{_TMP_SUFFIX}"
    stale.write_text("{", encoding="utf-8")
    unlink = Path.unlink

    def raced(self: Path, missing_ok: bool = False) -> None:
        if self.name == stale.name:
            unlink(self)
            raise FileNotFoundError(2, "No such file or directory", str(self))
        unlink(self, missing_ok)

    monkeypatch.setattr(Path, "unlink", raced)
    store.save(session)
    assert not stale.exists() and store.load(session.id).revision == session.revision


def test_a_failed_replace_whose_temp_is_already_gone_raises_the_replace_error(
    store: SessionStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = WorkshopSession()
    store.save(session)

    def half_done(src: str, dst: str) -> None:
        os.unlink(src)  # the rename went through on a network file system, and then reported failure
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", half_done)
    with pytest.raises(SessionWriteError, match="Input/output error"):
        store.save(session)
    assert temp_files(store.root) == []


def test_a_concurrent_save_never_slips_between_the_check_and_the_write(
    store: SessionStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two copies of one revision saved at the same moment: one wins, the other is refused. The first
    save is held just before its write; the second must wait for it (the lock covers check and write)
    and then find the newer revision. Were the write outside the lock, both would pass the check and
    the first write would silently drop the second's turn."""
    import threading

    from sofia_nb.session import _store

    store.save(WorkshopSession(id="20261201-090000-race"))
    first, second = store.load("20261201-090000-race"), store.load("20261201-090000-race")
    first.add_turn(Phase.DISCOVER, "user", "from the first kernel")
    second.add_turn(Phase.DISCOVER, "user", "from the second kernel")
    about_to_write, go_on = threading.Event(), threading.Event()
    real_write = _store.write_atomically

    def held_write(path: Path, text: str, **kwargs: bool) -> None:
        if threading.current_thread().name == "first":
            about_to_write.set()
            assert go_on.wait(30), "the test never released the first save"
        real_write(path, text, **kwargs)

    monkeypatch.setattr(_store, "write_atomically", held_write)
    outcomes: dict[str, str] = {}

    def save(name: str, session: WorkshopSession) -> None:
        try:
            store.save(session)
            outcomes[name] = "saved"
        except StaleSessionError:
            outcomes[name] = "stale"

    one = threading.Thread(target=save, args=("first", first), name="first")
    one.start()
    assert about_to_write.wait(30)
    two = threading.Thread(target=save, args=("second", second), name="second")
    two.start()
    two.join(1.0)  # with the lock held it cannot finish now; without it, it would have by far
    go_on.set()
    one.join(30)
    two.join(30)
    assert outcomes == {"first": "saved", "second": "stale"}
    assert [t.content for t in store.load(first.id).turns] == ["from the first kernel"]
