"""Who answers a consent question: a policy (headless), a terminal prompt, or a script (tests, demos)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import select
import stat
import sys
import textwrap
from collections.abc import Iterable
from typing import Protocol, TextIO, runtime_checkable

from ..inert import terminal_text
from ._models import ConsentDecision, ConsentPolicy, ConsentRequest, Decision, Scope


@runtime_checkable
class ConsentProvider(Protocol):
    """Answers one request. It may take its time: the broker enforces the deadline (deny on expiry)."""

    name: str

    async def ask(self, request: ConsentRequest) -> ConsentDecision: ...


class TextSink(Protocol):
    """Where a question is written: a text stream (``sys.stderr``, the CLI's prompt writer)."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


class LineReader:
    """Lines from a stream without blocking the event loop; share one per stream.

    On a real file descriptor it reads the bytes itself when the loop sees them, keeping what
    follows the first newline for the next call, so a deadline can cancel a wait without leaving
    a thread or a half-read buffer behind. An in-memory stream is read directly.
    """

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdin
        self._pending = b""
        self._eof = False

    async def readline(self) -> str | None:
        """The next line without its newline, or None at end of input."""
        try:
            fd: int | None = self.stream.fileno()
        except (AttributeError, OSError, ValueError):
            fd = None
        if fd is None or stat.S_ISREG(os.fstat(fd).st_mode):  # a file never blocks, and epoll refuses it
            line = self.stream.readline()
            return line.rstrip("\n") if line else None
        while b"\n" not in self._pending and not self._eof:
            await self._fill(fd)
        if not self._pending:
            return None
        line, _, self._pending = self._pending.partition(b"\n")
        return line.decode(errors="replace")

    def take_typed_ahead(self) -> str:
        """On a terminal: take out what was typed before now and not yet read, and return it, so
        the next line is one typed after the caller's question. A line still being typed (no
        Enter yet) is dropped with the terminal's input queue. Elsewhere (a pipe, a file, a test's
        stream) input is a script written in advance: nothing is taken."""
        try:
            fd = self.stream.fileno()
        except (AttributeError, OSError, ValueError):
            return ""
        if not os.isatty(fd):
            return ""
        import termios  # POSIX only, like the terminal it serves

        while not self._eof and select.select([fd], [], [], 0)[0]:
            chunk = os.read(fd, 65536)
            self._pending += chunk
            self._eof = not chunk
        termios.tcflush(fd, termios.TCIFLUSH)
        typed, self._pending = self._pending, b""
        return typed.decode(errors="replace")

    async def _fill(self, fd: int) -> None:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[bytes] = loop.create_future()

        def on_readable() -> None:
            if not ready.done():
                ready.set_result(os.read(fd, 65536))

        loop.add_reader(fd, on_readable)
        try:
            chunk = await ready
        finally:
            with contextlib.suppress(Exception):
                loop.remove_reader(fd)
        self._pending += chunk
        self._eof = not chunk


class PolicyConsent:
    """Answers from a ``ConsentPolicy`` without asking anyone (papermill, CI, ``--non-interactive``)."""

    def __init__(self, policy: ConsentPolicy | str | None = None) -> None:
        self.policy = policy if isinstance(policy, ConsentPolicy) else ConsentPolicy.parse(policy)
        self.name = f"policy:{self.policy}"

    async def ask(self, request: ConsentRequest) -> ConsentDecision:
        if request.credential:  # refused, or a person's confirmation: never a policy's
            return ConsentDecision.deny(f"a credential is not sent on policy {self.policy}", self.name)
        if self.policy.allows(request.tool):
            reason = f"allowed by policy {self.policy}"
            return ConsentDecision(decision="allow", reason=reason, decided_by=self.name)
        return ConsentDecision.deny(f"denied by policy {self.policy}", self.name)


_ANSWERS: dict[str, tuple[Decision, Scope]] = {
    "y": ("allow", "once"),
    "yes": ("allow", "once"),
    "s": ("allow", "session"),
    "session": ("allow", "session"),
    "a": ("allow", "session"),
    "always": ("allow", "session"),
}


class TerminalConsent:
    """Asks on a terminal: ``y`` allows once, ``s`` allows for the session, anything else denies."""

    name = "terminal"

    def __init__(self, reader: LineReader | None = None, stdout: TextSink | None = None) -> None:
        self._reader = reader or LineReader()
        self._out: TextSink = stdout or sys.stderr

    def _prompt(self, request: ConsentRequest) -> str:
        """The question: the server and the tool first, then every argument that will be sent, whole
        (indented JSON). The tool, its description and its arguments are the model's or a server's
        words, so they reach the terminal as text (no control character, no escape sequence)."""
        server, _, tool = request.tool.rpartition("/")
        args = textwrap.indent(
            json.dumps(request.arguments, ensure_ascii=False, indent=2, default=str), "    "
        )
        about = f"  {request.description}\n" if request.description else ""
        head = f"Allow tool {tool} of server {server}?" if server else f"Allow tool {tool}?"
        if request.refused:
            return terminal_text(
                f"Refused: tool {tool} of server {server or '(none)'} was not called: "
                f"{request.credential}. A credential is not sent unless the server's entry allows it "
                f"(sendCredentials).\n{about}  arguments (the credential hidden):\n{args}\n"
            )
        answers = f"[y] once  [s] for this session  [N] deny  (denied after {request.deadline_s:.0f}s) > "
        if request.credential:
            head = f"Send a credential to server {server}? {request.credential}. Allow tool {tool} once?"
            answers = f"[y] send it once  [N] deny  (denied after {request.deadline_s:.0f}s) > "
        return terminal_text(f"{head}\n{about}  arguments:\n{args}\n  {answers}")

    async def ask(self, request: ConsentRequest) -> ConsentDecision:
        if request.refused:  # shown, never asked: nobody may allow it
            self._out.write(self._prompt(request))
            self._out.flush()
            return ConsentDecision.deny("refused: it carries a credential", self.name)
        # Only an answer typed after the question counts: a "yes" typed while the model was still
        # writing (meant for the conversation) must not allow a tool nobody had been asked about.
        typed = " ".join(self._reader.take_typed_ahead().split())
        if typed:
            note = f"(typed before this question, not taken as its answer: {typed})\n"
            self._out.write(terminal_text(note))
        self._out.write(self._prompt(request))
        self._out.flush()
        line = await self._reader.readline()
        if line is None:
            return ConsentDecision.deny("no answer (end of input)", self.name)
        default: tuple[Decision, Scope] = ("deny", "once")
        decision, scope = _ANSWERS.get(line.strip().lower(), default)
        reason = "answered on the terminal" if decision == "allow" else f"declined ({line.strip()!r})"
        return ConsentDecision(decision=decision, scope=scope, reason=reason, decided_by=self.name)


class ScriptedConsent:
    """Answers from a list decided in advance; ``None`` never answers (so the deadline decides).

    Each answer is a ``ConsentDecision`` or one of ``"allow"``, ``"allow-session"``, ``"deny"``.
    When the list runs out every further request is denied.
    """

    name = "scripted"

    def __init__(self, answers: Iterable[ConsentDecision | str | None]) -> None:
        self._answers = list(answers)
        self.asked: list[ConsentRequest] = []

    async def ask(self, request: ConsentRequest) -> ConsentDecision:
        self.asked.append(request)
        if not self._answers:
            return ConsentDecision.deny("the consent script has no answer left", self.name)
        answer = self._answers.pop(0)
        if answer is None:
            await asyncio.Event().wait()  # never answers: the broker's deadline denies
        if isinstance(answer, ConsentDecision):
            return answer
        if answer in ("allow", "allow-session"):
            scope = "session" if answer == "allow-session" else "once"
            return ConsentDecision(
                decision="allow", scope=scope, reason="scripted answer", decided_by=self.name
            )
        if answer == "deny":
            return ConsentDecision.deny("scripted answer", self.name)
        raise ValueError(f"unknown scripted consent answer {answer!r}")


class PreapprovedThenAsk:
    """Allows what ``policy`` allows without asking (tools a person already approved, as notebook
    parameters or with ``sofia-nb dev --github``) and passes every other question to ``ask``."""

    def __init__(self, policy: ConsentPolicy, ask: ConsentProvider) -> None:
        self.policy = policy
        self.ask_person = ask
        self.name = ask.name

    async def ask(self, request: ConsentRequest) -> ConsentDecision:
        if self.policy.allows(request.tool) and not request.credential:  # a credential: the person says
            return ConsentDecision(decision="allow", reason="preapproved", decided_by=f"policy:{self.policy}")
        return await self.ask_person.ask(request)
