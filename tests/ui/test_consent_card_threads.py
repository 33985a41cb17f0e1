"""Fault injection: a click from another thread wakes the waiting loop by itself, with no tick to help."""

import concurrent.futures
import threading

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb._aio import LoopThread
from sofia_nb.consent import ConsentBroker
from sofia_nb.ui import WidgetConsent, _consent_card


def test_a_cross_thread_click_resolves_the_card_with_the_countdown_tick_set_to_an_hour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the 1 s countdown the loop wakes anyway; an hour's tick leaves only the thread-safe wake-up."""
    monkeypatch.setattr(_consent_card, "_COUNTDOWN_TICK_S", 3600.0)
    provider = WidgetConsent(show=lambda card: None)
    broker = ConsentBroker(provider, deadline_s=3600)
    runner = LoopThread()
    try:
        future = runner.submit(broker.ask("web/search", {}))
        for _ in range(500):  # the card is waiting once its future exists
            if provider.cards and provider.cards[-1]._future is not None:
                break
            threading.Event().wait(0.01)
        threading.Event().wait(0.2)  # let the loop run its first tick and go to sleep in select()
        provider.cards[-1].allow_button.click()  # on this thread, not the loop's
        try:
            decision = future.result(10)  # a bound on a hang, not a speed check: a lost wake-up waits an hour
        except concurrent.futures.TimeoutError:
            pytest.fail("the click on another thread never woke the waiting loop")
        assert decision.decision == "allow" and decision.decided_by == "widget"
    finally:
        runner.close()
