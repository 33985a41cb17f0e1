"""The terminal's tool-call and token lines: a call shows when it starts and when it ends (server/tool,
duration, outcome) and ``dev`` shows the tokens of the scaffold and of each iteration."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sofia_nb.cli import main
from sofia_nb.cli._tool_lines import tool_call_line
from sofia_nb.events import ToolCallFinished, ToolCallStarted

from .test_dev_cli import demo_like_session


def test_a_call_is_shown_when_it_starts_and_when_it_ends() -> None:
    start = ToolCallStarted(call_id="1", server="brave", tool="brave_web_search", origin="program")
    end = ToolCallFinished(
        call_id="1", server="brave", tool="brave_web_search", duration_s=0.5, ok=False, error_kind="timeout"
    )
    assert tool_call_line(start) == "tool: brave/brave_web_search started (program)"
    assert tool_call_line(end) == "tool: brave/brave_web_search failed (timeout) in 0.50s"


@pytest.mark.usefixtures("no_git_identity")
def test_dev_shows_the_tokens_of_each_iteration(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sid = demo_like_session()
    assert main(["dev", "--session", sid, "--demo", "--output", str(tmp_path / "poc")]) == 0
    err = capsys.readouterr().err
    tokens = re.findall(r"^(scaffold |tests: .*; )tokens: (\d+) in, (\d+) out$", err, re.M)
    # The scaffold's request, then each iteration's fix: every line says what it used.
    assert [(head.split(":")[0], int(out) > 0) for head, _, out in tokens] == [
        ("scaffold ", True),
        ("tests", True),
        ("tests", True),
    ]
