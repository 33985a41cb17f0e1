"""Sequential ``tools/call`` round trips per second against one minimal stdio server, three clients:

- ours: ``McpManager.call_tool`` (argument validation, events on the bus, typed results);
- the official SDK: ``mcp.ClientSession`` over ``mcp.client.stdio.stdio_client``;
- bare: an asyncio loop writing one JSON line and reading one back (the floor).

Run: ``.venv/bin/python benchmarks/mcp_roundtrip.py [--calls N] [--batch B] [--quick]``. Each client
gets its own server process, keeps its connection and sends new arguments on every call; the
clients then take turns, B calls each, until each has made N calls. Taking turns in small
batches puts the three under the same machine conditions (on a shared VM the speed of a round
trip drifts by 2x within seconds). The rate of a
client is the median of its batches, a ratio the median of the ratios within each turn. Targets:
ours ≥ 1.5× the SDK's rate and ≥ 0.7× bare's. Our client CPU per call over bare's is printed for
information, with no target (docs/mcp.md says where it goes). Numbers, not asserts: the tests run
``--quick`` only.

The client CPU per call does not depend on how the scheduler places the client and the server.
On an idle machine each round trip also waits for a core to wake, which every client pays alike;
when another process keeps a core busy, client and server share the other one and the rates follow
the CPU costs instead, so the ratio to the bare loop is lower.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import statistics
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sofia_nb.events import Event  # noqa: E402
from sofia_nb.mcp import McpConfig, McpManager, ServerConfig  # noqa: E402
from sofia_nb.redact import redact, redact_text  # noqa: E402

SERVER = ROOT / "tests" / "support" / "mcp_fake_server.py"  # its echo path does almost no work
TARGET_VS_SDK = 1.5
TARGET_VS_BARE = 0.7
CLIENTS = ("bare", "sdk", "ours")

Run = Callable[[int], Awaitable[None]]
"""Makes n sequential calls on an open connection."""


def texts() -> Iterator[str]:
    """A new argument for every call, as real calls have: no client may reuse the last call's work."""
    return (f"query {i}" for i in itertools.count())


@asynccontextmanager
async def ours() -> AsyncIterator[Run]:
    config = McpConfig(servers={"bench": ServerConfig(command=sys.executable, args=[str(SERVER)])})
    async with McpManager(config) as manager:
        seen: list[Event] = []
        manager.bus.subscribe(seen.append)  # events on, and consumed

        text = texts()

        async def run(n: int) -> None:
            for _ in range(n):
                query = next(text)
                result = await manager.call_tool("bench", "echo", {"text": query})
                assert result.text() == query
            seen.clear()

        yield run


@asynccontextmanager
async def official_sdk() -> AsyncIterator[Run]:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=[str(SERVER)])
    with open("/dev/null", "w") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()

            text = texts()

            async def run(n: int) -> None:
                for _ in range(n):
                    query = next(text)
                    result = await session.call_tool("echo", {"text": query})
                    assert result.content[0].text == query  # type: ignore[union-attr]

            yield run


@asynccontextmanager
async def bare() -> AsyncIterator[Run]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(SERVER), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
    )
    assert proc.stdin is not None and proc.stdout is not None
    stdin, stdout = proc.stdin, proc.stdout
    next_id = 0

    async def rpc(method: str, params: dict) -> dict:
        nonlocal next_id
        next_id += 1
        stdin.write(
            json.dumps({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params}).encode() + b"\n"
        )
        await stdin.drain()
        return json.loads(await stdout.readline())

    init = {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "bare", "version": "0"},
    }
    await rpc("initialize", init)

    text = texts()

    async def run(n: int) -> None:
        for _ in range(n):
            query = next(text)
            reply = await rpc("tools/call", {"name": "echo", "arguments": {"text": query}})
            assert reply["result"]["content"][0]["text"] == query

    try:
        yield run
    finally:
        stdin.close()
        await proc.wait()


class Batch(NamedTuple):
    rate: float  # calls per second, wall clock
    cpu_us: float  # this process's CPU time per call (the server's is not counted)


class Result(NamedTuple):
    rate: dict[str, float]  # median batch rate per client
    cpu_us: dict[str, float]  # median CPU per call per client
    vs_sdk: float  # median of ours/sdk within each turn
    vs_bare: float
    cpu_vs_bare: float  # median of our CPU per call / bare's within each turn
    turns: int


async def timed(run: Run, calls: int) -> Batch:
    started, cpu = time.perf_counter(), time.process_time()
    await run(calls)
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    return Batch(calls / wall, cpu / calls * 1e6)


async def measure(calls: int, batch: int) -> Result:
    factories = {"bare": bare, "sdk": official_sdk, "ours": ours}
    async with AsyncExitStack() as stack:
        runs = {name: await stack.enter_async_context(factories[name]()) for name in CLIENTS}
        for run in runs.values():
            await run(min(calls, 200))  # warm-up: imports, caches, the server's own start
        turns = [
            {name: await timed(runs[name], batch) for name in CLIENTS} for _ in range(max(1, calls // batch))
        ]

    def median(values: list[float]) -> float:
        return statistics.median(values)

    return Result(
        rate={name: median([t[name].rate for t in turns]) for name in CLIENTS},
        cpu_us={name: median([t[name].cpu_us for t in turns]) for name in CLIENTS},
        vs_sdk=median([t["ours"].rate / t["sdk"].rate for t in turns]),
        vs_bare=median([t["ours"].rate / t["bare"].rate for t in turns]),
        cpu_vs_bare=median([t["ours"].cpu_us / t["bare"].cpu_us for t in turns]),
        turns=len(turns),
    )


def redactor_cost_us(n: int = 2000) -> float:
    """What ``sofia_nb.redact`` costs per call as we use it (arguments, then the result preview)."""
    started = time.perf_counter()
    for query in itertools.islice(texts(), n):
        redact({"text": query})
        redact_text(query)
    return (time.perf_counter() - started) / n * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=15000, help="calls per client")
    parser.add_argument("--batch", type=int, default=250, help="calls per client per turn")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 100 calls in batches of 50")
    args = parser.parse_args(argv)
    calls, batch = (100, 50) if args.quick else (args.calls, args.batch)
    result = asyncio.run(measure(calls, batch))
    print(f"{result.turns} turns of {batch} calls per client")
    for name in CLIENTS:
        print(f"{name:>5}: {result.rate[name]:8.0f} calls/s  (client CPU {result.cpu_us[name]:5.1f} us/call)")
    print(f"ours / sdk : {result.vs_sdk:.2f}x (target >= {TARGET_VS_SDK}x)")
    print(f"ours / bare: {result.vs_bare:.2f}x (target >= {TARGET_VS_BARE}x)")
    print(f"client CPU per call, ours / bare: {result.cpu_vs_bare:.2f}x")
    print(
        f"of each of our calls, the redactor (arguments + result preview) takes {redactor_cost_us():.0f} us"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
