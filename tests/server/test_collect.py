"""``sofia-nb mcp serve`` collects garbage between calls, never inside one (server/_collect.py)."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sofia_nb.context import TREE_CACHE, tools
from sofia_nb.server import ContextServer, _collect
from sofia_nb.server._collect import BetweenCalls

from ._peer import Peer


@pytest.fixture
def collections() -> Iterator[list[int]]:
    """The generation of every collection made while the test runs; the collector restored after."""
    made: list[int] = []

    def seen(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop":
            made.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        yield made
    finally:
        gc.callbacks.remove(seen)
        gc.unfreeze()
        gc.enable()


class _CollectingPeer(Peer):
    def __init__(self, roots: list[Path], collector: BetweenCalls) -> None:
        super().__init__(roots)
        self.server = ContextServer(roots, collector)
        self.server.core.connect(self._collect)


def _tree(root: Path) -> None:
    (root / "a.py").write_text("def f():\n    return 'needle'\n")
    (root / "b.ts").write_text("export function g() {\n  return 'needle'\n}\n")


def test_no_collection_runs_in_a_call_and_a_full_one_runs_once_idle(
    tmp_path: Path, collections: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    _tree(tmp_path)
    monkeypatch.setattr(_collect, "IDLE_S", 0.05)
    collector = BetweenCalls()
    collector.start()
    assert not gc.isenabled()

    async def scenario() -> None:
        peer = _CollectingPeer([tmp_path], collector)
        await peer.handshake()
        collections.clear()
        for _ in range(3):
            result = await peer.call("grep", {"patterns": ["needle"], "root": str(tmp_path)})
            assert "needle" in str(result)
        # Allocations past every threshold of the automatic collector, as a big call makes.
        junk = [[i] for i in range(100_000)]
        del junk
        assert collections == []  # nothing collected while calls ran, one after the other
        for _ in range(400):
            if collections:
                break
            await asyncio.sleep(0.01)
        assert collections == [2]  # once idle: one full collection

    asyncio.run(scenario())


def test_a_stream_of_calls_is_collected_between_two_of_them(
    tmp_path: Path, collections: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Never idle: the young generations every MOST_CALLS calls, everything after MOST_YOUNG of those."""
    _tree(tmp_path)
    monkeypatch.setattr(_collect, "IDLE_S", 3600.0)
    monkeypatch.setattr(_collect, "MOST_CALLS", 3)
    monkeypatch.setattr(_collect, "MOST_YOUNG", 1)
    collector = BetweenCalls()
    collector.start()

    async def scenario() -> None:
        peer = _CollectingPeer([tmp_path], collector)
        await peer.handshake()
        collections.clear()
        for _ in range(2):
            await peer.call("grep", {"patterns": ["needle"], "root": str(tmp_path)})
        await asyncio.sleep(0.05)
        assert collections == []
        await peer.call("grep", {"patterns": ["needle"], "root": str(tmp_path)})
        for _ in range(400):
            if collections:
                break
            await asyncio.sleep(0.01)
        assert collections == [1]  # the young generations, between two calls
        for _ in range(3):
            await peer.call("grep", {"patterns": ["needle"], "root": str(tmp_path)})
        for _ in range(400):
            if len(collections) > 1:
                break
            await asyncio.sleep(0.01)
        assert collections == [1, 2]  # after MOST_YOUNG young ones, everything

    asyncio.run(scenario())


def test_grep_refs_and_code_leave_no_cycles_behind(tmp_path: Path, collections: list[int]) -> None:
    """What lets the server collect only between calls: a call's garbage goes by reference counts."""
    _tree(tmp_path)
    (tmp_path / "c.go").write_text('package c\n\nfunc H() string {\n\treturn "needle"\n}\n')
    (tmp_path / "d.php").write_text("<?php\nfunction k() { return 'needle'; }\n")
    (tmp_path / "e.vue").write_text(
        "<script setup>\nconst needle = 1\n</script>\n<template><p/></template>\n"
    )
    calls = [
        ("grep", {"patterns": ["needle"], "root": str(tmp_path)}),
        ("grep", {"patterns": [r"return \w+"], "regex": True, "root": str(tmp_path)}),
        ("refs", {"symbol": "needle", "root": str(tmp_path)}),
        ("code", {"files": [str(tmp_path / n) for n in ("a.py", "b.ts", "c.go", "d.php", "e.vue")]}),
        *(
            ("code", {"files": [str(tmp_path / name)], "symbols": [symbol]})
            for name, symbol in (("a.py", "f"), ("b.ts", "g"), ("c.go", "H"), ("d.php", "k"))
        ),
    ]
    TREE_CACHE.enable(64 * 1024 * 1024)
    try:
        for name, arguments in calls:  # warm: caches filled, imports made
            tools()[name].answer(arguments)
        gc.collect()
        gc.disable()
        for _ in range(3):
            for name, arguments in calls:
                tools()[name].answer(arguments)
        assert gc.collect() == 0
    finally:
        TREE_CACHE.clear()
        TREE_CACHE.limit = 0
