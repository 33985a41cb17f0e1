"""github_ci / github_pr / github_branches through a fake ``gh`` on PATH emitting the real CLI's shapes."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from sofia_nb.context import ContextError
from sofia_nb.context._providers.github import (
    GhUnavailable,
    GithubBranchesInput,
    GithubCiInput,
    GithubPrInput,
    github_branches,
    github_ci,
    github_pr,
)

from .._golden import assert_golden
from .._trees import FAKE_GH, FAKE_GH_LOGGED_OUT, git, make_composer_tree, write_executable


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = make_composer_tree(tmp_path / "mono")
    git(root / "packages" / "money", "init", "-q")  # a package repo whose `gh run list` fails
    return root


@pytest.fixture
def fake_gh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    bin_dir = tmp_path / "gh-bin"
    write_executable(bin_dir, "gh", FAKE_GH)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return bin_dir


def _calls(bin_dir: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (bin_dir / "calls.jsonl").read_text().splitlines()]


def test_github_ci_repo_mode_golden(tree: Path, fake_gh: Path) -> None:
    result = github_ci(GithubCiInput(package="acme/cart", root=str(tree), limit=2))
    assert_golden("github_ci_repo", result)
    [call] = _calls(fake_gh)
    assert call["args"][:4] == ["run", "list", "--limit", "2"]
    assert call["cwd"] == str(tree / "packages" / "cart")


def test_github_ci_tree_mode_golden(tree: Path, fake_gh: Path) -> None:
    result = github_ci(GithubCiInput(root=str(tree)))
    assert result.mode == "tree"
    assert_golden("github_ci_tree", result)


def test_github_pr_golden(fake_gh: Path) -> None:
    assert_golden("github_pr", github_pr(GithubPrInput(limit=5)))
    graphql_call = _calls(fake_gh)[1]["args"]
    assert (
        "limit=5" in graphql_call and "owned=is:open is:pr is:public archived:false user:octo" in graphql_call
    )


def test_github_branches_golden(fake_gh: Path) -> None:
    assert_golden("github_branches", github_branches(GithubBranchesInput(refs=10)))


def test_gh_gets_no_prompts_and_no_foreign_secrets(fake_gh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-for-gh-000000000000")
    monkeypatch.setenv("GH_TOKEN", "gho_for_gh_only")
    github_pr(GithubPrInput())
    env = _calls(fake_gh)[0]["env"]
    assert env["GH_PROMPT_DISABLED"] == "1"
    assert env["GH_TOKEN"] == "gho_for_gh_only"
    assert "OPENAI_API_KEY" not in env


def test_missing_gh_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(GhUnavailable, match="`gh` is not installed or not on PATH"):
        github_pr(GithubPrInput())


def test_logged_out_gh_is_a_clear_error(tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = tmp_path / "gh-out"
    write_executable(bin_dir, "gh", FAKE_GH_LOGGED_OUT)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    for call in (
        lambda: github_branches(GithubBranchesInput()),
        lambda: github_ci(GithubCiInput(root=str(tree))),
    ):  # tree mode raises it once, not per row
        with pytest.raises(GhUnavailable, match=r"gh is not logged in: run `gh auth login`"):
            call()


def test_unknown_package_for_ci(tree: Path, fake_gh: Path) -> None:
    with pytest.raises(ContextError, match="no package or directory matching 'nope'"):
        github_ci(GithubCiInput(package="nope", root=str(tree)))
