"""Notebook 06 in JupyterLab, at 1,280 px: run by a person it opens on the choice of workshop (a
saved workshop offered to continue, no new session made by the run), Continue opens that
workshop, and a reload of the page (the notebook saved, the kernel kept) shows the same workshop's
app again, not the picker. Screenshots go to ``test-artifacts/browser/picker-lab/``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest

from sofia_nb.session import Phase, SessionStore, WorkshopSession
from tests.browser.conftest import (
    ARTIFACTS,
    PageWatch,
    chromium_page,
    menu,
    open_notebook,
    require_browser,
    serve_lab,
    wait_idle,
)
from tests.browser.test_workshop_in_jupyterlab import Checks, WorkshopPage
from tests.conftest import ROOT

pytestmark = [pytest.mark.ui, pytest.mark.slow, pytest.mark.timeout(300)]

SHOTS = ARTIFACTS / "picker-lab"
SAID = "We run the night desk of a ferry company."


def _notebook(work: Path) -> str:
    """Notebook 06 as a person opens it: its stored outputs cleared (they are a headless run's)."""
    nb = nbformat.read(ROOT / "notebooks" / "06_facilitator_app.ipynb", as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, work / "facilitator.ipynb")
    return "facilitator.ipynb"


def _shot(nb: WorkshopPage, name: str) -> None:
    nb.app.scroll_into_view_if_needed()
    nb.page.screenshot(path=str(SHOTS / f"{name}.png"))


def _saved_workshop(home: Path) -> WorkshopSession:
    """A workshop saved earlier with something in it (the team's Discover started)."""
    session = WorkshopSession(name="Ferry night desk", phase=Phase.DISCOVER)
    session.add_turn(Phase.DISCOVER, "user", SAID)
    SessionStore(home / "sessions").save(session)
    return session


def test_jupyterlab_opens_on_the_picker_and_a_reload_keeps_the_workshop(tmp_path: Path) -> None:
    require_browser()
    from playwright.sync_api import sync_playwright

    shutil.rmtree(SHOTS, ignore_errors=True)
    SHOTS.mkdir(parents=True)
    home = tmp_path / ".sofia"
    saved = _saved_workshop(home)
    path = _notebook(tmp_path)
    watch = PageWatch()
    with serve_lab(tmp_path) as url, sync_playwright() as pw, chromium_page(pw, 1280, 800) as page:
        watch.attach(page)
        nb = WorkshopPage(page, SHOTS, Checks())
        try:
            open_notebook(page, url, path)
            menu(page, "Run", "Run All Cells")
            nb.wait_for("the picker", lambda: nb.button("Continue").is_visible())
            wait_idle(page)
            assert "Which workshop?" in nb.text() and "Ferry night desk" in nb.text()
            assert [p.stem for p in (home / "sessions").glob("*.json")] == [saved.id]  # none made
            _shot(nb, "picker")
            nb.button("Continue").click()
            nb.wait_for("the app", lambda: nb.button("Send").is_visible())
            assert "Which workshop?" not in nb.text() and SAID in nb.text()  # the saved workshop
            wait_idle(page)
            _shot(nb, "continued")
            assert [p.stem for p in (home / "sessions").glob("*.json")] == [saved.id]

            page.keyboard.press("Control+s")  # the notebook saved with its widget state
            nb.wait_for("the save", lambda: page.locator(".lm-TabBar-tab.jp-mod-dirty").count() == 0)
            page.reload()
            wait_idle(page, 90_000)
            nb.wait_for("the same workshop", lambda: SAID in nb.text() and nb.button("Send").is_visible())
            assert "Which workshop?" not in nb.text()
            _shot(nb, "reloaded")
        finally:
            watch.write(SHOTS / "console.log")
