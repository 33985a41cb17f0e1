"""A sessions folder from a cloned repository (``SOFIA_HOME`` is the nearest ``.sofia/`` above the
working folder), through the real ``sofia-nb``: the id inside a file never picks a folder to write
or delete, and no file stops ``status`` or ``--session last``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sofia_nb.session import SessionStore

from ..session.factory import rich_session
from ..session.test_hostile_files import hostile_files
from .helpers import sofia

FILE_ID = "20260101-090000-aaaa"


def clone_with_a_planted_session(tmp_path: Path, inner_id: str) -> tuple[Path, Path]:
    """A repository with ``.sofia/sessions/FILE_ID.json`` whose inner id is ``inner_id``, and the
    canary folder that id would name as an export and a PoC folder (``exports/ID``, ``poc/ID``)."""
    repo = tmp_path / "repo"
    store = SessionStore(repo / ".sofia" / "sessions")
    store.save(rich_session(FILE_ID))  # a finished workshop with a plan: `dev` would go ahead
    path = store.path_for(FILE_ID)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["id"] = inner_id
    path.write_text(json.dumps(data), encoding="utf-8")
    canary = (repo / "poc" / inner_id).resolve()
    canary.mkdir(parents=True, exist_ok=True)
    (canary / "keep.txt").write_text("another session's work", encoding="utf-8")
    return repo, canary


@pytest.mark.parametrize("inner_id", ["20260101-090000-bbbb", "../canary"], ids=["other-session", "dot-dot"])
def test_export_and_dev_force_of_a_planted_session_leave_the_folder_its_id_names_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, inner_id: str
) -> None:
    repo, canary = clone_with_a_planted_session(tmp_path, inner_id)
    monkeypatch.delenv("SOFIA_HOME")  # found by walking up from the working folder, as a user's is
    before = sorted(p.name for p in repo.rglob("*"))
    export_target = (repo / "exports" / inner_id).resolve()

    exported = sofia("export", "--session", FILE_ID, cwd=repo)
    forced = sofia("dev", "--session", FILE_ID, "--demo", "--force", cwd=repo)

    for run in (exported, forced):
        assert run.returncode == 1, run.stderr
        assert f"its id {inner_id!r}" in run.stderr and f"{FILE_ID}.json" in run.stderr
    assert (canary / "keep.txt").read_text(encoding="utf-8") == "another session's work"
    assert not export_target.exists() or export_target == canary
    assert sorted(p.name for p in repo.rglob("*")) == before


def test_status_and_last_list_every_other_session_past_unreadable_files(tmp_path: Path) -> None:
    store = SessionStore()
    expected = hostile_files(store.root)
    good = rich_session("20261201-090000-good")
    store.save(good)

    listed = sofia("status", "--json", cwd=tmp_path)  # the FIFO would hang it: the helper's timeout fails it
    assert listed.returncode == 0, listed.stderr
    result = json.loads(listed.stdout.splitlines()[-1])
    assert [s["session_id"] for s in result["sessions"]] == [good.id]
    assert {u["session_id"] for u in result["unreadable"]} == set(expected)

    people = sofia("status", cwd=tmp_path)
    assert people.returncode == 0 and good.id in people.stdout
    skipped = sorted(people.stderr.splitlines())
    assert len(skipped) == len(expected)
    for line, stem in zip(skipped, sorted(expected), strict=True):
        assert line.startswith(f"skipped: {store.root / stem}.json: "), line

    last = sofia("status", "--session", "last", "--json", cwd=tmp_path)
    assert last.returncode == 0, last.stderr
    assert json.loads(last.stdout.splitlines()[-1])["session_id"] == good.id
    assert os.path.exists(store.root / "20200101-000000-fifo.json")
