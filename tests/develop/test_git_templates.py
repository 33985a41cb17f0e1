"""The git helper on a machine with no identity, and template selection by whole words."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from sofia_nb.develop import Git, GitAuthor
from sofia_nb.develop._templates import DEFAULT_TEMPLATE, plan_words, select_template
from sofia_nb.session import Plan


@pytest.fixture
def no_identity(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "empty-home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    for name in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "EMAIL"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.usefixtures("no_identity")
async def test_commits_work_without_a_git_identity(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    plain = subprocess.run(["git", "commit", "--allow-empty", "-m", "x"], cwd=root, capture_output=True)
    assert plain.returncode != 0  # proves the environment really has no identity
    git = Git(root)
    await git.init()
    (root / "a.txt").write_text("a\n")
    sha = await git.commit_all("first")
    assert sha and await git.head() == sha and await git.branch() == "main"
    log = (await git.run("log", "-1", "--format=%an <%ae>|%cn <%ce>")).strip()
    assert log == "sofia_nb <sofia@localhost>|sofia_nb <sofia@localhost>"
    assert await git.commit_all("nothing") == ""  # nothing changed: no empty commit
    assert not await git.is_dirty()
    (root / "b.txt").write_text("b\n")
    assert await git.is_dirty()


@pytest.mark.usefixtures("no_identity")
async def test_configured_author_and_branches(tmp_path: Path) -> None:
    git = Git(tmp_path, GitAuthor(name="Ada", email="ada@example.org"))
    assert not await git.is_repo()
    await git.init()
    assert await git.is_repo() and not await git.has_commits()
    (tmp_path / "x").write_text("x")
    await git.commit_all("x")
    await git.switch_new("sofia/fix-1")
    assert await git.branch() == "sofia/fix-1"
    assert (await git.run("log", "-1", "--format=%an")).strip() == "Ada"


@pytest.mark.parametrize(
    ("plan", "expected"),
    [
        (Plan(tech_stack=["Python", "FastAPI"]), "python-fastapi"),
        (Plan(tech_stack=["TypeScript", "vitest"]), "node-ts-vitest"),
        (Plan(architecture_notes="A Node.js service"), "node-ts-vitest"),
        (Plan(dependencies=["requests", "pytest"]), "python-pytest"),  # "requests" holds "ts": not a match
        (Plan(architecture_notes="Azure Functions with pandas, posts results"), DEFAULT_TEMPLATE),
        (None, DEFAULT_TEMPLATE),
    ],
)
def test_template_selection_uses_whole_words(plan: Plan | None, expected: str) -> None:
    assert select_template(plan_words(plan)).id == expected
