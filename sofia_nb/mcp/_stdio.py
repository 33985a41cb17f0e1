"""The stdio transport: the server is a child process speaking newline-delimited JSON on its pipes.

Children get their own process group and, on Linux, a parent-death signal, so neither a clean exit,
an exception, a KeyboardInterrupt nor a SIGKILL of the owner leaves a server running.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import ctypes
import os
import signal
import sys
from collections.abc import Callable, Mapping

from ..protocol import JsonRpcDecodeError, Message, decode, encode
from ._errors import McpError
from ._transport import Transport

LINE_LIMIT = 64 * 1024 * 1024
"""The longest stdout line accepted (the issue asks for at least 16 MiB)."""

STDERR_KEEP = 64 * 1024
"""Bytes of the server's stderr kept for error messages; older output is dropped, never blocks the server."""

CLOSE_GRACE_S = 2.0
"""How long a server gets to exit after its stdin closes, and again after SIGTERM (the SDK uses 2 s too)."""

_PR_SET_PDEATHSIG = 1
_live_groups: set[int] = set()


@atexit.register
def _kill_live_groups() -> None:
    # The last resort for an owner that exits without closing its manager.
    for pgid in list(_live_groups):
        _killpg(pgid, signal.SIGKILL)


def _killpg(pgid: int, sig: signal.Signals) -> bool:
    """Signal a whole process group; False when nothing is left in it."""
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        return False
    return True


def _die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` that makes the kernel SIGKILL the child when its parent thread dies (Linux)."""
    if not sys.platform.startswith("linux"):
        return None
    libc = ctypes.CDLL(None, use_errno=True)  # loaded before fork: the child must not import or allocate
    parent = os.getpid()

    def preexec() -> None:
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # the parent died between fork and prctl
            os._exit(1)

    return preexec


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


class StdioTransport(Transport):
    def __init__(
        self,
        command: str,
        args: list[str] | None = None,
        *,
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
    ) -> None:
        super().__init__()
        self.command = command
        self.args = list(args or [])
        self.env = {**os.environ, **(env or {})}
        self.cwd = cwd
        self._proc: asyncio.subprocess.Process | None = None
        self._stderr = _Ring(STDERR_KEEP)
        self._tasks: list[asyncio.Task[None]] = []
        self._closing = False

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    async def start(self) -> None:
        try:
            self._proc = await asyncio.create_subprocess_exec(
                self.command,
                *self.args,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=self.env,
                cwd=self.cwd,
                limit=LINE_LIMIT,
                start_new_session=True,
                preexec_fn=_die_with_parent(),
            )
        except OSError as exc:
            raise McpError(
                "connection-refused", f"cannot start {self.command!r}: {exc.strerror or exc}"
            ) from None
        _live_groups.add(self._proc.pid)
        self._tasks = [
            asyncio.create_task(self._read_stdout(), name=f"mcp-stdout-{self._proc.pid}"),
            asyncio.create_task(self._drain_stderr(), name=f"mcp-stderr-{self._proc.pid}"),
        ]

    async def send(self, msg: Message) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None or proc.stdin.is_closing():
            raise McpError("connection-lost", "the server's stdin is closed", stderr_tail=self.stderr_tail())
        try:
            proc.stdin.write(encode(msg))
            await proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            raise McpError(
                "connection-lost", "the server closed its stdin", stderr_tail=self.stderr_tail()
            ) from None

    async def _read_stdout(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        stdout = self._proc.stdout
        on_message = self.on_message
        error: McpError | None = None
        try:
            while line := await stdout.readline():
                try:
                    msg = decode(line)
                except JsonRpcDecodeError:
                    if line.strip():
                        self.on_stray(line.decode("utf-8", "replace").rstrip()[:200])
                    continue
                on_message(msg)
        except ValueError:  # readline's LimitOverrunError: the buffer was discarded, framing is lost
            error = McpError("protocol", f"the server sent a line longer than {LINE_LIMIT // 2**20} MiB")
        if not self._closing:
            self.on_closed(error or await self._exit_error())

    async def _exit_error(self) -> McpError:
        assert self._proc is not None
        # stdout hit EOF: give the process and the stderr drain a moment, so the message is complete.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._proc.wait()), 0.5)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._tasks[1]), 0.5)
        code = self._proc.returncode
        how = "closed its stdout" if code is None else f"exited with code {code}"
        return McpError("connection-lost", f"the server {how}", stderr_tail=self.stderr_tail())

    async def _drain_stderr(self) -> None:
        assert self._proc is not None and self._proc.stderr is not None
        while chunk := await self._proc.stderr.read(65536):
            self._stderr.append(chunk)

    def stderr_tail(self) -> str:
        return self._stderr.tail()

    async def aclose(self) -> None:
        if self._closing or self._proc is None:
            return
        self._closing = True
        proc = self._proc
        try:
            if proc.returncode is None:
                if proc.stdin is not None:
                    proc.stdin.close()
                if not await _exited(proc, CLOSE_GRACE_S):
                    _killpg(proc.pid, signal.SIGTERM)
                    if not await _exited(proc, CLOSE_GRACE_S):
                        _killpg(proc.pid, signal.SIGKILL)
                        await proc.wait()
        finally:
            # Whatever the leader did, nothing of its group may outlive the manager.
            _killpg(proc.pid, signal.SIGKILL)
            _live_groups.discard(proc.pid)
            for task in self._tasks:
                task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)


async def _exited(proc: asyncio.subprocess.Process, within: float) -> bool:
    try:
        await asyncio.wait_for(proc.wait(), within)
    except TimeoutError:
        return False
    return True
