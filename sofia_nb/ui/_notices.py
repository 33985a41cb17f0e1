"""Notices a facilitator can act on: what went wrong and what to do, never a path or a traceback."""

from __future__ import annotations

import html
import re
from typing import Literal

from ..config import SWITCHES, SetupError, word_settings
from ..inert import SafeHtml, terminal_text
from ..llm import (
    LLMAuthError,
    LLMConnectionError,
    LLMContextOverflowError,
    LLMError,
    LLMModelNotFoundError,
    LLMNotConfiguredError,
    LLMRateLimitError,
    LLMTimeoutError,
    ScriptExhaustedError,
)
from ..protocol import ToolCallError
from ..session import HoldLostError
from ..workshop import NavigationError

# An absolute path (POSIX, Windows drive or UNC) with a folder in it, where a word starts (not the
# slash of "and/or", "3/4", a URL or "[/]"): the notice keeps only the file's name.
_PATH = re.compile(r"(?<![^\s'\"(=])(?:[A-Za-z]:[\\/]|\\\\|/)(?:[^\s'\"():,\\/]+[\\/])+([^\s'\"():,\\/]*)")

_WHAT_TO_DO: tuple[tuple[type[BaseException], str], ...] = (
    (
        ScriptExhaustedError,
        "The demo follows a script and has no answer for this. Continue to the next phase, "
        'or connect a real model with llm="openai:MODEL" (see docs/llm.md).',
    ),
    (LLMAuthError, "The model refused the credentials: check its API key, then try again."),
    (
        LLMNotConfiguredError,
        'No model is set up: open the workshop with llm="openai:MODEL" (or another spec), or llm="demo".',
    ),
    (LLMModelNotFoundError, "The provider does not know this model: check the model name in llm=…"),
    (
        LLMContextOverflowError,
        "The conversation no longer fits the model's window: Continue to the next phase, "
        "or use a model with a larger window.",
    ),
    (LLMRateLimitError, "The model is rate-limited: wait a minute, then try again."),
    (LLMTimeoutError, "The model did not answer in time: try again."),
    (LLMConnectionError, "The model could not be reached: check the network or its address, then try again."),
    (LLMError, "The model reported a problem: try again; the session is saved."),
    (
        ToolCallError,
        "A tool call failed; the workshop goes on without it (the tool-call log has the details).",
    ),
)


def without_paths(text: str) -> str:
    """``text`` with every absolute path shortened to its file name."""
    return _PATH.sub(lambda m: m.group(1) or "a file", text)


def argument(setting: str) -> str:
    """A façade setting as a notebook cell spells it: ``force=True``, ``output=…``; the bundled
    model is the notebooks' ``llm="demo"`` parameter."""
    if setting == "demo":
        return 'llm="demo"'
    return f"{setting}=True" if setting in SWITCHES else f"{setting}=…"


def as_arguments(text: str) -> str:
    """``text`` with the settings it names (`` `force` ``) as a notebook cell spells them."""
    return word_settings(text, argument)


def in_notebook_words(exc: SetupError) -> SetupError:
    """``exc`` again, its message naming the settings as a notebook cell spells them (raised to
    the person's cell, where the terminal's ``--force`` or a bare `` `force` `` would mislead)."""
    return SetupError(as_arguments(exc.worded(argument)))


def notice_text(exc: BaseException) -> str:
    """One or two sentences for ``exc``: what happened and what to do next; a setting it names
    reads as the argument that sets it (``force=True``)."""
    if isinstance(exc, SetupError):
        return without_paths(as_arguments(exc.worded(argument))) + "."
    if isinstance(exc, NavigationError):
        return without_paths(str(exc))  # it already says which phase misses what
    if isinstance(exc, HoldLostError):  # trying again can never work here: say who has it now
        who = exc.by.words() if exc.by is not None else "another window or terminal"
        kept = (
            " What this window had not saved is kept in the sessions folder, under .aside/."
            if exc.aside is not None
            else ""
        )
        return (
            f"This workshop was taken over by {who}: nothing more is saved from this window.{kept} "
            "Go on where it is open now, or open it here again (reload the page, or run the cell) "
            "to take it back."
        )
    for kind, advice in _WHAT_TO_DO:
        if isinstance(exc, kind):
            return advice
    detail = without_paths(as_arguments(str(exc))).strip() or type(exc).__name__
    return f"Something went wrong ({detail}). The session is saved: try again, or Pause and resume later."


NoticeKind = Literal["info", "busy", "warning", "error"]

_STYLES = {
    "error": ("⚠", "#cf222e", "#fff1f0"),
    "warning": ("⚠", "#9a6700", "#fff8c5"),
    "busy": ("⏳", "#8250df", "#fbefff"),
    "info": ("ℹ", "#0969da", "#ddf4ff"),
}


def notice_html(text: str, kind: NoticeKind = "info") -> SafeHtml:
    """A notice as a bordered line at the notebook's normal font size: ``text`` as plain text
    (escaped, and without control characters, so an escape sequence shows as its printable rest
    here as in the terminal)."""
    icon, colour, background = _STYLES.get(kind, _STYLES["info"])
    shown = html.escape(terminal_text(text))
    return SafeHtml(
        f'<div class="sofia-nb-notice sofia-nb-{kind}" style="border-left:4px solid {colour};'
        f'background:{background};padding:4px 8px;margin:4px 0">{icon} {shown}</div>'
    )
