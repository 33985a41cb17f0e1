"""Replaying a real model's recorded workshop (tests/workshop/fixtures/recorded-workshop/) through the CLI."""

import os
import subprocess
import sys
from pathlib import Path

from sofia_nb.session import Phase, SessionStore, export_session

RECORDING = Path(__file__).parent / "fixtures" / "recorded-workshop"


def test_the_recorded_workshop_fills_every_phase_and_the_export_reads_cleanly(tmp_path: Path) -> None:
    env = {**os.environ, "SOFIA_HOME": str(tmp_path / "home")}
    subprocess.run(
        [
            *(sys.executable, "-m", "sofia_nb", "workshop", "--non-interactive"),
            *("--inputs", str(RECORDING / "inputs.yaml"), "--llm", f"scripted:{RECORDING / 'script.yaml'}"),
            *("--consent", "deny"),
        ],
        env=env,
        cwd=tmp_path,
        check=True,
        capture_output=True,
        timeout=120,
    )
    session = SessionStore(tmp_path / "home" / "sessions").load("last")
    assert session.phase == Phase.DEVELOP
    assert session.workflow is not None and len(session.workflow.activities) == 7
    # the workflow update (the bottleneck pain points) came in the same reply as the business context
    assert any("bottleneck" in p.lower() for a in session.workflow.activities for p in a.pain_points)
    assert session.evaluation and session.selection and session.plan
    out = tmp_path / "export"
    export_session(session, out, formats=["md"])
    discover = (out / "discover.md").read_text(encoding="utf-8")
    assert "Introduce the Discover phase" not in discover and "```json" not in discover
    assert "### Ranking" in (out / "select.md").read_text(encoding="utf-8")
