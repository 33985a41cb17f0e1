"""A real model's pace in a real JupyterLab: the app at 1,280x800 with the file browser open,
``openai:gpt-4o`` pointed at the loopback OpenAI fake, which streams in 4-character deltas and
holds a reply's first words until the test releases them (no sleeps).

One journey: Start, and "sofia is thinking…" shows until the first word; the 12,000-character
opening streams (a screenshot mid-reply shows its first blocks rendered while later ones are to
come) and ends rendered whole; the team's own words, Send, thinking again; Continue to Ideate;
Go to phase Discover: the confirmation card is in view without scrolling when it appears; after
going back (the phase reopens) the screen and the session file hold the same messages;
a kernel restart: the old app says it has lost its kernel and how to go on.
Screenshots go to ``test-artifacts/browser/streaming/``.
"""

from __future__ import annotations

import json
import shutil
import threading
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
from tests.support.long_reply import long_reply
from tests.support.notebooks import write_notebook
from tests.support.openai_server import OpenAIServer, Reply

pytestmark = [pytest.mark.ui, pytest.mark.slow, pytest.mark.timeout(300)]

SHOTS = ARTIFACTS / "streaming"
SIZE = {"width": 1280, "height": 800}


def _notebook(path: Path, base_url: str) -> None:
    cells = [
        f"import os\nos.environ['OPENAI_BASE_URL'] = {base_url!r}\n"
        "os.environ['OPENAI_API_KEY'] = 'sk-loopback'",
        "from sofia_nb import ui\nrun = await ui.NotebookWorkshop.open(llm='openai:gpt-4o')\nrun.app",
    ]
    write_notebook(path, cells)


class Replies:
    """What the fake answers: the long reply first, then short ones naming their request; a reply
    waits for the next hold the test queued (none queued: it streams at once)."""

    def __init__(self, long: str) -> None:
        self.long, self.count, self.holds = long, 0, deque[threading.Event]()

    def hold(self) -> threading.Event:
        event = threading.Event()
        self.holds.append(event)
        return event

    def __call__(self, body: dict[str, Any]) -> Reply:
        self.count += 1
        if not body.get("stream"):  # an extraction: no record in it, the phase ends incomplete
            return Reply("Nothing to record.", usage=(500, 10))
        hold = self.holds.popleft() if self.holds else None
        text = self.long if self.count == 1 else f"REPLY-{self.count}: noted, go on.\n"
        return Reply(text, usage=(2000, 3000), pace=0.002, hold=hold)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Replies, Path]]:
    require_browser()
    work = tmp_path_factory.mktemp("lab")
    replies = Replies(long_reply())
    with OpenAIServer(responder=replies) as server:
        _notebook(work / "streaming.ipynb", server.base_url)
        with serve_lab(work) as url:
            yield url, replies, work
        for event in replies.holds:
            event.set()


def _recorded_text(work: Path) -> str:
    [path] = (work / ".sofia" / "sessions").glob("*.json")
    return " ".join(t["content"] for t in json.loads(path.read_text(encoding="utf-8"))["turns"])


