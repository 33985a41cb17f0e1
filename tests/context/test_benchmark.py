"""The context benchmark's quick mode runs end to end (its figures belong to benchmarks/, not to asserts)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_benchmark_quick_mode_runs() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "context_tools.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr
    assert "summary/raw = " in out.stdout
    assert "worst server/grep ratio = " in out.stdout
    assert "vue (benchmarks/vue_sample)" in out.stdout
