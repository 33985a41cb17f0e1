"""status, export and doctor through ``main``: outputs, errors, exit codes, no secret values."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sofia_nb.cli import main
from sofia_nb.session import SessionStore

from ..session.factory import rich_session
from .helpers import run_main, validate


@pytest.fixture
def session_id() -> str:
    session = rich_session()
    SessionStore().save(session)
    return session.id


def _corrupt_session_file() -> Path:
    path = SessionStore().root / "20200101-000000-dead.json"
    path.write_text('{"id": "x", "phase": ', encoding="utf-8")
    return path


def test_status_json_lists_the_good_session_and_reports_the_corrupt_file(
    session_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    corrupt = _corrupt_session_file()
    before = corrupt.read_bytes()
    code, out, err = run_main(capsys, "status", "--json")
    assert code == 0, err
    result = json.loads(out.splitlines()[-1])
    validate(result, "StatusList")
    assert [s["session_id"] for s in result["sessions"]] == [session_id]
    [bad] = result["unreadable"]
    assert (bad["path"], bad["session_id"]) == (str(corrupt), "20200101-000000-dead")
    assert bad["error"].startswith(f"{corrupt}: not a valid session file (invalid JSON")
    assert corrupt.read_bytes() == before


def test_status_for_people_names_the_corrupt_file_on_stderr(
    session_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    corrupt = _corrupt_session_file()
    code, out, err = run_main(capsys, "status")
    assert code == 0, err
    assert session_id in out and str(corrupt) not in out
    [line] = err.splitlines()
    assert line.startswith(f"skipped: {corrupt}: not a valid session file (invalid JSON")


def test_export_prints_one_path_per_written_file(
    tmp_path: Path, session_id: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_main(capsys, "export", "--session", "last", "--output", "out", "--format", "md")
    assert code == 0, err
    printed = out.split()
    assert printed == [
        str((tmp_path / "out" / f"{p}.md").resolve())
        for p in ("discover", "ideate", "design", "select", "plan", "develop")
    ]
    assert all(Path(p).is_file() for p in printed)


def test_export_honours_the_exports_dir_of_the_config_file(
    tmp_path: Path,
    session_id: str,
    _isolated_home: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (_isolated_home / "config.toml").write_text('exports_dir = "reports"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run_main(capsys, "export", "--session", session_id, "--format", "json", "--json")
    assert code == 0, err
    assert Path(json.loads(out)["export_dir"]) == (tmp_path / "reports" / session_id).resolve()


def test_export_of_an_unknown_session_is_an_error_naming_it(
    tmp_path: Path, session_id: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_main(capsys, "export", "--session", "20990101-000000-0000", "--json")
    assert code == 1
    error = json.loads(out.splitlines()[-1])["error"]
    assert "20990101-000000-0000" in error["message"] and error["kind"] == "session"
    assert not (tmp_path / "exports").exists()


def test_export_of_a_corrupt_session_says_which_file(
    tmp_path: Path, session_id: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = SessionStore().path_for(session_id)
    path.write_text(path.read_text(encoding="utf-8")[:100], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run_main(capsys, "export", "--session", session_id)
    assert (code, out) == (1, "")
    assert str(path) in "".join(err.split())  # rich may wrap the long path


@pytest.mark.parametrize("argv", [["export"], ["export", "--session", "x", "--format", "pdf"]])
def test_export_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    assert "usage:" in capsys.readouterr().err


def doctor(
    capsys: pytest.CaptureFixture[str], *flags: str, human: bool = False
) -> tuple[dict[str, Any] | None, str]:
    """Run ``doctor`` in this process; returns the JSON report (None when ``human``) and all output."""
    code, out, err = run_main(capsys, "doctor", *flags, *([] if human else ["--json"]))
    assert code == 0, err
    return (None if human else json.loads(out.splitlines()[-1])), out + err


def test_doctor_names_credentials_but_never_prints_their_values(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "planted-doctor-secret-1234")
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_plantedDoctorToken0123456789abcd")
    monkeypatch.setenv("SOFIA_LLM", "openai:gpt-4o-mini")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")  # doctor asks it: never an outside host
    monkeypatch.delenv("AZURE_OPENAI_API_KEY", raising=False)
    report, as_json = doctor(capsys)
    _, as_text = doctor(capsys, human=True)
    for output in (as_json, as_text):
        assert "planted-doctor-secret" not in output and "ghp_plantedDoctorToken" not in output
    assert "OPENAI_API_KEY" in as_text
    assert report is not None
    providers = {p["provider"]: p for p in report["llm"]["providers"]}
    assert providers["openai"]["configured"] and "OPENAI_API_KEY set" in providers["openai"]["detail"]
    assert providers["github"]["configured"] and providers["github"]["detail"] == "GITHUB_TOKEN set"
    assert not providers["azure"]["configured"]
    assert report["llm"]["spec"] == "openai:gpt-4o-mini"
    assert report["python"]["found"] and report["python"]["version"].startswith("3.")
    assert {p["name"] for p in report["packages"]} >= {"jupyterlab", "ipywidgets", "papermill"}
    servers = {s["name"]: s for s in report["reference_servers"]}
    bin_dir = Path(__file__).resolve().parents[2] / "tools" / "npm" / "node_modules" / ".bin"
    everything = servers["@modelcontextprotocol/server-everything"]
    assert everything["found"] == (bin_dir / "mcp-server-everything").exists()


def test_doctor_finds_the_mcp_config_above_the_working_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / ".vscode" / "mcp.json"
    config.parent.mkdir()
    config.write_text(json.dumps({"servers": {"everything": {"command": "mcp-server-everything"}}}))
    (tmp_path / "notebooks").mkdir()
    monkeypatch.chdir(tmp_path / "notebooks")
    report, _ = doctor(capsys)
    assert report is not None
    assert report["mcp"] == {"config": str(config), "servers": ["everything"], "error": None}

    broken = tmp_path / "broken.json"
    broken.write_text('{"servers": {"x": {"command": 42}}}')
    report, _ = doctor(capsys, "--mcp-config", str(broken))
    assert report is not None and report["mcp"]["servers"] is None
    assert str(broken) in report["mcp"]["error"] and "command" in report["mcp"]["error"]

    monkeypatch.chdir("/")
    report, _ = doctor(capsys)
    assert report is not None and report["mcp"]["config"] is None
    assert any("mcp.json" in hint for hint in report["hints"])


def test_doctor_reports_a_broken_config_file_instead_of_failing(
    capsys: pytest.CaptureFixture[str], _isolated_home: Path
) -> None:
    config = _isolated_home / "config.toml"
    config.write_text("llm = [unclosed\n", encoding="utf-8")
    report, _ = doctor(capsys)
    assert report is not None
    assert report["sofia_home"] == str(_isolated_home)
    assert report["config_file"]["path"] == str(config)
    assert str(config) in report["config_file"]["error"]
    assert any(hint.startswith("fix the config file") for hint in report["hints"])


def test_status_for_people_says_what_comes_next_and_json_keeps_its_fields(
    session_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_main(capsys, "status", "--session", session_id)
    assert code == 0, err
    # rich_session waits at Develop with a partial proof of concept
    assert "next step             the proof of concept ended partial: run the loop again" in out
    assert f"command               sofia-nb dev --session {session_id}" in out
    assert "next phase" not in out
    assert "None" not in out and "held by" not in out  # no holder: no row, not 'held by  None'
    code, out, err = run_main(capsys, "status", "--session", session_id, "--json")
    detail = json.loads(out.splitlines()[-1])
    validate(detail, "StatusDetail")
    assert detail["next_phase"] == "complete"
    code, out, err = run_main(capsys, "status")
    assert "┃ next " in out.splitlines()[1]  # the list says it too, in words


def test_status_shows_tokens_and_cost_per_session_and_per_phase(capsys: pytest.CaptureFixture[str]) -> None:
    from sofia_nb.session import Usage

    session = rich_session("20261201-090000-cost")
    session.tokens = type(session.tokens)()
    session.tokens.add("discover", Usage(input_tokens=12_000, output_tokens=3_000, cost_usd=0.06))
    session.tokens.add("ideate", Usage(input_tokens=20_000, output_tokens=4_000, cost_usd=0.09))
    for turn in session.turns:
        if turn.role == "assistant":
            turn.metadata["model"] = "openai:gpt-4o"
    SessionStore().save(session)
    code, out, err = run_main(capsys, "status", "--session", session.id)
    assert code == 0, err
    words = " ".join(out.split())  # rich wraps the table at the terminal's width
    assert "tokens 32,000 in / 7,000 out tokens; cost $0.1500 (estimated, as of 2026-12-04)" in words
    assert "discover 12,000 in / 3,000 out tokens; cost $0.0600" in words
    code, out, err = run_main(capsys, "status", "--json")
    [line] = [s for s in json.loads(out.splitlines()[-1])["sessions"] if s["session_id"] == session.id]
    assert (line["input_tokens"], line["output_tokens"], line["cost_usd"]) == (
        32_000,
        7_000,
        pytest.approx(0.15),
    )
    code, out, err = run_main(capsys, "status")
    assert "39.0k $0.15" in out
