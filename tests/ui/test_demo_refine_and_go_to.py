"""The notebook app in the demo: Refine (the message box says what to change) and Go to phase on
the current phase get replies that fit, never the same twice in a row; an early Continue brings
no extraction warning; a note is shown as plain text (markup, HTML and escape sequences literal)."""

from __future__ import annotations

import asyncio
from itertools import pairwise

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.events import WarningIssued
from sofia_nb.session import Phase
from sofia_nb.ui import ContinueConfirmation, NotebookWorkshop, WorkshopApp
from sofia_nb.ui._conversation import ConversationView
from tests.support.demo import open_demo

WORDS = "the night desk is two people, not three"


def _notices(shown: WorkshopApp | ConversationView) -> list[str]:
    chat = shown.chat if isinstance(shown, WorkshopApp) else shown
    return [b.text for entry in chat.entries for b in entry if b.kind == "html"]


async def _click(app: WorkshopApp, button: object) -> None:
    count = len(app.tasks)
    button.click()  # type: ignore[attr-defined]
    assert len(app.tasks) == count + 1, app.status.value
    await app.tasks[-1]


def _replies(app: WorkshopApp) -> list[str]:
    return [content for role, content in app.transcript if role == "assistant"]


async def test_refine_and_go_to_phase_clicked_three_times_each() -> None:
    run = await open_demo(interactive=True)
    app = run.app
    try:
        await run.start()
        for _ in range(2):  # the offered lines: the business, the focus area
            await app.send()
        before = len(_replies(app))
        app.message.value = WORDS
        await _click(app, app.refine_button)
        assert f"Refine Discover: “{WORDS}”" in " ".join(_notices(app))  # the words, before the answer
        offered = app.message.value  # the words were taken; the box offers the next scripted line
        assert offered and offered != WORDS
        app.message.value = WORDS
        await _click(app, app.refine_button)
        await _click(app, app.refine_button)  # with the offered line in the box: no words given
        assert app.message.value == offered  # an offered scripted line is not a request: it stays
        app.phase_choice.value = Phase.DISCOVER.value
        for _ in range(3):
            await _click(app, app.choose_button)
        said = _replies(app)[before:]
        refined, went = said[:3], said[3:]
        assert f"refine Discover, saying: “{WORDS}”" in refined[0]
        assert f"Refining Discover, saying: “{WORDS}”" in refined[1]
        assert "refine Discover, without saying what to change" in refined[2]
        assert len(went) == 3
        for reply in went:
            assert "**Discover**" in reply and "business context, topic" in reply and "workflow" in reply
        assert all(a != b for a, b in pairwise(said)), said
        again = ConversationView(run.workshop)  # a reopened notebook: the same lines, from the session
        assert [n for n in _notices(again) if "Refine Discover" in n] == [
            n for n in _notices(app) if "Refine Discover" in n
        ]
        assert len([n for n in _notices(again) if "Refine Discover" in n]) == 3
        again.close()
        app.continue_button.click()  # the workflow still missing: the extraction runs, then it asks
        for _ in range(1000):
            if app.chat.cards.children:
                break
            await asyncio.sleep(0.01)
        (card,) = app.chat.cards.children
        assert isinstance(card, ContinueConfirmation) and run.workshop.phase == Phase.DISCOVER
        card.continue_button.click()
        await app.tasks[-1]
        assert run.workshop.phase == Phase.IDEATE
        assert not [n for n in _notices(app) if "extraction" in n or "nothing valid" in n]
    finally:
        await run.aclose()


async def test_a_note_is_plain_text_in_the_conversation() -> None:
    run = await NotebookWorkshop.open(interactive=True)
    try:
        note = "[bold red]x[/] config.toml [workshop] and/or <b>bold</b> \x1b[31mred\x1b[0m"
        run.workshop.bus.emit(WarningIssued(message=note, source="workshop"))
        (shown,) = [n for n in _notices(run.app) if "workshop" in n]
        assert "[bold red]x[/] config.toml [workshop] and/or &lt;b&gt;bold&lt;/b&gt; [31mred[0m" in shown
        assert "\x1b" not in shown
    finally:
        await run.aclose()
