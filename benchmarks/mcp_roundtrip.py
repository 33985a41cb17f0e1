"""Sequential ``tools/call`` round trips per second against one minimal stdio server, three clients:

- ours: ``McpManager.call_tool`` (argument validation, events on the bus, typed results);
- the official SDK: ``mcp.ClientSession`` over ``mcp.client.stdio.stdio_client``;
- bare: an asyncio loop writing one JSON line and reading one back (the floor).

Run: ``.venv/bin/python benchmarks/mcp_roundtrip.py [--calls N] [--rounds R] [--quick]``. Each client
runs R rounds of N calls, interleaved, and the best round counts. Targets: ours ≥ 1.5× the SDK and
≥ 0.7× bare. Numbers, not asserts: the tests only run ``--quick`` to keep this script working.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sofia_nb.events import Event  # noqa: E402
from sofia_nb.mcp import McpConfig, McpManager, ServerConfig  # noqa: E402
from sofia_nb.redact import redact, redact_text  # noqa: E402

SERVER = ROOT / "tests" / "support" / "mcp_fake_server.py"  # its echo path does almost no work
ARGS = {"text": "hello"}
TARGET_VS_SDK = 1.5
TARGET_VS_BARE = 0.7

Loop = Callable[[int], Awaitable[None]]


async def ours(calls: int, rounds: int) -> list[float]:
    config = McpConfig(servers={"bench": ServerConfig(command=sys.executable, args=[str(SERVER)])})
    async with McpManager(config) as manager:
        seen: list[Event] = []
        manager.bus.subscribe(seen.append)  # events on, and consumed

        async def run(n: int) -> None:
            for _ in range(n):
                result = await manager.call_tool("bench", "echo", ARGS)
                assert result.text() == "hello"
            seen.clear()

        return await timed(run, calls, rounds)


async def official_sdk(calls: int, rounds: int) -> list[float]:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=[str(SERVER)])
    with open("/dev/null", "w") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()

            async def run(n: int) -> None:
                for _ in range(n):
                    result = await session.call_tool("echo", ARGS)
                    assert result.content[0].text == "hello"  # type: ignore[union-attr]

            return await timed(run, calls, rounds)


async def bare(calls: int, rounds: int) -> list[float]:
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

    async def run(n: int) -> None:
        for _ in range(n):
            reply = await rpc("tools/call", {"name": "echo", "arguments": ARGS})
            assert reply["result"]["content"][0]["text"] == "hello"

    try:
        return await timed(run, calls, rounds)
    finally:
        stdin.close()
        await proc.wait()


async def timed(run: Loop, calls: int, rounds: int) -> list[float]:
    await run(min(calls, 200))  # warm-up: imports, caches, the server's own start
    rates = []
    for _ in range(rounds):
        started = time.perf_counter()
        await run(calls)
        rates.append(calls / (time.perf_counter() - started))
    return rates


async def measure(calls: int, rounds: int) -> dict[str, float]:
    best: dict[str, float] = {}
    for _ in range(rounds):  # interleave clients so machine load hits all three alike
        for name, client in (("bare", bare), ("sdk", official_sdk), ("ours", ours)):
            best[name] = max(best.get(name, 0.0), *await client(calls, 1))
    return best


def redactor_cost_us(n: int = 2000) -> float:
    """What ``sofia_nb.redact`` costs per call as we use it (it scans ``os.environ`` on every use)."""
    started = time.perf_counter()
    for _ in range(n):
        redact(ARGS)
        redact_text("hello")
    return (time.perf_counter() - started) / n * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=3000, help="calls per round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per client (the best counts)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 50 calls, 1 round")
    args = parser.parse_args(argv)
    calls, rounds = (50, 1) if args.quick else (args.calls, args.rounds)
    rates = asyncio.run(measure(calls, rounds))
    vs_sdk, vs_bare = rates["ours"] / rates["sdk"], rates["ours"] / rates["bare"]
    for name in ("bare", "sdk", "ours"):
        print(f"{name:>5}: {rates[name]:8.0f} calls/s")
    print(f"ours / sdk : {vs_sdk:.2f}x (target >= {TARGET_VS_SDK}x)")
    print(f"ours / bare: {vs_bare:.2f}x (target >= {TARGET_VS_BARE}x)")
    print(
        f"of each of our calls, the redactor (arguments + result preview) takes {redactor_cost_us():.0f} us"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
