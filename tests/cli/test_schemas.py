"""The committed JSON Schemas match the result models, and the real CLI's output matches them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from sofia_nb.cli import schemas
from sofia_nb.session import SessionStore

from ..session.factory import rich_session
from .helpers import DOCS, last_json_line, run_main, sofia, validate


def test_docs_schemas_are_up_to_date(tmp_path: Path) -> None:
    schemas.write_schemas(tmp_path)
    fresh = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.json")}
    committed = {p.name: p.read_text(encoding="utf-8") for p in DOCS.glob("*.json")}
    stale = sorted(n for n in fresh.keys() | committed.keys() if fresh.get(n) != committed.get(n))
    assert not stale, (
        f"docs/schemas/ is out of date ({', '.join(stale)}): run `make schemas` and commit the result"
    )


def test_every_schema_is_a_valid_json_schema() -> None:
    for path in DOCS.glob("*.json"):
        Draft202012Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))


def test_result_model_names_are_unique_and_every_command_declares_results() -> None:
    models = schemas.result_models()
    assert {"StatusList", "StatusDetail", "ExportResult", "DoctorReport"} <= models.keys()


@pytest.fixture
def fixture_session(tmp_path: Path) -> str:
    session = rich_session()
    SessionStore().save(session)  # into the test's own SOFIA_HOME, which the child inherits
    return session.id


def test_status_list_matches_its_schema(tmp_path: Path, fixture_session: str) -> None:
    out = sofia("status", "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    result = last_json_line(out)
    validate(result, "StatusList")
    assert result["sessions"][0]["session_id"] == fixture_session
    assert result["sessions"][0]["phase"] == "develop"


def test_status_detail_matches_its_schema(tmp_path: Path, fixture_session: str) -> None:
    out = sofia("--json", "status", "--session", "last", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    result = last_json_line(out)
    validate(result, "StatusDetail")
    assert (result["session_id"], result["next_phase"], result["idea_count"]) == (
        fixture_session,
        "complete",
        2,
    )


def test_export_matches_its_schema_and_writes_to_exports_id_by_default(
    tmp_path: Path, fixture_session: str
) -> None:
    out = sofia("export", "--session", fixture_session, "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    result = last_json_line(out)
    validate(result, "ExportResult")
    assert Path(result["export_dir"]) == (tmp_path / "exports" / fixture_session).resolve()
    assert {"report.html", "summary.json"} <= {f["path"] for f in result["files"]}
    assert all((Path(result["export_dir"]) / f["path"]).is_file() for f in result["files"])


def test_doctor_matches_its_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "doctor", "--json")  # in-process: it probes Node, npm and packages
    assert code == 0, err
    validate(json.loads(out.splitlines()[-1]), "DoctorReport")
