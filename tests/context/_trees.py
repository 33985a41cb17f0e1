"""Trees for the context tests: small sources (one file per language, plus things the tools must skip),
a git repository, Composer trees (a tagged package with a local "origin") and fake ``composer``/``gh``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

PYTHON = '''"""Widgets and how to build them."""

from __future__ import annotations

import os.path as osp
from dataclasses import dataclass, field

LIMIT = 3
_cache: dict[str, int] = {}


@dataclass
class Widget:
    """A thing on screen."""

    name: str
    size: int = 0
    tags: list[str] = field(default_factory=list)

    def render(self, scale: float = 1.0) -> str:
        label = self.name.upper()
        return label * int(scale)

    async def _load(
        self,
        path: str,
    ) -> None:
        text = """
not code: def fake(): pass
"""
        self.name = osp.basename(path) + text


def build(name: str, *, size: int = 1) -> Widget:
    widget = Widget(name, size)
    return widget
'''

GO = """package server

import (
	"fmt"
	nethttp "net/http"
)

// Server answers requests.
type Server struct {
	Addr    string `json:"addr"`
	handler nethttp.Handler
}

// Store keeps things.
type Store interface {
	Get(key string) (string, error)
}

const DefaultAddr = ":8080"

// Start listens on Addr.
func (s *Server) Start() error {
	fmt.Println("starting", s.Addr)
	return nethttp.ListenAndServe(s.Addr, s.handler)
}

func newServer(addr string) *Server {
	return &Server{Addr: addr}
}
"""

TS = """import { http } from './http'
import type { User } from './types'

export interface Page<T> {
  items: T[]
  total: number
}

export type UserId = string | number

export enum Role { Admin, Member }

export async function fetchUsers(page: number): Promise<Page<User>> {
  const res = await http.get(`/users?page=${page}`)
  return res.data
}

export const byId = (id: UserId): Promise<User> => http.get(`/users/${id}`)

export class UserApi {
  private cache = new Map<UserId, User>()

  constructor(private base: string) {}

  async load(id: UserId): Promise<User> {
    const user = await byId(id)
    this.cache.set(id, user)
    return user
  }
}
"""

VUE = """<template>
  <div class="card">
    <UserAvatar :user="user" />
    <h2>{{ user.name }}</h2>
    <button @click="save">Save</button>
  </div>
</template>

<script setup lang="ts">
import { computed } from 'vue'
import UserAvatar from './UserAvatar.vue'
import { useUserStore } from '@/stores/user'

const props = defineProps<{ userId: string; editable?: boolean }>()
const emit = defineEmits<{ (e: 'saved', id: string): void }>()
const title = defineModel<string>('title')
const store = useUserStore()
const user = computed(() => store.byId(props.userId))

function save() {
  store.save(user.value)
  emit('saved', props.userId)
}
</script>

<style scoped>
.card { padding: 1rem; }
</style>
"""

PHP_SERVICE = """<?php

declare(strict_types=1);

namespace App\\Service;

use App\\Base\\Model;
use App\\Concerns\\HasName;

/**
 * Users, found and saved.
 */
final class UserService extends Model implements \\Countable
{
    use HasName;

    public const LIMIT = 10;

    private array $users = [];

    public function __construct(private Repository $repo)
    {
    }

    public function find(int $id): ?array
    {
        return $this->users[$id] ?? $this->repo->find($id);
    }

    public function count(): int
    {
        return count($this->users);
    }

    protected function reset(): void
    {
        $this->users = [];
    }
}
"""

PHP_TRAIT = """<?php

namespace App\\Concerns;

trait HasName
{
    public function name(): string
    {
        return static::class;
    }
}
"""

PHP_BASE = """<?php

namespace App\\Base;

abstract class Model
{
    public function save(): bool
    {
        return true;
    }

    public function name(): string
    {
        return 'model';
    }
}
"""

COMPOSER = '{"name": "acme/app", "autoload": {"psr-4": {"App\\\\": "src/"}}}\n'

ROUTER = """import { createRouter, createWebHistory } from 'vue-router'
import Home from '../views/Home.vue'

