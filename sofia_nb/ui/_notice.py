"""Status notices: one readable line at the notebook's font size, errors worded with what to do next."""

from __future__ import annotations

import html
import re
from typing import Literal

from ..llm import LLMError
from ..workshop import NavigationError

NoticeKind = Literal["info", "busy", "warning", "error"]

_COLOURS = {"info": "#0969da", "busy": "#8250df", "warning": "#bf8700", "error": "#cf222e"}
# Absolute paths (POSIX or Windows): a facilitator needs the file's name, not where it lives.
_PATH = re.compile(r"(?:[A-Za-z]:\\|/)[^\s:'\"]+(?:[/\\][^\s:'\"]+)+")

_NEXT_STEP = 'the session is saved: try the step again, or Pause and reopen it later with session="last"'


def error_text(exc: BaseException) -> str:
    """The first line of the error without file paths, followed by what the facilitator can do."""
    first = next((line.strip() for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
    first = _PATH.sub(lambda m: re.split(r"[/\\]", m.group())[-1], first)
    if isinstance(exc, NavigationError):
        return first  # its message already says what to do instead
    if isinstance(exc, LLMError):
        return f'the model could not answer ({first}); check llm=… and its key, or use llm="demo"'
    return f"{first}; {_NEXT_STEP}"


def notice_html(text: str, kind: NoticeKind = "info") -> str:
    """``text`` as a notice: a coloured bar beside it, the notebook's normal font size."""
    colour = _COLOURS[kind]
    return (
        f'<div class="sofia-notice sofia-{kind}" style="border-left:4px solid {colour};'
        f'padding:2px 8px;margin:4px 0;white-space:normal">{html.escape(text)}</div>'
    )
