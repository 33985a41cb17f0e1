"""The streaming benchmark's quick mode runs both faces end to end (the numbers belong to benchmarks/)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

ROOT = Path(__file__).resolve().parents[2]


def test_quick_streaming_benchmark_measures_both_faces() -> None:
    done = subprocess.run(
        [sys.executable, "benchmarks/streaming.py", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [line.split() for line in done.stdout.splitlines() if line.startswith(("notebook", "terminal"))]
    assert [(r[0], r[2]) for r in rows] == [
        ("notebook", "1000"),
        ("notebook", "2000"),
        ("terminal", "1000"),
        ("terminal", "2000"),
    ]
    assert all(int(r[6]) > 0 for r in rows[:2])  # the notebook's reply was streamed through a comm
    summary = json.loads(done.stdout.splitlines()[-1])
    assert summary["notebook-unpaced-1000->2000-stream-bytes"] > 0
