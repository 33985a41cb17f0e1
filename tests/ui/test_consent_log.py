"""The app keeps the session's consent decisions in view, beside the tool calls: live from the
broker's events and restored from the session, so a saved notebook's app view (which hides the
record under it) still shows every decision. Names from a server or a policy stay inert."""

import asyncio

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.consent import ConsentBroker, ScriptedConsent
from sofia_nb.events import EventBus
from sofia_nb.session import WorkshopSession
from sofia_nb.ui._consent_log import ConsentLog

HOSTILE = 'evil/<img src=x onerror="alert(1)">'


def test_a_decision_is_listed_when_it_is_made_and_again_when_the_session_is_resumed() -> None:
    bus, session = EventBus(), WorkshopSession()
    log = ConsentLog(bus)
    assert log.layout.display == "none"  # no heading over nothing
    broker = ConsentBroker(ScriptedConsent(["allow", "deny"]), bus=bus, session=session)
    asyncio.run(broker.ask("workshop/go-back"))
    asyncio.run(broker.ask(HOSTILE))
    expected = [
        "✓ workshop/go-back allowed once (scripted)",
        f"✗ {HOSTILE} denied once (scripted)",
    ]
    assert log.lines == expected
    assert log.layout.display == ""
    assert "<img" not in log._body.value and "&lt;img src=x" in log._body.value

    resumed = ConsentLog(EventBus())
    resumed.restore(session.consent_decisions)
    assert resumed.as_text() == "\n".join(expected)
