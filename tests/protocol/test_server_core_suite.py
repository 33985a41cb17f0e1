"""One protocol suite for every configuration of the tool-server core, each a real stdio process
started as its users start it: ``sofia-nb mcp serve`` (the context tools) and the demo search
server's ``mcp.json`` entry. Both eras, ping, listing, calls and their errors, notifications,
batches, and 1,000 malformed lines each answered as JSON-RPC says, after which a call still works.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from sofia_nb import protocol as p
from sofia_nb.workshop.demo_servers import search_server_entry
from tests.server._peer import ENVELOPE, HANDSHAKE

WAIT_S = 120.0  # a hang guard, not a speed check: other engineers load the same two cores


@dataclass(frozen=True)
class Served:
    """How a server is started and what this suite may call on it."""

    name: str  # its serverInfo name
    argv: Callable[[Path], list[str]]
    good: tuple[str, dict[str, Any]]  # a call that succeeds
    failing: tuple[str, dict[str, Any], str]  # a call whose tool fails, and the start of its text
    bad_arguments: tuple[str, dict[str, Any]]  # arguments that do not fit the tool's schema


def _sofia_nb() -> list[str]:
    script = Path(sys.executable).with_name("sofia-nb")  # the console script the package installs
    return [str(script)] if script.exists() else [sys.executable, "-m", "sofia_nb"]


def _demo_search(_: Path) -> list[str]:
    entry = search_server_entry()  # the entry the demo's MCP config carries
    return [entry["command"], *entry["args"]]


CONTEXT = Served(
    name="sofia-nb",
    argv=lambda root: [*_sofia_nb(), "mcp", "serve", "--root", str(root)],
    good=("workshop_sessions", {}),
    failing=("code", {"files": ["x.rb"]}, "code: x.rb: code reads"),
    bad_arguments=("grep", {"patterns": ["x"], "colour": "red"}),
)
DEMO_SEARCH = Served(
    name="sofia-demo-search",
    argv=_demo_search,
    good=("web_search", {"query": "Valdora Fresh competitors"}),
    failing=("web_search", {"query": ""}, "invalid arguments for web_search: query:"),
    bad_arguments=("web_search", {"query": "x", "max_results": 50}),
)


class Wire:
    """A raw line-level client: frames out, every reply kept, replies looked up by id."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stdin is not None and proc.stdout is not None
        self.proc, self._stdin, self._stdout = proc, proc.stdin, proc.stdout
        self.replies: list[dict[str, Any]] = []
        self._ids = 0

    async def write(self, *lines: bytes) -> None:
        for line in lines:
            self._stdin.write(line.rstrip(b"\n") + b"\n")
            await self._stdin.drain()

    async def next_reply(self) -> dict[str, Any]:
        async with asyncio.timeout(WAIT_S):
            raw = await self._stdout.readline()
        assert raw, "the server closed its stdout"
        reply: dict[str, Any] = json.loads(raw)  # stdout carries nothing but JSON-RPC frames
        self.replies.append(reply)
        return reply

    async def reply_to(self, msg_id: p.RequestId) -> dict[str, Any]:
        while True:
            reply = await self.next_reply()
            if reply.get("id") == msg_id and "method" not in reply:
                return reply

    async def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self._ids += 1
        await self.write(p.encode(p.request(f"r{self._ids}", method, params)))
        return await self.reply_to(f"r{self._ids}")

    async def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        await self.write(p.encode(p.notification(method, params)))

    async def call(self, tool: str, arguments: Any, meta: dict[str, Any] | None = None) -> dict[str, Any]:
        params: dict[str, Any] = {"name": tool, "arguments": arguments}
        if meta is not None:
            params["_meta"] = meta
        return await self.request("tools/call", params)


@pytest.fixture(params=[CONTEXT, DEMO_SEARCH], ids=["context", "demo-search"])
def served(request: pytest.FixtureRequest) -> Served:
    served: Served = request.param
    return served


@pytest.fixture
async def wire(served: Served, tmp_path: Path) -> AsyncIterator[Wire]:
    (tmp_path / "home").mkdir()
    (tmp_path / "x.rb").write_text("puts 1\n")
    proc = await asyncio.create_subprocess_exec(
        *served.argv(tmp_path),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        cwd=tmp_path,
        env={**os.environ, "SOFIA_HOME": str(tmp_path / "home")},
        limit=4 * 1024 * 1024,
    )
    client = Wire(proc)
    try:
        yield client
    finally:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()


async def _close(wire: Wire) -> int:
    """Close stdin: the server must exit by itself, cleanly."""
    wire.proc.stdin.close()  # type: ignore[union-attr]
    async with asyncio.timeout(WAIT_S):
        return await wire.proc.wait()


