"""One test per row of docs/mcp-errors.md: the fault ends in its kind, retried as the table says, within
attempts × T + 2 s (a hang guard, not a speed target), and no child process survives (conftest guard)."""

from __future__ import annotations

import re
import socket
import sys
import time
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

import pytest

from sofia_nb.events import EventRecorder, WarningIssued
from sofia_nb.mcp import McpError, McpManager, ServerConfig
from tests.support.mcp_helpers import config, fake_entry
from tests.support.mcp_http_fake import FakeHttpServer

T = 1.0
TABLE = Path(__file__).resolve().parents[2] / "docs" / "mcp-errors.md"
ROW = re.compile(r"^\| `(?P<id>[a-z0-9-]+)` \| [^|]+ \| (?P<kind>[^|]+) \| (?P<retried>yes|no) \|", re.M)


def rows() -> dict[str, tuple[str | None, bool]]:
    table = {}
    for m in ROW.finditer(TABLE.read_text()):
        kind = m["kind"].strip()
        table[m["id"]] = (kind.strip("`") if kind.startswith("`") else None, m["retried"] == "yes")
    return table


Call = Callable[[McpManager], Awaitable[object]]


def call(tool: str, **args: object) -> Call:
    return lambda manager: manager.call_tool("s", tool, args)


def list_tools(manager: McpManager) -> Awaitable[object]:
    return manager.list_tools("s")


def stdio(mode: str = "", **env: str) -> Callable[[], tuple[AbstractContextManager[object], ServerConfig]]:
    return lambda: (nullcontext(), fake_entry("s", mode=mode, timeout=T, **env))


def http(**fault: object) -> Callable[[], tuple[AbstractContextManager[object], ServerConfig]]:
    def make() -> tuple[AbstractContextManager[object], ServerConfig]:
        server = FakeHttpServer(**fault)  # type: ignore[arg-type]
        return server, ServerConfig(name="s", type="http", url=server.url, timeout=T)

    return make


def url(address: str) -> Callable[[], tuple[AbstractContextManager[object], ServerConfig]]:
    return lambda: (nullcontext(), ServerConfig(name="s", type="http", url=address, timeout=T))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SCENARIOS: dict[str, tuple[Callable[[], tuple[AbstractContextManager[object], ServerConfig]], Call]] = {
    "stdio-missing-command": (
        lambda: (nullcontext(), ServerConfig(name="s", command="/nonexistent/mcp-server", timeout=T)),
        call("echo", text="x"),
    ),
    "stdio-dies-at-start": (stdio("die-at-start"), call("echo", text="x")),
    "stdio-silent-handshake": (stdio("never-answer"), list_tools),
    "stdio-silent-handshake-call": (stdio("never-answer"), call("echo", text="x")),
    "stdio-bad-version": (stdio("bad-version"), call("echo", text="x")),
    "stdio-dies-mid-call": (stdio(), call("die")),
    "stdio-dies-mid-write": (stdio(), call("create_thing", die=True)),
    "stdio-call-silent": (stdio(), call("never")),
    "stdio-write-silent": (stdio(), call("create_thing", hang=True)),
    "invalid-arguments": (stdio(), call("echo", text=42)),
    "unknown-tool": (stdio(), call("no_such_tool")),
    "rpc-error": (stdio(), call("rpc_error")),
    "tool-is-error": (stdio(), call("fail")),
    "stdio-garbage": (stdio("garbage"), call("echo", text="x")),
    "stdio-10mib-line": (stdio(), call("big", mib=10)),
    "stdio-stderr-flood": (stdio("stderr-flood"), call("flood")),
    "stdio-slow-start": (stdio("slow-start", FAKE_DELAY="0.5"), call("echo", text="x")),
    "http-401": (http(status=401), call("echo", text="x")),
    "http-403": (http(status=403), call("echo", text="x")),
    "http-500": (http(status=500), call("echo", text="x")),
    "http-500-list": (http(status=500), list_tools),
    "http-500-call": (http(status=503, status_on_calls=True), call("echo", text="x")),
    "http-500-write": (http(status=500, status_on_calls=True), call("create_thing", text="x")),
    "http-malformed": (http(malformed=True), call("echo", text="x")),
    "http-expired-session": (http(expire_once=True), call("echo", text="x")),
    "http-refused": (url(f"http://127.0.0.1:{free_port()}/mcp"), call("echo", text="x")),
    "http-dns": (url("http://sofia-nb-test.invalid/mcp"), call("echo", text="x")),
    "http-silent": (http(hang=True), call("echo", text="x")),
}


def test_every_row_has_a_scenario_and_back() -> None:
    assert set(rows()) == set(SCENARIOS)


@pytest.mark.parametrize("row", sorted(SCENARIOS))
async def test_row(row: str) -> None:
    kind, retried = rows()[row]
    make, action = SCENARIOS[row]
    server, entry = make()
    attempts = 2 if retried else 1
    with server:
        async with McpManager(config(entry)) as manager:  # the real 1 s ± 20 % retry delay
            events = EventRecorder(manager.bus)
            started = time.monotonic()
            try:
                result = await action(manager)
                got = None
            except McpError as exc:
                got, result = exc.kind, None
                assert exc.server == "s" and str(exc) and "Traceback" not in str(exc)
            elapsed = time.monotonic() - started
    assert got == kind, f"{row}: expected {kind}, got {got}"
    if row == "stdio-garbage":
        assert any("non-JSON line" in w.message for w in events.of_type(WarningIssued))
    retries = [w for w in events.of_type(WarningIssued) if w.source == "mcp" and "retrying" in w.message]
    assert len(retries) == (1 if retried else 0)
    if retries:
        assert retries[0].details["attempt"] == 2 and 0.8 <= retries[0].details["delay_s"] <= 1.2
    assert elapsed <= attempts * T + 2.0 + (1.0 if sys.platform != "linux" else 0.0)
    if row == "tool-is-error":
        assert getattr(result, "is_error", False)
