"""The fixloop benchmark's quick mode: every case ends as designed (timings belong to benchmarks/)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def quick() -> subprocess.CompletedProcess[str]:
    """One ``--quick`` run (its loop cases and the enrichment arm), shared by the tests below."""
    return subprocess.run(
        [sys.executable, "benchmarks/fixloop/run.py", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_quick_benchmark_cases_end_as_designed(quick: subprocess.CompletedProcess[str]) -> None:
    assert quick.returncode == 0, quick.stdout + quick.stderr
    lines = [line for line in quick.stdout.splitlines() if line.endswith(("OK", "FAIL"))]
    assert [line.split()[0] for line in lines] == ["off_by_one", "wrong_import", "unfixable"]
    assert all(line.endswith("OK") for line in lines)
    assert "unfixable              failed" in quick.stdout


def test_quick_benchmark_prints_the_enrichment_table(quick: subprocess.CompletedProcess[str]) -> None:
    """Each enrichment case's fix is scripted to need the corpus's text, so only the arm with the fake
    Context7 / search servers solves it: the text reached the prompt."""
    assert quick.returncode == 0, quick.stdout + quick.stderr
    table = quick.stdout.split("enrichment arm", 1)[1].splitlines()
    assert ["with", "2/2", "2.0"] in [line.split() for line in table], quick.stdout
    assert ["without", "0/2", "4.0"] in [line.split() for line in table], quick.stdout
    assert "context7/query-docs" in quick.stdout and "websearch/web_search" in quick.stdout
