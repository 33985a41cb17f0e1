"""The quickstart in a real JupyterLab, driven by Debian's Chromium through Playwright.

Runs all cells, clicks Allow on the consent card, then checks the tool-call log line and the
token meter in the DOM. A screenshot and the browser console log are saved as artifacts.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator

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

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_browser()
    work = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", work / "notebooks")
    with serve_lab(work) as url:
        yield url


def test_quickstart_consent_click_log_and_meter(jupyterlab: str) -> None:
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    watch = PageWatch()
    with sync_playwright() as pw, chromium_page(pw) as page:
        watch.attach(page)
        try:
            open_notebook(page, jupyterlab, "notebooks/00_quickstart.ipynb")
            menu(page, "Run", "Run All Cells")
            allow = page.locator(".jp-OutputArea-output button.jupyter-button:has-text('Allow')").first
            allow.wait_for(timeout=120_000)
            card_text = page.locator(".jp-OutputArea-output").filter(has_text="sofia asks").first
            assert "demo-search/web_search" in card_text.inner_text()
            page.screenshot(path=str(ARTIFACTS / "consent-card.png"), full_page=True)
            allow.click()
            log_line = page.locator(".jp-OutputArea-output").filter(
                has_text=re.compile("✓ demo-search/web_search")
            )
            log_line.first.wait_for(timeout=60_000)
            meter = page.locator(".jp-OutputArea-output").filter(has_text="Token meter").first
            meter.wait_for(timeout=30_000)
            numbers = re.search(r"tokens: (\d+) in / (\d+) out", meter.inner_text())
            assert numbers and int(numbers.group(1)) > 0 and int(numbers.group(2)) > 0, meter.inner_text()
            page.screenshot(path=str(ARTIFACTS / "after-allow.png"), full_page=True)
        finally:
            watch.write(ARTIFACTS / "console.log")
    print(f"browser artifacts: {ARTIFACTS}")
