"""A call that runs in a worker thread writes its reply from there (``ToolServer.in_thread``), over the
real stdio loop on pipes: the reply is the one the loop would have written, a cancel that arrives
while the thread works still means no reply, and frames from the loop and from threads never mix."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import threading
from typing import Any

from sofia_nb import protocol as p
from sofia_nb.protocol._server_stdio import serve_stdio

HELLO = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}


class Pipes:
    """A server on ``serve_stdio`` in this loop, fed and read through two OS pipes; its output is
    read by a thread of its own (the loop writes blocking, as on stdio, so it must not wait on it)."""

    def __init__(self, server: p.ToolServer) -> None:
        r_in, self._w_in = os.pipe()
        r_out, w_out = os.pipe()
        self._sink = os.fdopen(w_out, "wb", buffering=0)
        self._frames: queue.Queue[bytes] = queue.Queue()
        self._reader = threading.Thread(target=self._read, args=(os.fdopen(r_out, "rb"),), daemon=True)
        self._reader.start()
        self.task = asyncio.create_task(serve_stdio(server, os.fdopen(r_in, "rb"), self._sink))

    def _read(self, out: Any) -> None:
        for line in out:
            self._frames.put(line)

    def send(self, msg_id: int | None, method: str, params: dict[str, Any] | None = None) -> None:
        frame: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params or {}}
        if msg_id is not None:
            frame["id"] = msg_id
        os.write(self._w_in, json.dumps(frame).encode() + b"\n")

    async def reply(self) -> dict[str, Any]:
        return json.loads(await asyncio.to_thread(self._frames.get, timeout=60))  # type: ignore[no-any-return]

    async def rest(self) -> list[dict[str, Any]]:
        """Every frame still to come, once the server and its worker threads are done."""
        os.close(self._w_in)
        await asyncio.wait_for(self.task, 60)
        await asyncio.get_running_loop().shutdown_default_executor()  # the threads' writes are out
        self._sink.close()
        self._reader.join(60)  # at the end of its input now
        return [json.loads(self._frames.get_nowait()) for _ in range(self._frames.qsize())]


def _server(work: Any) -> p.ToolServer:
    server: p.ToolServer

    async def handler(arguments: dict[str, Any]) -> p.CallToolResult | None:
        return await server.in_thread(lambda: work(arguments))

    tool = p.Tool(name="slow", input_schema={"type": "object"})
    server = p.ToolServer(
        p.Implementation(name="t", version="0"), [p.ServedTool(tool, handler)], validate=False
    )
    return server


async def test_a_reply_written_from_the_thread_is_the_one_the_loop_writes() -> None:
    server = _server(lambda args: p.CallToolResult(content=[p.TextContent(text=f"got {args['n']}")]))
    pipes = Pipes(server)
    pipes.send(1, "initialize", HELLO)
    assert (await pipes.reply())["id"] == 1
    pipes.send(2, "tools/call", {"name": "slow", "arguments": {"n": 7}})
    assert await pipes.reply() == {
        "jsonrpc": "2.0",
        "id": 2,
        "result": {"content": [{"type": "text", "text": "got 7"}], "isError": False},
    }
    assert await pipes.rest() == []


async def test_a_call_cancelled_while_its_thread_works_gets_no_reply() -> None:
    started, release = threading.Event(), threading.Event()

    def work(args: dict[str, Any]) -> p.CallToolResult:
        started.set()
        release.wait(60)
        return p.CallToolResult(content=[p.TextContent(text="too late")])

    pipes = Pipes(_server(work))
    pipes.send(1, "initialize", HELLO)
    await pipes.reply()
    pipes.send(2, "tools/call", {"name": "slow", "arguments": {}})
    assert await asyncio.to_thread(started.wait, 60)
    pipes.send(None, "notifications/cancelled", {"requestId": 2})
    pipes.send(3, "ping")
    assert (await pipes.reply())["id"] == 3  # the cancel was read before the ping
    release.set()  # the work finishes after its cancel: its reply must not be written
    assert [m.get("id") for m in await pipes.rest()] == []


async def test_frames_from_threads_and_the_loop_never_mix() -> None:
    big = "x" * 200_000  # far over a pipe's atomic write: unlocked writers would cut into each other
    pipes = Pipes(_server(lambda args: p.CallToolResult(content=[p.TextContent(text=big)])))
    pipes.send(1, "initialize", HELLO)
    await pipes.reply()
    for i in range(2, 42):
        pipes.send(i, "tools/call" if i % 2 else "ping", {"name": "slow", "arguments": {}} if i % 2 else {})
    replies = [await pipes.reply() for _ in range(40)]
    assert sorted(r["id"] for r in replies) == list(range(2, 42))
    assert all(r["result"]["content"][0]["text"] == big for r in replies if r["id"] % 2)
    assert await pipes.rest() == []
