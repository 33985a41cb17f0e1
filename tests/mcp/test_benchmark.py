"""The round-trip benchmark keeps working (a smoke run; speed is read from its output, never asserted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "mcp_roundtrip.py"


def test_quick_run_prints_both_ratios() -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick"], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    for name in ("bare", "sdk", "ours"):
        assert re.search(rf"^\s*{name}: +\d+ calls/s  \(client CPU +[\d.]+ us/call\)$", out.stdout, re.M), (
            out.stdout
        )
    assert re.search(r"^ours / sdk : \d+\.\d\dx", out.stdout, re.M)
    assert re.search(r"^ours / bare: \d+\.\d\dx", out.stdout, re.M)
