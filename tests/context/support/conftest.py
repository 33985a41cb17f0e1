"""Fixtures of the tree cache's and the tree watch's tests."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from sofia_nb.context._support import tree_cache
from sofia_nb.context._support.tree_cache import TreeCache


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[TreeCache]:
    """The process's cache, fresh (its own inotify instance), on; and a count of the tree walks."""
    cache = TreeCache()
    cache.enable(64 * 1024 * 1024)
    monkeypatch.setattr(tree_cache, "TREE_CACHE", cache)
    monkeypatch.setattr("sofia_nb.context._support.scan.TREE_CACHE", cache)
    yield cache
    cache.clear()


@pytest.fixture
def walks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    done: list[str] = []
    real = tree_cache._regular_files

    def counted(root: str, *rest: object) -> Iterator[tuple[str, os.stat_result]]:
        done.append(root)
        return real(root, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(tree_cache, "_regular_files", counted)
    return done
