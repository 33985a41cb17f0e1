"""Fixtures for the MCP client tests: a manager on the fake server, and a guard against leaked children."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest

from sofia_nb.events import EventRecorder
from sofia_nb.mcp import McpManager, ServerConfig
from tests.support.mcp_helpers import alive, children_of, config, fake_entry, kill_quietly


@pytest.fixture(autouse=True)
def no_leaked_children() -> Iterator[None]:
    """Every MCP test must leave no child process behind (counted before and after)."""
    before = children_of()
    yield
    deadline = time.monotonic() + 3.0
    leaked = children_of() - before
    while leaked and time.monotonic() < deadline:
        time.sleep(0.05)
        leaked = {pid for pid in leaked if alive(pid)}
    for pid in leaked:
        kill_quietly(pid)
    assert not leaked, f"child processes outlived the test: {sorted(leaked)}"


@pytest.fixture
def fake_log(tmp_path: Path) -> Path:
    return tmp_path / "fake-received.jsonl"


@pytest.fixture
async def fake(fake_log: Path) -> AsyncIterator[McpManager]:
    """A manager whose one server, ``fake``, is the well-behaved fake (retries after 50 ms)."""
    async with McpManager(config(fake_entry(log=fake_log)), retry_delay_s=0.05) as manager:
        yield manager


@pytest.fixture
def recorder() -> Callable[[McpManager], EventRecorder]:
    return lambda manager: EventRecorder(manager.bus)


def manager_for(*entries: ServerConfig, retry_delay_s: float = 0.05) -> McpManager:
    return McpManager(config(*entries), retry_delay_s=retry_delay_s)
