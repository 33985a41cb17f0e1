"""``sofia-nb dev`` and ``sofia-nb fix`` through the real CLI: demo replies, real pytest runs, resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from sofia_nb.cli import main
from sofia_nb.develop._scaffold import METADATA_FILE
from sofia_nb.session import PocScope, SessionStore, export_session

from .conftest import RIGHT, fixture_session, git, write_calc


def demo_like_session() -> str:
    session = fixture_session(tech_stack=["Python", "FastAPI", "pytest"], dependencies=["a catalogue export"])
    session.ideas[0].title = "Night order assistant"
    SessionStore().save(session)
    return session.id


SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs/schemas/RalphResult.json").read_text())


def last_json(capsys: pytest.CaptureFixture[str]) -> dict:  # type: ignore[type-arg]
    """The result line, checked against the committed schema; progress lines before it carry a type."""
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.strip()]
    assert all("type" in x for x in lines[:-1]) and "type" not in lines[-1]
    Draft202012Validator(SCHEMA).validate(lines[-1])
    return lines[-1]


@pytest.mark.usefixtures("no_git_identity")
def test_dev_demo_reaches_green_and_export_has_the_timeline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sid = demo_like_session()
    out = tmp_path / "poc"
    assert main(["dev", "--session", sid, "--demo", "--json", "--output", str(out)]) == 0
    result = last_json(capsys)
    assert result == {
        "status": "success",
        "reason": "tests-passing",
        "iterations": 2,
        "tests": {"passed": 4, "failed": 0, "skipped": 0, "errors": 0, "total": 4},
        "branch": "main",
        "project": str(out.resolve()),
        "criteria": [],  # the fixture's plan has no PoC scope
    }
    assert (out / "WORKSHOP.md").read_text().startswith("# Night order assistant")
    assert json.loads((out / METADATA_FILE).read_text())["session_id"] == sid
    assert {p.name for p in (out / "docs" / "workshop").iterdir()} >= {"plan.md", "select.md"}
    subjects = git(out, "log", "--format=%an|%s").splitlines()
    assert [s.split("|")[0] for s in subjects] == ["sofia_nb"] * 3
    assert subjects[-1].endswith(f"scaffold from workshop session {sid}")
    session = SessionStore().load(sid)
    assert session.poc is not None and session.poc.final_status == "success"
    assert [i.outcome for i in session.poc.iterations] == ["scaffold", "tests-failing", "tests-passing"]
    # The scaffold's tests before any edit, then each iteration's after its edits.
    assert [i.test_results.failed for i in session.poc.iterations] == [4, 2, 0]  # type: ignore[union-attr]
    assert session.tokens.by_phase["develop"].output_tokens > 0
    exported = export_session(session, tmp_path / "exports")
    develop_md = (tmp_path / "exports" / "develop.md").read_text()
    assert any(f.path == "develop.md" for f in exported.files) and "tests-passing" in develop_md
    # A second run: already complete, nothing re-done.
    assert main(["dev", "--session", sid, "--demo", "--json", "--output", str(out)]) == 0
    assert last_json(capsys)["reason"] == "already-complete"
    assert len(git(out, "log", "--format=%h").splitlines()) == 3
    # For people the way on is the flag they would type, never the façade's setting name.
    assert main(["dev", "--session", sid, "--demo", "--output", str(out)]) == 0
    err = capsys.readouterr().err
    assert "already complete: a previous run reached passing tests (--force starts over)" in err
    assert "`force`" not in err and "set force" not in err


@pytest.mark.usefixtures("no_git_identity")
def test_dev_resumes_without_a_new_scaffold_and_force_starts_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sid = demo_like_session()
    out = tmp_path / "poc"
    args = ["dev", "--session", sid, "--demo", "--json", "--output", str(out)]
    assert main([*args, "--max-iterations", "1"]) == 5
    first = last_json(capsys)
    assert (first["status"], first["reason"], first["iterations"]) == ("partial", "max-iterations", 1)
    assert main(args) == 0
    resumed = last_json(capsys)
    assert (resumed["status"], resumed["iterations"]) == ("success", 2)
    assert len(git(out, "log", "--format=%h").splitlines()) == 3  # scaffold + 2 fixes: no second scaffold
    other = demo_like_session()
    assert main(["dev", "--session", other, "--demo", "--output", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"holds the PoC of session {sid}" in err and "(set --output or --force)" in err
    (out / "stray.txt").write_text("from before --force")
    assert main([*args, "--force"]) == 0
    assert last_json(capsys)["iterations"] == 2 and not (out / "stray.txt").exists()
    assert main(["dev", "--session", sid, "--demo", "--output", str(out), "--force"]) == 0
    assert f"resume: starting over (--force): removing {out.resolve()}" in capsys.readouterr().err


@pytest.mark.usefixtures("no_git_identity")
def test_dev_names_each_success_criterion_and_the_test_that_covers_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = fixture_session()
    assert session.plan is not None
    session.plan.poc_scope = PocScope(
        success_criteria=["Unclear lines go to the night desk", "an order is keyed in under a minute"]
    )
    SessionStore().save(session)
    assert main(["dev", "--session", session.id, "--demo", "--output", str(tmp_path / "poc")]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "criteria SC1 covered by tests/test_parse.py:" in shown  # the demo's test is named with its words
    assert "SC2 no test names it: an order is keyed in under a minute" in shown


def test_dev_without_a_plan_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    session = fixture_session()
    session.plan = None
    SessionStore().save(session)
    assert main(["dev", "--session", session.id, "--demo"]) == 1
    assert "no selected idea and plan" in capsys.readouterr().err


@pytest.mark.usefixtures("no_git_identity")
def test_fix_cli_refuses_a_dirty_tree_then_fixes_on_a_branch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_calc(tmp_path / "repo")
    git(root, "init", "-q", "-b", "trunk")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "mine")
    head = git(root, "rev-parse", "trunk")
    script = tmp_path / "fix.yaml"
    script.write_text(json.dumps({"replies": [RIGHT]}))
    (root / "notes.txt").write_text("untracked")
    assert main(["fix", "--project", str(root), "--llm", f"scripted:{script}", "--json"]) == 1
    assert "uncommitted changes" in capsys.readouterr().out
    assert git(root, "branch", "--show-current").strip() == "trunk"
    (root / "notes.txt").unlink()
    assert (
        main(
            [
                "fix",
                "--project",
                str(root),
                "--llm",
                f"scripted:{script}",
                "--json",
                "--test-cmd",
                "python -m pytest -q",
            ]
        )
        == 0
    )
    result = last_json(capsys)
    assert result["status"] == "success" and result["branch"].startswith("sofia/fix-")
    assert git(root, "rev-parse", "trunk") == head
    assert git(root, "branch", "--show-current").strip() == result["branch"]


@pytest.mark.usefixtures("no_git_identity")
def test_config_names_the_poc_folder_and_the_git_author(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    sid = demo_like_session()
    pocs = tmp_path / "pocs"
    config = Path(os.environ["SOFIA_HOME"]) / "config.toml"
    config.write_text(
        f'poc_dir = "{pocs}"\n\n[develop]\ngit_author_name = "Ada"\ngit_author_email = "ada@example.org"\n'
    )
    assert main(["dev", "--session", sid, "--demo", "--json"]) == 0
    assert last_json(capsys)["project"] == str((pocs / sid).resolve())
    assert set(git(pocs / sid, "log", "--format=%an <%ae>").splitlines()) == {"Ada <ada@example.org>"}
    config.write_text("[develop]\nnot_a_setting = 1\n")
    assert main(["dev", "--session", sid, "--demo"]) == 2
    assert (
        "config.toml, table develop: not_a_setting: Extra inputs are not permitted" in capsys.readouterr().err
    )
