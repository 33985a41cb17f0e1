"""The payload list in the live app, in a real JupyterLab driven through Debian's Chromium.

The hostile workshop runs in the app at the screen: the model's opening reply holds every payload
and a diagram whose labels are payloads, the facilitator's message holds one, the model searches
the web for one and the hostile server's results are all payloads (through the model and through
the discovery enrichment, into the Results tabs), and its records name workflow steps with them.
Then ``run.show`` and ``run.record`` put the same into ordinary cells. No payload's script runs
(the marker stays unset), nothing reaches the canary, the outputs hold no active element, every
payload's text is on screen, and Mermaid still draws: the diagrams are JupyterLab's figures.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from sofia_nb.ui._record import LIVE_STYLE, RECORD_STYLE
from sofia_nb.ui._workshop_app import APP_STYLE
from sofia_nb.workshop._enrich import _MAX_ITEMS as SHOWN_HITS
from tests.browser import conftest as lab
from tests.security.browser import Outside, active_elements, markers, missing_text
from tests.security.hostile_workshop import write_notebook, write_workshop
from tests.security.payloads import PAYLOADS, Canary

pytestmark = [pytest.mark.ui, pytest.mark.slow, pytest.mark.timeout(360)]

SETTLE_S = 3.0
RECORD = ".jp-OutputArea-output:has(.sofia-nb-record:not(.sofia-nb-record-live))"
DRAWN = ".jp-RenderedMermaid:not(.jp-mod-warning) figure img"


def test_the_live_app_shows_hostile_text_as_text_and_still_draws_diagrams(tmp_path: Path) -> None:
    lab.require_browser()
    from playwright.sync_api import sync_playwright

    artifacts = lab.ARTIFACTS / "security"
    artifacts.mkdir(parents=True, exist_ok=True)
    watch = lab.PageWatch()
    outside = Outside()
    with Canary() as canary:
        hostile = write_workshop(tmp_path / "lab", canary.url)
        write_notebook(hostile, canary.url)
        with (
            lab.serve_lab(hostile.folder) as url,
            sync_playwright() as pw,
            lab.chromium_page(pw, 1280, 2400) as page,
        ):
            watch.attach(page)
            page.route("**/*", outside.route)
            try:
                lab.open_notebook(page, url, "hostile.ipynb")
                lab.menu(page, "Run", "Run All Cells")
                page.locator(RECORD).first.wait_for(timeout=120_000)  # the last cell: run.record()
                page.locator(DRAWN).nth(2).wait_for(timeout=60_000)  # the three asserted below
                time.sleep(SETTLE_S)
                page.screenshot(path=str(artifacts / "live-app.png"), full_page=True)
                for i in range(2):  # the model's diagram and the workflow: labels drawn as text
                    page.locator(DRAWN).nth(i).screenshot(path=str(artifacts / f"live-app-diagram-{i}.png"))
                found = markers(page)
                # the app's own stylesheets aside (the one hides the static record where the app is
                # drawn, the other pulses "sofia is thinking…" and shows the lost-kernel banner; the
                # record's hides a widget that could not be drawn); active_elements gives an
                # element's first 200 characters
                own = (LIVE_STYLE, APP_STYLE[:200], RECORD_STYLE[:200])
                active = [e for e in active_elements(page, ".jp-OutputArea-output") if e not in own]
                text = page.inner_text(".jp-NotebookPanel")
                drawn = page.locator(DRAWN).count()
                failed = page.locator(".jp-RenderedMermaid.jp-mod-warning").count()
            finally:
                watch.write(artifacts / "live-app-console.log")
        hits = list(canary.hits)
    assert found == [], "a payload's script ran"
    assert hits == [], "a payload made a request"
    assert active == [], "an active element reached an output"
    assert missing_text(text, canary.url) == [], "a payload's text is not on screen"
    # The search hits themselves (title "NAME PAYLOAD"), not only the reply that holds the payloads
    # too: the web-search path is on screen, as text.
    flat = " ".join(text.split())
    html = [p for p in PAYLOADS[:SHOWN_HITS] if p.kind == "html"]  # the server's hits, in order
    titles = {p.name: f"{p.name} {' '.join(p.text(canary.url).split())}" for p in html}
    unseen = [name for name, title in titles.items() if title not in flat]
    assert "sofia searched the web for" in flat and unseen == [], unseen
    # the model's diagram in the conversation, the workflow in its record card and in run.show
    assert drawn >= 3 and failed == 0, (drawn, failed)
    assert watch.page_errors == []
    assert outside.urls == []
