"""The one stdio loop for a ``ToolServer``: newline-delimited JSON-RPC on stdin and stdout.

stdout carries protocol only. The real stdout is kept on a private descriptor for frames, and
file descriptor 1 is pointed at stderr, so a stray ``print`` (ours or a library's) lands in the
log instead of corrupting the stream.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import BinaryIO

from ._jsonrpc import PARSE_ERROR, JsonRpcError, Message, encode, error_response
from ._server_core import ToolServer

MAX_FRAME = 16 * 1024 * 1024  # a longer line is answered with a parse error and skipped
DRAIN_S = 5.0  # how long answers still being computed at end of input may take
_OVERSIZE = b"\0oversize"
_WORKER = "mcp-call"  # the worker threads' name prefix: calls run there, beside the loop

log = logging.getLogger(__name__)


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
                line = _OVERSIZE
            loop.call_soon_threadsafe(queue.put_nowait, line)
    finally:
        loop.call_soon_threadsafe(queue.put_nowait, None)


async def serve_stdio(server: ToolServer, source: BinaryIO, sink: BinaryIO) -> None:
    """Serve one client until ``source`` reaches end of file."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[bytes | None] = asyncio.Queue()

    lock = threading.Lock()  # frames from the loop and from worker threads, never interleaved

    def write(frame: bytes) -> None:
        with lock:
            sink.write(frame)
            sink.flush()

    async def send(msg: Message) -> None:
        write(encode(msg))

    server.connect(send, write)
    # A thread, not loop.connect_read_pipe: stdin may be a regular file, which asyncio's pipe
    # transport refuses.
    threading.Thread(target=_read_lines, args=(source, loop, queue), name="mcp-stdin", daemon=True).start()
    while (line := await queue.get()) is not None:
        if line == _OVERSIZE:
            await send(
                error_response(None, JsonRpcError(PARSE_ERROR, f"frame longer than {MAX_FRAME} bytes"))
            )
        elif line.strip():
            await server.receive(line)
    await server.drain(DRAIN_S)


async def _cancel_rest() -> None:
    """Cancel what still runs on the loop (a call waiting on its worker thread) and let it unwind."""
    pending = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)


def run_stdio(server: ToolServer) -> None:
    """Take over stdin/stdout and serve ``server`` until the client closes stdin.

    The process then ends even when a call is still running in a worker thread (a search that
    has not reached its deadline): ``asyncio.run`` would wait for that thread, and the
    interpreter's exit joins it too, so a server whose client is gone would live on. Its answers
    had :data:`DRAIN_S` to arrive; whatever still runs is abandoned with ``os._exit``.
    """
    sys.stdout.flush()
    protocol_out = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    workers = ThreadPoolExecutor(thread_name_prefix=_WORKER)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    loop.set_default_executor(workers)
    try:
        loop.run_until_complete(serve_stdio(server, sys.stdin.buffer, protocol_out))
    finally:
        loop.run_until_complete(_cancel_rest())
        workers.shutdown(wait=False, cancel_futures=True)
        asyncio.set_event_loop(None)
        loop.close()
        protocol_out.close()
    if any(t.name.startswith(_WORKER) and t.is_alive() for t in threading.enumerate()):
        log.warning("stdin closed with a call still running: exiting without waiting for it")
        logging.shutdown()
        sys.stderr.flush()
        os._exit(0)
