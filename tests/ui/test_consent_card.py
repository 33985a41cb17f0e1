"""ConsentCard: a click resolves the waiting decision; no click ends in deny at the deadline."""

import asyncio
import threading

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb._aio import LoopThread
from sofia_nb.consent import ConsentBroker, ConsentRequest
from sofia_nb.events import ConsentDecided, EventBus, EventRecorder
from sofia_nb.session import WorkshopSession
from sofia_nb.ui import ConsentCard, WidgetConsent


async def _shown_card(provider: WidgetConsent) -> ConsentCard:
    for _ in range(100):
        if provider.cards:
            return provider.cards[-1]
        await asyncio.sleep(0.01)
    raise AssertionError("no consent card was shown")


@pytest.mark.parametrize(
    ("button", "decision", "scope"),
    [
        ("allow_button", "allow", "once"),
        ("deny_button", "deny", "once"),
        ("session_button", "allow", "session"),
    ],
)
async def test_clicking_a_button_resolves_the_waiting_decision(
    button: str, decision: str, scope: str
) -> None:
    provider = WidgetConsent(show=lambda card: None)
    session = WorkshopSession()
    bus = EventBus()
    recorder = EventRecorder(bus)
    broker = ConsentBroker(provider, bus=bus, session=session, deadline_s=30)
    pending = asyncio.ensure_future(broker.ask("web/search", {"query": "x"}))  # credentials: refused
    card = await _shown_card(provider)  # (tests/ui/test_consent_card_credentials.py)
    getattr(card, button).click()
    result = await asyncio.wait_for(pending, 5)
    assert (result.decision, result.scope, result.decided_by) == (decision, scope, "widget")
    assert session.consent_decisions[-1].decision == decision
    assert recorder.of_type(ConsentDecided)[-1].decision == decision
    assert all(b.disabled for b in card._buttons.children)


async def test_no_click_ends_in_deny_at_the_deadline_and_the_card_says_so() -> None:
    provider = WidgetConsent(show=lambda card: None)
    broker = ConsentBroker(provider, deadline_s=0.3)
    result = await asyncio.wait_for(broker.ask("github/create_repository", {}), 5)
    assert result.decision == "deny"
    assert result.decided_by == "deadline"
    card = provider.cards[-1]
    assert card.decision is not None and card.decision.decision == "deny"
    assert "deny" in card.as_text()


def test_a_click_on_the_kernel_thread_wakes_a_flow_on_a_private_loop() -> None:
    # The sync facade runs flows on a LoopThread; the click arrives on another thread.
    provider = WidgetConsent(show=lambda card: None)
    broker = ConsentBroker(provider, deadline_s=30)
    runner = LoopThread()
    try:
        future = runner.submit(broker.ask("web/search", {}))
        for _ in range(200):
            if provider.cards:
                break
            threading.Event().wait(0.01)
        provider.cards[-1].allow_button.click()
        assert future.result(5).decision == "allow"
    finally:
        runner.close()


def test_card_text_form_before_an_answer() -> None:
    card = ConsentCard(ConsentRequest(tool="web/search"))
    assert card.as_text() == "consent web/search: pending"
