"""Headless parity: a room file replayed by the terminal (``workshop --room FILE``) and by
papermill (``sofia-nb run 01_workshop.ipynb -p room_file FILE``): the team's rounds land in the
session, the model's requests quote them, the export shows the team's scores and votes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

ROOM = Path(__file__).parent / "fixtures" / "room.yaml"


def _env(home: Path) -> dict[str, str]:
    env = {**os.environ, "SOFIA_HOME": str(home)}
    env.pop("SOFIA_LLM", None)
    return env


def _check_session(home: Path) -> dict:
    (path,) = (home / "sessions").glob("*.json")
    saved = json.loads(path.read_text())
    team = saved["team"]
    assert [(r["phase"], r["kind"]) for r in team["rounds"]] == [
        ("discover", "question"),
        ("ideate", "ideate"),
        ("design", "design"),
        ("select", "select"),
    ]
    assert len(team["members"]) == 3 and all(m["id"].startswith("p-") for m in team["members"])
    assert {c["participant"] for c in team["contributions"]} <= {m["id"] for m in team["members"]}
    team_ideas = [i for i in saved["ideas"] if i.get("from_team")]
    assert [i["title"] for i in team_ideas] == [
        "Cold-room slot booking",
        "Tills <img src=x onerror=alert(1)>",
    ]
    votes = [c for c in team["contributions"] if c["kind"] == "votes"]
    assert len(votes) == 3
    return saved


def test_workshop_room_file_in_the_terminal(tmp_path: Path) -> None:
    home = tmp_path / ".sofia"
    done = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "workshop", "--demo", "--non-interactive", "--room", str(ROOM)],
        cwd=tmp_path,
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    saved = _check_session(home)
    export = subprocess.run(
        [
            sys.executable,
            "-m",
            "sofia_nb",
            "export",
            "--session",
            saved["id"],
            "--out",
            str(tmp_path / "out"),
        ],
        cwd=tmp_path,
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert export.returncode == 0, export.stderr[-2000:]
    select = next((tmp_path / "out").rglob("*select*.md")).read_text()
    assert "## The team in the room" in select and "| Night order assistant (idea-1) | 5 | 2 |" in select
    report = next((tmp_path / "out").rglob("report.html")).read_text()
    assert "<img src=x" not in report and "&lt;img src=x" in report


def test_a_bad_room_file_is_a_usage_error_naming_it(tmp_path: Path) -> None:
    bad = tmp_path / "room.yaml"
    bad.write_text("members: [{id: ana}]\nrounds: [{kind: ideate, ideas: [{by: zoe, title: x}]}]\n")
    done = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "workshop", "--demo", "--non-interactive", "--room", str(bad)],
        cwd=tmp_path,
        env=_env(tmp_path / ".sofia"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "room.yaml" in done.stderr and "zoe" in done.stderr


@pytest.mark.slow
def test_workshop_notebook_replays_a_room_file_under_papermill(tmp_path: Path) -> None:
    pytest.importorskip("papermill")
    home = tmp_path / ".sofia"
    work = tmp_path / "notebooks"
    work.mkdir()
    notebook = work / "01_workshop.ipynb"
    notebook.write_bytes((ROOT / "notebooks" / "01_workshop.ipynb").read_bytes())
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sofia_nb",
            "run",
            str(notebook),
            "-p",
            "room_file",
            str(ROOM),
            "--timeout",
            "300",
        ],
        cwd=work,
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    _check_session(home)
    (select,) = work.glob("exports/*/select.md")
    assert "## The team in the room" in select.read_text()
