"""The stdio transport: the server is a child process speaking newline-delimited JSON on its pipes.

Children get their own process group and, on Linux, a parent-death signal, so neither a clean exit,
an exception, a KeyboardInterrupt nor a SIGKILL of the owner leaves a server running.
"""

from __future__ import annotations

import asyncio
import atexit
import os
import signal
import subprocess
from collections.abc import Mapping
from typing import cast

from .._children import die_with_parent, kill_group
from ..protocol import JsonRpcDecodeError, Message, decode, encode
from ..redact import redacted_head
from ._errors import McpError
from ._github_auth import inherited_environment
from ._transport import Transport

LINE_LIMIT = 64 * 1024 * 1024
"""The longest stdout line accepted (the issue asks for at least 16 MiB)."""

STDERR_KEEP = 64 * 1024
"""Bytes of the server's stderr kept for error messages; older output is dropped, never blocks the server."""

CLOSE_GRACE_S = 2.0
"""How long a server gets to exit after its stdin closes, and again after SIGTERM (the SDK uses 2 s too)."""

END_WAIT_S = 0.5
"""How long the loss waits for the other half of the server's end (its exit, its stdout's EOF)."""

_live_groups: set[int] = set()


@atexit.register
def _kill_live_groups() -> None:
    # The last resort for an owner that exits without closing its manager.
    for pgid in list(_live_groups):
        kill_group(pgid, signal.SIGKILL)


class _Ring:
    """A bounded byte buffer that keeps the newest output."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._buf = bytearray()

    def append(self, chunk: bytes) -> None:
        self._buf += chunk
        if len(self._buf) > self._size:
            del self._buf[: len(self._buf) - self._size]

    def tail(self, lines: int = 20) -> str:
        text = self._buf.decode("utf-8", "replace").rstrip()
        return "\n".join(text.splitlines()[-lines:])


class _ServerPipes(asyncio.SubprocessProtocol):
    """The child's stderr, its exit and stdin backpressure (stdout is read by ``_Stdout``)."""

    def __init__(self, owner: StdioTransport) -> None:
        self._owner = owner
        self._writable = asyncio.Event()
        self._writable.set()
        self.stdout_closed = False
        self.exited: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        if fd == 2:
            self._owner._stderr.append(data)

    def process_exited(self) -> None:
        if not self.exited.done():
            self.exited.set_result(None)
        # Not in connection_lost: that waits for stdin and stderr to close too, and a grandchild
        # inherits those as well.
        self._owner._end_seen(both=self.stdout_closed)

    def pause_writing(self) -> None:
        self._writable.clear()

    def resume_writing(self) -> None:
        self._writable.set()


class _Stdout(asyncio.Protocol):
    """The child's stdout as a plain read pipe, split into lines as it arrives. Not a pipe of the
    subprocess transport: that one defers every chunk by one more event-loop turn (``call_soon``)."""

    def __init__(self, owner: StdioTransport, pipes: _ServerPipes) -> None:
        self._owner = owner
        self._pipes = pipes
        self._partial: list[bytes] = []  # the start of a line still waiting for its newline
        self._partial_size = 0
        self._broken = False

    def data_received(self, data: bytes) -> None:
        if self._broken:
            return
        if b"\n" not in data:
            self._partial.append(data)
            self._partial_size += len(data)
            if self._partial_size > LINE_LIMIT:  # framing is lost: nothing after this can be trusted
                self._broken = True
                self._partial = []
                self._owner._lost(
                    McpError("protocol", f"the server sent a line longer than {LINE_LIMIT // 2**20} MiB")
                )
            return
        first, *lines, rest = data.split(b"\n")
        if self._partial:
            first = b"".join([*self._partial, first])
            self._partial, self._partial_size = [], 0
        self._owner._line(first)
        for line in lines:
            self._owner._line(line)
        if rest:
            self._partial, self._partial_size = [rest], len(rest)

    def connection_lost(self, exc: Exception | None) -> None:
        self._pipes.stdout_closed = True
        self._owner._end_seen(both=self._pipes.exited.done())


