"""Ending a talk is one engine action (``Workshop.pause``) that the terminal and the notebook both use:
the same conversation, ended from either face, leaves the same session to resume from."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

pytest.importorskip("ipywidgets")

from sofia_nb.session import SessionStore, WorkshopSession
from sofia_nb.ui import NotebookWorkshop

SAID = "We bake bread in 12 shops and throw a lot of it away."
RECORDS = {
    "business_context": {"description": "A bakery chain with 12 shops", "challenges": ["waste"]},
    "workflow": {"activities": [{"id": "s1", "name": "Bake"}, {"id": "s2", "name": "Sell"}]},
}


def _script(path: Path) -> Path:
    """The model opens Discover, answers without recording anything; only extraction records."""
    replies = [
        {"purpose": "chat", "match": "Introduce the Discover phase", "text": "Welcome: your business?"},
        {"purpose": "chat", "match": "user: We bake bread", "text": "Waste, then. How do the shops order?"},
        {"purpose": "extract", "text": f"```json\n{json.dumps(RECORDS)}\n```"},
    ]
    path.write_text(yaml.safe_dump({"replies": replies}), encoding="utf-8")
    return path


def _terminal(script: Path, home: Path) -> WorkshopSession:
    """``sofia-nb workshop``: the facilitator says one thing, ends the talk (done) and exits (e)."""
    done = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "workshop", "--llm", f"scripted:{script}"],
        cwd=home.parent,
        env={**os.environ, "SOFIA_HOME": str(home)},
        input=f"{SAID}\ndone\ne\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return SessionStore(home / "sessions").load("last")


async def _notebook(script: Path, home: Path, monkeypatch: pytest.MonkeyPatch) -> WorkshopSession:
    """The notebook's app: Start, the same message, then Pause."""
    monkeypatch.setenv("SOFIA_HOME", str(home))
    run = await NotebookWorkshop.open(llm=f"scripted:{script}", interactive=True)
    try:
        app = run.app
        await app.start()
        app.message.value = SAID
        app.send_button.click()
        await asyncio.gather(*app.tasks)
        app.pause_button.click()
        await asyncio.gather(*app.tasks)
    finally:
        await run.aclose()
    return SessionStore(home / "sessions").load(run.session.id)


def _what_a_resume_sees(session: WorkshopSession) -> dict[str, Any]:
    return {
        "phase": session.phase.value,
        "status": session.status.value,
        "business_context": session.business_context.description if session.business_context else None,
        "workflow": [a.name for a in session.workflow.activities] if session.workflow else None,
        "turns": [(t.role, t.content) for t in session.turns],
        "activities": [a.message for a in session.activities],
    }


async def test_the_terminal_and_the_notebook_end_a_talk_with_the_same_engine_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = _script(tmp_path / "script.yaml")
    (tmp_path / "terminal").mkdir()
    terminal = await asyncio.to_thread(_terminal, script, tmp_path / "terminal" / ".sofia")
    notebook = await _notebook(script, tmp_path / "notebook" / ".sofia", monkeypatch)

    expected = {
        "phase": "discover",
        "status": "paused",
        "business_context": "A bakery chain with 12 shops",  # recorded by the extraction call
        "workflow": ["Bake", "Sell"],
        "turns": [],  # compared below: the kickoff text is the prompt's, the same for both
        "activities": ["Discover completed"],
    }
    for face, session in (("terminal", terminal), ("notebook", notebook)):
        seen = _what_a_resume_sees(session)
        assert {**seen, "turns": []} == expected, face
    assert _what_a_resume_sees(terminal) == _what_a_resume_sees(notebook)
