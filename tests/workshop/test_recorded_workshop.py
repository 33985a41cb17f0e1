"""Replaying a real model's recorded workshop (tests/workshop/fixtures/recorded-workshop/) through the CLI,
and its hand-edited copy (…-edited/) that adds numeric human values, priority steps, assumptions and
a PoC scope: every phase is filled and every export section the recording has data for is there."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sofia_nb.session import Phase, SessionStore, WorkshopSession, export_session

FIXTURES = Path(__file__).parent / "fixtures"
INPUTS = FIXTURES / "recorded-workshop" / "inputs.yaml"

# The sections every replay must fill, by phase file (what the original recording has data for).
SECTIONS = {
    "discover.md": [
        "## Business context",
        "## Focus area",
        "### Constraints",
        "### Success metrics",
        "## Workflow",
    ],
    "ideate.md": ["## Cards", "## Ideas"],
    "design.md": ["## Evaluation", "### Feasibility × value matrix", "```mermaid\nquadrantChart"],
    "select.md": ["## Selection", "### Rationale", "### Ranking"],
    "plan.md": ["## Plan", "### Architecture", "### Tech stack", "### Dependencies"],
}
EDITED_SECTIONS = {
    "discover.md": ["### Priority steps\n\n1. Check completeness and warranty — The completeness check"],
    "design.md": ["Assumptions"],
    "plan.md": ["## PoC scope", "### Functionality", "### Data", "### Success criteria", "### Timeline"],
}


def _replay(tmp_path: Path, recording: str) -> WorkshopSession:
    env = {
        **os.environ,
        "SOFIA_HOME": str(tmp_path / "home"),
        "SOFIA_SCRIPTED_LOG": str(tmp_path / "requests.jsonl"),
    }
    env.pop("SOFIA_RECORD", None)
    script = FIXTURES / recording / "script.yaml"
    subprocess.run(
        [
            *(sys.executable, "-m", "sofia_nb", "workshop", "--non-interactive"),
            *("--inputs", str(INPUTS), "--llm", f"scripted:{script}", "--consent", "deny"),
        ],
        env=env,
        cwd=tmp_path,
        check=True,
        capture_output=True,
        timeout=120,
    )
    return SessionStore(tmp_path / "home" / "sessions").load("last")


@pytest.mark.parametrize("recording", ["recorded-workshop", "recorded-workshop-edited"])
def test_the_recorded_workshop_fills_every_phase_and_the_export_reads_cleanly(
    tmp_path: Path, recording: str
) -> None:
    session = _replay(tmp_path, recording)
    edited = recording.endswith("-edited")
    assert session.phase == Phase.DEVELOP
    assert session.workflow is not None and len(session.workflow.activities) == 7
    # the workflow update (the bottleneck pain points) came in the same reply as the business context
    assert any("bottleneck" in p.lower() for a in session.workflow.activities for p in a.pain_points)
    assert session.business_context and "Claims contain personal data of end customers" in (
        session.business_context.constraints
    )
    assert session.evaluation and session.selection and session.selection.confirmed_by_user and session.plan
    assert not [a for a in session.activities if "not recorded" in a.message]  # every block fit its schema

    out = tmp_path / "export"
    export_session(session, out)
    files = {name: (out / name).read_text(encoding="utf-8") for name in SECTIONS}
    wanted = {name: SECTIONS[name] + (EDITED_SECTIONS.get(name, []) if edited else []) for name in SECTIONS}
    missing = {name: [s for s in sections if s not in files[name]] for name, sections in wanted.items()}
    assert {name: m for name, m in missing.items() if m} == {}
    for name, text in files.items():
        assert "```json" not in text, f"{name} repeats a JSON block"
        assert not re.search(r"Introduce the \w+ phase", text), f"{name} shows the kickoff cue"

    # Select's ranking, in the session and the export, is the weighted score of the stored numbers
    ranking = session.evaluation.ranking()
    for e in session.evaluation.ideas:
        parts = [(0.3, e.feasibility), (0.4, e.value)] + (
            [(0.3, e.human_value_score)] if e.human_value_score is not None else []
        )
        score = round(sum(w * v for w, v in parts) / sum(w for w, _ in parts), 2)
        assert next(r.score for r in ranking if r.idea_id == e.idea_id) == score
        assert re.search(rf"\| [^|]*\({e.idea_id}\) \| {score:.2f} \|", files["select.md"])
    if edited:
        scores = {e.idea_id: e.human_value_score for e in session.evaluation.ideas}
        assert scores == {"idea-1": 5, "idea-2": 2, "idea-3": 4, "idea-4": 3, "idea-5": 3}
        assert [r.idea_id for r in ranking][:2] == ["idea-1", "idea-4"]
        assert session.plan.poc_scope and session.plan.poc_scope.timeline.startswith("Eight weeks")
    html = (out / "report.html").read_text(encoding="utf-8")
    # the workflow, the matrix, the model's own diagrams: drawn at export (or left as source without mermaidx)
    assert html.count('<figure class="diagram"') + html.count('<pre class="mermaid">') >= 3


def _folded(text: str) -> str:
    return " ".join(text.split())


def test_plans_requests_in_the_replay_hold_the_selection_rationale_and_the_business_decisions(
    tmp_path: Path,
) -> None:
    """The decisions-first brief (issue 29): every request of the Plan phase carries the selection's
    rationale and the team's constraints and success metrics, word for word (whitespace folded)."""
    session = _replay(tmp_path, "recorded-workshop")
    requests = [
        json.loads(line) for line in (tmp_path / "requests.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    plan = [
        _folded(r["messages"][0]["content"])
        for r in requests
        if "# Phase: Plan" in r["messages"][0]["content"]
    ]
    assert session.selection and session.business_context and plan
    decisions = [
        session.selection.rationale,
        *session.business_context.constraints,
        *session.business_context.success_metrics,
    ]
    assert all(decisions)
    missing = [(i, d[:60]) for i, system in enumerate(plan) for d in decisions if _folded(d) not in system]
    assert missing == []
