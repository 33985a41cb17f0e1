"""The stdio transport's contract, on real child processes: framing, stray lines, the stderr tail,
how a server's end is reported, the close sequence (stdin, SIGTERM, SIGKILL, each after its grace)
and the process group that dies with its owner.

The children are small ``python -c`` programs that do one thing each, so every case can say exactly
what the server did and what the client must make of it.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path

import pytest

from sofia_nb.mcp import McpError
from sofia_nb.mcp import _stdio as stdio
from sofia_nb.mcp._stdio import StdioTransport, _Ring, _Stdout

WAIT_S = 20.0  # bounds a hang only; nothing here asserts how fast it went


class Seen:
    """What a transport reported upward."""

    def __init__(self, transport: StdioTransport) -> None:
        self.messages: list[dict] = []
        self.strays: list[str] = []
        self.closed: list[McpError] = []
        self.closed_event = asyncio.Event()
        transport.on_message = self.messages.append
        transport.on_stray = self.strays.append
        transport.on_closed = self._closed

    def _closed(self, error: McpError) -> None:
        self.closed.append(error)
        self.closed_event.set()

    async def wait_closed(self) -> McpError:
        await asyncio.wait_for(self.closed_event.wait(), WAIT_S)
        return self.closed[0]

    async def wait_messages(self, n: int) -> None:
        async def until() -> None:
            while len(self.messages) < n:
                await asyncio.sleep(0.01)

        await asyncio.wait_for(until(), WAIT_S)


def child(code: str, **kwargs: object) -> StdioTransport:
    return StdioTransport(sys.executable, ["-c", code], **kwargs)  # type: ignore[arg-type]


async def started(code: str, **kwargs: object) -> tuple[StdioTransport, Seen]:
    """A started ``child`` running ``code``, and what it reports."""
    transport = child(code, **kwargs)
    seen = Seen(transport)
    await transport.start()
    return transport, seen


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


# -- the stderr ring --------------------------------------------------------------------------


def test_the_stderr_ring_keeps_the_newest_bytes_up_to_its_size() -> None:
    ring = _Ring(10)
    ring.append(b"0123456789")
    assert ring.tail() == "0123456789"
    ring.append(b"ab")
    assert ring.tail() == "23456789ab"
    ring.append(b"X" * 25)
    assert ring.tail() == "X" * 10


def test_the_stderr_tail_is_the_last_lines_decoded_and_stripped() -> None:
    ring = _Ring(1000)
    ring.append(("\n".join(f"line {i}" for i in range(30)) + "\n\n").encode())
    assert ring.tail() == "\n".join(f"line {i}" for i in range(10, 30))
    assert ring.tail(2) == "line 28\nline 29"
    ring.append(b"\xff bad byte")
    assert ring.tail(1) == "\ufffd bad byte"


# -- line framing (the read protocol on its own, fed the chunks a pipe may deliver) ------------


class Lines:
    def __init__(self) -> None:
        self.lines: list[bytes] = []
        self.lost: list[McpError] = []

    def _line(self, line: bytes) -> None:
        self.lines.append(line)

    def _lost(self, error: McpError) -> None:
        self.lost.append(error)


def framing() -> tuple[_Stdout, Lines]:
    owner = Lines()
    return _Stdout(owner, None), owner  # type: ignore[arg-type]


def test_a_line_split_across_chunks_is_joined_once_its_newline_arrives() -> None:
    reader, owner = framing()
    for chunk in (b'{"a"', b": 1", b"}\n"):
        reader.data_received(chunk)
    assert owner.lines == [b'{"a": 1}']


def test_several_lines_in_one_chunk_come_out_in_order_and_the_rest_waits() -> None:
    reader, owner = framing()
    reader.data_received(b"one\ntwo\nthree\nfo")
    assert owner.lines == [b"one", b"two", b"three"]
    reader.data_received(b"ur\n")
    assert owner.lines == [b"one", b"two", b"three", b"four"]


def test_the_line_limit_counts_the_whole_unfinished_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stdio, "LINE_LIMIT", 10)
    reader, owner = framing()
    reader.data_received(b"12345")
    reader.data_received(b"67890")  # exactly the limit: still a line in the making
    assert owner.lost == []
    reader.data_received(b"1")
    assert [e.kind for e in owner.lost] == ["protocol"]
    reader.data_received(b"more\nlines\n")  # framing is lost: nothing after it is read
    assert owner.lines == [] and len(owner.lost) == 1


def test_a_finished_line_resets_the_limit_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stdio, "LINE_LIMIT", 10)
    reader, owner = framing()
    reader.data_received(b"12345678")
    reader.data_received(b"9\n123456")  # a new partial line of 6 bytes
    reader.data_received(b"7890")
    assert owner.lost == [] and owner.lines == [b"123456789"]


def test_the_line_limit_message_names_mebibytes() -> None:
    assert stdio.LINE_LIMIT == 64 * 1024 * 1024
    assert stdio.STDERR_KEEP == 64 * 1024
    assert stdio.CLOSE_GRACE_S == 2.0


# -- a real child ------------------------------------------------------------------------------


async def test_json_lines_become_messages_and_other_lines_strays() -> None:
    long_text = "xxx " * 75
    code = (
        "import sys\n"
        'sys.stdout.write(\'{"jsonrpc": "2.0", "method": "a"}\\n\')\n'
        "sys.stdout.write('\\n   \\n')\n"
        f"sys.stdout.write('not json  \\n{long_text}\\n')\n"
        "sys.stdout.write('\\xe9t\\xe9\\n')\n"
        'sys.stdout.write(\'{"jsonrpc": "2.0", "method": "b"}\\n\')\n'
        "sys.stdout.flush()\n"
        "sys.stdin.read()\n"
    )
    transport, seen = await started(code)
    try:
        await seen.wait_messages(2)
        assert [m["method"] for m in seen.messages] == ["a", "b"]
        assert seen.strays == ["not json", "xxx " * 50, "été"]  # blank lines are no strays; cut between words
    finally:
        await transport.aclose()


async def test_send_writes_one_json_line_the_server_reads() -> None:
    code = (
        "import sys\nline = sys.stdin.readline()\n"
        "sys.stdout.write(line)\nsys.stdout.flush()\nsys.stdin.read()\n"
    )
    transport, seen = await started(code)
    try:
        await transport.send({"jsonrpc": "2.0", "method": "ping-back", "params": {"text": "é"}})
        await seen.wait_messages(1)
        assert seen.messages == [{"jsonrpc": "2.0", "method": "ping-back", "params": {"text": "é"}}]
    finally:
        await transport.aclose()


async def test_a_server_that_exits_is_reported_with_its_code_and_stderr_tail() -> None:
    transport, seen = await started("import sys\nsys.stderr.write('bad config\\n')\nsys.exit(3)\n")
    error = await seen.wait_closed()
    assert error.kind == "connection-lost"
    assert error.message == "the server exited with code 3"
    assert error.stderr_tail == "bad config" == transport.stderr_tail()
    assert len(seen.closed) == 1
    await transport.aclose()


async def test_a_server_that_closes_stdout_but_runs_on_is_reported_as_such() -> None:
    code = "import os, sys\nos.close(1)\nsys.stdin.read()\n"
    transport, seen = await started(code)
    try:
        error = await seen.wait_closed()
        assert error.kind == "connection-lost" and error.message == "the server closed its stdout"
    finally:
        await transport.aclose()


async def test_an_oversized_line_ends_the_connection_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stdio, "LINE_LIMIT", 1000)
    code = "import sys\nsys.stdout.write('y' * 5000)\nsys.stdout.flush()\nsys.stdin.read()\n"
    transport, seen = await started(code)
    try:
        error = await seen.wait_closed()
        assert error.kind == "protocol" and "longer than" in error.message
    finally:
        await transport.aclose()
    assert len(seen.closed) == 1  # the exit after close is not reported again


async def test_a_command_that_cannot_start_is_connection_refused_naming_it() -> None:
    transport = StdioTransport("/nonexistent/sofia-server")
    assert transport.pid is None
    with pytest.raises(McpError) as caught:
        await transport.start()
    assert caught.value.kind == "connection-refused"
    assert caught.value.message == (
        "the program '/nonexistent/sofia-server' was not found: install it, or correct the server's "
        "`command` in the MCP config"
    )
    await transport.aclose()  # nothing started: closing is a no-op


async def test_sending_after_close_is_connection_lost() -> None:
    transport = child("import sys\nsys.stdin.read()\n")
    await transport.start()
    await transport.aclose()
    with pytest.raises(McpError) as caught:
        await transport.send({"jsonrpc": "2.0", "method": "x"})
    assert caught.value.kind == "connection-lost" and "stdin is closed" in caught.value.message
    never = StdioTransport(sys.executable)
    with pytest.raises(McpError):
        await never.send({"jsonrpc": "2.0", "method": "x"})


async def test_the_child_gets_the_entry_env_and_cwd_over_ours(tmp_path: Path) -> None:
    out = tmp_path / "env.json"
    code = (
        "import json, os, sys\n"
        f"json.dump({{'cwd': os.getcwd(), 'x': os.environ.get('SOFIA_X'), 'home': 'HOME' in os.environ}}, "
        f"open({str(out)!r}, 'w'))\n"
    )
    transport, seen = await started(code, env={"SOFIA_X": "from-entry"}, cwd=str(tmp_path))
    await seen.wait_closed()
    await transport.aclose()
    assert json.loads(out.read_text()) == {"cwd": str(tmp_path), "x": "from-entry", "home": True}


async def test_a_server_that_exits_on_stdin_close_gets_no_signal() -> None:
    transport = child("import sys\nsys.stdin.read()\nsys.exit(0)\n")
    await transport.start()
    process = transport._process
    assert process is not None and transport.pid in stdio._live_groups
    await transport.aclose()
    assert process.get_returncode() == 0
    assert transport.pid not in stdio._live_groups
    await transport.aclose()  # twice is fine


async def test_a_server_ignoring_stdin_close_gets_sigterm_after_the_grace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(stdio, "CLOSE_GRACE_S", 0.5)
    code = (
        "import sys, time\nsys.stdin.read()\n"
        "print('still here', file=sys.stderr, flush=True)\ntime.sleep(60)\n"
    )
    transport = child(code)
    await transport.start()
    process = transport._process
    assert process is not None
    await transport.aclose()
    assert process.get_returncode() == -signal.SIGTERM


async def test_a_server_ignoring_sigterm_gets_sigkill_after_a_second_grace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(stdio, "CLOSE_GRACE_S", 0.5)
    code = (
        "import signal, sys, time\n"
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "print('ready', flush=True)\n"
        "sys.stdin.read()\n"
        "time.sleep(60)\n"
    )
    transport, seen = await started(code)
    await asyncio.wait_for(_until(lambda: bool(seen.strays)), WAIT_S)  # SIGTERM is ignored from here on
    process = transport._process
    assert process is not None
    await transport.aclose()
    assert process.get_returncode() == -signal.SIGKILL


async def _until(condition: object) -> None:
    while not condition():  # type: ignore[operator]
        await asyncio.sleep(0.01)


async def test_the_last_resort_kills_every_live_group_at_exit() -> None:
    code = (
        "import subprocess, sys\n"
        "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\nsys.stdin.read()\n"
    )
    transport = child(code)
    await transport.start()
    pid = transport.pid
    assert pid is not None
    stdio._kill_live_groups()  # what atexit runs for an owner that never closed its manager
    seen = Seen(transport)
    error = await seen.wait_closed()
    assert error.kind == "connection-lost"
    assert transport._process is not None and transport._process.get_returncode() == -signal.SIGKILL
    await transport.aclose()
    assert not alive(pid)


# -- what the survivors of the first mutation run showed untested ------------------------------


def test_a_line_joined_without_a_rest_starts_the_next_count_at_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stdio, "LINE_LIMIT", 10)
    reader, owner = framing()
    reader.data_received(b"12345")
    reader.data_received(b"6\n")  # joined, nothing after the newline
    reader.data_received(b"1234567890")  # a new line of exactly the limit
    assert owner.lost == [] and owner.lines == [b"123456"]


async def test_the_stderr_kept_is_the_newest_64_kib() -> None:
    code = "import sys\nsys.stderr.write('a' * 100000 + 'b' * 70000)\nsys.stderr.flush()\nsys.exit(1)\n"
    transport, seen = await started(code)
    error = await seen.wait_closed()
    await transport.aclose()
    assert error.stderr_tail == "a" * (64 * 1024 - 70000 % (64 * 1024)) + "b" * 70000 or (
        error.stderr_tail == "b" * (64 * 1024)
    )
    assert len(transport.stderr_tail()) == 64 * 1024


async def test_a_stray_line_that_is_not_utf8_is_shown_with_replacement_characters() -> None:
    code = (
        "import sys\nsys.stdout.buffer.write(b'\\xff\\xfe oops\\n')\nsys.stdout.flush()\nsys.stdin.read()\n"
    )
    transport, seen = await started(code)
    try:
        await asyncio.wait_for(_until(lambda: bool(seen.strays)), WAIT_S)
        assert seen.strays == ["\ufffd\ufffd oops"]
    finally:
        await transport.aclose()


async def test_sending_to_a_server_that_exited_names_its_stderr_tail() -> None:
    transport, seen = await started("import sys\nsys.stderr.write('crashed: no config\\n')\nsys.exit(2)\n")
    await seen.wait_closed()
    with pytest.raises(McpError) as caught:
        await transport.send({"jsonrpc": "2.0", "method": "x"})
    await transport.aclose()
    assert caught.value.kind == "connection-lost"
    assert caught.value.message == "the server's stdin is closed"
    assert caught.value.stderr_tail == "crashed: no config"


async def test_a_send_waits_while_the_server_does_not_read_its_stdin() -> None:
    code = (
        "import signal, sys\n"
        "signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})\n"
        "print('waiting', flush=True)\n"
        "signal.sigwait({signal.SIGUSR1})\n"
        "sys.stdin.read()\n"
    )
    transport, seen = await started(code)
    try:
        await asyncio.wait_for(_until(lambda: bool(seen.strays)), WAIT_S)
        big = {"jsonrpc": "2.0", "method": "x", "params": {"blob": "z" * (4 * 1024 * 1024)}}
        sending = asyncio.ensure_future(transport.send(big))
        await asyncio.sleep(0.3)  # plenty for a send that does not wait: it returns at once
        assert not sending.done(), "the send returned while 4 MiB sat unread in the pipe"
        assert transport.pid is not None
        os.kill(transport.pid, signal.SIGUSR1)
        await asyncio.wait_for(sending, WAIT_S)
    finally:
        await transport.aclose()


async def test_a_server_that_breaks_framing_and_then_exits_is_reported_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(stdio, "LINE_LIMIT", 1000)
    code = "import sys\nsys.stdout.write('y' * 5000)\nsys.stdout.flush()\nsys.exit(0)\n"
    transport, seen = await started(code)
    error = await seen.wait_closed()
    assert transport._pipes is not None
    await asyncio.wait_for(asyncio.shield(transport._pipes.exited), WAIT_S)
    await asyncio.sleep(2 * stdio.END_WAIT_S)  # past the time the exit report may be deferred by
    assert [e.kind for e in seen.closed] == ["protocol"], error
    await transport.aclose()


async def test_a_clean_close_reports_no_lost_connection() -> None:
    transport, seen = await started("import sys\nsys.stdin.read()\n")
    await transport.aclose()
    await asyncio.sleep(2 * stdio.END_WAIT_S)  # past the time the exit report may be deferred by
    assert seen.closed == []


class SeenAtLoss(Seen):
    """Also how many messages had arrived when the loss was reported."""

    def __init__(self, transport: StdioTransport) -> None:
        super().__init__(transport)
        self.at_loss: list[int] = []

    def _closed(self, error: McpError) -> None:
        self.at_loss.append(len(self.messages))
        super()._closed(error)


async def messages_at_loss(transport: StdioTransport) -> SeenAtLoss:
    """Start ``transport``, wait for its loss, close it."""
    seen = SeenAtLoss(transport)
    await transport.start()
    try:
        await seen.wait_closed()
    finally:
        await transport.aclose()
    return seen


async def test_every_answer_written_before_the_exit_arrives_before_the_loss() -> None:
    code = (
        "import json, sys\n"
        "for i in range(300):\n"
        "    params = {'i': i, 'pad': 'p' * 8000}\n"
        "    sys.stdout.write(json.dumps({'jsonrpc': '2.0', 'method': 'n', 'params': params}))\n"
        "    sys.stdout.write('\\n')\n"
        "sys.stdout.flush()\n"
        "sys.exit(0)\n"
    )
    seen = await messages_at_loss(child(code))
    assert seen.at_loss == [300]


async def test_a_line_a_grandchild_finishes_after_the_server_exits_arrives_before_the_loss() -> None:
    """The server writes half a line and exits; its grandchild, which shares stdout, writes the rest
    as soon as the server is reaped. The loss may only be reported once stdout has had its chance."""
    code = (
        "import os, subprocess, sys\n"
        'sys.stdout.write(\'{"jsonrpc": "2.0", "method": "n", "params": {"half": \')\n'
        "sys.stdout.flush()\n"
        "wait = 'while kill -0 %d 2>/dev/null; do sleep 0.01; done; printf \"1}}\\\\n\"' % os.getpid()\n"
        "subprocess.Popen(['sh', '-c', wait])\n"
        "sys.exit(0)\n"
    )
    seen = await messages_at_loss(child(code))
    assert seen.at_loss == [1] and seen.messages[0]["params"] == {"half": 1}


async def test_a_server_whose_grandchild_holds_stdout_is_reported_when_it_exits() -> None:
    code = (
        "import subprocess, sys\n"
        "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(30)'])\n"
        "sys.exit(4)\n"
    )
    transport, seen = await started(code)
    try:
        error = await seen.wait_closed()
        assert error.kind == "connection-lost" and error.message == "the server exited with code 4"
    finally:
        await transport.aclose()  # and the grandchild goes with its group