const routes = [
  { path: '/', name: 'home', component: Home },
  {
    path: '/users',
    component: () => import('../views/UsersLayout.vue'),
    meta: { requiresAuth: true },
    children: [
      { path: '', name: 'users', component: () => import('../views/UserList.vue') },
      { path: ':id', name: 'user', component: () => import('../views/UserDetail.vue') },
      { path: '/settings', name: 'settings', component: Settings },
    ],
  },
]

export default createRouter({ history: createWebHistory(), routes })
"""

# Real files carry licence headers, comments and bodies; a summary only pays off on such files.
LICENCE = [
    "Copyright (c) the sofia_nb test authors. Permission is hereby granted, free of charge, to any person",
    "obtaining a copy of this software and associated documentation files, to deal in the software without",
    "restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute,",
    "sublicense, and/or sell copies of the software, subject to the following conditions: the above",
    "copyright notice and this permission notice shall be included in all copies or substantial portions.",
] * 3


def _with_licence(text: str, prefix: str, after: str = "") -> str:
    header = "\n".join(f"{prefix} {line}" for line in LICENCE) + "\n"
    return text.replace(after, after + header, 1) if after else header + text


FILES = {
    "py/widgets.py": _with_licence(PYTHON, "#"),
    "go/server.go": _with_licence(GO, "//"),
    "web/api.ts": _with_licence(TS, "//"),
    "web/UserCard.vue": _with_licence(VUE, "//", after='<script setup lang="ts">\n'),
    "web/router/index.ts": ROUTER,
    "php/composer.json": COMPOSER,
    "php/src/Service/UserService.php": _with_licence(PHP_SERVICE, "//", after="<?php\n"),
    "php/src/Concerns/HasName.php": PHP_TRAIT,
    "php/src/Base/Model.php": PHP_BASE,
}


def write_sources(root: Path) -> Path:
    """The fixture tree, with a vendor/ and node_modules/ copy (to be skipped), a binary and a giant line."""
    for rel, text in FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for skipped in ("vendor/lib.py", "web/node_modules/dep/index.ts"):
        (root / skipped).parent.mkdir(parents=True, exist_ok=True)
        (root / skipped).write_text("def render(): pass  # Widget\n", encoding="utf-8")
    (root / "data.bin").write_bytes(b"Widget\0\1\2" * 10)
    (root / "huge.txt").write_bytes(b"Widget " + b"x" * (4 * 1024 * 1024 + 10) + b"\n")
    return root


GIT_ENV = {
    "GIT_AUTHOR_NAME": "Test",
    "GIT_AUTHOR_EMAIL": "test@example.invalid",
    "GIT_COMMITTER_NAME": "Test",
    "GIT_COMMITTER_EMAIL": "test@example.invalid",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(repo: Path, *args: str) -> str:
    env = {**os.environ, **GIT_ENV}
    return subprocess.run(
        ["git", "-C", str(repo), "-c", "init.defaultBranch=main", *args],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    ).stdout


def make_repo(root: Path) -> Path:
    """One commit, then: a modified function, a rename, a staged new file and an untracked file."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    (root / "app.py").write_text(PYTHON, encoding="utf-8")
    (root / "server.go").write_text(GO, encoding="utf-8")
    (root / "docs").mkdir()
    (root / "docs" / "old.md").write_text("# Notes\n\nSome notes.\n", encoding="utf-8")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "initial")
    (root / "app.py").write_text(
        PYTHON.replace("return label * int(scale)", "return (label + '!') * int(scale)"), encoding="utf-8"
    )
    git(root, "mv", "docs/old.md", "docs/new.md")
    (root / "tests").mkdir()
    (root / "tests" / "test_app.py").write_text("def test_build():\n    assert True\n", encoding="utf-8")
    git(root, "add", "tests/test_app.py")
    (root / "notes.txt").write_text("one\ntwo\n", encoding="utf-8")
    return root


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
