"""What `make demo` does, in a temp folder: the workshop notebook, then the develop notebook, headless.

It ends with a PoC whose tests pass, report.html and develop.md, executed notebooks that show the
tool-call log and the token totals — and no planted secret in any file the demo wrote.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("papermill")

from tests.conftest import ROOT

pytestmark = pytest.mark.slow

PLANTED = {
    "GITHUB_TOKEN": "ghp_plantedGithubValue0123456789abcdef",
    "OPENAI_API_KEY": "sk-plantedOpenaiValue0123456789abcdef",
    "SOFIA_DEMO_AUTH": "Bearer planted.bearer.header.value.0123456789",
}


def _run(notebook: str, work: Path, env: dict[str, str]) -> dict[str, object]:
    out = work / notebook
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "sofia_nb",
            "run",
            str(ROOT / "notebooks" / notebook),
            "--cwd",
            str(work),
            "--output",
            str(out),
            "--timeout",
            "240",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        cwd=work,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    for value in PLANTED.values():
        assert value not in proc.stdout + proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_demo_ends_with_passing_tests_a_report_and_no_secret_on_disk(tmp_path: Path) -> None:
    work = tmp_path / "demo"
    (work / ".vscode").mkdir(parents=True)
    # A bearer header in the user's MCP config: the demo must not copy it anywhere.
    (work / ".vscode" / "mcp.json").write_text(
        json.dumps(
            {
                "servers": {
                    "corp": {
                        "type": "http",
                        "url": "http://127.0.0.1:9/mcp",
                        "headers": {"Authorization": PLANTED["SOFIA_DEMO_AUTH"]},
                    }
                }
            }
        )
    )
    env = {**os.environ, **PLANTED, "SOFIA_HOME": str(work / ".sofia")}
    workshop = _run("01_workshop.ipynb", work, env)
    develop = _run("02_develop.ipynb", work, env)
    assert workshop["status"] == "ok" and develop["status"] == "ok"
    assert develop["result"] == {
        "status": "success",
        "iterations": develop["result"]["iterations"],  # type: ignore[index]
        "passed": 4,
    }

    [poc] = list((work / "poc").iterdir())
    tests = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=poc,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert tests.returncode == 0, tests.stdout[-2000:]
    [export] = list((work / "exports").iterdir())
    assert {"report.html", "summary.json", "develop.md", "plan.md"} <= {p.name for p in export.iterdir()}
    executed = (work / "01_workshop.ipynb").read_text()
    assert "✓ demo-search/web_search" in executed and "tokens:" in executed

    leaks = []
    for path in work.rglob("*"):
        if path.is_file() and ".vscode" not in path.parts and ".git" not in path.parts:
            text = path.read_bytes().decode("utf-8", "replace")
            leaks += [f"{path.relative_to(work)}: {name}" for name, value in PLANTED.items() if value in text]
    assert leaks == []
