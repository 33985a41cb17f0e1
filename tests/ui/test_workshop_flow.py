"""A flow with a beginning and an end: Start, Continue after Plan offers Develop, going back asked as a
plain confirmation (still decided by the broker, so a policy can answer it), Pause and Resume."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.consent import ConsentBroker, ConsentPolicy, PolicyConsent, PreapprovedThenAsk
from sofia_nb.session import Phase, SessionStore
from sofia_nb.ui import GoBackConfirmation, WidgetConsent, WorkshopApp
from sofia_nb.workshop import CONTINUE_TOOL, GO_BACK_TOOL, Workshop

from .test_workshop_app import EchoModel


def _visible(widget) -> bool:  # type: ignore[no-untyped-def]
    return widget.layout.display != "none"


async def _shown(consent: WidgetConsent, count: int = 1) -> GoBackConfirmation:
    for _ in range(500):
        if len(consent.cards) >= count:
            card = consent.cards[-1]
            assert isinstance(card, GoBackConfirmation)
            return card
        await asyncio.sleep(0.01)
    raise AssertionError("no confirmation was shown")


def _in_ideate(tmp_path, provider) -> tuple[Workshop, WorkshopApp]:  # type: ignore[no-untyped-def]
    workshop = Workshop.create(
        EchoModel(), store=SessionStore(tmp_path), consent=ConsentBroker(provider, deadline_s=30)
    )
    workshop.session.add_turn(Phase.DISCOVER, "assistant", "Tell me about the company.")
    workshop.session.phase = Phase.IDEATE
    app = WorkshopApp(workshop)
    if isinstance(provider, WidgetConsent):
        provider.show = app.show_card
    return workshop, app


async def test_start_shows_until_the_phase_has_opened(tmp_path) -> None:
    app = WorkshopApp(Workshop.create(EchoModel(), store=SessionStore(tmp_path)))
    assert _visible(app.start_button) and not _visible(app.continue_button)
    app.start_button.click()
    await asyncio.gather(*app.tasks)
    assert not _visible(app.start_button) and _visible(app.continue_button)
    assert app.transcript == [("assistant", "reply 1")]


async def test_continue_after_plan_ends_the_conversation_and_offers_develop(tmp_path) -> None:
    policy = ConsentPolicy.parse(f"allow:{CONTINUE_TOOL}")  # the echoed plan is empty: leave it anyway
    broker = ConsentBroker(PolicyConsent(policy), deadline_s=30)
    workshop = Workshop.create(EchoModel(), store=SessionStore(tmp_path), consent=broker)
    workshop.session.phase = Phase.PLAN
    app = WorkshopApp(workshop)
    assert "develop" not in app.phase_choice.options
    app.start_button.click()
    await asyncio.gather(*app.tasks)
    app.continue_button.click()
    await asyncio.gather(*app.tasks)
    assert all(task.exception() is None for task in app.tasks)
    assert workshop.phase == Phase.DEVELOP
    assert _visible(app.develop_button) and not app.develop_button.disabled
    assert not any(_visible(b) for b in (app.continue_button, app.refine_button, app.send_button))
    assert "conversation is over" in app.status.value and "Develop" in app.status.value
    assert app.phase_choice.value == "plan" and "● Develop" in app.stepper.as_text()
    app.develop_button.click()  # an app without development options says where to develop instead
    await asyncio.gather(*app.tasks)
    assert "02_develop.ipynb" in app.status.value


async def test_going_back_is_a_plain_confirmation_decided_through_the_broker(tmp_path) -> None:
    consent = WidgetConsent()
    workshop, app = _in_ideate(tmp_path, consent)
    app.phase_choice.value = "discover"
    app.choose_button.click()
    card = await _shown(consent)
    text = card._title.value + "".join(b.description for b in card._buttons.children)
    assert "May sofia_nb call" not in text and "Allow for this session" not in text
    assert [b.description for b in card._buttons.children] == ["Go back", "Stay"]
    assert "Go back to Discover?" in card._title.value
    card.stay_button.click()
    await asyncio.gather(*app.tasks)
    assert workshop.phase == Phase.IDEATE and "not confirmed" in app.status.value
    assert card.children == (card._status,) and "stayed" in card._status.value  # one line once answered
    assert app.phase_choice.value == "ideate"  # the list shows where the workshop is
    app.phase_choice.value = "discover"
    app.choose_button.click()
    (await _shown(consent, 2)).go_back_button.click()
    await asyncio.gather(*app.tasks)
    assert workshop.phase == Phase.DISCOVER
    decisions = [(d.tool, d.decision, d.decided_by) for d in workshop.session.consent_decisions]
    assert decisions == [(GO_BACK_TOOL, "deny", "widget"), (GO_BACK_TOOL, "allow", "widget")]


async def test_a_policy_still_decides_going_back_without_asking(tmp_path) -> None:
    cards = WidgetConsent(show=lambda card: None)
    policy = ConsentPolicy(mode="allow-listed", tools=(GO_BACK_TOOL,))
    workshop, app = _in_ideate(tmp_path, PreapprovedThenAsk(policy, cards))
    app.phase_choice.value = "discover"
    app.choose_button.click()
    await asyncio.gather(*app.tasks)
    assert workshop.phase == Phase.DISCOVER and cards.cards == []
    assert workshop.session.consent_decisions[-1].decided_by.startswith("policy:")


async def test_pause_and_resume_are_visible_states(tmp_path) -> None:
    store = SessionStore(tmp_path)
    workshop = Workshop.create(EchoModel(), store=store)
    app = WorkshopApp(workshop)
    app.pause_button.click()
    await asyncio.gather(*app.tasks)
    assert "paused" in app.status.value and _visible(app.resume_button) and not _visible(app.pause_button)
    assert app.send_button.disabled and not app.resume_button.disabled
    reopened = WorkshopApp(Workshop.load(workshop.session.id, EchoModel(), store=store))
    assert "paused" in reopened.status.value and _visible(reopened.resume_button)
    app.resume_button.click()
    assert store.load(workshop.session.id).status.value == "active"
    assert "resumed" in app.status.value and _visible(app.pause_button) and not app.send_button.disabled
