"""After the PoC's tests pass, one status everywhere and an export that is the customer's: the
session, summary.json, report.html and ``status`` say the same status; the export says which test
covers each success criterion in the same words the terminal and the app use (``line``, kept in
the session), keeps each iteration's summary whole, and holds no instruction for the facilitator."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from sofia_nb.cli import main
from sofia_nb.session import PocScope, PocState, SessionStatus, SessionStore, export_session
from sofia_nb.ui._record import audit_text

from .conftest import fix, fixture_session, write_calc
from .test_loop import make_loop

CRITERIA = ["Unclear lines go to the night desk", "an order is keyed in under a minute"]


@pytest.mark.usefixtures("no_git_identity")
def test_after_the_tests_pass_every_face_says_one_status_and_the_export_names_each_criterions_test(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = fixture_session()
    assert session.plan is not None
    session.plan.poc_scope = PocScope(success_criteria=CRITERIA)
    SessionStore().save(session)
    assert main(["dev", "--session", session.id, "--demo", "--output", str(tmp_path / "poc")]) == 0
    shown = " ".join(capsys.readouterr().out.split())  # the terminal's words for each criterion

    saved = SessionStore().load(session.id)
    assert saved.poc is not None and saved.poc.final_status == "success"
    assert saved.status is SessionStatus.COMPLETED  # the loop records it; every face must say it
    lines = [c.line() for c in saved.poc.criteria]
    assert len(lines) == 2 and lines[0].startswith("SC1 covered by tests/test_parse.py:")
    assert all(line in shown for line in lines)  # the session keeps what the terminal said

    out = tmp_path / "export"
    assert main(["export", "--session", session.id, "--output", str(out)]) == 0
    develop = (out / "develop.md").read_text(encoding="utf-8")
    report = (out / "report.html").read_text(encoding="utf-8")
    assert "## Success criteria" in develop and all(f"- {line}" in develop for line in lines)
    assert all(line in report for line in lines)

    capsys.readouterr()
    assert main(["status", "--session", session.id, "--json"]) == 0
    status = json.loads(capsys.readouterr().out.splitlines()[-1])["status"]
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))["status"]
    facts = report.split("<dt>Status</dt><dd>", 1)[1].split("</dd>", 1)[0]
    app = audit_text(SessionStore().load(session.id)).splitlines()[0]  # the app's record
    assert status == summary == facts == "completed"  # one status, whoever says it
    assert app == f"session {session.id}: {saved.phase.value} (completed)"


@pytest.mark.usefixtures("no_git_identity")
def test_an_iterations_summary_is_kept_whole(tmp_path: Path) -> None:
    long = "Use addition, " + "because the plan says the totals add the lines of a basket, " * 6 + "end."
    root = write_calc(tmp_path / "p")
    loop, _ = make_loop(root, [fix("    return a - b", "    return a + b", long)])
    result = asyncio.run(loop.run())
    assert result.status == "success" and len(long) > 300
    assert loop.poc.iterations[-1].changes_summary == long  # the commit's subject line may be cut; this not


@pytest.mark.usefixtures("no_git_identity")
def test_a_summary_wrapped_over_several_lines_is_kept_whole(tmp_path: Path) -> None:
    wrapped = "Use addition: the plan says a basket's total\nadds its lines, and the failing test\nexpects 5."
    root = write_calc(tmp_path / "p")
    loop, _ = make_loop(root, [fix("    return a - b", "    return a + b", wrapped)])
    assert asyncio.run(loop.run()).status == "success"
    assert loop.poc.iterations[-1].changes_summary == " ".join(wrapped.splitlines())


def test_the_report_says_the_sessions_status_as_summary_json_does(tmp_path: Path) -> None:
    session = fixture_session()
    session.poc = PocState(final_status="success")  # tests passed, and then the session was paused
    session.status = SessionStatus.PAUSED
    export_session(session, tmp_path)
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))["status"]
    report = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert summary == "paused" and "<dt>Status</dt><dd>paused</dd>" in report  # not a status of its own
