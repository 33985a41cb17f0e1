"""``github_ci``: ``gh run list`` for one repository, or the latest run of every package repository."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any

from ..._support.errors import ContextError
from ..._support.roots import resolve_path
from ..composer import collect, root_dir
from ._gh import GhError, gh_json
from ._models import GithubCiInput, GithubCiResult, RunRow

_FIELDS = "databaseId,workflowName,status,conclusion,headBranch,event,displayTitle,createdAt"
_TIMEOUT_S = 20.0
_PARALLEL = 6


def _target(inp: GithubCiInput) -> Path:
    root = root_dir(inp.root)
    if not inp.package:
        return root
    packages, _ = collect(root)
    found = next((p for p in packages if p.matches(inp.package)), None)
    if found is not None:
        return found.path
    folder = resolve_path(str(root / inp.package))
    if folder.is_dir():
        return folder
    raise ContextError(f"no package or directory matching {inp.package!r} under {root}")


def _created(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        return None


def _run_row(run: dict[str, Any], pkg: str | None) -> RunRow:
    return RunRow(
        pkg=pkg,
        id=run.get("databaseId"),
        workflow=str(run.get("workflowName") or ""),
        status=str(run.get("status") or ""),
        conclusion=str(run.get("conclusion") or ""),
        branch=str(run.get("headBranch") or ""),
        event=str(run.get("event") or ""),
        title=str(run.get("displayTitle") or ""),
        created=_created(run.get("createdAt")),
        error=None,
    )


def _runs(folder: Path, limit: int) -> list[dict[str, Any]]:
    runs = gh_json(["run", "list", "--limit", str(limit), "--json", _FIELDS], timeout=_TIMEOUT_S, cwd=folder)
    return [r for r in runs if isinstance(r, dict)] if isinstance(runs, list) else []


def _no_run(pkg: str, error: str) -> RunRow:
    """A row for a package whose latest run could not be shown, saying why."""
    return RunRow(
        pkg=pkg,
        id=None,
        workflow="",
        status="",
        conclusion="",
        branch="",
        event="",
        title="",
        created=None,
        error=error,
    )


def _latest(pkg: str, folder: Path) -> RunRow:
    try:
        runs = _runs(folder, 1)
    except GhError as exc:  # one package failing does not hide the others; a missing gh still raises
        return _no_run(pkg, str(exc))
    if not runs:
        return _no_run(pkg, "no workflow runs")
    return _run_row(runs[0], pkg)


def _failing(rows: list[RunRow]) -> int:
    return sum(r.status == "completed" and r.conclusion != "success" for r in rows)


def github_ci(inp: GithubCiInput) -> GithubCiResult:
    """The latest GitHub Actions runs of the repository at the target folder.

    When the folder is not itself a repository but holds composer packages that are (a monorepo of
    package repos), the latest run of each of them instead.
    """
    folder = _target(inp)
    package_repos = (
        []
        if (folder / ".git").exists()
        else [p for p in collect(folder)[0] if p.path != folder and (p.path / ".git").exists()]
    )
    if not package_repos:
        rows = [_run_row(r, None) for r in _runs(folder, inp.limit)]
        return GithubCiResult(mode="repo", runs=rows, failing=_failing(rows))
    with ThreadPoolExecutor(max_workers=_PARALLEL) as pool:
        rows = list(pool.map(lambda p: _latest(p.dir, p.path), package_repos))
    return GithubCiResult(mode="tree", runs=rows, failing=_failing(rows))
