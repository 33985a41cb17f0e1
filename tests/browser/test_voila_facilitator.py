"""The facilitator's app served by Voilà, in Chromium: the page and nothing else (no code cell,
no source); it opens on the choice of workshop, never on a new empty session; a reload comes back
to the workshop in progress; a new page offers to continue it; a closed page's kernel stops.

Voilà runs the notebook once for each page, in a kernel of its own; it is started as
docs/notebooks.md says (beside the project's ``voila.json``), binds 127.0.0.1 and is stopped with
its process group. Screenshots go to ``test-artifacts/browser/voila/``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.browser.conftest import (
    ARTIFACTS,
    PageWatch,
    chromium_page,
    require_browser,
    serve_jupyter,
)
from tests.conftest import ROOT

pytestmark = [pytest.mark.ui, pytest.mark.slow, pytest.mark.timeout(300)]

NOTEBOOK = "06_facilitator_app.ipynb"
SHOTS = ARTIFACTS / "voila"
PICKER = "Which workshop?"
WELCOME = "Welcome to the Discover phase"


@dataclass
class Voila:
    url: str
    pid: int
    log: Path

    def kernels(self) -> list[int]:
        """The kernels this server runs now: the ipykernel processes among its descendants."""
        parents: dict[int, int] = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    stat = Path(f"/proc/{entry}/stat").read_text()
                except OSError:
                    continue
                parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
        found = []
        for pid in parents:
            ancestor = parents.get(pid)
            while ancestor and ancestor != self.pid:
                ancestor = parents.get(ancestor)
            if ancestor == self.pid and b"ipykernel" in _cmdline(pid):
                found.append(pid)
        return found


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


@contextmanager
def serve_voila(work: Path, *, cull_after_s: int = 0) -> Iterator[Voila]:
    """Voilà on a free loopback port, started as docs/notebooks.md says: in a folder holding the
    facilitator notebook and the project's ``voila.json`` (Voilà reads it from where it starts).
    ``cull_after_s`` shortens the culling that file sets (its keys must be there)."""
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, work / NOTEBOOK)
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    if cull_after_s:
        culling = config["MappingKernelManager"]
        culling["cull_idle_timeout"], culling["cull_interval"] = cull_after_s, 1
    (work / "voila.json").write_text(json.dumps(config), encoding="utf-8")

    def voila(port: int) -> list[str]:
        return ["voila", NOTEBOOK, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]

    with serve_jupyter(work, voila, "voila.log") as (url, proc, log_path):
        yield Voila(f"{url}/", proc.pid, log_path)


def _button(page, label: str):  # type: ignore[no-untyped-def]
    """The button whose whole text is ``label``: "Start" is not "Start a new workshop", which the
    page still shows while a slow kernel builds the app (the click went to the picker again)."""
    whole = re.compile(rf"^\s*{re.escape(label)}\s*$")
    return page.locator("button.jupyter-button").filter(has_text=whole).first


def _send_the_demo_line(page) -> str:  # type: ignore[no-untyped-def]
    """Send the demo's next line (the app offers it in the box); wait for sofia's answer to it.
    Returns the line's first words."""
    box = page.locator(".sofia-nb-message textarea")
    deadline = time.monotonic() + 120  # the app offers the line once the step before is done
    while not box.input_value():
        assert time.monotonic() < deadline, "the demo offered no line"
        time.sleep(0.2)
    line = box.input_value()
    answers = page.locator(".sofia-nb-app").get_by_text("sofia", exact=True).count()
    _button(page, "Send").click()
    words = line.split(".")[0][:40]
    page.locator(".sofia-nb-app").get_by_text(words).first.wait_for(timeout=120_000)
    deadline = time.monotonic() + 120  # a bound on the wait for the answer, not a speed check
    while page.locator(".sofia-nb-app").get_by_text("sofia", exact=True).count() <= answers:
        assert time.monotonic() < deadline, "sofia did not answer the demo's line"
        time.sleep(0.2)
    return words


def _no_code_shown(page) -> None:  # type: ignore[no-untyped-def]
    text = page.locator("body").inner_text()
    for source in ("import sofia_nb", "FacilitatorPage.open", "# Parameters", "await page"):
        assert source not in text, f"code shown: {source!r}"
    # Voilà renders a Markdown cell inside an input area too; a code cell's input, an editor or a
    # prompt must not be on the page.
    code_shown = ".jp-CodeCell .jp-InputArea, .jp-CodeMirrorEditor, .cm-editor, .jp-InputPrompt"
    assert page.locator(code_shown).count() == 0, page.locator(code_shown).first.inner_html()
    assert "The workshop" in text  # the notebook's Markdown is the page's heading


