"""Terminal output: JSON Lines on stdout under ``--json``, rich text otherwise; logs go to stderr."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any, TextIO

from pydantic import BaseModel
from rich.console import Console, RenderableType
from rich.markup import escape

from ..redact import redact, redact_text

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


class Output:
    """Everything a command shows goes through here, so ``--json`` and secret redaction hold everywhere."""

    def __init__(
        self, json_mode: bool, verbose: int = 0, stdout: TextIO | None = None, stderr: TextIO | None = None
    ) -> None:
        self.json_mode = json_mode
        self.verbose = verbose
        self._stdout = stdout or sys.stdout
        self.console = Console(file=_Redacting(self._stdout), soft_wrap=True, highlight=False)  # type: ignore[arg-type]
        self.err = Console(file=_Redacting(stderr or sys.stderr), soft_wrap=True, highlight=False)  # type: ignore[arg-type]

    def _line(self, obj: Any) -> None:
        self._stdout.write(json.dumps(redact(obj), ensure_ascii=False, default=str) + "\n")
        self._stdout.flush()

    def text(self, text: str) -> None:
        """``text`` verbatim on stdout (secrets redacted): no tab expansion or markup, as files are."""
        self._stdout.write(redact_text(text))
        self._stdout.flush()

    def event(self, event: Event) -> None:
        """A progress event: a JSON line (with ``type``) under ``--json``, a dim stderr line with ``-v``."""
        if self.json_mode:
            self._line(event.model_dump(mode="json"))
        elif self.verbose:
            self.err.print(
                f"[dim]{event.type}[/dim] {redact(event.model_dump(mode='json', exclude={'type', 'at'}))}"
            )

    def result(self, model: BaseModel, human: RenderableType | None = None) -> None:
        """The command's result: the last JSON line, or ``human`` (default: pretty JSON) for people."""
        data = model.model_dump(mode="json")
        if self.json_mode:
            self._line(data)
        elif isinstance(human, str):
            self.console.print(redact_text(human))
        elif human is not None:
            self.console.print(human)
        else:
            self.console.print_json(json.dumps(redact(data), default=str))

    def error(self, message: str, **details: Any) -> None:
        """A failure: ``{"error": {...}}`` under ``--json``, one line on stderr otherwise."""
        if self.json_mode:
            self._line({"error": {"message": message, **details}})
        else:
            # The message is data, not markup: "[develop]" in it must print as written.
            self.err.print(f"[bold red]error:[/bold red] {escape(redact(message))}", markup=True)

    def info(self, message: str) -> None:
        """A line for people; stderr, so stdout stays clean for pipes."""
        self.err.print(message)
