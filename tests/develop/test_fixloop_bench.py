"""The fixloop benchmark's quick mode: every case ends as designed (timings belong to benchmarks/)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_benchmark_cases_end_as_designed() -> None:
    done = subprocess.run(
        [sys.executable, "benchmarks/fixloop/run.py", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [line for line in done.stdout.splitlines() if line.endswith(("OK", "FAIL"))]
    assert [line.split()[0] for line in lines] == ["off_by_one", "wrong_import", "unfixable"]
    assert all(line.endswith("OK") for line in lines)
    assert "unfixable              failed" in done.stdout
