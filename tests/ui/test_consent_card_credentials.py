"""The notebook's consent card shows what leaves (issue 45): the tool and its server in the headline,
every argument whole (not behind "details", never cut), a credential refused on a card without
buttons naming the argument and kind, and with ``sendCredentials`` a warning with Send it once /
Deny and no "for this session"."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.consent import ConsentBroker, ConsentRequest
from sofia_nb.session import WorkshopSession
from sofia_nb.ui import WidgetConsent
from sofia_nb.ui._consent_card import ConsentCard, CredentialConfirmation, CredentialRefusal, question

KEY = "sk-cardPlanted0123456789abc"


@pytest.mark.parametrize(
    ("tool", "arguments", "asked"),
    [
        (
            "builtin/web_search",
            {"query": "cold chain"},
            "Search for “cold chain” with web_search of server builtin?",
        ),
        ("tavily/web-search", {"query": "x"}, "Search for “x” with web-search of server tavily?"),
        ("web/fetch", {"url": "https://a.example/"}, "Open https://a.example/ with fetch of server web?"),
        ("context7/read_docs", {"id": 1}, "Use read_docs of server context7?"),
    ],
)
def test_the_question_names_the_tool_and_the_server_that_is_called(
    tool: str, arguments: dict[str, object], asked: str
) -> None:
    assert question(tool, arguments) == asked


def test_every_argument_is_shown_whole_outside_any_details() -> None:
    long = "y" * 6000
    card = ConsentCard(ConsentRequest.for_tool("search/web_search", {"query": "q", "extra": long, "n": 3}))
    title = card._title.value
    assert "<details>" not in title and long in title and "&quot;n&quot;: 3" in title
    assert "overflow:auto" in title  # scrolls, never cut


def test_a_credential_is_refused_on_a_card_with_no_button(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    provider = WidgetConsent(show=lambda card: None)
    session = WorkshopSession()
    broker = ConsentBroker(provider, session=session, deadline_s=30)
    decision = asyncio.run(broker.ask("search/web_search", {"query": "cold chain", "extra": KEY}))
    [card] = provider.cards
    assert isinstance(card, CredentialRefusal) and card.children == (card._title, card._status)
    title = card._title.value
    assert "sofia refused to call web_search of server search" in title
    assert "argument &#x27;extra&#x27; carries the value of $OPENAI_API_KEY" in title
    assert KEY not in title and "[REDACTED]" in title
    assert not decision.allowed and session.consent_decisions[-1].decided_by == "credential check"


async def test_with_send_credentials_the_card_warns_and_offers_once_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    provider = WidgetConsent(show=lambda card: None)
    broker = ConsentBroker(provider, deadline_s=30)
    pending = asyncio.ensure_future(
        broker.ask("search/web_search", {"query": "q", "extra": KEY}, credential_allowed=True)
    )
    for _ in range(100):
        if provider.cards:
            break
        await asyncio.sleep(0.01)
    [card] = provider.cards
    assert isinstance(card, CredentialConfirmation)
    assert [b.description for b in card._buttons.children] == ["Send it once", "Deny"]
    assert "This call sends a credential" in card._title.value and KEY not in card._title.value
    card._buttons.children[0].click()
    decision = await asyncio.wait_for(pending, 5)
    assert (decision.decision, decision.scope) == ("allow", "once")
