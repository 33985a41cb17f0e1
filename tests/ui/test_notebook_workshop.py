"""NotebookWorkshop with the bundled demo: real MCP traffic to the offline search server."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.events import ToolCallFinished
from sofia_nb.session import Phase
from sofia_nb.ui import NotebookWorkshop
from tests.support.demo import FIRST_LINE, demo_after_first_line


async def _card_shown(run: NotebookWorkshop) -> object:
    for _ in range(500):
        if run.app.consent_area.children:
            return run.app.consent_area.children[-1]
        await asyncio.sleep(0.02)
    raise AssertionError("no consent card appeared")


async def test_headless_consent_comes_from_the_parameters_and_the_audit_lists_it() -> None:
    run = await demo_after_first_line()
    audit = run.audit()
    assert "consent demo-search/web_search: allow (policy:allow:demo-search/*)" in audit
    assert run.session.business_context is not None
    assert run.session.discovery.enrichment is not None
    assert "tool ✓ demo-search/web_search" in audit
    assert "tokens:" in audit


async def test_headless_deny_makes_no_call() -> None:
    run = await NotebookWorkshop.open(interactive=False, consent_policy="deny")
    calls: list[ToolCallFinished] = []
    run.workshop.bus.subscribe(calls.append, ToolCallFinished)
    try:
        await run.start()
        await run.say(FIRST_LINE)
    finally:
        await run.aclose()
    assert [c for c in calls if c.server == "demo-search"] == []
    assert run.session.consent_decisions and all(c.decision == "deny" for c in run.session.consent_decisions)


async def test_interactive_steps_do_not_block_and_a_click_lets_the_call_through() -> None:
    run = await NotebookWorkshop.open(interactive=True, consent_timeout_s=30)
    try:
        run.start()
        pending = run.say(FIRST_LINE)  # returns at once: the cell does not wait
        assert not pending.done()
        card = await _card_shown(run)
        card.allow_button.click()  # type: ignore[attr-defined]
        await asyncio.wait_for(pending, 30)
    finally:
        await run.aclose()
    assert any(c.server == "demo-search" and c.ok for c in run.session.tool_calls)
    assert "✓ demo-search/web_search" in run.app.tool_log.as_text()
    assert run.app.meter.totals.input_tokens > 0
    assert run.workshop.phase == Phase.DISCOVER
