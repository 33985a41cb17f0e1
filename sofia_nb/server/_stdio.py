"""``sofia-nb mcp serve``: the context server on the one stdio loop (``protocol.run_stdio``)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from .. import protocol as p
from ._collect import BetweenCalls
from ._server import ContextServer, log


def serve_context_tools(roots: list[Path]) -> None:
    """Take over stdin/stdout and serve the context tools until the client closes stdin."""
    os.environ.setdefault(
        "SOFIA_SESSION_ID",
        os.environ.get("CLAUDE_CODE_SESSION_ID") or f"mcp-{os.getpid()}-{int(time.time())}",
    )  # one dedup session per server process
    log.info("serving on stdio; roots: %s", ", ".join(map(str, roots)))
    collector = BetweenCalls()
    collector.start()  # this process only: garbage is collected between calls (_collect.py)
    p.run_stdio(ContextServer(roots, collector).core)
