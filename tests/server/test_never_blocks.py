"""The server never blocks (issue 32), over a real ``sofia-nb mcp serve`` process: a look-behind
regex (which ripgrep cannot run) leaves the loop free, so a ``ping`` sent after it is answered
first; a FIFO in the root is skipped, never opened; a file name with a newline is one file; the
server exits when stdin closes even with a call still running.

Waits are bounded (the test never hangs), but what is asserted is order and outcome, not time.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")

# Catastrophic for Python's `re` (it never returns, holding the GIL), and still slow for the
# `regex` module, which runs it without the GIL until the call's deadline: a call that stays busy.
BACKTRACKING = r"(?<!z)(a|aa)+c"


class Server:
    """A real server process and a reader thread that queues its replies."""

    def __init__(self, root: Path, **env: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "sofia_nb", "mcp", "serve", "--root", str(root)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={**os.environ, **env},
        )
        self.replies: queue.Queue[dict[str, Any]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send(
            1,
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"},
            },
        )
        assert self.next()["id"] == 1
        self.notify("notifications/initialized")

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.replies.put(json.loads(line))

    def send(self, msg_id: int, method: str, params: dict[str, Any] | None = None) -> None:
        self._write({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params or {}})

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        self._write({"jsonrpc": "2.0", "method": method, "params": params or {}})

    def _write(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()

    def next(self, timeout: float = 60) -> dict[str, Any]:
        try:
            return self.replies.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no reply within {timeout} s: the server is blocked") from None

    def call(self, msg_id: int, tool: str, **arguments: Any) -> dict[str, Any]:
        self.send(msg_id, "tools/call", {"name": tool, "arguments": arguments})
        reply = self.next()
        assert reply["id"] == msg_id, reply
        return reply["result"]  # type: ignore[no-any-return]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)


@pytest.fixture
def busy_root(tmp_path: Path) -> Path:
    (tmp_path / "data.py").write_text(("c\n" + "a" * 60 + "\n") * 40, encoding="utf-8")
    return tmp_path


def test_a_ping_is_answered_while_a_look_behind_regex_runs(busy_root: Path) -> None:
    server = Server(busy_root, SOFIA_SEARCH_LIMIT_S="3")
    try:
        server.send(
            2, "tools/call", {"name": "grep", "arguments": {"patterns": [BACKTRACKING], "regex": True}}
        )
        server.send(3, "ping")
        first, second = server.next(), server.next()
        assert first["id"] == 3 and first["result"] == {}  # the ping, while the search still runs
        assert second["id"] == 2
        assert second["result"]["isError"] is True
        assert "took over 3 s to match" in second["result"]["content"][0]["text"]
    finally:
        server.stop()


def test_a_cancelled_search_stops_and_the_server_goes_on(busy_root: Path) -> None:
    server = Server(busy_root, SOFIA_SEARCH_LIMIT_S="120")
    try:
        server.send(
            2, "tools/call", {"name": "grep", "arguments": {"patterns": [BACKTRACKING], "regex": True}}
        )
        server.notify("notifications/cancelled", {"requestId": 2})
        server.send(3, "ping")
        assert server.next()["id"] == 3
        # The cancelled call never answers, and the next call is served (the worker is not stuck
        # for the two minutes of the deadline: the cancel reached the search).
        result = server.call(4, "grep", patterns=["c"], max_per_pattern=1)
        assert result["structuredContent"]["patterns"][0]["hits"][0]["file"] == "data.py"
    finally:
        server.stop()


def test_the_server_exits_when_stdin_closes_with_a_call_in_flight(busy_root: Path) -> None:
    server = Server(busy_root, SOFIA_SEARCH_LIMIT_S="600")
    try:
        server.send(
            2, "tools/call", {"name": "grep", "arguments": {"patterns": [BACKTRACKING], "regex": True}}
        )
        server.send(3, "ping")
        assert server.next()["id"] == 3  # the call is running
        assert server.proc.stdin is not None
        server.proc.stdin.close()
        assert server.proc.wait(timeout=60) == 0  # not the ten minutes the search may take
    finally:
        server.stop()


def test_a_fifo_and_a_file_named_with_a_newline(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.py")  # opening it would wait for a writer forever
    (tmp_path / "odd\nname.py").write_text("needle = 1\n", encoding="utf-8")
    (tmp_path / "plain.py").write_text("x = 0\nneedle = 2\n", encoding="utf-8")
    server = Server(tmp_path)
    try:
        found = server.call(2, "grep", patterns=["needle"])
        hits = found["structuredContent"]["patterns"][0]["hits"]
        assert [(h["file"], h["line"]) for h in hits] == [("odd\nname.py", 1), ("plain.py", 2)]
        assert found["content"][0]["text"] == "odd\\nname.py:1:needle = 1\nplain.py:2:needle = 2\n"
        refs = server.call(3, "refs", symbol="needle")
        assert refs["structuredContent"]["defs"] == 2
        summary = server.call(4, "code", files=["."])
        assert [f["file"].rsplit("/", 1)[-1] for f in summary["structuredContent"]["files"]] == [
            "odd\nname.py",
            "plain.py",
        ]
        refused = server.call(5, "code", files=["pipe.py"])
        assert refused["isError"] is True
        assert "not a regular file (a FIFO, socket or device)" in refused["content"][0]["text"]
    finally:
        server.stop()
