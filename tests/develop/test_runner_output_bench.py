"""The runner-output benchmark's quick mode: the runner's memory does not grow with the output (its
peer, the whole output read back and redacted, grows with it: the measurement can see growth)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_doubling_the_output_does_not_grow_the_runners_memory() -> None:
    done = subprocess.run(
        [sys.executable, "benchmarks/runner_output.py", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    extra = json.loads(done.stdout.splitlines()[-1])
    assert extra["peer-40"] - extra["peer-20"] > 15  # 20 MB more output: the peer holds it all
    assert extra["runner-40"] - extra["runner-20"] < 5, done.stdout
    assert extra["runner-40"] < 16, done.stdout  # a bounded tail, not the output
