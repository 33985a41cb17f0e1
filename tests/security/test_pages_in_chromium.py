"""The payload list in the HTML files the product makes, opened in Debian's Chromium.

One notebook runs the hostile workshop headless (``sofia-nb run``: the model's replies and
diagram, the hostile server's search results, records whose step names are payloads), shows the
results (``run.show``), exports them (report.html) and shows the static record (``run.record``).
Then ``nbconvert --to html`` of that executed notebook, and report.html beside its Mermaid
script, are opened with every request counted: no payload's script runs (the marker stays unset),
no payload reaches the canary, no active element is left in what the page shows; and every
payload's text is there to read. The report's diagrams, payload labels and all, are drawn.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from sofia_nb.ui._record import RECORD_STYLE
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.security.browser import Outside, active_elements, markers, missing_text
from tests.security.hostile_workshop import HostileWorkshop, write_notebook, write_workshop
from tests.security.payloads import Canary

pytestmark = [pytest.mark.ui, pytest.mark.slow, pytest.mark.timeout(400)]

SETTLE_S = 2.0  # after load: time for a late request (a lazy image, a refresh) to show at the canary


@dataclass
class Executed:
    canary: Canary
    hostile: HostileWorkshop
    notebook_html: Path
    report: Path


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Executed]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make browser installs it where apt-get works)")
    pytest.importorskip("playwright.sync_api")
    pytest.importorskip("papermill")
    with Canary() as canary:
        hostile = write_workshop(tmp_path_factory.mktemp("pages") / "hostile", canary.url)
        notebook = write_notebook(hostile, canary.url)
        executed = hostile.folder / "executed.ipynb"
        env = {**os.environ, "SOFIA_HOME": str(hostile.home)}
        env.pop("SOFIA_LLM", None)
        run = [sys.executable, "-m", "sofia_nb", "run", str(notebook), "--cwd", str(hostile.folder)]
        subprocess.run(
            [*run, "--output", str(executed), "--timeout", "200"], env=env, check=True, timeout=240
        )
        convert = [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", str(executed)]
        subprocess.run(convert, check=True, timeout=120, capture_output=True)
        (report,) = hostile.folder.glob("exports/*/report.html")
        assert canary.hits == []  # running the workshop reached nothing either
        yield Executed(canary, hostile, hostile.folder / "executed.html", report)


@dataclass
class Opened:
    markers: list[object]
    active: list[str]
    text: str
    outside: list[str]
    diagrams: list[str | None]


def _open(path: Path, content: str, *, diagrams: bool = False) -> Opened:
    from playwright.sync_api import sync_playwright

    outside = Outside()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1600})
            page.route("**/*", outside.route)
            page.goto(path.as_uri(), wait_until="load")
            drawn: list[str | None] = []
            if diagrams:
                # drawn at export as inline SVG (figure.diagram), or by the inlined script (pre.mermaid)
                count = page.locator("figure.diagram, pre.mermaid").count()
                page.wait_for_function(
                    "n => [...document.querySelectorAll('figure.diagram, pre.mermaid')]"
                    ".filter(b => b.querySelector('svg')).length === n",
                    arg=count,
                    timeout=60_000,
                )
                blocks = page.locator("figure.diagram, pre.mermaid")
                drawn = [
                    blocks.nth(i).locator("svg").first.get_attribute("aria-roledescription")
                    for i in range(count)
                ]
            time.sleep(SETTLE_S)
            return Opened(
                markers(page), active_elements(page, content), page.inner_text("body"), outside.urls, drawn
            )
        finally:
            browser.close()


def _assert_inert(opened: Opened, executed: Executed) -> None:
    assert opened.markers == [], "a payload's script ran"
    assert executed.canary.hits == [], "a payload made a request"
    assert opened.active == [], "an active element reached the page"
    assert missing_text(opened.text, executed.canary.url) == [], "a payload's text is not shown"


def test_nbconvert_html_of_the_executed_notebook_is_inert(executed: Executed) -> None:
    executed.canary.hits.clear()
    # the outputs the notebook made (its widget views are nbconvert's own script tags)
    opened = _open(executed.notebook_html, ".jp-RenderedHTML, .jp-Mermaid, .jp-RenderedText")
    opened.active.remove(RECORD_STYLE[:200])  # the record's own style: it hides a widget not drawn
    _assert_inert(opened, executed)
    # what the page asked of other hosts is nbconvert's own template (its CDN scripts), nothing else
    assert all("127.0.0.1" not in url for url in opened.outside)
    nb = json.loads((executed.hostile.folder / "executed.ipynb").read_text(encoding="utf-8"))
    mime = {key for cell in nb["cells"] for out in cell.get("outputs", []) for key in out.get("data", {})}
    assert "text/markdown" not in mime and "text/vnd.mermaid" in mime  # run.show: HTML and diagrams


def test_report_html_is_inert_and_draws_every_diagram(executed: Executed) -> None:
    pytest.importorskip("mermaidx", reason="the export extra (sofia_nb[export]) draws the diagrams")
    executed.canary.hits.clear()
    opened = _open(executed.report, "main", diagrams=True)
    _assert_inert(opened, executed)
    assert opened.outside == []
    # the workflow (payload step names) and the model's own diagram (payload labels) are drawn
    assert opened.diagrams.count("flowchart-v2") >= 2 and "error" not in opened.diagrams
