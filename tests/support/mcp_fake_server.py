"""A small, deliberately misbehaving MCP stdio server for the client's tests (and the benchmark).

Run as a script. ``FAKE_MODE`` picks a start-up fault: ``die-at-start``, ``slow-start`` (sleeps
``FAKE_DELAY`` s), ``never-answer``, ``bad-version``, ``garbage`` (non-JSON lines on stdout first),
``stderr-flood``, ``ignore-eof`` (lingers 300 s after stdin closes).
Tools pick faults during a call: ``die``, ``never``, ``sleep`` (with progress),
``big`` (a 10 MiB line; ``mib`` and a ``pattern`` repeated to fill it), ``flood``. ``FAKE_LOG``
names a file that receives every message read, one JSON line each, so tests can check what the
client sent (e.g. ``notifications/cancelled``). ``FAKE_EXTRA_TOOLS=N`` lists N more tools (a server
that offers thousands), ``FAKE_PAGE`` the tools per ``tools/list`` page (3).
Pure stdlib and minimal per-message work: the benchmark uses it as the "almost no work" server.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time

MODE = os.environ.get("FAKE_MODE", "")
LOG = os.environ.get("FAKE_LOG")
PAGE = int(os.environ.get("FAKE_PAGE", "3"))
_out = sys.stdout.buffer
_lock = threading.Lock()

RO = {"readOnlyHint": True}
TOOLS = [
    {
        "name": "echo",
        "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
        "annotations": RO,
    },
    {
        "name": "add",
        "inputSchema": {
            "type": "object",
            "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
            "required": ["a", "b"],
        },
        "annotations": RO,
    },
    {
        "name": "sleep",
        "inputSchema": {"type": "object", "properties": {"seconds": {"type": "number"}}},
        "annotations": RO,
    },
    {"name": "never", "inputSchema": {"type": "object"}, "annotations": RO},
    {"name": "die", "inputSchema": {"type": "object"}, "annotations": RO},
    {
        "name": "create_thing",
        "inputSchema": {"type": "object"},
        "annotations": {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": False},
    },
    {
        "name": "big",
        "inputSchema": {
            "type": "object",
            "properties": {"mib": {"type": "number"}, "pattern": {"type": "string"}},
        },
        "annotations": RO,
    },
    {"name": "flood", "inputSchema": {"type": "object"}, "annotations": RO},
    {"name": "fail", "inputSchema": {"type": "object"}, "annotations": RO},
    {"name": "log", "inputSchema": {"type": "object"}, "annotations": RO},
    {"name": "rpc_error", "inputSchema": {"type": "object"}, "annotations": RO},
    {"name": "changed", "inputSchema": {"type": "object"}, "annotations": RO},
    {"name": "ask_client", "inputSchema": {"type": "object"}, "annotations": RO},
    {"name": "malformed", "inputSchema": {"type": "object"}, "annotations": RO},
]
TOOLS += [
    {
        "name": f"extra_{n:05d}",
        "description": f"extra tool number {n}, one of very many this server offers",
        "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}},
        "annotations": RO,
    }
    for n in range(int(os.environ.get("FAKE_EXTRA_TOOLS", "0")))
]


def send(msg: dict) -> None:
    data = json.dumps(msg, separators=(",", ":")).encode() + b"\n"
    with _lock:
        _out.write(data)
        _out.flush()


def text(rid: object, value: str, is_error: bool = False) -> None:
    send(
        {
            "jsonrpc": "2.0",
            "id": rid,
            "result": {"content": [{"type": "text", "text": value}], "isError": is_error},
        }
    )


def call(rid: object, params: dict) -> None:
    name, args = params.get("name"), params.get("arguments") or {}
    token = (params.get("_meta") or {}).get("progressToken")
    if name == "echo":
        text(rid, args["text"])
    elif name == "add":
        send(
            {
                "jsonrpc": "2.0",
                "id": rid,
                "result": {
                    "content": [{"type": "text", "text": str(args["a"] + args["b"])}],
                    "structuredContent": {"sum": args["a"] + args["b"]},
                },
            }
        )
    elif name == "sleep":
        seconds = float(args.get("seconds", 0.2))
        for step in range(1, 4):
            time.sleep(seconds / 3)
            if token is not None:
                send(
                    {
                        "jsonrpc": "2.0",
                        "method": "notifications/progress",
                        "params": {
                            "progressToken": token,
                            "progress": step,
                            "total": 3,
                            "message": f"step {step}",
                        },
                    }
                )
        text(rid, "slept")
    elif name == "never":
        return
    elif name == "die":
        sys.stderr.write("fake: dying mid-call as asked\n")
        sys.stderr.flush()
        os._exit(3)
    elif name == "create_thing":  # not idempotent: must never be retried after a timeout or a crash
        if args.get("die"):
            os._exit(3)
        if not args.get("hang"):
            text(rid, "created")
    elif name == "big":
        size, pattern = int(float(args.get("mib", 10)) * 1024 * 1024), str(args.get("pattern") or "x")
        text(rid, (pattern * (size // len(pattern) + 1))[:size])
    elif name == "flood":
        for _ in range(2000):
            sys.stderr.write("flood " * 100 + "\n")
        sys.stderr.flush()
        text(rid, "flooded")
    elif name == "fail":
        text(rid, "it went wrong", is_error=True)
    elif name == "log":
        send(
            {
                "jsonrpc": "2.0",
                "method": "notifications/message",
                "params": {"level": "warning", "logger": "fake", "data": "careful"},
            }
        )
        text(rid, "logged")
    elif name == "changed":  # the tool list changed: the client must list again
        send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
        text(rid, "changed")
    elif name == "ask_client":  # server→client requests; the answers show up in FAKE_LOG
        for i, method in enumerate(("ping", "sampling/createMessage", "elicitation/create", "roots/list")):
            send({"jsonrpc": "2.0", "id": f"srv-{i}", "method": method, "params": {}})
        text(rid, "asked")
    elif name == "malformed":  # a bad progress notification and a response with a list id: both ignorable
        send(
            {
                "jsonrpc": "2.0",
                "method": "notifications/progress",
                "params": {"progressToken": token, "progress": "x"},
            }
        )
        send({"jsonrpc": "2.0", "id": [1], "result": {}})
        text(rid, "survived")
    elif name == "rpc_error":
        send({"jsonrpc": "2.0", "id": rid, "error": {"code": -32603, "message": "internal failure"}})
    else:
        send({"jsonrpc": "2.0", "id": rid, "error": {"code": -32602, "message": f"unknown tool {name}"}})


def handle(msg: dict) -> None:
    method, rid = msg.get("method"), msg.get("id")
    if method == "initialize":
        if MODE == "never-answer":
            return
        version = "1999-01-01" if MODE == "bad-version" else msg["params"]["protocolVersion"]
        send(
            {
                "jsonrpc": "2.0",
                "id": rid,
                "result": {
                    "protocolVersion": version,
                    "capabilities": {"tools": {"listChanged": True}},
                    "serverInfo": {"name": "fake", "version": "1.0"},
                },
            }
        )
    elif method == "tools/list":
        start = int((msg.get("params") or {}).get("cursor") or 0)
        result: dict = {"tools": TOOLS[start : start + PAGE]}
        if start + PAGE < len(TOOLS):
            result["nextCursor"] = str(start + PAGE)
        send({"jsonrpc": "2.0", "id": rid, "result": result})
    elif method == "tools/call":
        params = msg["params"]
        if params.get("name") in ("sleep", "never", "create_thing"):
            threading.Thread(target=call, args=(rid, params), daemon=True).start()
        else:
            call(rid, params)
    elif method == "ping":
        send({"jsonrpc": "2.0", "id": rid, "result": {}})
    elif rid is not None and method is not None:
        send({"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": f"no method {method}"}})


def main() -> None:
    if MODE == "die-at-start":
        sys.stderr.write("fake: cannot start, missing configuration\n")
        sys.exit(2)
    if MODE == "slow-start":
        time.sleep(float(os.environ.get("FAKE_DELAY", "1")))
    if MODE == "garbage":
        _out.write(b"Starting fake server v1.0...\nnot json either\n")
        _out.flush()
    if MODE == "stderr-flood":
        for _ in range(5000):
            sys.stderr.write("noise " * 50 + "\n")
        sys.stderr.flush()
    log = open(LOG, "a") if LOG else None  # noqa: SIM115 - lives as long as the process
    for line in sys.stdin.buffer:
        if log is not None:
            log.write(line.decode())
            log.flush()
        handle(json.loads(line))
    if MODE == "ignore-eof":  # a server that lingers after its client is gone
        time.sleep(300)


if __name__ == "__main__":
    main()