async def test_handshake_era(served: Served, wire: Wire) -> None:
    for offered, answered in [
        ("2025-11-25", "2025-11-25"),
        ("2025-06-18", "2025-06-18"),
        ("2025-03-26", "2025-03-26"),
        ("2024-11-05", "2024-11-05"),
        ("1999-01-01", p.LATEST_PROTOCOL_VERSION),
    ]:
        result = (await wire.request("initialize", {**HANDSHAKE, "protocolVersion": offered}))["result"]
        assert result["protocolVersion"] == answered
        assert result["serverInfo"]["name"] == served.name
        assert result["capabilities"] == {"tools": {"listChanged": False}}
    await wire.notify("notifications/initialized")
    assert (await wire.request("ping"))["result"] == {}
    listed = (await wire.request("tools/list"))["result"]
    names = [t["name"] for t in listed["tools"]]
    assert served.good[0] in names and all(t["inputSchema"]["type"] == "object" for t in listed["tools"])
    assert "resultType" not in listed
    enveloped = await wire.request("tools/list", {"_meta": ENVELOPE})
    assert enveloped["error"]["code"] == p.INVALID_REQUEST  # a handshake connection refuses the envelope
    assert await _close(wire) == 0


async def test_modern_era(served: Served, wire: Wire) -> None:
    discovered = (await wire.request("server/discover", {"_meta": ENVELOPE}))["result"]
    assert discovered["supportedVersions"] == [p.MODERN_PROTOCOL_VERSION]
    assert discovered["resultType"] == "complete" and discovered["cacheScope"] == "public"
    assert discovered["_meta"][p.SERVER_INFO_META_KEY]["name"] == served.name
    listed = (await wire.request("tools/list", {"_meta": ENVELOPE}))["result"]
    assert listed["resultType"] == "complete" and listed["ttlMs"] > 0 and listed["tools"]
    called = (await wire.call(*served.good, meta=ENVELOPE))["result"]
    assert called["resultType"] == "complete" and called["isError"] is False
    late = await wire.request("initialize", HANDSHAKE)
    assert late["error"]["code"] == p.UNSUPPORTED_PROTOCOL_VERSION
    assert late["error"]["data"] == {"supported": [p.MODERN_PROTOCOL_VERSION], "requested": "2025-11-25"}
    assert (await wire.request("tools/list"))["error"]["code"] == p.INVALID_PARAMS  # no envelope
    other = {**ENVELOPE, p.PROTOCOL_VERSION_META_KEY: "2027-01-01"}
    assert (await wire.request("tools/list", {"_meta": other}))["error"][
        "code"
    ] == p.UNSUPPORTED_PROTOCOL_VERSION
    assert (await wire.request("ping", {"_meta": ENVELOPE}))["error"]["code"] == p.METHOD_NOT_FOUND
    assert await _close(wire) == 0


async def test_calls_and_their_errors(served: Served, wire: Wire) -> None:
    await wire.request("initialize", HANDSHAKE)
    await wire.notify("notifications/initialized")
    ok = (await wire.call(*served.good))["result"]
    # The text block is what the model reads (the context tools' compact text, the demo's JSON);
    # the data for programs is structuredContent.
    assert ok["isError"] is False and ok["content"][0]["text"].strip()
    assert isinstance(ok["structuredContent"], dict) and ok["structuredContent"]
    tool, arguments, text = served.failing
    failed = (await wire.call(tool, arguments))["result"]
    assert failed["isError"] is True and failed["content"][0]["text"].startswith(text)
    bad = (await wire.call(*served.bad_arguments))["result"]
    assert bad["isError"] is True
    assert bad["content"][0]["text"].startswith(f"invalid arguments for {served.bad_arguments[0]}: ")
    unknown = (await wire.call("no_such_tool", {}))["error"]
    assert unknown["code"] == p.INVALID_PARAMS and "unknown tool 'no_such_tool'" in unknown["message"]
    assert (await wire.call(served.good[0], [1]))["error"]["code"] == p.INVALID_PARAMS
    assert (await wire.request("tools/call", {"arguments": {}}))["error"]["code"] == p.INVALID_PARAMS
    assert (await wire.request("tools/list", {"cursor": "x"}))["error"]["code"] == p.INVALID_PARAMS
    assert (await wire.request("resources/list"))["error"]["code"] == p.METHOD_NOT_FOUND
    assert (await wire.request("server/discover"))["error"]["code"] == p.METHOD_NOT_FOUND  # no envelope


async def test_notifications_get_no_reply_and_batches_are_refused(served: Served, wire: Wire) -> None:
    await wire.request("initialize", HANDSHAKE)
    await wire.notify("notifications/initialized")
    await wire.notify("notifications/whatever", {"x": 1})
    await wire.notify("notifications/cancelled", {"requestId": "never-sent"})
    await wire.write(p.encode({"jsonrpc": "2.0", "id": "stray", "result": {}}))  # a reply nobody asked for
    batch = [p.request("b1", "ping"), p.notification("notifications/initialized")]
    await wire.write(json.dumps(batch).encode())
    refused = await wire.next_reply()  # the notifications and the stray reply produced nothing
    assert (
        refused["id"] is None and refused["error"]["code"] == p.INVALID_REQUEST
    )  # batches left MCP in 2025-06-18
    assert (await wire.request("ping"))["result"] == {}
    assert len(wire.replies) == 3  # initialize, the refused batch, ping


