"""The quickstart in a real JupyterLab, driven by Debian's Chromium through Playwright.

Runs all cells, clicks Allow on the consent card, then checks the tool-call log line and the
token meter in the DOM. A screenshot and the browser console log are saved as artifacts.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

from tests.conftest import ROOT

pytestmark = [pytest.mark.ui, pytest.mark.slow]

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    pytest.importorskip("jupyterlab")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make browser installs it where apt-get works)")
    pytest.importorskip("playwright.sync_api")
    work = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", work / "notebooks")
    port = _free_port()
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(work / "config"),
        "JUPYTER_DATA_DIR": str(work / "data"),
        "JUPYTER_RUNTIME_DIR": str(work / "runtime"),
        "SOFIA_HOME": str(work / ".sofia"),
    }
    # The kernel must find the project's venv kernel spec, not a private empty data dir.
    env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")
    log_path = work / "jupyterlab.log"
    with open(log_path, "w") as log:
        yield from _serve(work, port, env, log, log_path)


def _serve(work: Path, port: int, env: dict[str, str], log: IO[str], log_path: Path) -> Iterator[str]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--no-browser",
            "--allow-root",
            "--ServerApp.token=",
            "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True",
            f"--ServerApp.root_dir={work}",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail(f"JupyterLab exited: {log_path.read_text()[-2000:]}")
                time.sleep(0.3)
        yield url
    finally:
        os.killpg(proc.pid, 15)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)


def test_quickstart_consent_click_log_and_meter(jupyterlab: str) -> None:
    from playwright.sync_api import sync_playwright

    url = jupyterlab
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    console: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1800})
            page.on("console", lambda msg: console.append(f"{msg.type}: {msg.text}"))
            page.goto(f"{url}/lab/tree/notebooks/00_quickstart.ipynb", timeout=60_000)
            page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
            no_news = page.locator(".jp-toast-button:has-text('No')")
            if no_news.count():
                no_news.first.click()
            page.locator(".lm-MenuBar-itemLabel:text-is('Run')").click()
            page.locator(".lm-Menu-itemLabel:text-is('Run All Cells')").click()
            allow = page.locator(".jp-OutputArea-output button.jupyter-button:has-text('Allow')").first
            allow.wait_for(timeout=120_000)
            card_text = page.locator(".jp-OutputArea-output").filter(has_text="May sofia_nb call").first
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
            (ARTIFACTS / "console.log").write_text("\n".join(console))
            browser.close()
    print(f"browser artifacts: {ARTIFACTS}")
