"""The notebook's go-back: the reason typed beside the phase list, a confirmation that says whether
the phase is reopened or started over, and "Keep as is" offered for a phase under review."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.consent import ConsentBroker
from sofia_nb.session import BusinessContext, Idea, Phase, SessionStore, Workflow, WorkflowActivity
from sofia_nb.ui import WidgetConsent
from sofia_nb.workshop import Workshop

from .test_workshop_app import EchoModel
from .test_workshop_flow import _shown, _visible


def _in_ideate(tmp_path):  # type: ignore[no-untyped-def]
    from sofia_nb.ui import WorkshopApp

    consent = WidgetConsent()
    workshop = Workshop.create(
        EchoModel(), store=SessionStore(tmp_path), consent=ConsentBroker(consent, deadline_s=30)
    )
    s = workshop.session
    s.business_context = BusinessContext(description="Kelpie <b>Pharmacies</b>")
    s.workflow = Workflow(activities=[WorkflowActivity(id="s1", name="Refill")])
    s.add_turn(Phase.DISCOVER, "assistant", "Tell me about the company.")
    s.ideas = [Idea(id="idea-1", title="Refill triage")]
    s.add_turn(Phase.IDEATE, "assistant", "Ideas.")
    s.phase = Phase.IDEATE
    return workshop, WorkshopApp(workshop), consent


async def test_going_back_with_a_reason_reopens_and_the_card_says_so(tmp_path) -> None:
    workshop, app, consent = _in_ideate(tmp_path)
    app.phase_choice.value = "discover"
    app.reason.value = "140 pharmacies, not <i>120</i>"
    app.choose_button.click()
    card = await _shown(consent)
    title = card._title.value
    assert "<b>Go back to Discover?</b> It is reopened: its results and conversation stay." in title
    assert "To change: <i>140 pharmacies, not &lt;i&gt;120&lt;/i&gt;</i>." in title  # the reason, escaped
    assert "Ideate keeps what it has and is offered for review on the way forward." in title
    card.go_back_button.click()
    await asyncio.gather(*app.tasks)
    assert workshop.phase == Phase.DISCOVER and workshop.session.ideas  # nothing cleared
    assert (
        workshop.session.reopened is not None
        and workshop.session.reopened.reason == "140 pharmacies, not <i>120</i>"
    )
    assert app.reason.value == ""
    assert app.stepper.as_text().startswith("● Discover → ↻ Ideate → ○ Design")  # kept for review
    # on the way forward, Ideate is offered for review: Keep as is shows, with what changed
    assert (
        _visible(app.keep_button)
        and "Ideate was recorded before Discover was reopened" in app.review_note.value
    )
    app.keep_button.click()
    await asyncio.gather(*app.tasks)
    assert workshop.phase == Phase.IDEATE and [r.state for r in workshop.session.reviews] == ["kept"]
    assert not _visible(app.keep_button) and "kept Ideate as it is" in app.status.value
    assert app.stepper.as_text().startswith("✓ Discover → ● Ideate → ○ Design")


async def test_start_over_is_its_own_choice_and_the_card_says_what_it_clears(tmp_path) -> None:
    workshop, app, consent = _in_ideate(tmp_path)
    app.phase_choice.value = "discover"
    app.start_over.value = True
    app.choose_button.click()
    card = await _shown(consent)
    assert (
        "<b>Start Discover over?</b> This clears the conversation and results of Discover, Ideate."
        in card._title.value
    )
    card.go_back_button.click()
    await asyncio.gather(*app.tasks)
    assert workshop.session.business_context is None and workshop.session.ideas == []
    assert app.start_over.value is False
