"""The facilitator's app served by Voilà, in Chromium: the app and nothing else (no code cell, no
source), and a click works (Start opens Discover with the demo model's words).

Voilà runs the notebook once for this page, in a kernel of its own; it binds 127.0.0.1 and is
stopped with its process group.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from sofia_nb._children import dying_with_parent
from tests.browser.conftest import (
    ARTIFACTS,
    PageWatch,
    _free_port,
    _wait_for_port,
    chromium_page,
    require_browser,
)
from tests.conftest import ROOT

pytestmark = [pytest.mark.ui, pytest.mark.slow]

NOTEBOOK = "06_facilitator_app.ipynb"


@contextmanager
def serve_voila(work: Path) -> Iterator[str]:
    """Voilà on a free loopback port, serving the facilitator notebook copied into ``work``."""
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, work / NOTEBOOK)
    port = _free_port()
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(work / "config"),
        "JUPYTER_DATA_DIR": str(work / "data"),
        "JUPYTER_RUNTIME_DIR": str(work / "runtime"),
        "JUPYTER_PATH": str(Path(sys.prefix) / "share" / "jupyter"),
        "SOFIA_HOME": str(work / ".sofia"),
    }
    env.pop("SOFIA_NB_HEADLESS", None)  # a person clicks here
    log_path = work / "voila.log"
    with open(log_path, "w") as log:
        # The server dies with this test process even when it is killed (no teardown then).
        argv, preexec = dying_with_parent(
            [
                sys.executable,
                "-m",
                "voila",
                NOTEBOOK,
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
            ]
        )
        proc = subprocess.Popen(
            argv,
            preexec_fn=preexec,
            cwd=work,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            _wait_for_port(port, proc, log_path)
            yield f"http://127.0.0.1:{port}/"
        finally:
            os.killpg(proc.pid, 15)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, 9)


def test_voila_shows_the_app_without_code_and_a_click_works(tmp_path: Path) -> None:
    require_browser()
    pytest.importorskip("voila")
    from playwright.sync_api import sync_playwright

    out = ARTIFACTS / "voila"
    out.mkdir(parents=True, exist_ok=True)
    watch = PageWatch()
    with serve_voila(tmp_path) as url, sync_playwright() as pw, chromium_page(pw, 1280, 1000) as page:
        watch.attach(page)
        try:
            page.goto(url, timeout=90_000)
            start = page.locator("button.jupyter-button:has-text('Start')").first
            start.wait_for(timeout=120_000)
            text = page.locator("body").inner_text()
            for source in (
                "import sofia_nb",
                "NotebookWorkshop.open",
                "run.app",
                "# Parameters",
                "await run",
            ):
                assert source not in text, f"code shown: {source!r}"
            # Voilà renders a Markdown cell inside an input area too; a code cell's input, an editor
            # or a prompt must not be on the page.
            code_shown = ".jp-CodeCell .jp-InputArea, .jp-CodeMirrorEditor, .cm-editor, .jp-InputPrompt"
            assert page.locator(code_shown).count() == 0, page.locator(code_shown).first.inner_html()
            assert "The workshop" in text  # the notebook's Markdown is the page's heading
            page.screenshot(path=str(out / "before-start.png"))
            start.click()
            page.get_by_text("Welcome to the Discover phase").wait_for(timeout=60_000)
            page.screenshot(path=str(out / "after-start.png"), full_page=True)
            assert watch.page_errors == []
        finally:
            watch.write(out / "console.log")
