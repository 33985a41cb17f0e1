"""report.html in Debian's Chromium with every request that is not the page's own files or the
test's loopback JupyterLab aborted: opened from disk and through JupyterLab's HTML viewer
(untrusted, then after "Trust HTML"), it shows as many SVG diagrams as the session has diagrams
(drawn at export time, inline); and on the feasibility × value matrix no point label overlaps
another label, the chart's title or an axis label (the quadrants have no titles in the plot)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from sofia_nb.session import (
    Evaluation,
    Idea,
    IdeaEvaluation,
    Phase,
    Workflow,
    WorkflowActivity,
    WorkflowEdge,
    WorkshopSession,
    export_session,
)
from sofia_nb.session._team import CriterionStats, TeamIdeaScores
from tests.security.browser import Outside
from tests.workshop.test_recorded_workshop import _replay

from .conftest import CHROMIUM, CHROMIUM_ARGS, require_browser, serve_lab

pytestmark = [pytest.mark.ui]

_DIAGRAMS = "main figure.diagram, main pre.mermaid"
_DRAWN = "main figure.diagram > svg, main pre.mermaid svg"
_POINT = re.compile(r"T?\d+")


@pytest.fixture
def offline_export() -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make browser installs it where apt-get works)")
    pytest.importorskip("mermaidx", reason="the export extra (sofia_nb[export]) draws the diagrams")
    pytest.importorskip("playwright.sync_api")


def _roles(frame: Any) -> list[str | None]:
    """The drawn diagrams' kinds, in order (``aria-roledescription`` of each SVG)."""
    return list(
        frame.eval_on_selector_all(_DRAWN, "els => els.map(e => e.getAttribute('aria-roledescription'))")
    )


def _open(
    report: Path, *, width: int = 1280
) -> tuple[int, list[str | None], list[dict[str, Any]], list[dict[str, list[float]]]]:
    """``report`` from file://: how many diagrams it has, the SVGs drawn, each text box of its
    quadrant charts and where their points sit (``_CENTRES``); a screenshot for a person beside it."""
    from playwright.sync_api import sync_playwright

    guard, errors = Outside(), []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": 900})
            page.route("**/*", guard.route)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(report.as_uri(), wait_until="load")
            count = page.locator(_DIAGRAMS).count()
            roles = _roles(page)
            boxes = page.eval_on_selector_all(
                "svg[aria-roledescription=quadrantChart] text",
                "els => els.map(e => { const r = e.getBoundingClientRect();"
                " return {chart: e.ownerSVGElement.id, text: e.textContent,"
                " x: r.x, y: r.y, w: r.width, h: r.height}; })",
            )
            centres = page.eval_on_selector_all("svg[aria-roledescription=quadrantChart]", _CENTRES)
            page.screenshot(path=str(report.with_suffix(".png")), full_page=True)
        finally:
            browser.close()
    assert errors == [] and guard.urls == []
    return count, roles, boxes, centres


_CENTRES = """svgs => svgs.map(svg => {
  const rects = [...svg.querySelectorAll('g.quadrant rect')].map(r => r.getBBox());
  const left = Math.min(...rects.map(r => r.x)), right = Math.max(...rects.map(r => r.x + r.width));
  const top = Math.min(...rects.map(r => r.y)), bottom = Math.max(...rects.map(r => r.y + r.height));
  return Object.fromEntries([...svg.querySelectorAll('g.data-point')].map(g => {
    const c = g.querySelector('circle');
    return [g.textContent, [(c.cx.baseVal.value - left) / (right - left),
                            (bottom - c.cy.baseVal.value) / (bottom - top)]];
  }));
})"""
"""Per quadrant chart, each point's centre as a share of the plot (0–1 from the bottom left)."""


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (
        a["x"] < b["x"] + b["w"]
        and b["x"] < a["x"] + a["w"]
        and a["y"] < b["y"] + b["h"]
        and b["y"] < a["y"] + a["h"]
    )


