"""01_workshop in a JupyterLab set up as a pip user's would be, run, saved and reopened: one record.

The wheel is built here (``pip wheel``, offline) and installed with ``pip install --prefix`` into
a temporary prefix; JupyterLab (the venv's) gets that prefix's ``share/jupyter/lab/settings`` as
its app settings folder, so the only setting it reads is the file the wheel ships (no ``make``, no
``overrides.json``). With it the notebook is saved with its widget state, and the reopened
notebook shows the app as it was saved (its lost-kernel banner, no broken-link icons) and not the
static record under it. Without it (a JupyterLab from another prefix) the reopened notebook shows
the record and not the widget manager's "Error displaying widget". Either way: one copy of the
conversation, and every table cell left-aligned. Every request off loopback is aborted.
Screenshots go to ``test-artifacts/browser/pip-user-<case>/``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

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
from tests.conftest import ROOT
from tests.security.browser import Outside

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.ui, pytest.mark.slow, pytest.mark.timeout(420)]

NOTEBOOK = "01_workshop.ipynb"
SETTINGS = Path("share", "jupyter", "lab", "settings")
# The team's first line and sofia's first: each must be on the page once, in the app or the record.
TEAM_SAYS = "Valdora Fresh Distribution is a regional food-service distributor"
SOFIA_SAYS = "Welcome to the Discover phase"


@pytest.fixture(scope="module")
def installed_prefix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A prefix holding what ``pip install sofia_nb-….whl`` puts there (the wheel built from here)."""
    require_browser()
    wheels, prefix = tmp_path_factory.mktemp("wheel"), tmp_path_factory.mktemp("prefix")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    # No build isolation and no index: hatchling is in the dev extra, so nothing is downloaded.
    build = [*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(wheels), str(ROOT)]
    subprocess.run(build, check=True, timeout=180, capture_output=True)
    wheel = next(wheels.glob("sofia_nb-*.whl"))
    # --ignore-installed: pip would otherwise first uninstall the venv's own (editable) sofia_nb.
    install = [*pip, "install", "--no-deps", "--no-index", "--ignore-installed", "--no-compile"]
    into_prefix = [*install, "--prefix", str(prefix), str(wheel)]
    subprocess.run(into_prefix, check=True, timeout=180, capture_output=True)
    still = [sys.executable, "-c", "import sofia_nb.ui"]
    assert subprocess.run(still, cwd=prefix, timeout=60).returncode == 0, "the venv lost its sofia_nb"
    return prefix


def _notebook(work: Path) -> None:
    """01_workshop with the demo played by the kernel (``interactive = False``): no clicks needed."""
    nb = json.loads((ROOT / "notebooks" / NOTEBOOK).read_text(encoding="utf-8"))
    params = next(c for c in nb["cells"] if "parameters" in c.get("metadata", {}).get("tags", []))
    source = "".join(params["source"])
    assert "interactive = True" in source
    params["source"] = source.replace("interactive = True", "interactive = False")
    for cell in nb["cells"]:
        cell.get("outputs", []).clear()
    nb["metadata"].pop("widgets", None)
    (work / NOTEBOOK).write_text(json.dumps(nb), encoding="utf-8")


def _visible(page: Page) -> str:
    """The notebook's text as a person sees it (``innerText`` leaves out what is hidden)."""
    return str(page.locator(".jp-Notebook").inner_text(timeout=10_000))


def _cell_alignments(page: Page) -> list[str]:
    """The computed ``text-align`` of every visible table cell in the notebook's outputs."""
    return list(
        page.eval_on_selector_all(
            ".jp-OutputArea td, .jp-OutputArea th",
            "els => els.filter(e => e.getClientRects().length).map(e => getComputedStyle(e).textAlign)",
        )
    )


def _run_save_reopen(page: Page, url: str, shots: Path) -> None:
    open_notebook(page, url, NOTEBOOK)
    menu(page, "Run", "Run All Cells")
    # The export cell's links come after the whole workshop has played.
    export = page.locator(".jp-CodeCell").filter(has_text="run.export()").locator(".jp-OutputArea-output")
    export.filter(has_text="report.html").first.wait_for(timeout=300_000)
    page.get_by_text(re.compile(r"\| Idle")).first.wait_for(timeout=60_000)
    page.screenshot(path=str(shots / "1-run.png"))
    menu(page, "File", "Save Notebook")
    page.locator(".jp-mod-dirty").first.wait_for(state="detached", timeout=15_000)
    menu(page, "Kernel", "Shut Down Kernel")
    accept = page.locator(".jp-Dialog-button.jp-mod-accept")
    if accept.count():
        accept.click()
    page.goto("about:blank")
    open_notebook(page, url, NOTEBOOK)
    app_cell = page.locator(".jp-CodeCell").filter(has_text="NotebookWorkshop.open").first
    app_cell.scroll_into_view_if_needed(timeout=10_000)
    deadline = time.monotonic() + 30
    while "Loading widget..." in _visible(page) and time.monotonic() < deadline:
        time.sleep(0.25)
    time.sleep(2.5)  # the widget manager looks for a missing model for 2 s before it gives up
    app_cell.screenshot(path=str(shots / "2-reopened-app-cell.png"))
    page.screenshot(path=str(shots / "3-reopened.png"))


@pytest.mark.parametrize("settings", ["from-the-wheel", "none"])
def test_a_reopened_notebook_shows_one_record(installed_prefix: Path, tmp_path: Path, settings: str) -> None:
    from playwright.sync_api import sync_playwright

    shipped = installed_prefix / SETTINGS
    if settings == "from-the-wheel":
        assert [p.relative_to(shipped).as_posix() for p in shipped.rglob("*") if p.is_file()] == [
            "overrides.d/sofia_nb.json"
        ]
        app_settings = shipped
    else:
        app_settings = tmp_path / "empty-settings"
        app_settings.mkdir()
    _notebook(tmp_path)
    shots = ARTIFACTS / f"pip-user-{settings}"
    shots.mkdir(parents=True, exist_ok=True)
    watch, guard = PageWatch(), Outside()
    with (
        serve_lab(tmp_path, app_settings=app_settings) as url,
        sync_playwright() as pw,
        chromium_page(pw, width=1280, height=1000) as page,
    ):
        watch.attach(page)
        page.route("**/*", guard.route)
        try:
            _run_save_reopen(page, url, shots)
            text = _visible(page)
            app_drawn = page.locator(".sofia-nb-app").first.is_visible()
            banner = page.locator(".sofia-nb-disconnected").first.is_visible()
            record = page.locator(".sofia-nb-record").first.is_visible()
            icons = page.eval_on_selector_all(
                ".sofia-nb-app .jupyter-widgets-disconnected",
                "els => els.filter(e => getComputedStyle(e, '::before').content !== 'none').length",
            )
            alignments = _cell_alignments(page)
        finally:
            page.screenshot(path=str(shots / "last.png"))
            watch.write(shots / "console.log")
    saved = json.loads((tmp_path / NOTEBOOK).read_text(encoding="utf-8"))
    assert "Error displaying widget" not in text
    assert text.count(TEAM_SAYS) == 1 and text.count(SOFIA_SAYS) == 1, "not one copy of the conversation"
    if settings == "from-the-wheel":
        assert "widgets" in saved["metadata"], "the widget state was not saved with the notebook"
        assert app_drawn and banner and not record, (app_drawn, banner, record)
        assert icons == 0, f"{icons} broken-link icons on the app"
    else:
        assert "widgets" not in saved["metadata"]
        assert record and not app_drawn, (record, app_drawn)
    assert alignments and set(alignments) <= {"left", "start"}, sorted(set(alignments))