# -- 1,000 malformed lines ------------------------------------------------------------------------

NULL = "null id"
SILENT = "no reply"
HUGE_INT = 10**40
HUGE_STR = "i" * 100_000


def _malformed(count: int) -> list[tuple[bytes, Any, int | None]]:
    """Lines, each with the id its error must carry (or NULL, or SILENT for no reply) and the code."""
    rng = random.Random(19)
    valid = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})

    def line(obj: Any) -> bytes:
        return json.dumps(obj).encode()

    def req(n: Any, method: Any = "tools/list", **extra: Any) -> bytes:
        return line({"jsonrpc": "2.0", "id": n, "method": method, **extra})

    makers: list[Callable[[int], tuple[bytes, Any, int | None]]] = [
        lambda n: (valid[: rng.randrange(1, len(valid) - 1)].encode(), NULL, p.PARSE_ERROR),  # truncated
        lambda n: (b"\x80" + rng.randbytes(rng.randrange(1, 40)).replace(b"\n", b" "), NULL, p.PARSE_ERROR),
        lambda n: (b'\xff\xfe{"jsonrpc": "2.0"}', NULL, p.PARSE_ERROR),  # not UTF-8
        lambda n: (line(rng.choice([1, "text", None, True, 2.5])), NULL, p.INVALID_REQUEST),  # not an object
        lambda n: (line([p.request(n, "ping")]), NULL, p.INVALID_REQUEST),  # a batch
        lambda n: (line({"id": n, "method": "tools/list"}), n, p.INVALID_REQUEST),  # no jsonrpc member
        lambda n: (line({"jsonrpc": "1.0", "id": n, "method": "tools/list"}), n, p.INVALID_REQUEST),
        lambda n: (line({"jsonrpc": "2.0", "id": n}), n, p.INVALID_REQUEST),  # no method
        lambda n: (req(rng.choice([{}, [], True, 1.5])), NULL, p.INVALID_REQUEST),  # an id of a wrong type
        lambda n: (req(n, 42), n, p.INVALID_REQUEST),  # a method that is not a string
        lambda n: (req(n, params=[1]), n, p.INVALID_PARAMS),
        lambda n: (req(HUGE_INT + n, f"no/such/{n}"), HUGE_INT + n, p.METHOD_NOT_FOUND),  # a huge id
        lambda n: (req(f"{HUGE_STR}{n}", "no/such"), f"{HUGE_STR}{n}", p.METHOD_NOT_FOUND),
        lambda n: (req(n, "tools/call", params={}), n, p.INVALID_PARAMS),
        lambda n: (req(n, "tools/call", params={"name": "x", "arguments": "x"}), n, p.INVALID_PARAMS),
        lambda n: (req(n, "tools/call", params={"name": f"missing-{n}"}), n, p.INVALID_PARAMS),
        lambda n: (req(n, params={"cursor": "?"}), n, p.INVALID_PARAMS),
        lambda n: (line({"jsonrpc": "2.0", "method": f"notifications/x{n}"}), SILENT, None),
        lambda n: (line({"jsonrpc": "2.0", "id": 10_000 + n, "result": {}}), SILENT, None),  # stray reply
        lambda n: (line({"jsonrpc": "2.0"}), NULL, p.INVALID_REQUEST),
    ]
    lines = [makers[n % len(makers)](1000 + n) for n in range(count - 1)]
    lines.append((b"{" + b"x" * (1024 * 1024), NULL, p.PARSE_ERROR))  # one very long broken line
    return lines


async def test_a_thousand_malformed_lines_each_answered_then_a_call_works(served: Served, wire: Wire) -> None:
    corpus = _malformed(1000)
    assert len(corpus) == 1000
    await wire.request("initialize", HANDSHAKE)

    async def feed() -> None:
        await wire.write(*(raw for raw, _, _ in corpus))
        await wire.write(
            p.encode(p.request("last", "tools/call", {"name": served.good[0], "arguments": served.good[1]}))
        )

    feeding = asyncio.create_task(feed())
    last = await wire.reply_to("last")
    await feeding
    assert last["result"]["isError"] is False  # still serving, and a valid call works
    errors = wire.replies[1:-1]
    assert all("error" in r and r["error"]["message"] for r in errors)
    expected = [(want, code) for _, want, code in corpus if want != SILENT]
    # Requests run beside the read loop, so answers may overtake each other: compare as multisets.
    assert sorted((str(r["id"]), r["error"]["code"]) for r in errors) == sorted(
        ("None" if want == NULL else str(want), code) for want, code in expected
    )
    assert await _close(wire) == 0
