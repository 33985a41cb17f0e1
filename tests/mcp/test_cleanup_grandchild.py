"""Promise: no child outlives its owner, grandchildren of an MCP stdio server included."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from sofia_nb.mcp._stdio import StdioTransport
from tests.support.mcp_helpers import alive, kill_quietly


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
async def test_no_child_outlives_its_owner_a_server_grandchild_is_gone_after_close(tmp_path: Path) -> None:
    """``cat`` exits on its own when stdin closes; only the final group kill can reach its ``sleep``."""
    pid_file = tmp_path / "grandchild.pid"
    server = StdioTransport("sh", ["-c", f"sleep 300 & echo $! > {pid_file}; exec cat"])
    await server.start()
    while not pid_file.exists() or not pid_file.read_text().strip():
        await asyncio.sleep(0.05)
    grandchild = int(pid_file.read_text())
    assert alive(grandchild)
    await server.aclose()
    try:
        for _ in range(100):  # SIGKILL is delivered asynchronously: give the kernel a moment
            if not alive(grandchild):
                break
            await asyncio.sleep(0.05)
        assert not alive(grandchild), "the server's grandchild outlived close()"
    finally:
        kill_quietly(grandchild)
