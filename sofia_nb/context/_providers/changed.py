"""``changed``: a classified git diff: status (renames included), churn, category, language, touched symbols.

Touched symbols come from this package's own scope readers applied to the new side of each hunk,
not from git's hunk-header guess, so a change inside ``Widget.render`` says ``method Widget.render``.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .._registry import ContextTool
from .._support.budget import BudgetInput
from .._support.errors import ContextError
from .._support.exec import git_argv, git_env, run_command
from .._support.langs import language_for
from .._support.outline import ScopeIndex
from .._support.roots import is_allowed, resolve_folder
from .._support.source import lenient

_EMPTY_TREE = (
    "4b825dc642cb6eb9a060e54bf8d69288fbee4904"  # git's well-known empty tree, for repos without commits
)
_GIT_TIMEOUT_S = 30.0
MAX_SYMBOLS = 20
_STATUS = {"M": "modified", "A": "added", "D": "deleted", "R": "renamed", "C": "copied", "T": "typechange"}
_LANGS = {
    ".go": "go",
    ".php": "php",
    ".ts": "ts",
    ".tsx": "ts",
    ".js": "js",
    ".mjs": "js",
    ".cjs": "js",
    ".vue": "vue",
    ".py": "python",
    ".rs": "rust",
    ".sql": "sql",
    ".css": "css",
    ".scss": "css",
    ".html": "template",
    ".twig": "template",
}
_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")

Status = Literal["modified", "added", "deleted", "renamed", "copied", "typechange", "untracked"]
Category = Literal["test", "migration", "docs", "build", "config", "source", "other"]


class ChangedInput(BudgetInput):
    model_config = ConfigDict(extra="forbid")

    range: str = Field(
        "",
        description="A revision or range (`HEAD~1`, `main..feature`); empty: the working tree "
        "against HEAD, untracked files included",
    )
    root: str = Field(".", description="A folder inside the repository; only changes under it are reported")
    staged: bool = Field(False, description="The staged changes (index against HEAD) instead")
    no_symbols: bool = Field(False, description="Skip the touched-symbol analysis")


class Change(BaseModel):
    status: Status
    path: str = Field(description="relative to root, with / separators")
    old_path: str = Field("", description="the previous path of a rename or copy")
    category: Category
    lang: str = ""
    adds: int
    dels: int
    binary: bool = False
    symbols: list[str] = Field(default_factory=list, description="declarations the change touches")


class ChangedResult(BaseModel):
    spec: str = Field(description="what was compared")
    root: str
    changes: list[Change]


def _git(root: Path, *args: str) -> str:
    result = run_command(git_argv(root, *args), timeout=_GIT_TIMEOUT_S, env=git_env())
    if result.not_found:
        raise ContextError("git is not installed")
    if not result.ok:
        reason = "timed out" if result.timed_out else result.stderr.strip() or f"exit {result.returncode}"
        raise ContextError(f"git {' '.join(args[:3])}: {reason}")
    return result.stdout


def categorize(path: str) -> Category:
    """The first matching rule wins: test, migration, docs, build, config, source, other."""
    p = PurePosixPath(path)
    name, lower = p.name, path.lower()
    if (
        name.endswith(("_test.go", "Test.php"))
        or ".test." in name
        or ".spec." in name
        or name.startswith("test_")
        or name.endswith("_test.py")
        or lower.startswith(("tests/", "test/"))
        or "/tests/" in lower
        or "/test/" in lower
    ):
        return "test"
    if "migrations/" in lower or "migration" in name.lower():
        return "migration"
    if p.suffix.lower() in (".md", ".rst", ".adoc", ".txt") or lower.startswith("docs/") or "/docs/" in lower:
        return "docs"
    if (
        name
        in (
            "Makefile",
            "go.mod",
            "go.sum",
            "composer.json",
            "composer.lock",
            "package.json",
            "package-lock.json",
            "yarn.lock",
            "Cargo.toml",
            "Cargo.lock",
            "pyproject.toml",
            "setup.py",
        )
        or name.startswith("Dockerfile")
        or name.endswith(".lock")
    ):
        return "build"
    if (
        p.suffix.lower()
        in (".yaml", ".yml", ".json", ".xml", ".toml", ".ini", ".env", ".neon", ".conf", ".dist", ".cfg")
        or name.startswith(".env")
        or lower.startswith("config/")
        or "/config/" in lower
    ):
        return "config"
    return "source" if p.suffix.lower() in _LANGS else "other"


def _split_z(out: str) -> list[str]:
    return out.split("\0")[:-1] if out else []


def _name_status(fields: list[str]) -> list[tuple[str, str, str]]:
    """``-z --name-status`` output as (status letter, path, old path)."""
    rows, i = [], 0
    while i < len(fields):
        letter = fields[i][:1]
        if letter in ("R", "C"):
            rows.append((letter, fields[i + 2], fields[i + 1]))
            i += 3
        else:
            rows.append((letter, fields[i + 1], ""))
            i += 2
    return rows


def _numstat(fields: list[str]) -> dict[str, tuple[int, int, bool]]:
    """``-z --numstat`` output by (new) path: adds, dels, binary."""
    stats, i = {}, 0
    while i < len(fields):
        adds, dels, path = fields[i].split("\t", 2)
        if not path:  # a rename: the old and new paths follow as their own fields
            path = fields[i + 2]
            i += 3
        else:
            i += 1
        binary = adds == "-"
        stats[path] = (0 if binary else int(adds), 0 if binary else int(dels), binary)
    return stats


def _hunks(diff: str) -> dict[str, list[tuple[int, int]]]:
    """New-side line ranges (start, count) of every hunk, by new path."""
    ranges: dict[str, list[tuple[int, int]]] = {}
    current: list[tuple[int, int]] | None = None
    for line in diff.splitlines():
        if line.startswith("+++ "):
            target = line[4:]
            current = ranges.setdefault(target[2:], []) if target.startswith("b/") else None
        elif current is not None and (m := _HUNK.match(line)):
            current.append((int(m[1]), int(m[2]) if m[2] is not None else 1))
    return ranges


def _lang(path: str) -> str:
    return _LANGS.get(PurePosixPath(path).suffix.lower(), "")


def _read_local(root: Path, path: str) -> str | None:
    """The working-tree file at ``path`` under ``root``; None when it is gone or outside the roots."""
    file = (root / path).resolve()
    if not is_allowed(file) or not file.is_file():
        return None
    return lenient(file.read_bytes())


def _touched(source: str, path: str, ranges: list[tuple[int, int]]) -> list[str]:
    language = language_for(path)
    if language is None:
        return []
    try:
        index = ScopeIndex(language.scopes(source, PurePosixPath(path)))
    except Exception:  # a file the grammar cannot read still has its churn reported
        return []
    labels: dict[str, None] = {}
    for start, count in ranges:
        for line in range(start, start + max(count, 1)):
            scope = index.enclosing(line)
            if scope is not None:
                labels.setdefault(scope.label, None)
    return list(labels)[:MAX_SYMBOLS]


class _Repo:
    def __init__(self, root: Path, request: ChangedInput) -> None:
        self.root = root
        self.request = request
        inside = run_command(
            git_argv(root, "rev-parse", "--is-inside-work-tree"), timeout=_GIT_TIMEOUT_S, env=git_env()
        )
        if inside.not_found:
            raise ContextError("git is not installed")
        if not inside.ok:
            raise ContextError(f"{root}: not a git repository (or any of its parents)")
        has_head = run_command(
            git_argv(root, "rev-parse", "--verify", "--quiet", "HEAD"), timeout=_GIT_TIMEOUT_S, env=git_env()
        ).ok
        if request.staged:
            self.base, self.spec = ["--cached", "HEAD" if has_head else _EMPTY_TREE], "staged (vs HEAD)"
        elif request.range:
            if request.range.startswith("-"):
                raise ContextError(f"{request.range!r} is not a revision or range")
            self.base, self.spec = [request.range], request.range
        else:
            self.base, self.spec = ["HEAD" if has_head else _EMPTY_TREE], "working tree (vs HEAD)"

    def diff(self, *args: str) -> str:
        return _git(
            self.root,
            "diff",
            "--relative",
            "-M",
            "--no-color",
            "--no-ext-diff",
            "--no-textconv",
            *args,
            *self.base,
            "--",
            ".",
        )

    def new_side(self, path: str) -> str | None:
        """The file after the change: from the index, the range's right side, or the working tree."""
        if self.request.staged:
            return _git(self.root, "show", "--no-textconv", f":./{path}")
        if ".." in self.request.range:
            right = self.request.range.split("..")[-1].lstrip(".") or "HEAD"
            return _git(self.root, "show", "--no-textconv", f"{right}:./{path}")
        return _read_local(self.root, path)


