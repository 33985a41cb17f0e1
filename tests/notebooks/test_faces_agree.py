"""One engine for every face: the notebook, the terminal and a papermill run of the same inputs
produce the same summary and the same phase outputs."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("papermill")

from sofia_nb.batch import run_notebook
from sofia_nb.session import SessionStore, WorkshopSession
from sofia_nb.workshop import session_summary
from tests.conftest import ROOT
from tests.support.demo import played_demo

pytestmark = pytest.mark.slow

PHASE_OUTPUTS = ("name", "business_context", "workflow", "ideas", "evaluation", "selection", "plan")
VOLATILE = {"confirmed_at", "created_at", "updated_at", "at"}


def _outputs(session: WorkshopSession) -> dict[str, Any]:
    def scrub(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: scrub(v) for k, v in value.items() if k not in VOLATILE}
        if isinstance(value, list):
            return [scrub(v) for v in value]
        return value

    return scrub(session.model_dump(mode="json", include=set(PHASE_OUTPUTS)))


def _only_session(home: Path) -> WorkshopSession:
    store = SessionStore(home / "sessions")
    return store.load("last")


def _terminal(home: Path) -> WorkshopSession:
    env = {"SOFIA_HOME": str(home), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "workshop", "--demo", "--non-interactive", "--json"],
        env=env, cwd=home, capture_output=True, text=True, timeout=180, check=False,
    )
    assert done.returncode == 0, done.stderr
    return _only_session(home)


def _notebook(home: Path, monkeypatch: pytest.MonkeyPatch) -> WorkshopSession:
    monkeypatch.setenv("SOFIA_HOME", str(home))

    async def play() -> WorkshopSession:
        return (await played_demo(llm="demo")).session

    return asyncio.run(play())


def _papermill(home: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[WorkshopSession, dict[str, Any]]:
    monkeypatch.setenv("SOFIA_HOME", str(home))
    row = run_notebook(ROOT / "notebooks" / "01_workshop.ipynb", home / "out.ipynb", {}, timeout_s=240)
    assert row.status == "ok", row.error
    assert row.result is not None
    return _only_session(home), row.result


def test_the_notebook_the_terminal_and_papermill_run_the_same_workshop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    homes = {face: tmp_path / face for face in ("terminal", "notebook", "papermill")}
    for home in homes.values():
        home.mkdir()
    terminal = _terminal(homes["terminal"])
    notebook = _notebook(homes["notebook"], monkeypatch)
    papermill, papermill_result = _papermill(homes["papermill"], monkeypatch)
    summaries = [session_summary(s) for s in (terminal, notebook, papermill)]
    assert summaries[0]["phase"] == "develop" and summaries[0]["milestones"]
    assert summaries[0] == summaries[1] == summaries[2] == papermill_result
    assert _outputs(terminal) == _outputs(notebook) == _outputs(papermill)
