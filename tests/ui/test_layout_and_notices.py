"""Layout and notices: no label cut off, notices at the notebook's font size, errors without paths."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.consent import ConsentBroker, ConsentRequest
from sofia_nb.session import SessionStore
from sofia_nb.ui import ConsentCard, WidgetConsent, WorkshopApp
from sofia_nb.ui._notices import notice_text, without_paths
from sofia_nb.workshop import Workshop

from .test_workshop_app import EchoModel


class BrokenScriptModel(EchoModel):
    async def complete(self, messages, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError(
            "script exhausted: /home/me/.venv/lib/sofia_nb/workshop/demo/script.yaml has no unused reply"
        )


def test_every_button_sizes_to_its_label() -> None:
    card = ConsentCard(ConsentRequest(tool="demo-search/web_search"))
    assert all(b.layout.width == "auto" for b in card._buttons.children)
    assert card._buttons.layout.flex_flow == "row wrap"  # a narrow notebook wraps, never cuts


async def test_log_and_meter_keep_their_width_and_the_status_is_not_small(tmp_path) -> None:
    app = WorkshopApp(Workshop.create(EchoModel(), store=SessionStore(tmp_path)))
    assert app.meter.layout.flex == "0 0 380px" and app.tool_log.layout.min_width == "0"
    assert all(b.layout.width == "auto" for b in app._buttons)
    app.send_button.click()  # nothing typed
    assert "type a message first" in app.status.value and "<small>" not in app.status.value


async def test_an_error_is_a_readable_notice_without_a_path_or_traceback(tmp_path) -> None:
    app = WorkshopApp(Workshop.create(BrokenScriptModel(), store=SessionStore(tmp_path)))
    await asyncio.gather(app.start(), return_exceptions=True)
    # the failure is a notice in the conversation
    shown = " ".join(b.text for entry in app.chat.entries for b in entry if b.kind == "html")
    assert "script.yaml has no unused reply" in shown and "try again" in shown
    assert "/home/me" not in shown and "Traceback" not in shown and "<small>" not in app.status.value
    assert not app.start_button.disabled  # the app is usable again


def test_a_notice_keeps_a_file_name_and_drops_where_it_lives() -> None:
    text = notice_text(OSError("cannot read C:\\Users\\me\\inputs.yaml or /tmp/x/y/inputs.yaml"))
    assert "inputs.yaml" in text and "Users" not in text and "/tmp" not in text


@pytest.mark.parametrize(
    "text", ["[bold red]x[/]", "and/or", "a 3/4 share", "see http://example.com/a/b", "[workshop] web_search"]
)
def test_a_notice_keeps_slashes_that_are_not_paths(text: str) -> None:
    assert without_paths(text) == text


async def test_an_answered_consent_card_collapses_to_one_line() -> None:
    provider = WidgetConsent(show=lambda card: None)
    broker = ConsentBroker(provider, deadline_s=30)
    pending = asyncio.ensure_future(broker.ask("demo-search/web_search", {"query": "Valdora"}))
    for _ in range(200):
        if provider.cards:
            break
        await asyncio.sleep(0.01)
    card = provider.cards[-1]
    card.session_button.click()
    await asyncio.wait_for(pending, 5)
    assert card.children == (card._status,)
    assert "✓ demo-search/web_search: allow for this session (widget: clicked in the notebook)" in (
        card._status.value
    )


def test_a_window_whose_workshop_was_taken_over_is_told_who_has_it_not_to_try_again(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from sofia_nb.session import Holder, HoldLostError

    now = datetime(2026, 12, 7, 7, 5, tzinfo=UTC)
    taker = Holder(token="t", face="voila", pid=4242, host="lab-pc", started_at=now, heartbeat_at=now)
    said = notice_text(HoldLostError("20261207-070500-abcd", taker, tmp_path / ".aside" / "x.json"))
    assert "taken over by the Voilà app in process 4242 on lab-pc" in said
    assert "kept in the sessions folder, under .aside/" in said and str(tmp_path) not in said
    assert "try again" not in said
