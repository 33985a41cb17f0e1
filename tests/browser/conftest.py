"""What every browser test shares: a private JupyterLab on loopback, Debian's Chromium, page helpers.

JupyterLab gets its own config, data, runtime and settings directories (so a test can set lab
settings through ``overrides.json``), binds 127.0.0.1 and is stopped with its process group.
Chromium is Debian's, driven by Playwright; without it the tests skip with the reason.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

import pytest

from sofia_nb._children import dying_with_parent
from tests.conftest import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import ConsoleMessage, Page, Playwright

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
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
IDLE = "Python 3 (ipykernel) | Idle"
SHIPPED_SETTINGS = ROOT / "jupyter" / "overrides.d" / "sofia_nb.json"
"""The JupyterLab settings the wheel installs (its shared data, pyproject.toml)."""


def require_browser() -> None:
    """Skip (with the reason) unless JupyterLab, Playwright and Debian's Chromium are all here."""
    pytest.importorskip("jupyterlab")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make browser installs it where apt-get works)")
    pytest.importorskip("playwright.sync_api")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve_lab(
    work: Path, overrides: dict[str, Any] | None = None, app_settings: Path | None = None
) -> Iterator[str]:
    """JupyterLab rooted at ``work`` on a free loopback port; yields its URL.

    ``overrides`` (plugin id → settings) is written to the app settings dir's ``overrides.json``,
    the file JupyterLab reads for its defaults, after the project's own settings file. A test that
    sets up the settings folder itself (as a pip user's install would leave it) passes it as
    ``app_settings``: JupyterLab gets that folder as it is.
    """
    settings = app_settings or work / "lab-settings"
    if app_settings is None:
        settings.mkdir(parents=True, exist_ok=True)
        # The project's JupyterLab settings (what the install gives the venv), then the test's own.
        shipped = json.loads(SHIPPED_SETTINGS.read_text(encoding="utf-8"))
        merged = json.dumps({**shipped, **(overrides or {})})
        (settings / "overrides.json").write_text(merged, encoding="utf-8")

    def lab(port: int) -> list[str]:
        return [
            "jupyterlab",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--no-browser",
            "--allow-root",
            "--ServerApp.token=",
            "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True",
            f"--ServerApp.root_dir={work}",
            f"--LabApp.app_settings_dir={settings}",
            f"--LabApp.user_settings_dir={work / 'user-settings'}",
            f"--LabApp.workspaces_dir={work / 'workspaces'}",
        ]

    with serve_jupyter(work, lab, "jupyterlab.log") as (url, _, _):
        yield url


@contextmanager
def serve_jupyter(
    work: Path, module_args: Callable[[int], list[str]], log_name: str
) -> Iterator[tuple[str, subprocess.Popen[bytes], Path]]:
    """``python -m`` with ``module_args(port)`` (a Jupyter server: JupyterLab, Voilà) started in
    ``work`` on a free loopback port, its Jupyter folders and SOFIA_HOME in ``work``, its output in
    ``work / log_name``; yields its URL, its process and that log once it listens, and stops its
    process group after."""
    port = _free_port()
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(work / "config"),
        "JUPYTER_DATA_DIR": str(work / "data"),
        "JUPYTER_RUNTIME_DIR": str(work / "runtime"),
        "SOFIA_HOME": str(work / ".sofia"),
        # The kernel must find the project's venv kernel spec, not a private empty data dir.
        "JUPYTER_PATH": str(Path(sys.prefix) / "share" / "jupyter"),
    }
    env.pop("SOFIA_NB_HEADLESS", None)  # a person clicks here
    log_path = work / log_name
    with open(log_path, "w") as log:
        # The server dies with this test process even when it is killed (no teardown then).
        argv, preexec = dying_with_parent([sys.executable, "-m", *module_args(port)])
        proc = subprocess.Popen(
            argv,
            preexec_fn=preexec,
            cwd=work,  # `-m` puts the working directory first on sys.path: keep it ours
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            _wait_for_port(port, proc, log_path)
            yield f"http://127.0.0.1:{port}", proc, log_path
        finally:
            os.killpg(proc.pid, 15)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, 9)


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited: {log_path.read_text()[-2000:]}")
            time.sleep(0.2)
    pytest.fail(f"JupyterLab did not listen within 90 s: {log_path.read_text()[-2000:]}")


@contextmanager
def chromium_page(pw: Playwright, width: int = 1400, height: int = 1800) -> Iterator[Page]:
    """A fresh page in Debian's headless Chromium (closed on exit)."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    try:
        yield browser.new_page(viewport={"width": width, "height": height})
    finally:
        browser.close()


@dataclass
class PageWatch:
    """Every console message and uncaught page error, and the ones a test must not see."""

    console: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> PageWatch:
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self.page_errors.append(str(exc)))
        return self

    def _on_console(self, msg: ConsoleMessage) -> None:
        self.console.append(f"{msg.type}: {msg.text} ({msg.location.get('url', '')})")
        if msg.type == "error" and not _outside_request_failure(msg):
            self.console_errors.append(f"{msg.text} ({msg.location.get('url', '')})")

    def write(self, path: Path) -> None:
        path.write_text("\n".join([*self.console, *(f"pageerror: {e}" for e in self.page_errors)]))


def _outside_request_failure(msg: ConsoleMessage) -> bool:
    """A failed request to a host other than loopback (a CDN or a font offline): not our error."""
    if not msg.text.startswith("Failed to load resource"):
        return False
    host = urlparse(msg.location.get("url", "")).hostname or ""
    return host not in LOOPBACK


def open_notebook(page: Page, url: str, path: str) -> None:
    """Open ``path`` in JupyterLab and wait until its kernel is idle (the status bar says so)."""
    page.goto(f"{url}/lab/tree/{path}", timeout=60_000)
    wait_idle(page, 90_000)
    no_news = page.locator(".jp-toast-button:has-text('No')")
    if no_news.count():
        no_news.first.click()


def wait_idle(page: Page, timeout_ms: float = 60_000) -> None:
    """Wait for the kernel status ``Idle`` in the status bar (a cell's own status says so too early)."""
    page.get_by_text(IDLE).wait_for(timeout=timeout_ms)


def menu(page: Page, top: str, item: str) -> None:
    """Click ``top`` in the menu bar, then ``item`` in the menu it opens."""
    page.locator(f".lm-MenuBar-itemLabel:text-is('{top}')").click()
    page.locator(f".lm-Menu-itemLabel:text-is('{item}')").click()
