"""While a question waits for the facilitator's click (the go-back confirmation, a consent card),
the conversation says so — "waiting for the facilitator" — and does not pulse "sofia is
thinking…": the step is the person's, not the model's. Once answered, the model's turn shows again."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.session import Phase
from sofia_nb.ui._conversation import THINKING, WAITING

from .test_go_back_reopens_ui import _in_ideate
from .test_workshop_flow import _shown


async def test_the_go_back_confirmation_waits_for_the_facilitator_not_the_model(tmp_path) -> None:
    workshop, app, consent = _in_ideate(tmp_path)
    consent.show = app.show_card  # as NotebookWorkshop wires it: the card in the app
    app.phase_choice.value = "discover"
    app.choose_button.click()
    card = await _shown(consent)
    await asyncio.sleep(0)
    shown = app.chat.streaming.value
    assert WAITING in shown and THINKING not in shown
    assert "sofia-nb-thinking" not in shown  # nothing pulses while the person decides
    card.go_back_button.click()
    await asyncio.gather(*app.tasks)
    assert workshop.phase == Phase.DISCOVER
    assert WAITING not in app.chat.streaming.value and THINKING not in app.chat.streaming.value
