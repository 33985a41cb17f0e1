"""What the fake outside-service servers share: how they are started, their modes, their call log.

A fake runs as ``python -m tests.support.<module>`` from the repository root (a real subprocess
speaking MCP on stdio) and reads its mode from an environment variable:

- ``ok`` (default): answers like the real service would;
- ``auth-expired``: starts and lists its tools, but every call ends in an ``isError`` result saying
  the sign-in expired (what a stdio server reports when its backend refuses the token);
- ``unavailable``: prints a reason on stderr and exits with status 1 before reading any request,
  as ``npx`` does for a package it cannot fetch.

Every ``tools/call`` received is appended to ``$SOFIA_TOOL_CALL_LOG`` (see ``count_calls``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from sofia_nb.protocol import ToolServer, run_stdio
from sofia_nb.workshop.demo_servers import CALL_LOG_ENV

ROOT = Path(__file__).resolve().parents[2]
Mode = Literal["ok", "auth-expired", "unavailable"]
MODES: tuple[Mode, ...] = ("ok", "auth-expired", "unavailable")


def entry(module: str, mode_env: str, mode: Mode = "ok", call_log: Path | None = None) -> dict[str, Any]:
    """The ``mcp.json`` stdio entry that starts the fake ``tests.support.<module>`` in ``mode``."""
    env: dict[str, str] = {mode_env: mode}
    if call_log is not None:
        env[CALL_LOG_ENV] = str(call_log)
    return {
        "type": "stdio",
        "command": sys.executable,
        "args": ["-m", f"tests.support.{module}"],
        "cwd": str(ROOT),
        "env": env,
    }


def run(mode_env: str, build: Callable[[Mode], ToolServer], unavailable: str) -> None:
    """The fake's ``main``: exit as unavailable, or serve stdio in the mode the environment names."""
    mode = os.environ.get(mode_env, "ok")
    if mode not in MODES:
        sys.exit(f"{mode_env}={mode!r}: expected one of {', '.join(MODES)}")
    if mode == "unavailable":
        print(unavailable, file=sys.stderr)
        sys.exit(1)
    run_stdio(build(mode))
