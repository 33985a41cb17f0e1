"""The gate asks before it moves, in the facilitator's app in a real JupyterLab and Chromium:
Continue out of an empty Discover shows the question "Discover has no … yet: continue anyway?"
(Continue anyway / Stay) while nothing has moved; Stay keeps Discover, Continue anyway opens
Ideate. A notebook of two cells opens the demo's app (interactive, as a person has it)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import (
    ARTIFACTS,
    PageWatch,
    chromium_page,
    menu,
    open_notebook,
    require_browser,
    serve_lab,
)
from tests.support.notebooks import write_notebook

pytestmark = [pytest.mark.ui, pytest.mark.slow, pytest.mark.timeout(300)]

NOTEBOOK = "gate.ipynb"
CELLS = [
    "import sofia_nb.ui as ui",
    "run = await ui.NotebookWorkshop.open(llm='demo', consent_policy='allow-listed', "
    "preapproved_tools=['demo-search/*'], consent_timeout_s=120)\nrun.app",
]
STEP_S = 60  # one step of the scripted model, on a busy two-core machine
QUESTION = "Discover has no business context or workflow yet: continue anyway?"


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    require_browser()
    work = tmp_path_factory.mktemp("lab")
    write_notebook(work / NOTEBOOK, CELLS)
    with serve_lab(work) as url:
        yield url, work


def _until(what: str, ok: Callable[[], bool]) -> None:
    deadline = time.monotonic() + STEP_S
    while not ok():
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: not seen within {STEP_S} s")
        time.sleep(0.25)


def test_continue_out_of_an_empty_discover_asks_before_it_moves(jupyterlab: tuple[str, Path]) -> None:
    from playwright.sync_api import sync_playwright

    url, work = jupyterlab
    shots = ARTIFACTS / "gate"
    shots.mkdir(parents=True, exist_ok=True)
    watch = PageWatch()
    with sync_playwright() as pw, chromium_page(pw) as page:
        watch.attach(page)
        try:
            open_notebook(page, url, NOTEBOOK)
            menu(page, "Run", "Run All Cells")
            app = page.locator(".jp-CodeCell").nth(1).locator(".jp-Cell-outputArea").first

            def button(label: str) -> object:
                exact = re.compile(rf"^\s*{re.escape(label)}\s*$")
                return app.locator("button:visible").filter(has_text=exact).last

            def enabled(label: str) -> bool:
                found = button(label)
                return found.count() > 0 and found.is_enabled()  # type: ignore[attr-defined]

            _until("the Start button", lambda: enabled("Start"))
            button("Start").click()  # type: ignore[attr-defined]
            _until("Discover opened", lambda: enabled("Continue"))
            opening = app.inner_text()

            button("Continue").click()  # type: ignore[attr-defined]  # nothing said: Discover is empty
            _until("the question", lambda: QUESTION in app.inner_text() and enabled("Stay"))
            page.screenshot(path=str(shots / "asked.png"), full_page=True)
            asked = app.inner_text()
            assert "Continue anyway" in asked and "These cards fit your workflow" not in asked
            assert _phase(work) == "discover"  # asked before anything moved

            button("Stay").click()  # type: ignore[attr-defined]
            _until("stayed", lambda: "stayed in Discover" in app.inner_text() and enabled("Continue"))
            assert _phase(work) == "discover"
            assert app.inner_text().count("Welcome to the Discover phase") == opening.count(
                "Welcome to the Discover phase"
            )

            button("Continue").click()  # type: ignore[attr-defined]
            _until("the question again", lambda: enabled("Continue anyway"))
            button("Continue anyway").click()  # type: ignore[attr-defined]
            _until("Ideate opened", lambda: _phase(work) == "ideate" and enabled("Continue"))
            page.screenshot(path=str(shots / "moved.png"), full_page=True)
            assert "continued from Discover anyway" in app.inner_text()
            assert not watch.page_errors
        finally:
            watch.write(shots / "console.log")


def _phase(work: Path) -> str:
    """The phase the saved session is in (the one session this lab's kernel made)."""
    (saved,) = (work / ".sofia" / "sessions").glob("*.json")
    return str(json.loads(saved.read_text(encoding="utf-8"))["phase"])
