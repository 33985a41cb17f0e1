"""The notebooks run headless under papermill: parameters decide consent, nothing waits for a click."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("papermill")
pytest.importorskip("nbformat")

from sofia_nb.batch import DaskExecutor, LocalExecutor, run_many, run_notebook
from tests.conftest import ROOT
from tests.support.notebooks import write_notebook

NOTEBOOKS = ROOT / "notebooks"
QUICKSTART = NOTEBOOKS / "00_quickstart.ipynb"

pytestmark = pytest.mark.slow


def _run(name: str, tmp_path: Path, **params: object) -> dict[str, object]:
    row = run_notebook(NOTEBOOKS / name, tmp_path / name, params, timeout_s=240)
    assert row.status == "ok", row.error
    assert row.result is not None
    return row.result


def test_workshop_notebook_with_the_demo_allow_list_fills_every_phase(tmp_path: Path) -> None:
    result = _run("01_workshop.ipynb", tmp_path)
    assert result["business_context"] is True
    assert result["ideas"] and result["selected"] == "idea-1" and result["milestones"]
    assert "demo-search/web_search: allow" in result["consent"]
    assert any(call.startswith("demo-search/web_search: ok") for call in result["tool_calls"])
    assert result["input_tokens"] and result["output_tokens"]
    executed = (tmp_path / "01_workshop.ipynb").read_text()
    assert "tokens:" in executed and "✓ demo-search/web_search" in executed


def test_consent_policy_deny_finishes_records_the_denials_and_makes_no_denied_call(tmp_path: Path) -> None:
    result = _run("01_workshop.ipynb", tmp_path, consent_policy="deny")
    assert result["consent"] and all(d.endswith(": deny") for d in result["consent"])  # type: ignore[union-attr]
    # A denied search is logged under the tool it would have called (as consent names it), never run.
    searched = [c for c in result["tool_calls"] if c.startswith("demo-search/")]  # type: ignore[union-attr]
    assert all(c.endswith(": failed") for c in searched), searched
    assert result["milestones"]  # the workshop still completes


PENDING_CONSENT = """
import asyncio
import sofia_nb.ui as ui
run = await ui.NotebookWorkshop.open(interactive=True, consent_timeout_s=2)
run.start()
turn = run.say("Valdora Fresh Distribution is a regional food-service distributor in Calder Bay.")
await asyncio.wait_for(turn, 60)
print(run.audit())
await run.aclose()
"""


def test_a_pending_consent_in_a_kernel_with_no_frontend_ends_in_deny(tmp_path: Path) -> None:
    # A card is shown and nobody clicks (papermill has no frontend): the deadline answers deny.
    path = write_notebook(tmp_path / "pending.ipynb", [PENDING_CONSENT])
    row = run_notebook(path, tmp_path / "pending.out.ipynb", timeout_s=120)
    assert row.status == "ok", row.error
    out = (tmp_path / "pending.out.ipynb").read_text()
    assert "consent demo-search/web_search: deny (deadline)" in out


def test_sofia_nb_run_injects_interactive_false_into_the_quickstart(tmp_path: Path) -> None:
    out = tmp_path / "q.ipynb"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "sofia_nb",
            "run",
            str(QUICKSTART),
            "--output",
            str(out),
            "--json",
            "-p",
            "preapproved_tools",
            '["demo-search/*"]',
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    row = json.loads(proc.stdout.strip().splitlines()[-1])
    assert row["result"]["consent"] == ["demo-search/web_search: allow"]
    assert "interactive: False" in out.read_text()


def test_a_grid_of_four_quickstarts_gives_the_same_table_locally_and_on_a_local_cluster(
    tmp_path: Path,
) -> None:
    distributed = pytest.importorskip("dask.distributed")
    grid = {"preapproved_tools": [[], ["demo-search/*"]], "consent_policy": ["allow-listed", "deny"]}
    local = run_many(
        QUICKSTART, grid, executor=LocalExecutor(2), output_dir=tmp_path / "local", timeout_s=240
    )
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as c,
        distributed.Client(c) as client,
    ):
        dask = run_many(
            QUICKSTART, grid, executor=DaskExecutor(client), output_dir=tmp_path / "dask", timeout_s=240
        )
    assert len(local.rows) == 4 and local.ok, local.to_markdown()
    assert local.comparable() == dask.comparable()
    allowed = [
        r
        for r in local.rows
        if r.parameters == {"preapproved_tools": ["demo-search/*"], "consent_policy": "allow-listed"}
    ]
    assert allowed[0].result and allowed[0].result["consent"] == ["demo-search/web_search: allow"]


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("03_mcp_explorer.ipynb", {}),
        ("04_batch.ipynb", {"use_dask": False}),
        ("05_context_tools.ipynb", {}),
    ],
)
def test_every_other_notebook_runs_headless(name: str, params: dict[str, object], tmp_path: Path) -> None:
    # 00, 01 and 02 run in the tests above and in the end-to-end demo test.
    row = run_notebook(NOTEBOOKS / name, tmp_path / name, params, timeout_s=240)
    assert row.status == "ok", row.error
