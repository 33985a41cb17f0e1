"""The stdio transport: newline-delimited JSON-RPC on the process's stdin and stdout.

stdout carries protocol only. The real stdout is kept on a private descriptor for frames, and
file descriptor 1 is pointed at stderr, so a stray ``print`` (ours or a library's) lands in the
log instead of corrupting the stream.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time
from pathlib import Path
from typing import BinaryIO

from .. import protocol as p
from ._server import ContextServer, log

MAX_FRAME = 16 * 1024 * 1024  # a longer line is answered with a parse error and skipped


def _read_lines(
    source: BinaryIO, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[bytes | None]
) -> None:
    """Blocking reader thread: each line (or an oversize marker) onto the loop's queue; None at EOF."""
    try:
        while True:
            line = source.readline(MAX_FRAME + 1)
            if not line:
                break
            if len(line) > MAX_FRAME and not line.endswith(b"\n"):
                while (rest := source.readline(MAX_FRAME)) and not rest.endswith(b"\n"):
                    pass
                line = b"\0oversize"
            loop.call_soon_threadsafe(queue.put_nowait, line)
    finally:
        loop.call_soon_threadsafe(queue.put_nowait, None)


async def serve(roots: list[Path], source: BinaryIO, sink: BinaryIO) -> None:
    """Serve one client until ``source`` reaches end of file."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[bytes | None] = asyncio.Queue()

    async def send(msg: p.Message) -> None:
        sink.write(p.encode(msg))
        sink.flush()

    server = ContextServer(roots, send)
    threading.Thread(target=_read_lines, args=(source, loop, queue), name="mcp-stdin", daemon=True).start()
    while (line := await queue.get()) is not None:
        if line == b"\0oversize":
            await send(
                p.error_response(None, p.JsonRpcError(p.PARSE_ERROR, f"frame longer than {MAX_FRAME} bytes"))
            )
        elif line.strip():
            await server.receive(line)
    pending = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    if pending:  # let answers already being computed reach the client before the pipe closes
        await asyncio.wait(pending, timeout=5)


def run_stdio(roots: list[Path]) -> None:
    """``sofia-nb mcp serve``: take over stdin/stdout and serve until the client closes stdin."""
    os.environ.setdefault(
        "SOFIA_SESSION_ID",
        os.environ.get("CLAUDE_CODE_SESSION_ID") or f"mcp-{os.getpid()}-{int(time.time())}",
    )  # one dedup session per server process
    sys.stdout.flush()
    protocol_out = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    log.info("serving %d tools on stdio; roots: %s", len(roots), ", ".join(map(str, roots)))
    try:
        asyncio.run(serve(roots, sys.stdin.buffer, protocol_out))
    finally:
        protocol_out.close()
