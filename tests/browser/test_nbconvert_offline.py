"""The nbconvert HTML of an executed 01_workshop in Debian's Chromium with every request off
loopback aborted (nbconvert's page asks a CDN for require.js, MathJax and the widget manager):
the static record stands for the app and draws every diagram it holds as SVG, the results cells
show as many drawn diagrams as the session has, and every table cell is left-aligned
(nbconvert's style sheet right-aligns the cells of HTML outputs)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sofia_nb.session import Phase, WorkshopSession, phase_results_markdown
from tests.conftest import ROOT
from tests.security.browser import Outside

from .conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, require_browser

pytestmark = [pytest.mark.ui, pytest.mark.slow, pytest.mark.timeout(420)]

# What the page draws: each diagram of the record (a figure, or Mermaid's source where it was not
# drawn) and each diagram output (nbconvert shows an image/svg+xml output as an <img>).
_MEASURE = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return r.width > 10 && r.height > 10; };
  const record = document.querySelector('.sofia-nb-record');
  const diagrams = record ? [...record.querySelectorAll('figure.diagram, pre.mermaid')] : [];
  const images = [...document.querySelectorAll('.jp-RenderedSVG img, .jp-RenderedImage img')]
    .filter(img => !img.closest('.sofia-nb-record'));
  const cells = [...document.querySelectorAll('.jp-OutputArea td, .jp-OutputArea th')]
    .filter(c => c.getClientRects().length);
  return {
    record_visible: !!record && box(record),
    record_diagrams: diagrams.length,
    record_drawn: diagrams.filter(d => d.matches('figure') && d.querySelector(':scope > svg')
      && box(d.querySelector(':scope > svg'))).length,
    images: images.length,
    images_drawn: images.filter(img => img.complete && img.naturalWidth > 0 && box(img)).length,
    alignments: [...new Set(cells.map(c => getComputedStyle(c).textAlign))],
    cells: cells.length,
  };
}"""


def _results_diagrams(session: WorkshopSession) -> int:
    """How many diagrams the session's results hold (the Mermaid fences of every phase's results)."""
    return sum(phase_results_markdown(session, phase).count("```mermaid") for phase in Phase)


def test_nbconvert_html_of_an_executed_workshop_draws_every_diagram_offline(tmp_path: Path) -> None:
    require_browser()
    pytest.importorskip("papermill")
    pytest.importorskip("mermaidx")
    from playwright.sync_api import sync_playwright

    executed, home = tmp_path / "01_workshop.ipynb", tmp_path / ".sofia"
    env = {**os.environ, "SOFIA_HOME": str(home), "SOFIA_NB_HEADLESS": "1"}
    run = [sys.executable, "-m", "sofia_nb", "run", str(ROOT / "notebooks" / "01_workshop.ipynb")]
    subprocess.run([*run, "--output", str(executed), "--timeout", "200"], check=True, timeout=260, env=env)
    convert = [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", str(executed)]
    subprocess.run(convert, check=True, timeout=120, capture_output=True)
    (saved,) = (home / "sessions").glob("*.json")
    expected = _results_diagrams(WorkshopSession.model_validate_json(saved.read_text(encoding="utf-8")))
    assert expected >= 3  # Discover's workflow, Design's matrix, Plan's architecture

    guard = Outside()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.route("**/*", guard.route)
            page.goto(executed.with_suffix(".html").as_uri(), wait_until="load")
            page.wait_for_timeout(500)  # the <img> diagrams decode
            seen = page.evaluate(_MEASURE)
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "nbconvert-offline.png"), full_page=True)
        finally:
            browser.close()
    assert guard.urls, "nbconvert's page asked for nothing off loopback: is this its HTML?"
    assert seen["record_visible"], "offline, the record stands for the app"
    # every diagram the record holds is drawn, and it holds at least the results' diagrams
    assert seen["record_drawn"] == seen["record_diagrams"] >= expected, seen
    # the results cells (run.show of every phase with a diagram) draw exactly the session's diagrams
    assert seen["images_drawn"] == seen["images"] == expected, seen
    assert seen["cells"] > 20 and set(seen["alignments"]) <= {"left", "start"}, seen
