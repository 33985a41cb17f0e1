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