def _untracked(root: Path, with_symbols: bool) -> list[Change]:
    """Files git does not track (and does not ignore) under ``root``, each counted as all added."""
    changes = []
    for path in _split_z(_git(root, "ls-files", "--others", "--exclude-standard", "-z", "--", ".")):
        source = _read_local(root, path)
        if source is None:
            continue
        lines = source.count("\n")
        change = Change(
            status="untracked", path=path, category=categorize(path), lang=_lang(path), adds=lines, dels=0
        )
        if with_symbols and change.lang:
            change.symbols = _touched(source, path, [(1, lines + 1)])
        changes.append(change)
    return changes


def run(request: ChangedInput) -> ChangedResult:
    """The changes under ``root``, sorted by path."""
    root = resolve_folder(request.root)
    repo = _Repo(root, request)
    stats = _numstat(_split_z(repo.diff("--numstat", "-z")))
    hunks = {} if request.no_symbols else _hunks(repo.diff("-U0"))
    changes = []
    for letter, path, old in _name_status(_split_z(repo.diff("--name-status", "-z"))):
        adds, dels, binary = stats.get(path, (0, 0, False))
        change = Change(
            status=_STATUS.get(letter, "modified"),
            path=path,
            old_path=old,
            category=categorize(path),
            lang=_lang(path),
            adds=adds,
            dels=dels,
            binary=binary,
        )
        if path in hunks and change.status != "deleted" and change.lang and not binary:
            source = repo.new_side(path)
            change.symbols = _touched(source, path, hunks[path]) if source is not None else []
        changes.append(change)
    if not request.staged and not request.range:
        changes.extend(_untracked(root, with_symbols=not request.no_symbols))
    changes.sort(key=lambda c: c.path)
    return ChangedResult(spec=repo.spec, root=str(root), changes=changes)


def changed_text(result: ChangedResult) -> str:
    """One line per change (``modified app.py +2 -1 source python: function build``), under the spec."""
    lines = [f"{result.spec}: {len(result.changes)} changes"]
    for c in result.changes:
        line = f"{c.status} {c.path}" + (f" (from {c.old_path})" if c.old_path else "")
        line += f" +{c.adds} -{c.dels} {c.category}" + (f" {c.lang}" if c.lang else "")
        line += " binary" * c.binary + (": " + ", ".join(c.symbols) if c.symbols else "")
        lines.append(line)
    return "\n".join(lines) + "\n"


TOOLS = (
    ContextTool(
        name="changed",
        description="What changed in a git repository, classified: status (renames included), lines "
        "added and removed, category (source, test, docs, config, build, migration), language and the "
        "functions/classes each change touches. Working tree (with untracked files), staged, or a "
        "revision range.",
        input_model=ChangedInput,
        result_model=ChangedResult,
        func=run,
        cli_path=("changed",),
        positional="range",
        text=changed_text,
        more="narrow root, or pass no_symbols=true",
    ),
)
