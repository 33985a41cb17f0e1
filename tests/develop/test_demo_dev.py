"""Must show: from the demo workshop's plan, `sofia-nb dev --demo` reaches passing tests after real pytest
runs, and `export` adds develop.md with the iteration timeline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sofia_nb.cli import main


@pytest.mark.slow
@pytest.mark.usefixtures("no_git_identity")
def test_demo_workshop_then_dev_then_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["workshop", "--demo", "--non-interactive", "--json"]) == 0
    session_id = json.loads(capsys.readouterr().out.splitlines()[-1])["session_id"]
    out = tmp_path / "poc"
    assert main(["dev", "--session", "last", "--demo", "--json", "--output", str(out)]) == 0
    result = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert (result["status"], result["reason"]) == ("success", "tests-passing")
    assert result["iterations"] >= 2 and result["tests"]["passed"] == result["tests"]["total"] > 0
    assert main(["export", "--session", session_id, "--output", str(tmp_path / "exports")]) == 0
    develop = (tmp_path / "exports" / "develop.md").read_text()
    assert "## Iterations" in develop
    rows = [line for line in develop.splitlines() if line.startswith("| ") and "tests-" in line]
    assert [r.split("|")[2].strip() for r in rows] == ["tests-failing", "tests-passing"]
