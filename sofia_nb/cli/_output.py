"""Terminal output: JSON Lines on stdout under ``--json``, rich text otherwise; logs go to stderr.

Everything a command shows goes through ``Output``: its consoles for people and its raw writes
(a ``ctx`` tool's text, JSON Lines, prompts). That is the one print path where the rule of
docs/security.md holds: a string is never read as rich markup (the consoles have markup and
emoji off; styles come from ``Text`` objects), and on a terminal no control character of the
content reaches it (``inert.terminal_text``: no escape sequence, no carriage return) while rich's
own styles and cursor moves still do. Pipes, files and ``--json`` get the bytes as they are.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TextIO

from pydantic import BaseModel
from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.text import Text

from ..inert import terminal_text
from ..redact import redact, redact_text
from ._exit import as_flags

if TYPE_CHECKING:  # the event models cost a tenth of a second; `sofia-nb ctx` never shows one
    from ..events import Event


class _Redacting:
    """A text stream that redacts what it is given before writing it on. Under the consoles, so
    whatever a command prints for people passes the redactor, however it was rendered; the texts a
    command renders from untrusted content are redacted before rendering too (a token that rich
    folds across two lines is no longer one word here)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(redact_text(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class TerminalConsole(Console):
    """A rich console whose strings are text, never markup, and whose content reaches a terminal
    without control characters or hyperlinks (a link's target is content too)."""

    def __init__(self, file: TextIO) -> None:
        super().__init__(file=file, soft_wrap=True, highlight=False, markup=False, emoji=False)

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        # The one place every print, table, panel and live view is turned into characters.
        if self.is_terminal:
            buffer = (s if s.control else _inert_segment(s) for s in buffer)
        return super()._render_buffer(buffer)


def _inert_segment(segment: Segment) -> Segment:
    style = segment.style.update_link(None) if segment.style and segment.style.link else segment.style
    return Segment(terminal_text(segment.text), style)


class TerminalWriter:
    """A text stream for raw writes (prompts): what reaches a terminal passes ``terminal_text``."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(terminal_text(text) if is_terminal(self._stream) else text)
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return is_terminal(self._stream)


class Output:
    """Everything a command shows goes through here, so ``--json``, secret redaction and inert
    terminal text hold everywhere."""

    def __init__(
        self, json_mode: bool, verbose: int = 0, stdout: TextIO | None = None, stderr: TextIO | None = None
    ) -> None:
        self.json_mode = json_mode
        self.verbose = verbose
        self._stdout = stdout or sys.stdout
        self.console = TerminalConsole(_Redacting(self._stdout))  # type: ignore[arg-type]
        self.err = TerminalConsole(_Redacting(stderr or sys.stderr))  # type: ignore[arg-type]
        self.prompts = TerminalWriter(_Redacting(stderr or sys.stderr))  # type: ignore[arg-type]
        """Where questions to the person go (stderr: stdout is for results)."""

    def _line(self, obj: Any) -> None:
        self._stdout.write(json.dumps(redact(obj), ensure_ascii=False, default=str) + "\n")
        self._stdout.flush()

    def text(self, text: str) -> None:
        """``text`` verbatim on stdout (secrets redacted): no tab expansion or markup, as files are;
        on a terminal without control characters, to a pipe byte for byte."""
        TerminalWriter(self._stdout).write(redact_text(text))
        self._stdout.flush()

    def event(self, event: Event) -> None:
        """A progress event: a JSON line (with ``type``) under ``--json``, a dim stderr line with ``-v``."""
        if self.json_mode:
            self._line(event.model_dump(mode="json"))
        elif self.verbose:
            detail = redact(event.model_dump(mode="json", exclude={"type", "at"}))
            self.err.print(Text.assemble((event.type, "dim"), f" {detail}"))

    def result(self, model: BaseModel, human: RenderableType | None = None) -> None:
        """The command's result: the last JSON line, or ``human`` (default: pretty JSON) for people;
        a ``str`` is written as ``text`` writes (a tool's result reaches a pipe byte for byte)."""
        data = model.model_dump(mode="json")
        if self.json_mode:
            self._line(data)
        elif isinstance(human, str):
            self.text(human if human.endswith("\n") else human + "\n")
        elif human is not None:
            self.console.print(human)
        else:
            self.console.print_json(json.dumps(redact(data), default=str))

    def error(self, message: str, **details: Any) -> None:
        """A failure: ``{"error": {...}}`` under ``--json``, one line on stderr otherwise; a
        setting it names reads as the flag that sets it (``--force``)."""
        message = as_flags(message)
        if self.json_mode:
            self._line({"error": {"message": message, **details}})
        else:
            self.err.print(Text.assemble(("error:", "bold red"), f" {redact(message)}"))

    def info(self, message: str | Text) -> None:
        """A line for people; stderr, so stdout stays clean for pipes. A setting it names reads as
        the flag that sets it (``--force``): the layers below name a setting as `` `force` ``."""
        self.err.print(as_flags(message) if isinstance(message, str) else message)
