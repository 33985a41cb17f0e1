"""A patch's card shows what it changed, as the terminal's panel does (``block_view``), not the
whole record again: a reply that adds one constraint to the business context shows that
constraint, not the company's description and challenges again — live, and when the conversation
is drawn again from the session (a reopened app, the watch)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.session import Phase, SessionStore, WorkshopSession
from sofia_nb.ui import WorkshopApp
from sofia_nb.ui._conversation import message_blocks
from sofia_nb.ui._record_cards import RecordsRead
from sofia_nb.ui._session_watch import watch_html
from sofia_nb.workshop import Workshop

from .test_conversation_view import ScriptedEcho, _demo_replies, _shown

COMPANY = "620 people"  # in the business context the first reply records
FOCUS = "no new hardware in the vans"  # the constraint the second reply adds
PATCH = f"""One more constraint noted.

```json
{{"business_context": {{"constraints": ["refrigerated fleet and cold-chain rules", "{FOCUS}"]}}}}
```
"""


def _cards(page: str) -> str:
    """The page without the folded raw JSON of each record ("details")."""
    return re.sub(r'<details class="sofia-nb-details">.*?</details>', "", page, flags=re.S)


def _replies() -> tuple[str, str]:
    return _demo_replies()[1], PATCH


def test_the_second_reply_s_card_shows_the_new_constraint_not_the_business_context_again() -> None:
    context_reply, topic_reply = _replies()
    before = RecordsRead(WorkshopSession(phase=Phase.DISCOVER))
    first = _shown(message_blocks("assistant", context_reply, before))
    assert COMPANY in first  # the first card: what it recorded
    second = _shown(message_blocks("assistant", topic_reply, before))  # read against the first's record
    assert FOCUS in second
    assert COMPANY not in second and "3.1% of fresh purchases" not in second


async def test_live_and_redrawn_cards_show_what_each_reply_changed(tmp_path) -> None:
    context_reply, topic_reply = _replies()
    store = SessionStore(tmp_path)
    workshop = Workshop.create(ScriptedEcho(context_reply), store=store)
    app = WorkshopApp(workshop)
    await app.start()  # the business context
    workshop.llm.reply = topic_reply  # type: ignore[attr-defined]
    app.message.value = "We cannot add hardware to the vans."
    await app.send()
    live = _cards(app.chat.html())
    assert live.count(COMPANY) == 1 and FOCUS in live  # once, in the first card only
    reopened = WorkshopApp(Workshop.load(workshop.session.id, ScriptedEcho(""), store=store))
    redrawn = _cards(reopened.chat.html())
    assert redrawn.count(COMPANY) == 1 and FOCUS in redrawn
    assert _cards(watch_html(workshop.session)).count(COMPANY) == 1
    for each in (app, reopened):
        each.close()
