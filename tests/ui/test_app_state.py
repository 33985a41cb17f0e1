"""A state the facilitator can read: "sofia is thinking…" from Send to the first word, notices
that go with the state they describe, the consent card in the conversation in words (Pause still
works while it waits), and after going back the screen holds what the record holds."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.consent import ConsentBroker
from sofia_nb.llm import LLMResponse, LLMUsage
from sofia_nb.session import Phase, SessionStore
from sofia_nb.ui import WidgetConsent, WorkshopApp
from sofia_nb.ui._conversation import THINKING
from sofia_nb.workshop import Workshop


class HeldModel:
    """Streams its reply only once ``release`` is set: the time between Send and the first word."""

    model_name = "test:held"
    context_window = 8000

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.count = 0

    async def complete(self, messages, *, tools=None, purpose="chat", on_text=None):  # type: ignore[no-untyped-def]
        self.count += 1
        await self.release.wait()
        reply = f"Reply {self.count} about the night desk."
        if on_text:
            await on_text(reply)
        return LLMResponse(
            text=reply, usage=LLMUsage(input_tokens=10, output_tokens=5), model=self.model_name
        )

    async def aclose(self) -> None:
        pass


async def _until(check, what: str) -> None:  # type: ignore[no-untyped-def]
    for _ in range(200):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(what)


async def test_sofia_is_thinking_from_send_to_the_first_word(tmp_path) -> None:
    model = HeldModel()
    app = WorkshopApp(Workshop.create(model, store=SessionStore(tmp_path)))
    task = app.start()
    await _until(lambda: THINKING in app.chat.streaming.value, "no thinking indicator before the first word")
    model.release.set()
    await _until(lambda: "Reply 1" in app.chat.streaming.value or task.done(), "the reply never streamed")
    assert THINKING not in app.chat.streaming.value  # the words replaced it
    await task
    assert app.chat.streaming.value == ""  # the step is over: nothing says sofia is working


async def test_a_refused_click_notice_goes_when_the_buttons_are_back_and_resumed_with_the_next_step(
    tmp_path,
) -> None:
    model = HeldModel()
    app = WorkshopApp(Workshop.create(model, store=SessionStore(tmp_path)))
    task = app.start()
    app._clicked(app.refine_button, lambda: None)  # a click that arrives while the step runs
    assert "Refine was not started" in app.status.value
    model.release.set()
    await task
    await asyncio.sleep(0)
    assert app.status.value == ""  # "click Refine again when the buttons are back": they are back
    app._resume()
    assert "resumed" in app.status.value
    app.message.value = "We take returns by phone."
    await app.send()  # type: ignore[misc]
    assert "resumed" not in app.status.value  # it described the state before this step


async def test_a_double_click_on_start_opens_the_phase_once_and_the_second_click_says_so(tmp_path) -> None:
    """The race seen in the browser: the second click of a double click is refused while the step
    runs, and the step then hides Start; the refusal must not vanish with it, and a click that
    arrives once Start is gone must not open the phase a second time."""
    model = HeldModel()
    app = WorkshopApp(Workshop.create(model, store=SessionStore(tmp_path)))
    app.start_button.click()
    app.start_button.click()  # the second click, while the first one's step runs
    assert "Start was not started" in app.status.value
    model.release.set()
    await app.tasks[-1]
    await asyncio.sleep(0)
    assert app.start_button.layout.display == "none"  # the phase is open: Start is not offered
    assert "Start was not started again" in app.status.value
    app.start_button.click()  # a click the browser sent before Start was hidden, arriving late
    await asyncio.sleep(0)
    assert model.count == 1, "a late click on Start opened the phase a second time"
    assert len(app.tasks) == 1 and "Start was not started again" in app.status.value


async def test_a_click_between_a_step_s_end_and_the_app_hearing_of_it_is_refused(tmp_path) -> None:
    """The window the browser race fell into: the step's task is done, its done callback (which
    redraws the state and hides Start) has not run yet; a click arriving there must not start the
    step again (with the demo's quick replies the second click of a double click lands there)."""
    model = HeldModel()
    model.release.set()
    workshop = Workshop.create(model, store=SessionStore(tmp_path))
    app = WorkshopApp(workshop)

    async def step() -> None:
        await workshop.start_phase()
        asyncio.get_running_loop().call_soon(app.start_button.click)  # runs before the done callback

    await app.run(step())
    await asyncio.sleep(0.01)
    assert model.count == 1, "the click in the window opened the phase a second time"
    assert "Start was not started again" in app.status.value


async def test_the_consent_card_waits_in_the_conversation_in_words_and_pause_still_works(tmp_path) -> None:
    provider = WidgetConsent()
    workshop = Workshop.create(
        HeldModel(), store=SessionStore(tmp_path), consent=ConsentBroker(provider, deadline_s=30)
    )
    app = WorkshopApp(workshop)
    provider.show = app.show_card
    assert workshop.consent is not None
    asking = app.run(workshop.consent.ask("builtin/web_search", {"query": "cold chain <b>rules</b>"}))
    await _until(lambda: provider.cards, "no card")
    [card] = provider.cards
    assert app.chat.cards.children == (card,)
    assert (
        app.children.index(app.chat.cards) == app.children.index(app.chat) + 1
    )  # right under the conversation
    title = card._title.value
    asked = "sofia asks: Search for “cold chain &lt;b&gt;rules&lt;/b&gt;” with web_search of server builtin?"
    assert asked in title
    assert "sofia_nb" not in title and title.index("sofia-consent-arguments") > title.index("Search for")
    assert not app.pause_button.disabled and app.send_button.disabled  # reading and Pause stay possible
    app.pause_button.click()
    decision = await asyncio.wait_for(asking, 5)
    await asyncio.gather(*app.tasks)
    assert decision.decision == "deny" and "paused" in decision.reason
    assert workshop.session.status.value == "paused"
    assert app.chat.cards.children == ()
    assert any("not allowed: Search for “cold chain" in e[0].text for e in app.chat.entries)


async def test_after_going_back_the_screen_holds_what_the_record_holds(tmp_path) -> None:
    model = HeldModel()
    model.release.set()
    workshop = Workshop.create(model, store=SessionStore(tmp_path))
    app = WorkshopApp(workshop)
    await app.start()
    before = len(app.transcript)
    await app.run(workshop.advance(confirmed=True))  # an empty Discover, left on purpose
    ideate = [content for _, content in app.transcript[before:]]
    assert ideate and workshop.phase == Phase.IDEATE  # Ideate's opening is on screen
    await app.run(workshop.go_back(Phase.DISCOVER, confirmed=True))
    kept = {t.content for t in workshop.session.turns}
    assert all(content in kept for _, content in app.transcript), "a message on screen is not in the record"
    assert not any(content in app.chat.as_text() for content in ideate if content not in kept)


async def test_after_starting_the_current_phase_over_no_cleared_message_is_on_screen(tmp_path) -> None:
    model = HeldModel()
    model.release.set()
    workshop = Workshop.create(model, store=SessionStore(tmp_path))
    app = WorkshopApp(workshop)
    await app.start()
    app.message.value = "Returns come by phone on the night desk."
    await app.send()  # type: ignore[misc]
    said = [content for _, content in app.transcript]
    assert any("night desk" in content for content in said)
    await app.run(workshop.go_back(Phase.DISCOVER, start_over=True, confirmed=True))
    assert workshop.phase == Phase.DISCOVER and not workshop.session.turns_of(Phase.DISCOVER)
    assert app.transcript == [], f"cleared, yet on screen: {app.transcript}"
    assert not any(content in app.chat.as_text() for content in said)
