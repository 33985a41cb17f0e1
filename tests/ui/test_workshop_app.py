"""WorkshopApp without a browser: clicks start tasks on the running loop, replies stream into the chat."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.consent import ConsentBroker
from sofia_nb.llm import LLMResponse, LLMUsage, Message
from sofia_nb.session import Phase, SessionStore
from sofia_nb.ui import WidgetConsent, WorkshopApp
from sofia_nb.workshop import Workshop


class EchoModel:
    """Answers every request with a fixed reply, streamed in two pieces."""

    model_name = "test:echo"
    context_window = 8000

    def __init__(self) -> None:
        self.requests: list[list[Message]] = []

    async def complete(self, messages, *, tools=None, purpose="chat", on_text=None):  # type: ignore[no-untyped-def]
        self.requests.append(messages)
        reply = f"reply {len(self.requests)}"
        if on_text:
            await on_text(reply[:3])
            await on_text(reply[3:])
        return LLMResponse(
            text=reply, usage=LLMUsage(input_tokens=10, output_tokens=2), model=self.model_name
        )

    async def aclose(self) -> None:
        pass


async def _settle(app: WorkshopApp) -> None:
    await asyncio.gather(*app.tasks)


async def test_start_and_send_stream_into_the_chat_without_blocking(tmp_path) -> None:
    model = EchoModel()
    workshop = Workshop.create(model, store=SessionStore(tmp_path))
    app = WorkshopApp(workshop)
    task = app.start()
    assert all(b.disabled for b in app._buttons)  # busy while the task runs, yet the call returned
    await task
    assert not any(b.disabled for b in app._buttons)
    assert app.transcript == [("assistant", "reply 1")]
    app.message.value = "We deliver groceries to 40 towns."
    app.send_button.click()
    await _settle(app)
    assert app.transcript[-2:] == [("user", "We deliver groceries to 40 towns."), ("assistant", "reply 2")]
    assert app.chat.streaming.value == ""
    assert len(app.chat.transcript) == 3
    assert "● Discover" in app.as_text()


async def test_choosing_an_earlier_phase_asks_for_confirmation_on_a_card(tmp_path) -> None:
    model = EchoModel()
    consent = WidgetConsent()
    workshop = Workshop.create(
        model, store=SessionStore(tmp_path), consent=ConsentBroker(consent, deadline_s=30)
    )
    workshop.session.phase = Phase.IDEATE
    app = WorkshopApp(workshop)
    consent.show = app.show_card
    app.phase_choice.value = "discover"
    app.choose_button.click()
    for _ in range(100):
        if app.consent_area.children:
            break
        await asyncio.sleep(0.01)
    card = app.consent_area.children[0]
    card.allow_button.click()
    await _settle(app)
    assert workshop.phase == Phase.DISCOVER
    assert app.stepper.as_text().startswith("● Discover")
    assert workshop.session.consent_decisions[-1].decision == "allow"


async def test_pause_saves_a_resumable_session(tmp_path) -> None:
    store = SessionStore(tmp_path)
    workshop = Workshop.create(EchoModel(), store=store)
    app = WorkshopApp(workshop)
    app.pause_button.click()
    await _settle(app)
    assert store.load(workshop.session.id).status.value == "paused"
    assert "paused" in app.status.value


async def test_sofia_cell_magic_sends_to_the_current_app(tmp_path) -> None:
    from IPython.core.interactiveshell import InteractiveShell

    from sofia_nb import load_ipython_extension
    from sofia_nb.ui import current, send_cell

    workshop = Workshop.create(EchoModel(), store=SessionStore(tmp_path))
    app = WorkshopApp(workshop)
    assert current() is not app  # building an app changes nothing outside it
    app._ipython_display_()  # shown: the cells now talk to it
    assert current() is app
    ip = InteractiveShell.instance()
    load_ipython_extension(ip)
    assert "sofia" in ip.magics_manager.magics["cell"]
    task = send_cell("  Our drivers wait an hour at the depot.  ")
    await task
    assert app.transcript[-2] == ("user", "Our drivers wait an hour at the depot.")
    with pytest.raises(ValueError, match="needs the message"):
        send_cell("   ")
