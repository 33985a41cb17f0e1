"""The official MCP conformance suite, client mode, against ``python -m sofia_nb.cli.conformance``.

The scenarios that apply to a client like ours run here, each with the baseline of expected failures
(conformance-baseline.yml): a new failure or a stale baseline entry fails the test. The OAuth suite
(all expected failures) runs with ``SOFIA_CONFORMANCE_AUTH=1``; it takes about a minute.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import npm_binary

pytestmark = pytest.mark.node
HERE = Path(__file__).resolve().parent
BASELINE = HERE / "conformance-baseline.yml"
NODE20_SHIM = HERE / "conformance" / "node20.mjs"  # the suite is built for Node >= 22
CLIENT = f"{sys.executable} -m sofia_nb.cli.conformance"
ROOT = HERE.parents[1]


def conformance(tmp_path: Path, *selection: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NODE_OPTIONS": f"--import {NODE20_SHIM}", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [
            str(npm_binary("conformance")),
            "client",
            "--command",
            CLIENT,
            *selection,
            "--expected-failures",
            str(BASELINE),
            "--timeout",
            "60000",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )


@pytest.mark.parametrize(
    "scenario", ["initialize", "tools_call", "elicitation-sep1034-client-defaults", "sse-retry"]
)
def test_client_scenario(tmp_path: Path, scenario: str) -> None:
    out = conformance(tmp_path, "--scenario", scenario)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "OVERALL: PASSED" in out.stdout + out.stderr


@pytest.mark.skipif(
    os.environ.get("SOFIA_CONFORMANCE_AUTH") != "1", reason="slow: set SOFIA_CONFORMANCE_AUTH=1"
)
def test_auth_suite_fails_only_as_the_baseline_says(tmp_path: Path) -> None:
    out = conformance(tmp_path, "--suite", "auth")
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
