"""The twelve tools from the terminal: ``sofia-nb ctx cc show last`` and friends."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sofia_nb.cli import main

from .._golden import assert_golden
from .._transcripts import write_projects
from .._trees import FAKE_COMPOSER, FAKE_GH, make_composer_tree, write_executable


@pytest.fixture
def projects(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    projects = write_projects(tmp_path)
    monkeypatch.setenv("CC_PROJECTS_DIR", str(projects))
    return projects


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict:
    assert main([*argv, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_ctx_cc_show_last_is_the_golden_json(projects: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert_golden("cc_show", _json(capsys, ["ctx", "cc", "show", "last"]), {str(projects): "<PROJECTS>"})


def test_ctx_cc_tools_take_their_options(projects: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _json(capsys, ["ctx", "cc", "prompts", "blog"])["prompts"] == ["Add an RSS feed"]
    bash = _json(capsys, ["ctx", "cc", "bash", "--category", "test", "--min-count", "2"])
    assert [c["command"] for c in bash["commands"]] == ["vendor/bin/phpunit --filter Cart"]
    assert [s["id"] for s in _json(capsys, ["ctx", "cc", "ls", "--limit", "1"])["sessions"]] == ["a1b2c3d4"]
    assert _json(capsys, ["ctx", "cc", "candidates", "--min-count", "3"])["repeated_commands"] == []
    assert _json(capsys, ["ctx", "cc", "resume"])["goal"] == "Fix the checkout total rounding bug"


def test_ctx_cc_toon_for_people(projects: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ctx", "cc", "bash"]) == 0
    out = capsys.readouterr().out
    assert "commands[3]{count,category,command}:" in out
    assert "  2,test,vendor/bin/phpunit --filter Cart" in out


def test_ctx_tool_errors_exit_3_with_a_message(projects: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ctx", "cc", "show", "nope"]) == 3
    assert "no session matched 'nope'" in capsys.readouterr().err


def test_ctx_composer_and_packagist(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = make_composer_tree(tmp_path / "mono")
    write_executable(tmp_path / "bin", "composer", FAKE_COMPOSER)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    assert [p["name"] for p in _json(capsys, ["ctx", "composer", "ls", str(tree)])["packages"]] == [
        "acme/cart",
        "acme/lint",
        "acme/money",
    ]
    assert _json(capsys, ["ctx", "composer", "show", "cart", "--root", str(tree)])["version"] == "v1.2.0"
    assert _json(capsys, ["ctx", "composer", "check", "lint", "--root", str(tree)])["failing"] == 1
    status = _json(capsys, ["ctx", "packagist", "status", str(tree), "--offline"])
    assert {p["state"] for p in status["packages"]} == {"skip-net"}


def test_ctx_github(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_executable(tmp_path / "bin", "gh", FAKE_GH)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    assert _json(capsys, ["ctx", "github", "pr"])["prs"][0]["number"] == 3
    assert _json(capsys, ["ctx", "github", "branches", "--refs", "5"])["branches"][0]["status"] == "merged"
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert main(["ctx", "github", "ci"]) == 3
    assert "`gh` is not installed" in capsys.readouterr().err
