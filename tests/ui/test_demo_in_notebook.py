"""The demo a person can drive in the notebook: the next scripted line is offered, own words get an
in-character answer and a note on connecting a real model, and the script keeps its place."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from tests.support.demo import open_demo

FIRST = "Valdora Fresh Distribution is a regional food-service distributor in Calder Bay"
OWN = "We also sell ice cream to schools in the summer."
NOTE = "so it cannot talk about your own words"


def _notices(app: object) -> list[str]:
    return [b.text for entry in app.chat.entries for b in entry if b.kind == "html"]  # type: ignore[attr-defined]


async def test_the_demo_offers_its_next_line_and_answers_own_words_in_character() -> None:
    run = await open_demo(interactive=True)
    app = run.app
    try:
        assert app.message.value == ""  # nothing to send before the phase opens
        await run.start()
        assert app.message.value.startswith(FIRST)
        app.message.value = OWN
        await app.send()
        shown = app.chat.as_text()
        assert OWN in shown and "follows a script" in shown  # the scripted model's in-character answer
        assert [n for n in _notices(app) if NOTE in n and "llm=&quot;openai:MODEL&quot;" in n]
        assert app.message.value.startswith(FIRST)  # the script's place did not move
        await app.send()  # the offered line
        assert run.session.business_context is not None
        assert len([n for n in _notices(app) if NOTE in n]) == 1  # a scripted line gets no note
        assert [t.content for t in run.session.turns_of(run.workshop.phase) if t.role == "user"][1] == OWN
    finally:
        await run.aclose()