def test_streaming_thinking_consent_in_view_going_back_and_a_lost_kernel(
    lab: tuple[str, Replies, Path],
) -> None:
    from playwright.sync_api import sync_playwright

    url, replies, work = lab
    reply = replies.long
    shutil.rmtree(SHOTS, ignore_errors=True)
    SHOTS.mkdir(parents=True)
    watch = PageWatch()
    with sync_playwright() as pw, chromium_page(pw, **SIZE) as page:
        watch.attach(page)
        try:
            open_notebook(page, url, "streaming.ipynb")
            if not page.locator(".jp-FileBrowser").first.is_visible():
                page.locator(".jp-SideBar [data-id='filebrowser']").first.click()
            page.locator(".jp-FileBrowser").first.wait_for(state="visible", timeout=10_000)
            menu(page, "Run", "Run All Cells")
            app = page.locator(".jp-OutputArea-output").filter(has=page.locator("button")).last

            def button(label: str) -> Any:
                return app.locator("button").filter(has_text=label).first

            start = button("Start")
            start.wait_for(timeout=120_000)
            first = replies.hold()
            start.click()
            thinking = page.locator(".sofia-nb-thinking").first
            thinking.wait_for(state="visible", timeout=30_000)  # the server holds the first words
            page.screenshot(path=str(SHOTS / "0-thinking-after-start.png"))
            streaming = page.locator(".sofia-nb-streaming").first
            assert "Section 1" not in streaming.inner_text()
            first.set()
            streaming.filter(has_text="Section 5").wait_for(timeout=60_000)
            page.screenshot(path=str(SHOTS / "1-mid-reply.png"))
            mid = streaming.inner_text()
            assert "Section 1" in mid and "ORCHARD-END" not in mid  # streamed, not shown at the end only
            assert "sofia is thinking" not in mid
            final = app.locator(".jp-OutputArea-output").filter(has_text="ORCHARD-END").first
            final.wait_for(timeout=120_000)
            page.wait_for_function(
                "() => document.querySelector('.sofia-nb-streaming').innerText.trim() === ''",
                timeout=30_000,
            )
            final.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "2-after.png"))
            shown = app.inner_text()
            for n in (1, 20, 40):
                if f"### Section {n}\n" in reply:
                    assert f"Section {n}" in shown, n
            assert "**" not in shown and "###" not in shown  # rendered, not raw Markdown

            # the team's own words: thinking from Send to the first word again
            button("Send").wait_for(state="visible")
            app.locator("textarea").first.fill("We also take returns by phone, on the night desk.")
            second = replies.hold()
            button("Send").click()
            thinking.wait_for(state="visible", timeout=30_000)
            page.screenshot(path=str(SHOTS / "3-thinking-after-send.png"))
            second.set()
            app.locator(".jp-OutputArea-output").filter(has_text="REPLY-2").first.wait_for(timeout=60_000)

            button("Continue").click()  # Discover ends (an extraction) and, still empty, asks first
            button("Continue anyway").wait_for(state="visible", timeout=90_000)
            button("Continue anyway").click()  # then Ideate opens
            app.locator(".jp-OutputArea-output").filter(has_text="REPLY-4").first.wait_for(timeout=90_000)
            page.wait_for_function(
                "() => [...document.querySelectorAll('button')]"
                ".some(b => b.innerText.trim() === 'Go to phase' && !b.disabled)",
                timeout=60_000,
            )
            app.locator("select").first.select_option("discover")
            button("Go to phase").click()
            go_back = button("Go back")
            go_back.wait_for(state="visible", timeout=30_000)
            box, view = go_back.bounding_box(), page.viewport_size
            page.screenshot(path=str(SHOTS / "4-go-back-card.png"))
            assert box is not None and view is not None
            assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"], (
                f"the card is out of view: {box}"
            )
            go_back.click()
            # Discover reopens (the record keeps what was said) and its model speaks again
            app.locator(".jp-OutputArea-output").filter(has_text="REPLY-5").first.wait_for(timeout=90_000)
            page.screenshot(path=str(SHOTS / "5-after-going-back.png"))
            on_screen, record = app.inner_text(), _recorded_text(work)
            for marker in ("ORCHARD-END", "returns by phone", "REPLY-2", "REPLY-4", "REPLY-5"):
                assert (marker in on_screen) == (marker in record), f"{marker}: screen and record disagree"

            # the kernel goes: the old app says so and how to go on
            menu(page, "Kernel", "Restart Kernel…")
            page.locator(".jp-Dialog-button.jp-mod-accept").click()
            banner = page.locator(".sofia-nb-disconnected").first
            banner.wait_for(state="visible", timeout=60_000)
            assert "lost its kernel" in banner.inner_text() and 'session="last"' in banner.inner_text()
            banner.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "6-disconnected.png"))
            assert not watch.page_errors, watch.page_errors
        finally:
            watch.write(SHOTS / "console.txt")
            page.screenshot(path=str(SHOTS / "last.png"))