def test_voila_opens_on_the_picker_and_a_reload_returns_to_the_workshop(tmp_path: Path) -> None:
    require_browser()
    pytest.importorskip("voila")
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    watch = PageWatch()
    with serve_voila(tmp_path) as voila, sync_playwright() as pw, chromium_page(pw, 1280, 1000) as page:
        watch.attach(page)
        try:
            page.goto(voila.url, timeout=90_000)
            page.get_by_text(PICKER).wait_for(timeout=120_000)  # not a new empty session
            _no_code_shown(page)
            assert not list((tmp_path / ".sofia").glob("sessions/*.json")), "a session made by a load"
            page.screenshot(path=str(SHOTS / "picker-empty.png"))
            _button(page, "Start a new workshop").click()
            _button(page, "Start").wait_for(timeout=120_000)
            page.wait_for_url(re.compile(r"[?&]session="), timeout=30_000)  # it names the workshop now
            _button(page, "Start").click()
            page.get_by_text(WELCOME).first.wait_for(timeout=120_000)
            _send_the_demo_line(page)  # the facilitator said something: the workshop has content
            chosen = page.url
            page.screenshot(path=str(SHOTS / "after-start.png"), full_page=True)

            page.reload(timeout=90_000)  # a new kernel, which reads the address
            _button(page, "Send").wait_for(timeout=120_000)  # the live app, not only its static record
            page.locator(".sofia-nb-app").get_by_text(WELCOME).first.wait_for(timeout=120_000)
            assert page.get_by_text(PICKER).count() == 0
            assert page.url == chosen
            assert len(list((tmp_path / ".sofia").glob("sessions/*.json"))) == 1  # no new session
            page.screenshot(path=str(SHOTS / "after-reload.png"), full_page=True)

            page.goto(voila.url, timeout=90_000)  # a new page: the picker offers the workshop
            page.get_by_text(PICKER).wait_for(timeout=120_000)
            page.screenshot(path=str(SHOTS / "picker-continue.png"))
            _button(page, "Continue").click()
            page.locator(".sofia-nb-app").get_by_text(WELCOME).first.wait_for(timeout=120_000)
            assert page.url == chosen
            assert watch.page_errors == []
        finally:
            watch.write(SHOTS / "console.log")


def test_a_second_page_on_the_workshop_is_told_and_watches_it(tmp_path: Path) -> None:
    """Two pages on one workshop: the second is told who has it and watches it (what the first
    sends appears there), and once the first page goes it continues the workshop itself."""
    require_browser()
    pytest.importorskip("voila")
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    watch = PageWatch()
    with serve_voila(tmp_path) as voila, sync_playwright() as pw, chromium_page(pw, 1280, 1000) as first:
        second = first.context.browser.new_page(viewport={"width": 1280, "height": 1000})  # type: ignore[union-attr]
        watch.attach(second)
        try:
            first.goto(voila.url, timeout=90_000)
            _button(first, "Start a new workshop").click()
            _button(first, "Start").click()
            first.get_by_text(WELCOME).first.wait_for(timeout=120_000)
            _send_the_demo_line(first)

            second.goto(voila.url, timeout=90_000)
            second.get_by_text(PICKER).wait_for(timeout=120_000)
            _button(second, "Continue").click()
            second.get_by_text("This workshop is open in another window").wait_for(timeout=120_000)
            assert "Voilà app" in second.locator(".sofia-nb-watch").inner_text()
            second.locator(".sofia-nb-watch").get_by_text(WELCOME).first.wait_for(timeout=30_000)
            assert _button(second, "Send").count() == 0  # nothing can be sent from the watch

            words = _send_the_demo_line(first)
            second.locator(".sofia-nb-watch").get_by_text(words).first.wait_for(timeout=120_000)
            second.screenshot(path=str(SHOTS / "second-page-watches.png"), full_page=True)

            first.goto("about:blank")  # the first page goes: its kernel stops, the hold with it
            _button(second, "Continue here").wait_for(timeout=120_000)
            _button(second, "Continue here").click()
            _button(second, "Send").wait_for(timeout=120_000)
            assert words in second.locator(".sofia-nb-app").inner_text()
            second.screenshot(path=str(SHOTS / "second-page-continues.png"), full_page=True)
            assert watch.page_errors == []
        finally:
            watch.write(SHOTS / "console-second.log")


def _wait_for_no_kernels(voila: Voila) -> None:
    deadline = time.monotonic() + 60  # a bound on the wait, not a speed check
    while voila.kernels() and time.monotonic() < deadline:
        time.sleep(0.2)
    log = voila.log.read_text()
    assert voila.kernels() == [], f"kernels still running; Voilà's log ends:\n{log[-1500:]}"
    assert " 403 " not in log


def test_a_page_that_goes_stops_its_kernel(tmp_path: Path) -> None:
    """Leaving the page (a reload, another address, a closed tab) sends Voilà's shutdown beacon:
    it used to be refused (403, no ``_xsrf`` cookie), leaving every closed page's kernel running."""
    require_browser()
    pytest.importorskip("voila")
    from playwright.sync_api import sync_playwright

    with serve_voila(tmp_path) as voila, sync_playwright() as pw, chromium_page(pw, 1280, 1000) as page:
        page.goto(voila.url, timeout=90_000)
        page.get_by_text(PICKER).wait_for(timeout=120_000)
        assert len(voila.kernels()) == 1
        page.goto("about:blank")  # the page unloads: its beacon asks the server to stop its kernel
        _wait_for_no_kernels(voila)


def test_a_page_closed_without_its_beacon_has_its_kernel_culled(tmp_path: Path) -> None:
    """A page that never says goodbye (a crashed browser or a phone's tab; headless Chromium's
    close sends no beacon) loses its kernel once it has had no connection for the project's
    ``cull_idle_timeout`` (``voila.json``; shortened here), while a page still open keeps its."""
    require_browser()
    pytest.importorskip("voila")
    from playwright.sync_api import sync_playwright

    with (
        serve_voila(tmp_path, cull_after_s=3) as voila,
        sync_playwright() as pw,
        chromium_page(pw, 1280, 1000) as page,
    ):
        other = page.context.browser.new_page()  # type: ignore[union-attr]
        for each in (page, other):
            each.goto(voila.url, timeout=90_000)
            each.get_by_text(PICKER).wait_for(timeout=120_000)
        assert len(voila.kernels()) == 2
        other.close()
        deadline = time.monotonic() + 60  # a bound on the wait, not a speed check
        while len(voila.kernels()) > 1 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(voila.kernels()) == 1, voila.log.read_text()[-1500:]
        _button(page, "Start a new workshop").click()  # the open page's kernel still answers
        _button(page, "Start").wait_for(timeout=120_000)
