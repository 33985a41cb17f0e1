"""Running the real ``sofia-nb`` in a child process, and reading its JSON Lines."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from sofia_nb.cli import main

DOCS = Path(__file__).resolve().parents[2] / "docs" / "schemas"


def sofia(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m sofia_nb ARGS`` in ``cwd``, with this test's environment (its own SOFIA_HOME)."""
    return subprocess.run(
        [sys.executable, "-m", "sofia_nb", *args], capture_output=True, text=True, cwd=cwd, timeout=60
    )


def last_json_line(out: subprocess.CompletedProcess[str]) -> Any:
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    assert lines, f"no output; stderr: {out.stderr}"
    return json.loads(lines[-1])


def validate(result: Any, model: str) -> None:
    """Check a result against its committed schema in ``docs/schemas/``."""
    schema = json.loads((DOCS / f"{model}.json").read_text(encoding="utf-8"))
    errors = [e.message for e in Draft202012Validator(schema).iter_errors(result)]
    assert errors == [], f"{model}: {errors}"


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The same ``main`` in this process (faster than a child): exit code, stdout, stderr."""
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
