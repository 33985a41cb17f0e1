"""Version 6, the Ralph loop's part: ``poc.checkpoint`` is the commit of the last recorded step,
what a resumed ``dev`` trusts; a version-5 PoC gets its newest recorded commit, and its
environment is made again (``environment_ready`` false)."""

from __future__ import annotations

import json
from pathlib import Path

from sofia_nb.session import SCHEMA_VERSION, SessionStore

SID = "20261205-004000-abcd"


def _iteration(n: int, outcome: str, commit: str, ended: bool = True) -> dict[str, object]:
    record: dict[str, object] = {"iteration": n, "outcome": outcome, "commit": commit}
    if ended:
        record["ended_at"] = "2026-12-05T00:41:00Z"
    return record


def test_a_version_5_poc_gets_its_newest_recorded_commit_as_the_checkpoint(tmp_path: Path) -> None:
    iterations = [
        _iteration(0, "scaffold", "a" * 40, ended=False),  # the scaffold counts without an end time
        _iteration(1, "tests-failing", "b" * 40),
        _iteration(2, "tests-failing", ""),  # changed nothing: no commit
        _iteration(3, "tests-failing", "c" * 40, ended=False),  # never finished: not recorded
    ]
    v5 = {"id": SID, "schema_version": 5, "poc": {"repo_path": "/tmp/poc", "iterations": iterations}}
    (tmp_path / f"{SID}.json").write_text(json.dumps(v5), encoding="utf-8")
    store = SessionStore(tmp_path)
    session = store.load(SID)
    assert session.schema_version == SCHEMA_VERSION >= 6
    assert session.poc is not None
    assert (session.poc.checkpoint, session.poc.environment_ready, session.poc.pending) == (
        "b" * 40,
        False,
        None,
    )
    store.save(session)
    saved = json.loads((tmp_path / f"{SID}.json").read_text())
    assert saved["poc"]["checkpoint"] == "b" * 40


def test_a_version_5_file_without_a_poc_or_commits_loads_unchanged(tmp_path: Path) -> None:
    for n, poc in enumerate([None, {"iterations": []}]):
        sid = f"{SID[:-1]}{n}"
        (tmp_path / f"{sid}.json").write_text(json.dumps({"id": sid, "schema_version": 5, "poc": poc}))
        session = SessionStore(tmp_path).load(sid)
        assert (
            session.poc is None if poc is None else session.poc is not None and session.poc.checkpoint == ""
        )
