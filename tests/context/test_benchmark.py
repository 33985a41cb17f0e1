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


def test_the_per_call_peers_find_what_a_regex_call_finds(tmp_path: Path) -> None:
    """Issue 42: ripgrep was handed grep's ``-E``, which is rg's ``--encoding``: it exited at once
    on every regex call, so the ÷rg figures of those calls timed an error."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.context_tools import _grep_flags, _peer, _run_peer
    from sofia_nb.context._support.ripgrep import rg_path

    (tmp_path / "a.py").write_text("def warm_cache(x):\n    return x\n", encoding="utf-8")
    calls = [
        {"patterns": [r"def \w+_cache\("], "regex": True},
        {"patterns": ["WARM"], "case": False},
        {"patterns": ["x"], "word": True},
    ]
    for call in calls:
        patterns: list[str] = call["patterns"]  # type: ignore[assignment]
        found = _run_peer(_peer("grep", _grep_flags(call), patterns, tmp_path))
        assert "a.py:1:def warm_cache(x):" in found, (call, found)
        if rg_path() is not None:
            assert _run_peer(_peer("rg", _grep_flags(call, "rg"), patterns, tmp_path)) == found, call