def _collisions(boxes: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Point labels that overlap any other text of their chart (its title, an axis label,
    another point's label), per chart."""
    found = []
    for chart in {b["chart"] for b in boxes}:
        mine = [b for b in boxes if b["chart"] == chart and b["text"].strip()]
        points = [b for b in mine if _POINT.fullmatch(b["text"])]
        others = [b for b in mine if not _POINT.fullmatch(b["text"])]
        assert len(others) == 5 and points, mine  # the title and the four axis labels, no more
        for n, p in enumerate(points):
            found += [(p["text"], t["text"]) for t in others if _overlap(p, t)]
            found += [(p["text"], q["text"]) for q in points[n + 1 :] if _overlap(p, q)]
    return found


def _team(idea_id: str, feasibility: float, value: float) -> TeamIdeaScores:
    def stats(mean: float) -> CriterionStats:
        return CriterionStats(mean=mean, spread=0.5, count=3)

    return TeamIdeaScores(
        idea_id=idea_id, round_id="r1", feasibility=stats(feasibility), value=stats(value), scorers=3
    )


def _crowded() -> WorkshopSession:
    """Ideas at the corners, the middle and on one another, the team's means beside three of
    them: where labels met the quadrant titles before."""
    s = WorkshopSession(name="Offline diagrams")
    s.workflow = Workflow(
        activities=[
            WorkflowActivity(id="s1", name='Intake "portal" <b>now</b>'),
            WorkflowActivity(id="s2", name="Check"),
        ],
        edges=[WorkflowEdge(source="s1", target="s2", label="claim")],
    )
    scores = [(5, 5), (5, 5), (4.5, 5), (1, 5), (3, 3), (3, 2.9), (1, 1), (5, 1), (2.5, 3)]
    s.ideas = [
        Idea(id=f"idea-{n}", title=f"Idea number {n} with a long title") for n in range(1, len(scores) + 1)
    ]
    s.evaluation = Evaluation(
        ideas=[
            IdeaEvaluation(idea_id=f"idea-{n}", feasibility=f, value=v) for n, (f, v) in enumerate(scores, 1)
        ],
        team_scores=[_team(f"idea-{n}", f, v) for n, f, v in ((1, 5, 5), (5, 3, 3), (7, 1.5, 1))],
    )
    s.add_turn(
        Phase.DISCOVER,
        "assistant",
        "The flow:\n\n```mermaid\nflowchart TD\n  a[Submit] --> b{Complete?}\n```",
    )
    return s


@pytest.mark.usefixtures("offline_export")
def test_the_report_draws_every_diagram_from_disk_and_no_label_sits_on_another(tmp_path: Path) -> None:
    result = export_session(_crowded(), tmp_path, formats=["html", "json"])
    assert [f.path for f in result.files] == ["report.html", "summary.json"]  # no mermaid.min.js
    assert "<script" not in (tmp_path / "report.html").read_text(encoding="utf-8")  # drawn at export
    count, roles, boxes, (centres,) = _open(tmp_path / "report.html")
    # the workflow, the model's own diagram, the feasibility x value matrix
    assert count == 3 and roles == ["flowchart-v2", "flowchart-v2", "quadrantChart"]
    assert len([b for b in boxes if _POINT.fullmatch(b["text"])]) == 9 + 3
    assert _collisions(boxes) == []
    # one even scale: the 3/3 idea in the centre, 1/1 and 5/1 at the same steps from the edges
    assert centres["5"] == pytest.approx([0.5, 0.5], abs=0.005)
    assert centres["7"] == pytest.approx([0.1, 0.1], abs=0.005)
    assert centres["8"] == pytest.approx([0.9, 0.1], abs=0.005)


@pytest.mark.slow
@pytest.mark.usefixtures("offline_export")
def test_the_recorded_workshop_report_draws_every_diagram_from_disk_and_in_jupyterlab(tmp_path: Path) -> None:
    require_browser()
    session = _replay(tmp_path, "recorded-workshop-edited")
    export_session(session, tmp_path / "export", formats=["md", "html"])
    fences = sum(
        p.read_text(encoding="utf-8").count("```mermaid") for p in (tmp_path / "export").glob("*.md")
    )
    count, roles, _, _ = _open(tmp_path / "export" / "report.html")
    assert count == fences >= 5 and len(roles) == count and None not in roles
    assert roles.count("quadrantChart") == 2  # the model's matrix and the product's

    from playwright.sync_api import sync_playwright

    guard = Outside()
    with serve_lab(tmp_path) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.route("**/*", guard.route)
            page.goto(f"{url}/lab/tree/export/report.html", timeout=60_000)
            viewer = page.frame_locator(".jp-HTMLViewer iframe")  # untrusted: a sandbox, no script
            viewer.locator("main").wait_for(timeout=60_000)
            in_lab = _roles(_report_frame(page))
            page.screenshot(path=str(tmp_path / "jupyterlab-report.png"))
            # "Trust HTML": the viewer reloads the page with its scripts allowed (the old side
            # script then failed on "mermaid is not defined")
            errors: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.locator(".jp-Toolbar").get_by_text("Trust HTML", exact=True).first.click()
            page.wait_for_function(
                "() => (document.querySelector('.jp-HTMLViewer iframe').getAttribute('sandbox') || '')"
                ".includes('allow-scripts')",
                timeout=30_000,
            )
            viewer.locator("main").wait_for(timeout=60_000)
            page.wait_for_timeout(1000)  # a fallback script, if one is inlined, draws
            trusted = _roles(_report_frame(page))
            page.screenshot(path=str(tmp_path / "jupyterlab-report-trusted.png"))
        finally:
            browser.close()
    assert in_lab == roles
    assert trusted == roles, trusted
    assert errors == []
    assert guard.urls == []


def _report_frame(page: Any) -> Any:
    """The HTML viewer's frame that shows the report (its ``main``)."""
    return next(f for f in page.frames if f is not page.main_frame and f.query_selector("main"))
