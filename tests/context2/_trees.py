"""Composer trees, a tagged git package with a local "origin", and fake ``composer``/``gh`` executables."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

GIT = [
    "git",
    "-c",
    "user.name=Test",
    "-c",
    "user.email=test@example.invalid",
    "-c",
    "init.defaultBranch=main",
]


def git(cwd: Path, *args: str) -> str:
    return subprocess.run([*GIT, *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def _package(folder: Path, data: dict[str, Any] | str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    text = data if isinstance(data, str) else json.dumps(data, indent=2)
    (folder / "composer.json").write_text(text, encoding="utf-8")
    return folder


def make_composer_tree(root: Path) -> Path:
    """packages/cart (git, tagged v1.2.0, pushed to a bare origin), packages/money, tools/lint,
    an invalid composer.json, and a package under vendor/ that every tool must ignore."""
    cart = _package(
        root / "packages" / "cart",
        {
            "name": "acme/cart",
            "description": "Shopping cart",
            "type": "library",
            "require": {"php": "^8.2", "ext-json": "*", "acme/money": "^1.0"},
            "require-dev": {"phpunit/phpunit": "^11.0"},
            "autoload": {"psr-4": {"Acme\\Cart\\": "src/"}},
            "scripts": {"check": "echo 'OK (3 tests, 5 assertions)'", "test": ["phpunit", "phpstan analyse"]},
        },
    )
    (cart / "phpstan.neon").write_text("parameters:\n    level: 8\n    paths: [src]\n", encoding="utf-8")
    _package(
        root / "packages" / "money",
        {
            "name": "acme/money",
            "require": {"php": ">=8.1"},
            "autoload": {"psr-4": {"Acme\\Money\\": "src/"}},
        },
    )
    _package(
        root / "tools" / "lint",
        {
            "name": "acme/lint",
            "type": "project",
            "scripts": {"check": ["echo 'PHPStan 1.12'", "echo ' [ERROR] Found 2 errors' >&2; exit 1"]},
        },
    )
    _package(root / "packages" / "broken", "{not json")
    _package(root / "vendor" / "other" / "lib", {"name": "other/lib", "scripts": {"check": "exit 1"}})
    origin = root.parent / "origin-cart.git"
    subprocess.run(["git", "init", "-q", "--bare", str(origin)], check=True)
    git(cart, "init", "-q")
    git(cart, "add", ".")
    git(cart, "commit", "-q", "-m", "cart")
    git(cart, "tag", "v1.2.0")
    git(cart, "remote", "add", "origin", str(origin))
    git(cart, "push", "-q", "origin", "main", "v1.2.0")
    return root


def write_executable(folder: Path, name: str, body: str) -> Path:
    """A Python script ``folder/name`` run by this interpreter; put ``folder`` first on PATH."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f"#!{sys.executable}\n{body}", encoding="utf-8")
    path.chmod(0o755)
    return path


# Runs the package's own "check" script the way composer does: each command through the shell.
FAKE_COMPOSER = """
import json, subprocess, sys
if sys.argv[1:] != ["check", "--no-interaction"]:
    sys.exit(f"fake composer: unexpected arguments {sys.argv[1:]}")
body = json.load(open("composer.json"))["scripts"]["check"]
for command in body if isinstance(body, list) else [body]:
    print(f"> {command}", file=sys.stderr, flush=True)
    code = subprocess.call(["/bin/sh", "-c", command])
    if code:
        print(f"Script {command} handling the check event returned with error code {code}", file=sys.stderr)
        sys.exit(code)
"""


# `gh` as the real CLI answers the calls the github_* tools make; every call is logged next to it.
FAKE_GH = """
import json, os, sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

args = sys.argv[1:]
with open(Path(__file__).parent / "calls.jsonl", "a") as log:
    log.write(json.dumps({"args": args, "cwd": os.getcwd(), "env": dict(os.environ)}) + "\\n")


def ago(days):
    return (datetime.now(timezone.utc) - timedelta(days=days, hours=1)).isoformat().replace("+00:00", "Z")


def run(run_id, workflow, conclusion, branch="main", status="completed"):
    return {"databaseId": run_id, "workflowName": workflow, "status": status, "conclusion": conclusion,
            "headBranch": branch, "event": "push", "displayTitle": f"{workflow} on {branch}",
            "createdAt": "2026-11-30T10:00:00Z"}


def pr(number, repo, title, ci=None, review=None, draft=False, fork=False):
    commits = {"nodes": [{"commit": {"statusCheckRollup": {"state": ci} if ci else None}}]}
    return {"number": number, "title": title, "isDraft": draft, "reviewDecision": review,
            "url": f"https://github.com/{repo}/pull/{number}",
            "repository": {"nameWithOwner": repo, "isFork": fork}, "commits": commits}


def ref(name, days, pr_number=None, state=None):
    prs = [{"number": pr_number, "state": state}] if pr_number else []
    return {"name": name, "target": {"committedDate": ago(days)}, "associatedPullRequests": {"nodes": prs}}


if args[:2] == ["api", "user"]:
    print("octo")
elif args[:2] == ["api", "graphql"] and any("repositoryOwner" in a for a in args):
    repos = [
        {"nameWithOwner": "octo/old", "isArchived": True, "defaultBranchRef": {"name": "main"},
         "refs": {"nodes": [ref("main", 400), ref("stale", 300)]}},
        {"nameWithOwner": "octo/shop", "isArchived": False, "defaultBranchRef": {"name": "main"},
         "refs": {"nodes": [ref("main", 1), ref("fix/rounding", 3, 15, "OPEN"),
                            ref("feat/tax", 40, 11, "MERGED"), ref("spike", 90),
                            ref("try-redis", 12, 9, "CLOSED")]}},
    ]
    print(json.dumps({"data": {"repositoryOwner": {"repositories": {
        "pageInfo": {"hasNextPage": False}, "nodes": repos}}}}))
elif args[:2] == ["api", "graphql"]:
    print(json.dumps({"data": {
        "author": {"nodes": [pr(15, "octo/shop", "Round the tax line", ci="PENDING"),
                             pr(7, "octo/blog", "RSS feed", ci="SUCCESS", review="APPROVED", draft=True)]},
        "reviewer": {"nodes": [pr(3, "acme/api", "Retry on 429", ci="FAILURE", review="REVIEW_REQUIRED"),
                               pr(15, "octo/shop", "Round the tax line", ci="PENDING")]},
        "owner": {"nodes": [pr(21, "octo/shop", "Bump deps", ci="SUCCESS"),
                            pr(2, "octo/fork-of-x", "Sync", fork=True)]},
    }}))
elif args[:2] == ["run", "list"]:
    limit = int(args[args.index("--limit") + 1])
    folder = Path.cwd().name
    if folder == "money":
        sys.exit("no git remotes found")
    runs = {"cart": [run(103, "CI", "failure", "fix/rounding"), run(102, "CI", "success"),
                     run(101, "Release", "success")]}
    print(json.dumps(runs.get(folder, [run(1, "CI", "success")])[:limit]))
else:
    sys.exit(f"fake gh: unexpected arguments {args}")
"""

FAKE_GH_LOGGED_OUT = """
import sys
print("To get started with GitHub CLI, please run:  gh auth login", file=sys.stderr)
print("Alternatively, populate the GH_TOKEN environment variable with a GitHub API authentication token.",
      file=sys.stderr)
sys.exit(4)
"""
