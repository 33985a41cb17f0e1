"""``changed`` on a real temporary git repository: modification, rename, staged and untracked files."""

from __future__ import annotations

from pathlib import Path

import pytest

from sofia_nb.context import ContextError, allowed_roots
from sofia_nb.context._providers.changed import ChangedInput, categorize, run

from .._golden import assert_golden
from .._trees import git, make_repo


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_repo(tmp_path_factory.mktemp("repo").resolve() / "project")


def test_working_tree_golden(repo: Path) -> None:
    result = run(ChangedInput(root=str(repo)))
    assert_golden("changed_worktree", result, repo)
    by_path = {c.path: c for c in result.changes}
    assert by_path["app.py"].symbols == ["method Widget.render"]
    assert (by_path["docs/new.md"].status, by_path["docs/new.md"].old_path) == ("renamed", "docs/old.md")
    assert by_path["notes.txt"].status == "untracked" and by_path["notes.txt"].adds == 2
    assert by_path["tests/test_app.py"].category == "test"


def test_staged_golden(repo: Path) -> None:
    result = run(ChangedInput(root=str(repo), staged=True))
    assert_golden("changed_staged", result, repo)
    assert {c.path for c in result.changes} == {"docs/new.md", "tests/test_app.py"}


def test_range_and_no_symbols(repo: Path, tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(repo), str(clone))
    (clone / "server.go").write_text((clone / "server.go").read_text().replace('"starting"', '"listening"'))
    git(clone, "commit", "-q", "-am", "say listening")
    result = run(ChangedInput(root=str(clone), range="HEAD~1..HEAD"))
    assert result.spec == "HEAD~1..HEAD"
    assert [(c.path, c.status, c.adds, c.dels, c.symbols) for c in result.changes] == [
        ("server.go", "modified", 1, 1, ["method Server.Start"])
    ]
    assert run(ChangedInput(root=str(clone), range="HEAD~1", no_symbols=True)).changes[0].symbols == []


def test_a_subfolder_reports_only_its_changes(repo: Path) -> None:
    result = run(ChangedInput(root=str(repo / "docs")))
    assert [(c.path, c.old_path) for c in result.changes] == [("new.md", "old.md")]


def test_errors_are_tool_errors(repo: Path, tmp_path: Path) -> None:
    with pytest.raises(ContextError, match="not a git repository"):
        run(ChangedInput(root=str(tmp_path)))  # not a repository
    with pytest.raises(ContextError, match="not a revision"):
        run(ChangedInput(root=str(repo), range="--output=/tmp/x"))
    with allowed_roots([repo / "docs"]), pytest.raises(ContextError, match="outside the allowed roots"):
        run(ChangedInput(root=str(repo)))


@pytest.mark.parametrize(
    ("path", "category"),
    [
        ("pkg/server_test.go", "test"),
        ("web/a.spec.ts", "test"),
        ("db/migrations/001.sql", "migration"),
        ("README.md", "docs"),
        ("go.mod", "build"),
        ("Dockerfile.dev", "build"),
        ("config/app.yaml", "config"),
        (".env.local", "config"),
        ("src/app.vue", "source"),
        ("logo.png", "other"),
    ],
)
def test_categories(path: str, category: str) -> None:
    assert categorize(path) == category


def test_a_repositorys_fsmonitor_never_runs_and_its_filter_sees_no_credential(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cloned repository's config names commands git runs on ``diff``: an fsmonitor (off) and a
    clean filter (filters are not turned off: it runs with the allow-listed environment only)."""
    repo = make_repo(tmp_path / "project")
    canary, seen = tmp_path / "fsmonitor-ran", tmp_path / "filter-env"
    git(repo, "config", "core.fsmonitor", f"echo ran >> {canary}; true")
    git(repo, "config", "filter.dump.clean", f"env >> {seen}; cat")
    (repo / ".git" / "info" / "attributes").write_text("*.py filter=dump\n")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-planted-for-changed-0000000000")
    assert run(ChangedInput(root=str(repo))).changes
    assert not canary.exists()
    assert "PATH=" in seen.read_text()  # the filter ran...
    assert "sk-planted" not in seen.read_text()  # ...without our credentials
