"""1,000 malformed JSON-RPC lines never kill ``sofia-nb mcp serve``; each request among them gets an error."""

from __future__ import annotations

import json
import random
import subprocess
import threading
from pathlib import Path
from typing import Any

from ._served import serve_argv

NULL = "null-id"
SILENT = "silent"


def _corpus(count: int) -> list[tuple[bytes, str | int | None]]:
    """Lines, each with what it must get: an error for its request id, an error with id null, or nothing."""
    rng = random.Random(4)
    valid = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    makers: list[Any] = [
        lambda n: (valid[: rng.randrange(1, len(valid) - 1)].encode(), NULL),  # truncated JSON
        lambda n: (bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40))).replace(b"\n", b" "), NULL),
        lambda n: (b'\xff\xfe{"jsonrpc": "2.0"}', NULL),  # not UTF-8
        lambda n: (json.dumps(rng.choice([1, "text", None, True, 2.5])).encode(), NULL),
        lambda n: (json.dumps([{"jsonrpc": "2.0", "id": n, "method": "ping"}]).encode(), NULL),  # a batch
        lambda n: (json.dumps({"id": n, "method": "tools/list"}).encode(), n),  # no jsonrpc member
        lambda n: (json.dumps({"jsonrpc": "1.0", "id": n, "method": "tools/list"}).encode(), n),
        lambda n: (
            json.dumps({"jsonrpc": "2.0", "id": rng.choice([{}, [], True, 1.5]), "method": "x"}).encode(),
            NULL,
        ),
        lambda n: (json.dumps({"jsonrpc": "2.0", "id": n, "method": 42}).encode(), n),
        lambda n: (
            json.dumps({"jsonrpc": "2.0", "id": n, "method": "tools/list", "params": [1]}).encode(),
            n,
        ),
        lambda n: (json.dumps({"jsonrpc": "2.0", "id": f"s{n}", "method": f"no/such/{n}"}).encode(), f"s{n}"),
        lambda n: (json.dumps({"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": {}}).encode(), n),
        lambda n: (
            json.dumps(
                {
                    "jsonrpc": "2.0",
                    "id": n,
                    "method": "tools/call",
                    "params": {"name": "grep", "arguments": "x"},
                }
            ).encode(),
            n,
        ),
        lambda n: (
            json.dumps(
                {"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": {"name": f"missing-{n}"}}
            ).encode(),
            n,
        ),
        lambda n: (
            json.dumps(
                {"jsonrpc": "2.0", "id": n, "method": "tools/list", "params": {"cursor": "?"}}
            ).encode(),
            n,
        ),
        lambda n: (json.dumps({"jsonrpc": "2.0", "method": f"notifications/x{n}"}).encode(), SILENT),
        lambda n: (
            json.dumps({"jsonrpc": "2.0", "id": 10_000 + n, "result": {}}).encode(),
            SILENT,
        ),  # stray reply
        lambda n: (json.dumps({"jsonrpc": "2.0"}).encode(), NULL),
    ]
    lines = [makers[n % len(makers)](1000 + n) for n in range(count - 1)]
    lines.append((b"{" + b"x" * (1024 * 1024) + b"\n", NULL))  # one very long broken line
    return lines


def test_a_thousand_malformed_lines(tmp_path: Path) -> None:
    corpus = _corpus(1000)
    assert len(corpus) == 1000
    proc = subprocess.Popen(
        serve_argv(tmp_path),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=tmp_path,
    )
    assert proc.stdin is not None and proc.stdout is not None

    def feed() -> None:
        assert proc.stdin is not None
        init = {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "fuzz", "version": "1"},
        }
        proc.stdin.write(
            json.dumps({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": init}).encode()
            + b"\n"
        )
        for line, _ in corpus:
            proc.stdin.write(line.rstrip(b"\n") + b"\n")
        proc.stdin.write(b'{"jsonrpc": "2.0", "id": "last", "method": "tools/list"}\n')
        proc.stdin.flush()

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    replies: list[dict[str, Any]] = []
    timer = threading.Timer(120, proc.kill)  # a hung server fails the test instead of the whole run
    timer.start()
    try:
        for raw in proc.stdout:
            replies.append(json.loads(raw))  # stdout carries nothing but JSON-RPC frames
            if replies[-1].get("id") == "last":
                break
    finally:
        timer.cancel()
        writer.join(timeout=10)
        proc.stdin.close()
        code = proc.wait(timeout=30)
    assert replies and replies[-1]["id"] == "last" and replies[-1]["result"]["tools"], (
        "the server stopped answering"
    )
    assert code == 0  # it exits cleanly when stdin closes
    errors = [r for r in replies if "error" in r]
    by_id = {r["id"]: r for r in errors if r["id"] is not None}
    expected_ids = [want for _, want in corpus if want not in (NULL, SILENT)]
    assert sorted(map(str, by_id)) == sorted(map(str, expected_ids))
    assert sum(1 for r in errors if r["id"] is None) == sum(1 for _, want in corpus if want == NULL)
    assert all(isinstance(r["error"]["code"], int) and r["error"]["message"] for r in errors)
    assert len(replies) == 2 + len(errors)  # init, last, and one error per malformed request: nothing else