class StdioTransport(Transport):
    def __init__(
        self,
        command: str,
        args: list[str] | None = None,
        *,
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
        inherit_env: bool = False,
    ) -> None:
        super().__init__()
        self.command = command
        self.args = list(args or [])
        self.env = {**inherited_environment(everything=inherit_env), **(env or {})}
        self.cwd = cwd
        self._process: asyncio.SubprocessTransport | None = None
        self._stdin: asyncio.WriteTransport | None = None
        self._pipes: _ServerPipes | None = None
        self._stdout: asyncio.ReadTransport | None = None
        self._stderr = _Ring(STDERR_KEEP)
        self._closing = False
        self._reported = False

    @property
    def pid(self) -> int | None:
        return self._process.get_pid() if self._process else None

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        stdout_r, stdout_w = os.pipe()  # both ends non-inheritable; the child gets a dup as its fd 1
        reader = os.fdopen(stdout_r, "rb", buffering=0)  # the read transport owns and closes it
        try:
            self._process, self._pipes = await loop.subprocess_exec(
                lambda: _ServerPipes(self),
                self.command,
                *self.args,
                stdin=subprocess.PIPE,
                stdout=stdout_w,
                stderr=subprocess.PIPE,
                env=self.env,
                cwd=self.cwd,
                start_new_session=True,
                preexec_fn=die_with_parent(),
            )
        except BaseException as exc:
            reader.close()
            if isinstance(exc, FileNotFoundError):
                raise McpError(
                    "connection-refused",
                    f"the program {self.command!r} was not found: install it, or correct the server's "
                    "`command` in the MCP config",
                ) from None
            if isinstance(exc, OSError):
                raise McpError(
                    "connection-refused", f"cannot start {self.command!r}: {exc.strerror or exc}"
                ) from None
            raise
        finally:
            os.close(stdout_w)  # the child holds the only write end now, so its exit is our EOF
        _live_groups.add(self._process.get_pid())
        self._stdin = cast(asyncio.WriteTransport, self._process.get_pipe_transport(0))
        pipes = self._pipes
        self._stdout, _ = await loop.connect_read_pipe(lambda: _Stdout(self, pipes), reader)

    async def send(self, msg: Message) -> None:
        stdin = self._stdin
        if stdin is None or stdin.is_closing() or self._pipes is None:
            raise McpError("connection-lost", "the server's stdin is closed", stderr_tail=self.stderr_tail())
        stdin.write(encode(msg))
        if not self._pipes._writable.is_set():  # the pipe is full: wait for the server to read
            await self._pipes._writable.wait()

    def _line(self, line: bytes) -> None:
        try:
            msg = decode(line)
        except JsonRpcDecodeError:
            if line.strip():
                self.on_stray(redacted_head(line.decode("utf-8", "replace").rstrip(), 200))
            return
        self.on_message(msg)

    def _lost(self, error: McpError) -> None:
        if not self._reported and not self._closing:
            self._reported = True
            self.on_closed(error)

    def _end_seen(self, *, both: bool) -> None:
        """The server's exit or its stdout's EOF arrived. With both, the loss is reported now; with one,
        ``END_WAIT_S`` later: answers may still sit in a stdout a grandchild holds open, and after an
        EOF the exit code is usually a moment behind."""
        if both:
            self._exited()
        else:
            asyncio.get_running_loop().call_later(END_WAIT_S, self._exited)

    def _exited(self) -> None:
        if self._process is None:
            return
        code = self._process.get_returncode()
        how = "closed its stdout" if code is None else f"exited with code {code}"
        self._lost(McpError("connection-lost", f"the server {how}", stderr_tail=self.stderr_tail()))

    def stderr_tail(self) -> str:
        return self._stderr.tail()

    async def aclose(self) -> None:
        if self._closing or self._process is None or self._pipes is None:
            return
        self._closing = True
        process, exited, pid = self._process, self._pipes.exited, self._process.get_pid()
        try:
            if not exited.done():
                if self._stdin is not None:
                    self._stdin.close()
                if not await _within(exited, CLOSE_GRACE_S):
                    kill_group(pid, signal.SIGTERM)
                    if not await _within(exited, CLOSE_GRACE_S):
                        kill_group(pid, signal.SIGKILL)
                        await asyncio.shield(exited)
        finally:
            # Whatever the leader did, nothing of its group may outlive the manager.
            kill_group(pid, signal.SIGKILL)
            _live_groups.discard(pid)
            process.close()
            if self._stdout is not None:
                self._stdout.close()


async def _within(future: asyncio.Future[None], seconds: float) -> bool:
    try:
        await asyncio.wait_for(asyncio.shield(future), seconds)
    except TimeoutError:
        return False
    return True
