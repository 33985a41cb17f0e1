"""Version 6, the lifecycle's part (issue 43): one name for a session that ended badly (``failed``;
a version-5 ``errored`` becomes it), and ``run_settings`` (how the session was run), null in a
version-5 file. Also ``last``: the newest session with content."""

from __future__ import annotations

import json
from pathlib import Path

from sofia_nb.session import SCHEMA_VERSION, Phase, SessionStatus, SessionStore, WorkshopSession

from .factory import rich_session


def _version_5(store: SessionStore, session: WorkshopSession, **fields: object) -> None:
    data = session.model_dump(mode="json", exclude={"run_settings"})
    data.update(schema_version=5, **fields)
    store.root.mkdir(parents=True, exist_ok=True)
    store.path_for(session.id).write_text(json.dumps(data), encoding="utf-8")


def test_a_version_5_errored_session_is_failed_and_did_not_record_how_it_was_run(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    session = rich_session()
    _version_5(store, session, status="errored")
    loaded = store.load(session.id)
    assert loaded.schema_version == SCHEMA_VERSION
    assert loaded.status == SessionStatus.FAILED and loaded.run_settings is None
    assert loaded.turns == session.turns and loaded.plan == session.plan  # nothing else changed
    store.save(loaded)
    assert json.loads(store.path_for(session.id).read_text(encoding="utf-8"))["status"] == "failed"


def test_a_version_5_paused_session_keeps_its_status(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    session = rich_session()
    _version_5(store, session, status="paused")
    assert store.load(session.id).status == SessionStatus.PAUSED


def test_last_is_the_newest_session_with_content(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    worked = WorkshopSession(name="worked")
    worked.add_turn(Phase.DISCOVER, "user", "We bake bread.")
    store.save(worked)
    opened = WorkshopSession(name="opened and left")  # a page loaded: the model's opening only
    opened.add_turn(Phase.DISCOVER, "user", "(kickoff)", kickoff=True)
    opened.add_turn(Phase.DISCOVER, "assistant", "Welcome.")
    store.save(opened)
    assert store.resolve("last") == worked.id and store.load("last").id == worked.id
    store.delete(worked.id)
    assert store.resolve("last") == opened.id  # none with content: the newest of all
