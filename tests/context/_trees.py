"""Small source trees for the context tests: one file per language, plus things the tools must skip."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

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
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True, env=env
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
