"""The consent card with a credential in an argument, in a real JupyterLab driven by Debian's
Chromium (issue 45): a call to a server whose entry does not allow credentials shows a refusal
card, naming the argument and the kind, with no button, and nothing is sent; a server whose entry
says ``sendCredentials: true`` gets a card with the warning and **Send it once** / **Deny**, and a
click sends exactly the call asked about. The key is never on the page."""

from __future__ import annotations

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
from tests.support.notebooks import write_notebook

pytestmark = [pytest.mark.ui, pytest.mark.slow]

KEY = "sk-browserPlanted0123456789"
SETUP = """
import asyncio, os
import ipywidgets as w
from IPython.display import display
from sofia_nb.consent import ConsentBroker, ConsentDenied, ConsentedTools
from sofia_nb.mcp import ServerConfig
from sofia_nb.protocol import CallToolResult
from sofia_nb.ui import WidgetConsent

class Host:
    servers = ["plain", "trusted"]
    sent = []
    def entry(self, server):
        return ServerConfig(name=server, command="x", send_credentials=server == "trusted")
    async def list_tools(self, server, timeout=None):
        return []
    async def call_tool(self, server, tool, arguments=None, timeout=None, **_):
        self.sent.append((server, arguments))
        return CallToolResult(content=[])

host = Host()
tools = ConsentedTools(host, ConsentBroker(WidgetConsent(), deadline_s=300))
arguments = {"query": "cold chain", "extra": os.environ["OPENAI_API_KEY"]}

async def call(server, status):
    try:
        await tools.call_tool(server, "web_search", arguments, origin="model")
        said = "sent"
    except ConsentDenied as exc:
        said = "denied by " + exc.decided_by
    same = host.sent == [("trusted", arguments)]
    status.value = f"RESULT-{server}: {said}; calls sent: {len(host.sent)}; as asked: {same}"
"""
RUN = """
status_{server} = w.HTML("waiting")
display(status_{server})
task_{server} = asyncio.ensure_future(call("{server}", status_{server}))
"""


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_browser()
    work = tmp_path_factory.mktemp("lab")
    write_notebook(work / "credential.ipynb", [SETUP, *(RUN.format(server=s) for s in ("plain", "trusted"))])
    planted = pytest.MonkeyPatch()
    planted.setenv("OPENAI_API_KEY", KEY)  # the kernel's environment, never the notebook's text
    try:
        with serve_lab(work) as url:
            yield url
    finally:
        planted.undo()
    shutil.rmtree(work, ignore_errors=True)


def test_a_credential_is_refused_and_sent_only_with_the_setting_and_a_click(jupyterlab: str) -> None:
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    watch = PageWatch()
    with sync_playwright() as pw, chromium_page(pw) as page:
        watch.attach(page)
        try:
            open_notebook(page, jupyterlab, "credential.ipynb")
            menu(page, "Run", "Run All Cells")
            outputs = page.locator(".jp-OutputArea-output")
            refused = outputs.filter(has_text="sofia refused to call web_search of server plain").first
            refused.wait_for(timeout=120_000)
            assert "argument 'extra' carries the value of $OPENAI_API_KEY" in refused.inner_text()
            assert refused.locator("button").count() == 0  # nothing can allow it
            outputs.filter(has_text="RESULT-plain: denied by credential check; calls sent: 0").first.wait_for(
                timeout=60_000
            )
            warning = outputs.filter(has_text="This call sends a credential").first
            warning.wait_for(timeout=60_000)
            buttons = warning.locator("button.jupyter-button")
            assert [buttons.nth(i).inner_text() for i in range(buttons.count())] == ["Send it once", "Deny"]
            page.screenshot(path=str(ARTIFACTS / "credential-cards.png"), full_page=True)
            assert KEY not in page.content()
            buttons.first.click()
            outputs.filter(has_text="RESULT-trusted: sent; calls sent: 1; as asked: True").first.wait_for(
                timeout=60_000
            )
            assert KEY not in page.content()
        finally:
            watch.write(ARTIFACTS / "credential-console.log")
