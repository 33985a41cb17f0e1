"""Common mistakes, as a user makes them: the CLI in a subprocess says what happened, in the
user's terms, and what to do (docs/cli.md, "Common mistakes")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def sofia(*args: str, cwd: Path, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    env.pop("SOFIA_HOME", None)
    if home is not None:
        env["SOFIA_HOME"] = str(home)
    command = [sys.executable, "-m", "sofia_nb", *args]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_a_sofia_home_that_is_a_file_is_named_with_what_to_do(tmp_path: Path) -> None:
    home = tmp_path / "notes.txt"
    home.write_text("not a folder", encoding="utf-8")
    done = sofia("status", cwd=tmp_path, home=home)
    assert done.returncode == 1
    assert "SOFIA_HOME" in done.stderr and str(home) in done.stderr, done.stderr
    assert "is a file, not a folder" in done.stderr and "Set SOFIA_HOME to a folder" in done.stderr
    assert "FileExistsError" not in done.stderr and "Errno" not in done.stderr


def test_a_dot_sofia_that_is_a_file_is_named_too(tmp_path: Path) -> None:
    (tmp_path / ".sofia").write_text("", encoding="utf-8")
    done = sofia("status", cwd=tmp_path)
    assert done.returncode == 1
    assert f"{tmp_path / '.sofia'} is a file, not a folder" in done.stderr, done.stderr
    assert "FileExistsError" not in done.stderr


def test_an_mcp_program_that_does_not_exist_is_not_found_not_refused(tmp_path: Path) -> None:
    (tmp_path / ".vscode").mkdir()
    config = {"servers": {"tickets": {"type": "stdio", "command": "no-such-ticket-server"}}}
    (tmp_path / ".vscode" / "mcp.json").write_text(json.dumps(config), encoding="utf-8")
    done = sofia("mcp", "servers", "--check", cwd=tmp_path, home=tmp_path / "home")
    shown = " ".join(done.stdout.split())
    assert "'no-such-ticket-server' was not found" in shown, done.stdout
    assert "install it, or correct the server's `command`" in shown
    assert "connection-refused" not in done.stdout


def test_a_session_that_is_not_there_says_how_to_find_the_ones_that_are(tmp_path: Path) -> None:
    done = sofia(
        "workshop",
        "--session",
        "20261207-0900-nope",
        "--demo",
        "--non-interactive",
        cwd=tmp_path,
        home=tmp_path / "home",
    )
    assert done.returncode == 1
    assert "20261207-0900-nope" in done.stderr, done.stderr
    assert "`sofia-nb status` lists the sessions there are" in done.stderr


def test_an_inputs_file_with_several_problems_names_them_all_with_their_lines(tmp_path: Path) -> None:
    (tmp_path / "inputs.yaml").write_text("discover: 5\nideate: [1]\nbogus: []\n", encoding="utf-8")
    done = sofia("workshop", "--demo", "--non-interactive", "--inputs", "inputs.yaml", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "inputs.yaml has 3 problems:" in done.stderr, done.stderr
    for said in (
        "line 1, discover: Input should be a valid list",
        "line 2, ideate.0: Input should be a valid string",
        "line 3, bogus: Extra inputs are not permitted",
    ):
        assert said in done.stderr


def test_a_room_file_with_several_problems_names_them_all(tmp_path: Path) -> None:
    room = "members:\n  - {id: ana}\n  - {name: Ben}\nrounds:\n  - kind: shout\n"
    (tmp_path / "room.yaml").write_text(room, encoding="utf-8")
    home = tmp_path / "home"
    done = sofia("workshop", "--demo", "--non-interactive", "--room", "room.yaml", cwd=tmp_path, home=home)
    assert done.returncode == 2, done.stderr
    assert "line 3, members.1.id: Field required" in done.stderr, done.stderr
    assert "line 5, rounds.0.kind: Input should be 'question'" in done.stderr
    assert not list(home.glob("sessions/*.json")), "a refused room file left an empty session"


def test_a_room_file_that_does_not_parse_says_where(tmp_path: Path) -> None:
    (tmp_path / "room.yaml").write_text("members: [{id: ana}\nrounds: []\n", encoding="utf-8")
    home = tmp_path / "home"
    done = sofia("workshop", "--demo", "--non-interactive", "--room", "room.yaml", cwd=tmp_path, home=home)
    assert done.returncode == 2, done.stderr
    assert "room.yaml does not parse: while parsing a flow sequence at line 1, column 10; " in done.stderr
    assert "<unicode string>" not in done.stderr and "Traceback" not in done.stderr
    assert not list(home.glob("sessions/*.json"))


def test_a_room_file_entry_the_room_refuses_mid_run_says_which_and_how_to_go_on(tmp_path: Path) -> None:
    """A score for an idea this run's record does not have is found only when Design opens the
    round: the run stops with the file, the round and the member named, and the command that
    goes on (it printed 'RoomFileError: ...' and no way on)."""
    room = (
        "members:\n  - {id: ana, name: Ana}\nrounds:\n  - kind: design\n    scores:\n"
        "      - {by: ana, item: Teleport bikes, feasibility: 4, value: 5}\n"
    )
    (tmp_path / "room.yaml").write_text(room, encoding="utf-8")
    home = tmp_path / "home"
    done = sofia("workshop", "--demo", "--non-interactive", "--room", "room.yaml", cwd=tmp_path, home=home)
    assert done.returncode == 1, done.stderr
    assert "RoomFileError" not in done.stderr, done.stderr
    assert "--room room.yaml: room file, rounds.0 (design), ana: no idea 'Teleport bikes'" in done.stderr
    [session] = home.glob("sessions/*.json")
    assert f"resume with: sofia-nb workshop --session {session.stem} --room room.yaml" in done.stderr


def test_a_grid_file_with_several_bad_entries_names_each(tmp_path: Path) -> None:
    (tmp_path / "grid.yaml").write_text("- {consent_policy: deny}\n- 5\n- [x]\n", encoding="utf-8")
    notebook = ROOT / "notebooks" / "00_quickstart.ipynb"
    done = sofia("run", str(notebook), "--grid", "grid.yaml", cwd=tmp_path, home=tmp_path / "home")
    assert done.returncode == 2, done.stderr
    assert "grid entry 1 is int; grid entry 2 is list" in done.stderr, done.stderr


def test_a_parameter_value_that_is_not_yaml_names_the_parameter_and_where_it_breaks(tmp_path: Path) -> None:
    notebook = ROOT / "notebooks" / "00_quickstart.ipynb"
    done = sofia(
        "run", str(notebook), "-p", "company", "[Spoke, Sprocket", cwd=tmp_path, home=tmp_path / "home"
    )
    assert done.returncode == 2, done.stderr
    assert "-p company: the value is read as YAML and does not parse: " in done.stderr, done.stderr
    assert "at line 1" in done.stderr and "(quote it to pass it as text)" in done.stderr
    assert "<unicode string>" not in done.stderr and "Traceback" not in done.stderr
    assert not list(tmp_path.glob("*.ipynb"))
