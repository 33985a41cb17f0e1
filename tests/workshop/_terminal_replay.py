"""A recorded workshop replayed at the terminal: the facilitator's keystrokes (``typed.txt``) on
stdin, the model's replies from the recording (``script.yaml``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"


def replay_at_terminal(name: str, tmp: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``sofia-nb workshop`` on the recording ``name``, run in ``tmp`` with its own SOFIA_HOME
    (``tmp/home``) and ``env`` added; it must finish with status 0."""
    folder = FIXTURES / name
    environ = {**os.environ, "SOFIA_HOME": str(tmp / "home"), **env}
    environ.pop("SOFIA_RECORD", None)
    run = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "workshop", "--llm", f"scripted:{folder / 'script.yaml'}"],
        input=(folder / "typed.txt").read_text(encoding="utf-8"),
        env=environ,
        cwd=tmp,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return run
