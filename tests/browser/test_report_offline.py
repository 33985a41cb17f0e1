"""report.html opened offline in Debian's Chromium: every Mermaid block is drawn as an SVG.

The export extra's copy of Mermaid sits beside the report; every request that is not the page's
own files is aborted, so a diagram drawn here is drawn without any network.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

import pytest

from sofia_nb.session import (
    Evaluation,
    IdeaEvaluation,
    Phase,
    Workflow,
    WorkflowActivity,
    WorkflowEdge,
    WorkshopSession,
    export_session,
)
from sofia_nb.session._export_html import mermaid_script

from .test_quickstart_in_jupyterlab import CHROMIUM, CHROMIUM_ARGS

pytestmark = [pytest.mark.ui]


def _session() -> WorkshopSession:
    s = WorkshopSession(name="Offline diagrams")
    s.workflow = Workflow(
        activities=[
            WorkflowActivity(id="s1", name='Intake "portal"'),
            WorkflowActivity(id="s2", name="Check"),
        ],
        edges=[WorkflowEdge(source="s1", target="s2", label="claim")],
    )
    s.evaluation = Evaluation(
        ideas=[
            IdeaEvaluation(idea_id="idea-1", feasibility=4, value=5, human_value_score=4),
            IdeaEvaluation(idea_id="idea-2", feasibility=2.5, value=3),
        ]
    )
    s.add_turn(
        Phase.DISCOVER,
        "assistant",
        "The flow:\n\n```mermaid\nflowchart TD\n  a[Submit] --> b{Complete?}\n```",
    )
    return s


def test_every_mermaid_block_of_the_report_is_an_svg_offline(tmp_path: Path) -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make browser installs it where apt-get works)")
    if mermaid_script() is None:
        pytest.skip("the export extra (sofia_nb[export]) is not installed: diagrams stay as source")
    sync_api = pytest.importorskip("playwright.sync_api")
    out = tmp_path / "export"
    export_session(_session(), out, formats=["html"])
    assert (out / "mermaid.min.js").is_file()

    blocked: list[str] = []
    errors: list[str] = []
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()

            def only_local(route: object) -> None:
                url = route.request.url  # type: ignore[attr-defined]
                host = urlparse(url).hostname
                if url.startswith("file://") or url.startswith("data:") or host in ("127.0.0.1", "localhost"):
                    route.continue_()  # type: ignore[attr-defined]
                else:
                    blocked.append(url)
                    route.abort()  # type: ignore[attr-defined]

            page.route("**/*", only_local)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto((out / "report.html").as_uri())
            blocks = page.locator(".mermaid")
            count = blocks.count()
            assert count == 3  # the workflow, the model's own diagram, the feasibility x value matrix
            page.wait_for_function(
                "n => [...document.querySelectorAll('.mermaid')]"
                ".filter(b => b.querySelector('svg')).length === n",
                arg=count,
                timeout=30_000,
            )
            kinds = [blocks.nth(i).get_attribute("data-processed") for i in range(count)]
            svg_roles = [
                blocks.nth(i).locator("svg").first.get_attribute("aria-roledescription") for i in range(count)
            ]
        finally:
            browser.close()
    assert errors == [] and blocked == []
    assert kinds == ["true"] * 3
    assert svg_roles == ["flowchart-v2", "flowchart-v2", "quadrantChart"]
