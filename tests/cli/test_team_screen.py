"""The terminal shows the team's words: a note (``WarningIssued``) is printed as plain text, markup
and escape sequences included, and tool calls and consent decisions go to the log (``-v`` shows
them), never to the screen. The pty test (``test_team_screen_pty.py``) shows the same end to end."""

from __future__ import annotations

import argparse
import io
import logging

from sofia_nb.cli._context import CliContext
from sofia_nb.cli._output import Output
from sofia_nb.cli._workshop import _Renderer
from sofia_nb.events import (
    ConsentDecided,
    TextDelta,
    ToolCallFinished,
    ToolCallStarted,
    TurnAdded,
    WarningIssued,
)

HOSTILE = "[bold red]x[/] config.toml [workshop] max_tools_per_server; \x1b[31mred\x1b[0m and/or :smile:"
SHOWN = "[bold red]x[/] config.toml [workshop] max_tools_per_server; [31mred[0m and/or :smile:"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _renderer(stderr: io.StringIO) -> _Renderer:
    out = Output(json_mode=False, stdout=_Terminal(), stderr=stderr)
    return _Renderer(CliContext(args=argparse.Namespace(), out=out))


def test_a_note_is_shown_as_written_markup_and_all() -> None:
    screen = _Terminal()
    _renderer(screen)(WarningIssued(message=HOSTILE, source="workshop.tools"))
    assert screen.getvalue() == f"note: {SHOWN}\n"  # no style read from it, no escape sequence left


def test_a_note_reaches_a_pipe_byte_for_byte() -> None:
    pipe = io.StringIO()
    _renderer(pipe)(WarningIssued(message=HOSTILE, source="workshop"))
    assert pipe.getvalue() == f"note: {HOSTILE}\n"


EVENTS = [
    ConsentDecided(
        request_id="r1",
        tool="workshop/go-back",
        decision="allow",
        decided_by="terminal",
        reason="answered Go back",
    ),
    ToolCallStarted(call_id="c1", server="builtin", tool="search_cards", origin="model"),
    ToolCallFinished(call_id="c1", server="builtin", tool="search_cards", duration_s=0.25, ok=True),
]
LOGGED = [
    "consent: workshop/go-back allow (terminal: answered Go back)",
    "tool: builtin/search_cards started (model)",
    "tool: builtin/search_cards ok in 0.25s",
]


class _Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_tool_calls_and_consent_decisions_go_to_the_log_not_the_screen() -> None:
    screen = _Terminal()
    render = _renderer(screen)
    lines = _Lines()  # on the logger itself: configure_logging stops "sofia_nb" propagating to root
    logger = logging.getLogger("sofia_nb.cli")
    logger.addHandler(lines)
    level, logger.level = logger.level, logging.DEBUG  # configure_logging sets it in the CLI
    try:
        for event in EVENTS:
            render(event)
    finally:
        logger.removeHandler(lines)
        logger.setLevel(level)
    assert screen.getvalue() == ""
    assert [r.getMessage() for r in lines.records] == LOGGED
    assert all(r.levelno == logging.INFO for r in lines.records)  # stderr shows INFO only with -v


def test_a_reply_that_calls_tools_shows_each_rounds_words_once() -> None:
    """The model's words before its tool calls are their own (the turn keeps the last round's):
    the text after the calls starts on its own line and is not printed a second time."""
    screen = _Terminal()
    out = Output(json_mode=False, stdout=screen, stderr=io.StringIO())
    renderer = _Renderer(CliContext(args=argparse.Namespace(), out=out))
    after = "Welcome to Ideate. These cards fit.\n\nPlease score them.\n"
    for event in [
        TextDelta(text="Let me look up the cards.", phase="ideate"),
        *EVENTS[1:],
        TextDelta(text=after, phase="ideate"),
        TurnAdded(session_id="s", phase="ideate", role="assistant", seq=2, content=after),
    ]:
        renderer(event)
    shown = screen.getvalue()
    assert shown.count("Let me look up the cards.") == 1 and "cards.Welcome" not in shown
    assert shown.count("Welcome to Ideate") == 1, shown
