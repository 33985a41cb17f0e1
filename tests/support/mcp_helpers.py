"""Helpers for the MCP client tests: configs for the fake and real servers, and child-process counting."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from sofia_nb.mcp import McpConfig, ServerConfig

FAKE = Path(__file__).with_name("mcp_fake_server.py")


def fake_entry(
    name: str = "fake", *, mode: str = "", log: Path | None = None, timeout: float = 5.0, **env: str
) -> ServerConfig:
    environment = {"FAKE_MODE": mode, **env}
    if log is not None:
        environment["FAKE_LOG"] = str(log)
    return ServerConfig(
        name=name, type="stdio", command=sys.executable, args=[str(FAKE)], env=environment, timeout=timeout
    )


def config(*entries: ServerConfig) -> McpConfig:
    return McpConfig(servers={e.name: e for e in entries})


def children_of(pid: int | None = None) -> set[int]:
    """Live (non-zombie) descendants of ``pid`` (default: this process), from /proc."""
    root = os.getpid() if pid is None else pid
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] != "Z":
            parents[int(entry.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def kill_quietly(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
