"""architecture.md §4.7: no server outlives its owner — clean exit, exception, KeyboardInterrupt, SIGKILL."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from sofia_nb.mcp import McpError, SyncMcpManager
from tests.support.mcp_helpers import alive, children_of, config, fake_entry

ROOT = Path(__file__).resolve().parents[2]
OWNER = """
import asyncio, os, sys, time
sys.path.insert(0, {root!r})
from sofia_nb.mcp import McpManager, SyncMcpManager
from tests.support.mcp_helpers import children_of, config, fake_entry
cfg = config(fake_entry(mode=sys.argv[3]))
if sys.argv[1] == "sync":
    manager = SyncMcpManager(cfg)
    manager.list_tools("fake")
else:
    manager = McpManager(cfg)
    asyncio.run(manager.list_tools("fake"))  # the loop ends, the manager is never closed
print("ready", *children_of(), flush=True)
if sys.argv[2] == "wait":
    time.sleep(60)
"""


def owner(style: str, end: str, mode: str = "") -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", OWNER.format(root=str(ROOT)), style, end, mode],
        stdout=subprocess.PIPE,
        text=True,
    )


def ready(proc: subprocess.Popen[str]) -> set[int]:
    """The server pids the owner reports once its server is up."""
    assert proc.stdout is not None
    word, *pids = proc.stdout.readline().split()
    assert word == "ready" and pids, "the owner should have a server child"
    return {int(p) for p in pids}


def wait_gone(pids: set[int], within: float = 5.0) -> set[int]:
    deadline = time.monotonic() + within
    while (left := {p for p in pids if alive(p)}) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


@pytest.mark.parametrize("mode", ["", "ignore-eof"])
@pytest.mark.parametrize("style", ["sync", "async"])
def test_sigkill_of_the_owner_leaves_no_server(style: str, mode: str) -> None:
    # "ignore-eof": a server that outlives its stdin, so only the parent-death signal ends it
    proc = owner(style, "wait", mode)
    try:
        servers = ready(proc)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        assert not wait_gone(servers)
    finally:
        proc.kill()


@pytest.mark.parametrize("style", ["sync", "async"])
def test_owner_that_exits_without_closing_leaves_no_server(style: str) -> None:
    proc = owner(style, "exit")
    servers = ready(proc)
    proc.wait(15)
    assert not wait_gone(servers)


def test_exception_in_the_owner_closes_the_servers() -> None:
    with pytest.raises(RuntimeError), SyncMcpManager(config(fake_entry())) as manager:
        manager.list_tools("fake")
        assert children_of()
        raise RuntimeError("the notebook cell failed")
    assert not children_of()


def test_keyboard_interrupt_cancels_the_call_and_close_stops_the_server(tmp_path: Path) -> None:
    log = tmp_path / "received.jsonl"
    manager = SyncMcpManager(config(fake_entry(log=log)))
    try:
        manager.list_tools("fake")
        # A real SIGINT, as Jupyter's interrupt button sends (interrupt_main would not wake a blocked wait).
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            manager.call_tool("fake", "never", {})
        deadline = time.monotonic() + 5
        while "notifications/cancelled" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "notifications/cancelled" in log.read_text()
        assert manager.call_tool("fake", "echo", {"text": "after"}).text() == "after"
    finally:
        manager.close()
    assert not children_of()


async def test_sync_facade_works_inside_a_running_loop() -> None:
    # A Jupyter cell calling the sync API: the running loop here must not deadlock it.
    with SyncMcpManager(config(fake_entry())) as manager:
        assert manager.call_tool("fake", "echo", {"text": "jupyter"}).text() == "jupyter"
        assert manager.available("fake") and manager.servers == ["fake"]
        with pytest.raises(McpError):
            manager.call_tool("fake", "echo", {"text": 1})
    await asyncio.sleep(0)
