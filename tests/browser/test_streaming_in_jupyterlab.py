"""A real model's pace in a real JupyterLab: the app at 1,280x800 with the file browser open,
``openai:gpt-4o`` pointed at the loopback OpenAI fake, which streams a 12,000-character reply in
4-character deltas and holds its first words until the test releases them (no sleeps).

The reply must stream (a screenshot mid-reply shows its first blocks rendered while later ones
are still to come) and end rendered whole: the last paragraph is on screen and the streaming
view is empty. Screenshots go to ``test-artifacts/browser/streaming/``.
"""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Iterator
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
from tests.support.openai_server import OpenAIServer, Reply

pytestmark = [pytest.mark.ui, pytest.mark.slow, pytest.mark.timeout(300)]

SHOTS = ARTIFACTS / "streaming"
SIZE = {"width": 1280, "height": 800}


def long_reply(chars: int = 12_000) -> str:
    """Sections of prose and lists, numbered so the test can tell the first from the last."""
    out: list[str] = []
    n = 0
    while sum(map(len, out)) < chars - 400:
        n += 1
        out.append(
            f"### Section {n}\n\nThe night desk of depot {n} answers **{n * 3} calls** an hour; "
            "a routing assistant would read the order mailbox, propose a tour and leave the "
            "final word to the dispatcher, who knows which driver has a bad back.\n\n"
            f"- data: order mails, tours of the last year\n- owner: dispatcher of depot {n}\n\n"
        )
    out.append("The last paragraph: ORCHARD-END, shown whole.\n")
    return "".join(out)


def _notebook(path: Path, base_url: str) -> None:
    cells = [
        f"import os\nos.environ['OPENAI_BASE_URL'] = {base_url!r}\n"
        "os.environ['OPENAI_API_KEY'] = 'sk-loopback'",
        "from sofia_nb import ui\nrun = await ui.NotebookWorkshop.open(llm='openai:gpt-4o')\nrun.app",
    ]
    notebook = {
        "cells": [
            {"cell_type": "code", "metadata": {}, "source": c, "outputs": [], "execution_count": None}
            for c in cells
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook), encoding="utf-8")


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, OpenAIServer, threading.Event, str]]:
    require_browser()
    work = tmp_path_factory.mktemp("lab")
    release = threading.Event()
    reply = long_reply()
    # every request gets the long reply, its first words held until the test says so
    with OpenAIServer(
        responder=lambda body: Reply(reply, usage=(2000, 3000), pace=0.002, hold=release)
    ) as server:
        _notebook(work / "streaming.ipynb", server.base_url)
        with serve_lab(work) as url:
            yield url, server, release, reply
        release.set()


def test_a_12000_character_reply_streams_and_ends_rendered_whole(
    lab: tuple[str, OpenAIServer, threading.Event, str],
) -> None:
    from playwright.sync_api import sync_playwright

    url, server, release, reply = lab
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
            start = app.locator("button").filter(has_text="Start").first
            start.wait_for(timeout=120_000)
            start.click()
            streaming = page.locator(".sofia-nb-streaming").first
            # the server holds the first words: nothing of the reply is on screen yet
            assert "Section 1" not in streaming.inner_text(timeout=10_000)
            release.set()
            streaming.filter(has_text="Section 5").wait_for(timeout=60_000)
            page.screenshot(path=str(SHOTS / "1-mid-reply.png"))
            mid = streaming.inner_text()
            assert "Section 1" in mid and "ORCHARD-END" not in mid  # streamed, not shown at the end only
            final = app.locator(".jp-OutputArea-output").filter(has_text="ORCHARD-END").first
            final.wait_for(timeout=120_000)
            page.wait_for_function(
                "() => !document.querySelector('.sofia-nb-streaming') "
                "|| document.querySelector('.sofia-nb-streaming').innerText.trim() === ''",
                timeout=30_000,
            )
            final.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "2-after.png"))
            shown = app.inner_text()
            for n in (1, 20, 40):
                if f"### Section {n}\n" in reply:
                    assert f"Section {n}" in shown, n
            assert "**" not in shown and "###" not in shown  # rendered, not raw Markdown
            assert not watch.page_errors, watch.page_errors
        finally:
            watch.write(SHOTS / "console.txt")
            page.screenshot(path=str(SHOTS / "last.png"))
    assert [r.path for r in server.chat_requests()][:1] == ["/v1/chat/completions"]
