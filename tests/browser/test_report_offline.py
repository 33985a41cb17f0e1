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
from tests.workshop.test_recorded_workshop import _replay

from .conftest import CHROMIUM, CHROMIUM_ARGS

pytestmark = [pytest.mark.ui]

_ALL_DRAWN = (
    "n => [...document.querySelectorAll('.mermaid')].filter(b => b.querySelector('svg')).length === n"
)


@pytest.fixture
def offline_export() -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make browser installs it where apt-get works)")
    if mermaid_script() is None:
        pytest.skip("the export extra (sofia_nb[export]) is not installed: diagrams stay as source")
    pytest.importorskip("playwright.sync_api")


def _drawn(report: Path) -> list[str | None]:
    """Open ``report`` with only local requests allowed; each .mermaid block's SVG role, in order."""
    from playwright.sync_api import Route, sync_playwright

    blocked: list[str] = []
    errors: list[str] = []

    def only_local(route: Route) -> None:
        url = route.request.url
        if url.startswith(("file://", "data:")) or urlparse(url).hostname in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.route("**/*", only_local)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(report.as_uri())
            blocks = page.locator(".mermaid")
            count = blocks.count()
            page.wait_for_function(_ALL_DRAWN, arg=count, timeout=60_000)
            roles = [
                blocks.nth(i).locator("svg").first.get_attribute("aria-roledescription") for i in range(count)
            ]
        finally:
            browser.close()
    assert errors == [] and blocked == []
    return roles


@pytest.mark.usefixtures("offline_export")
def test_every_mermaid_block_of_the_report_is_an_svg_offline(tmp_path: Path) -> None:
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
    export_session(s, tmp_path, formats=["html"])
    assert (tmp_path / "mermaid.min.js").is_file()
    # the workflow, the model's own diagram, the feasibility x value matrix (its top corner at 1, not 1.0)
    assert _drawn(tmp_path / "report.html") == ["flowchart-v2", "flowchart-v2", "quadrantChart"]


@pytest.mark.slow
@pytest.mark.usefixtures("offline_export")
def test_the_recorded_workshop_report_draws_every_diagram_offline(tmp_path: Path) -> None:
    session = _replay(tmp_path, "recorded-workshop-edited")
    export_session(session, tmp_path / "export", formats=["html"])
    roles = _drawn(tmp_path / "export" / "report.html")
    assert len(roles) >= 5 and "error" not in roles and None not in roles
    assert roles.count("quadrantChart") == 2  # the model's matrix and the product's
