"""Logging set-up: every record passes through the redactor before it reaches a handler, and a
terminal gets it as text (``inert.terminal_text``: a logged server message holds no escape sequence)."""

from __future__ import annotations

import logging
import sys

from .inert import terminal_text
from .redact import redact_text


class RedactingFilter(logging.Filter):
    """Masks secrets in the formatted message (and drops args so they cannot leak later)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redact_text(record.getMessage())
        record.args = None
        return True


class TerminalFormatter(logging.Formatter):
    """The record's line without control characters (newline and tab kept)."""

    def format(self, record: logging.LogRecord) -> str:
        return terminal_text(super().format(record))


def configure_logging(verbose: int = 0, log_file: str | None = None) -> None:
    """stderr at WARNING (INFO with -v, DEBUG with -vv) and, when asked, a DEBUG log file."""
    root = logging.getLogger("sofia_nb")
    root.setLevel(logging.DEBUG)
    for handler in list(root.handlers):
        root.removeHandler(handler)
    stderr = logging.StreamHandler(sys.stderr)
    stderr.setLevel(logging.WARNING if verbose == 0 else logging.INFO if verbose == 1 else logging.DEBUG)
    handlers: list[logging.Handler] = [stderr]
    if log_file:
        file_handler = logging.FileHandler(log_file, encoding="utf-8")
        file_handler.setLevel(logging.DEBUG)
        handlers.append(file_handler)
    line = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    for handler in handlers:
        on_terminal = handler is stderr and sys.stderr.isatty()
        handler.setFormatter(TerminalFormatter(line) if on_terminal else logging.Formatter(line))
        handler.addFilter(RedactingFilter())
        root.addHandler(handler)
    root.propagate = False
