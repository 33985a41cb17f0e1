"""Promise: a token in a tool result never reaches disk, wherever the preview's cut falls across it.

The session keeps a short preview of every tool result, and the tool-call log shows one. Cut before
redaction, a token that starts near the cut leaves a piece the redactor no longer recognises (the
shape needs its prefix, the value needs all of it), and the session file holds it.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from sofia_nb import protocol as p
from sofia_nb.events import EventBus, EventRecorder, ToolCallFinished
from sofia_nb.mcp._call_events import PREVIEW_CHARS, CallEvents
from sofia_nb.session import SessionStore, WorkshopSession
from sofia_nb.workshop._tools import _PREVIEW_CHARS, ToolRef, tool_record
from tests.core.test_redact_cuts import SECRET_VALUE, TOKENS, pieces


@pytest.fixture(autouse=True)
def _planted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVICE_API_KEY", SECRET_VALUE)


def results_across_the_cut(secret: str, cut: int) -> list[str]:
    """Tool results in which ``secret`` starts at every position from before the cut to past it."""
    texts = []
    for start in range(max(0, cut - len(secret) - 1), cut + 2):
        filler = ("found " * (start // 6 + 1))[: max(0, start - 1)] + " " * min(start, 1)  # a word apart
        texts.append(filler + secret + " and the rest of the result " * 20)
    return texts


@pytest.mark.parametrize("kind", TOKENS)
def test_no_piece_of_a_token_reaches_the_session_file_wherever_the_preview_cuts(
    tmp_path: Path, kind: str
) -> None:
    secret = TOKENS[kind]
    session = WorkshopSession()
    for n, text in enumerate(results_across_the_cut(secret, _PREVIEW_CHARS)):
        tool_record(
            session,
            ToolRef(server="web", tool="search"),
            {"query": "q"},
            call_id=f"c{n}",
            origin="model",
            started=time.perf_counter(),
            text=text,
        )
    on_disk = SessionStore(tmp_path).save(session).read_text(encoding="utf-8")
    leaked = sorted(piece for piece in pieces(secret) if piece in on_disk)
    assert not leaked, leaked
    assert on_disk.count("found found") >= len(session.tool_calls) - 2  # the previews are there


@pytest.mark.parametrize("kind", TOKENS)
def test_no_piece_of_a_token_reaches_the_tool_call_log_wherever_the_preview_cuts(kind: str) -> None:
    secret = TOKENS[kind]
    bus = EventBus()
    recorder = EventRecorder(bus)
    for n, text in enumerate(results_across_the_cut(secret, PREVIEW_CHARS)):
        events = CallEvents(bus, f"c{n}", "web", "search", {}, "model")
        result = p.CallToolResult(content=[p.TextContent(text=text)])
        events.finished(result, {"content": [{"type": "text", "text": text}]})
    previews = [e.result_preview for e in recorder.of_type(ToolCallFinished)]
    assert previews and all(preview for preview in previews[:2])
    leaked = sorted({piece for preview in previews for piece in pieces(secret) if piece in preview})
    assert not leaked, leaked
