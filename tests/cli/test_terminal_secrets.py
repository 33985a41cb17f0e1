"""Secrets never reach the terminal: a model reply in ``sofia-nb workshop`` (a real pty, narrow, so a
long token is folded across lines by the renderer) and a tool result from ``sofia-nb mcp call``,
each holding a planted credential variable's value and token shapes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tests.support.mcp_helpers import fake_entry

SOFIA_NB = str(Path(sys.executable).with_name("sofia-nb"))
PLANTED = {"OPENAI_API_KEY": "planted-openai-value-9f3k", "AZURE_OPENAI_API_KEY": "planted-azure-value-7q2w"}
GITHUB_PAT = "github_pat_11AAAAAAA0" + "b1C2d3E4f5" * 7  # 92 characters: wider than the terminal
SHAPES = [GITHUB_PAT, "ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", "sk-proj-abcdefghijklmnopqrstuv"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")
SECRET_TEXT = (
    f"Noted. The keys are {PLANTED['OPENAI_API_KEY']} and {PLANTED['AZURE_OPENAI_API_KEY']}, "
    f"the tokens {' and '.join(SHAPES)}; keep them safe."
)


def leaks(screen: str) -> list[str]:
    """Every secret, or a piece of one of 12 characters, that shows; line folds joined up again."""
    joined = re.sub(r"\s+", "", screen)
    secrets = [*PLANTED.values(), *SHAPES]
    return [
        s for s in secrets for i in range(len(s) - 11) if s[i : i + 12] in screen or s[i : i + 12] in joined
    ]


@pytest.fixture
def planted(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in PLANTED.items():
        monkeypatch.setenv(name, value)


@pytest.mark.usefixtures("planted")
def test_a_model_reply_in_the_terminal_shows_no_secret(tmp_path: Path) -> None:
    model = tmp_path / "model.json"
    model.write_text(json.dumps({"replies": [{"fallback": True, "text": SECRET_TEXT}]}))
    env = {**os.environ, "SOFIA_HOME": str(tmp_path / "home"), "TERM": "xterm-256color", "COLUMNS": "60"}
    child = pexpect.spawn(
        SOFIA_NB,
        ["workshop", "--new", "--llm", f"scripted:{model}", "--non-interactive"],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        dimensions=(40, 60),
        timeout=120,
    )
    child.expect(pexpect.EOF)
    child.close()
    screen = ANSI.sub("", child.before)
    assert "Noted. The keys are [REDACTED] and [REDACTED]" in screen  # the reply was shown
    assert not leaks(screen), leaks(screen)[:3]


@pytest.mark.usefixtures("planted")
@pytest.mark.parametrize("as_json", [False, True], ids=["for-people", "json"])
def test_a_tool_result_from_mcp_call_shows_no_secret(tmp_path: Path, as_json: bool) -> None:
    entry = fake_entry()
    config = tmp_path / ".vscode" / "mcp.json"
    config.parent.mkdir()
    config.write_text(json.dumps({"servers": {"fake": entry.model_dump(by_alias=True, exclude={"name"})}}))
    argv = [sys.executable, "-m", "sofia_nb", "mcp", "call", "fake", "echo", "--arg", f"text={SECRET_TEXT}"]
    done = subprocess.run(
        argv + (["--json"] if as_json else []), capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "Noted. The keys are [REDACTED] and [REDACTED]" in done.stdout
    assert not leaks(done.stdout + done.stderr)
