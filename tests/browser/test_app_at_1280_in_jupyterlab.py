"""The demo workshop's app where a facilitator meets it: JupyterLab at 1,280x800 with the file
browser open, Debian's Chromium.

One journey: the demo plays Discover to Plan (its searches fill the tool log); at that width
nothing in the tool log is cut off (no label wider than its box, no ellipsis, every call on one
line with its duration); Discover is started over and no message of the cleared part is left on
screen (the screen holds what the session file holds); the team's words typed in the box, the
kernel restarted, more typed into the old app, the cells run again: the new app has all of it
back in its box, says so, and Send sends it; last, the current phase (Discover) is started over
and those words go from the screen with the record.
Screenshots go to ``test-artifacts/browser/app-1280/``.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

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
from tests.conftest import ROOT
from tests.support.notebooks import write_notebook

pytestmark = [pytest.mark.ui, pytest.mark.slow, pytest.mark.timeout(300)]

SHOTS = ARTIFACTS / "app-1280"
INPUTS = ROOT / "sofia_nb" / "workshop" / "demo" / "inputs.yaml"
SIZE = {"width": 1280, "height": 800}
BEFORE = "The night desk also takes returns by phone, GARNET-14."
AFTER = " Typed after the restart, COBALT-9."

# What the tool log must not do at this width: a box narrower than what it holds (a button
# reading "deta…"), an ellipsis, or a call's line wrapped (its duration on a line of its own).
MEASURE_TOOL_LOG = """(app) => {
  const log = [...app.querySelectorAll('.widget-vbox')].find(
    b => b.firstElementChild && /^\\s*Tool calls/.test(b.firstElementChild.innerText));
  if (!log) return {found: false};
  const cut = [], ellipsis = [], wrapped = [];
  for (const b of log.querySelectorAll('button, .widget-html, .widget-html-content')) {
    if (!b.offsetParent) continue;
    if (b.scrollWidth > b.clientWidth + 1) cut.push(b.innerText.trim());
    const style = getComputedStyle(b);
    if (style.textOverflow === 'ellipsis' && b.scrollWidth > b.clientWidth) ellipsis.push(b.innerText.trim());
  }
  for (const line of log.querySelectorAll('.widget-html-content')) {
    if (!line.offsetParent || !/\\d\\.\\d\\d s/.test(line.innerText)) continue;
    const span = line.firstElementChild || line;
    const style = getComputedStyle(span);
    const one = parseFloat(style.lineHeight) || 1.3 * parseFloat(style.fontSize);
    if (span.getBoundingClientRect().height > one * 1.5) wrapped.push(line.innerText.trim());
  }
  const calls = [...log.querySelectorAll('.widget-html-content')].map(e => e.innerText)
    .filter(t => /\\d\\.\\d\\d s/.test(t)).length;
  return {found: true, calls, cut, ellipsis, wrapped};
}"""


def _notebook(path: Path) -> None:
    cells = [
        "import os, pathlib\n"
        "saved = list(pathlib.Path(os.environ['SOFIA_HOME'], 'sessions').glob('*.json'))\n"
        "session = 'last' if saved else None  # the second run resumes, as the banner says",
        "from sofia_nb import ui\n"
        "run = await ui.NotebookWorkshop.open(consent_policy='allow-listed', "
        "preapproved_tools=['demo-search/*'], session=session)\nrun.app",
        "if session is None:\n    await run.play()",
    ]
    write_notebook(path, cells)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    require_browser()
    work = tmp_path_factory.mktemp("lab")
    _notebook(work / "app.ipynb")
    with serve_lab(work) as url:
        yield url, work


def _session(work: Path) -> dict[str, Any]:
    [path] = (work / ".sofia" / "sessions").glob("*.json")
    return json.loads(path.read_text(encoding="utf-8"))


def test_tool_log_fits_start_over_clears_the_screen_and_typed_text_survives_a_restart(
    lab: tuple[str, Path],
) -> None:
    from playwright.sync_api import sync_playwright

    url, work = lab
    shutil.rmtree(SHOTS, ignore_errors=True)
    SHOTS.mkdir(parents=True)
    watch = PageWatch()
    with sync_playwright() as pw, chromium_page(pw, **SIZE) as page:
        watch.attach(page)
        try:
            open_notebook(page, url, "app.ipynb")
            if not page.locator(".jp-FileBrowser").first.is_visible():
                page.locator(".jp-SideBar [data-id='filebrowser']").first.click()
            page.locator(".jp-FileBrowser").first.wait_for(state="visible", timeout=10_000)
            menu(page, "Run", "Run All Cells")
            app = page.locator(".jp-OutputArea-output").filter(has=page.locator("button")).last

            def button(label: str) -> Any:
                return app.locator("button").filter(has_text=re.compile(rf"^\s*{label}\s*$")).last

            app.filter(has_text="Welcome to Plan").wait_for(timeout=180_000)
            wait_idle(page)
            button("Develop").wait_for(state="visible", timeout=60_000)

            # the tool log at 1,280 px with the file browser open: nothing cut off
            log = app.locator(".widget-vbox").filter(has_text=re.compile(r"^\s*Tool calls")).last
            log.scroll_into_view_if_needed()
            log.locator("button").filter(has_text="details").first.click()  # one opened
            page.wait_for_timeout(300)  # one frame for the layout to settle after the click
            page.screenshot(path=str(SHOTS / "1-tool-log.png"))
            measured = app.evaluate(MEASURE_TOOL_LOG)
            assert measured["found"] and measured["calls"] >= 3, measured
            assert not measured["cut"], f"cut off at 1,280 px: {measured['cut']}"
            assert not measured["ellipsis"], f"shown with an ellipsis: {measured['ellipsis']}"
            assert not measured["wrapped"], f"a call's line wraps: {measured['wrapped']}"

            # Discover started over: nothing of the cleared part stays on screen
            before = _session(work)
            said = set(yaml.safe_load(INPUTS.read_text(encoding="utf-8"))["discover"])
            cleared = [
                t["content"][:40] for t in before["turns"] if t["phase"] != "discover" or t["content"] in said
            ]
            assert len(cleared) > 10, cleared
            assert "Welcome to Plan" in app.inner_text()
            app.locator("select").first.select_option("discover")
            app.locator("input[type=checkbox]").first.set_checked(True)
            button("Go to phase").click()
            button("Go back").click()
            app.filter(has_text="● Discover").wait_for(timeout=60_000)  # the stepper: back in Discover
            button("Send").wait_for(state="visible", timeout=30_000)
            page.wait_for_function(
                "() => [...document.querySelectorAll('button')]"
                ".some(b => b.innerText.trim() === 'Send' && !b.disabled)",
                timeout=60_000,
            )
            app.locator(".sofia-nb-phase").first.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "2-started-over.png"))
            on_screen = " ".join(app.inner_text().split())
            after = " ".join(" ".join(t["content"] for t in _session(work)["turns"]).split())
            for marker in ["Welcome to Plan", "Welcome to Ideate", *cleared]:
                marker = " ".join(marker.split())
                assert marker not in after, f"the record still holds {marker!r}"
                assert marker not in on_screen, f"cleared, yet on screen: {marker!r}"

            # the team's words typed, the kernel restarted, more typed into the old app
            box = app.locator("textarea").first
            box.fill("")
            box.press_sequentially(BEFORE, delay=5)
            menu(page, "Kernel", "Restart Kernel…")
            page.locator(".jp-Dialog-button.jp-mod-accept").click()
            banner = page.locator(".sofia-nb-disconnected").first
            banner.wait_for(state="visible", timeout=60_000)
            box.press("End")
            box.press_sequentially(AFTER, delay=5)
            banner.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "3-disconnected-typed.png"))
            assert "kept" in banner.inner_text(), banner.inner_text()

            # the cells run again: the new app has it back, says so, and Send sends it
            old = app.element_handle()
            menu(page, "Run", "Run All Cells")
            page.wait_for_function("(old) => !old.isConnected", arg=old, timeout=90_000)
            wait_idle(page)
            app = page.locator(".jp-OutputArea-output").filter(has=page.locator("textarea")).last
            box = app.locator("textarea").first
            box.wait_for(timeout=60_000)
            app.scroll_into_view_if_needed()
            assert box.input_value() == BEFORE + AFTER, box.input_value()
            note = app.locator(".sofia-nb-draft-note").first
            assert "before the kernel restarted" in note.inner_text(), note.inner_text()
            page.screenshot(path=str(SHOTS / "4-restored.png"))
            button("Send").click()
            app.filter(has_text="COBALT-9").wait_for(timeout=60_000)
            page.wait_for_function(
                "(text) => JSON.stringify(Object.keys(localStorage).map(k => localStorage[k]))"
                ".indexOf(text) < 0",
                arg="COBALT-9",
                timeout=30_000,
            )
            # the box shows the words at the click; the session file has them once the step saved it
            deadline = time.monotonic() + 60
            while not any(
                t["role"] == "user" and t["content"] == (BEFORE + AFTER).strip()
                for t in _session(work)["turns"]
            ):
                assert time.monotonic() < deadline, "what was sent is not in the session file"
                time.sleep(0.25)
            page.screenshot(path=str(SHOTS / "5-sent.png"))

            # the current phase started over: what was said in it goes from the screen too
            page.wait_for_function(
                "() => [...document.querySelectorAll('button')]"
                ".some(b => b.innerText.trim() === 'Go to phase' && !b.disabled)",
                timeout=60_000,
            )
            app.locator("select").first.select_option("discover")
            app.locator("input[type=checkbox]").first.set_checked(True)
            button("Go to phase").click()
            button("Go back").click()
            page.wait_for_function(
                "() => [...document.querySelectorAll('button')]"
                ".some(b => b.innerText.trim() === 'Send' && !b.disabled)",
                timeout=60_000,
            )
            wait_idle(page)
            app.locator(".sofia-nb-phase").first.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "6-current-phase-started-over.png"))
            record = " ".join(t["content"] for t in _session(work)["turns"])
            assert "COBALT-9" not in record
            assert "COBALT-9" not in app.inner_text(), "the current phase started over, its words still shown"
            assert not watch.page_errors, watch.page_errors
        finally:
            watch.write(SHOTS / "console.txt")
            page.screenshot(path=str(SHOTS / "last.png"))
