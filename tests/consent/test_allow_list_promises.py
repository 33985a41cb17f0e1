"""Promise: an allow-list allows exactly what it names (docs/consent.md). ``server/tool`` covers that
one tool, not every tool whose name starts with it; ``server/*`` covers that server's tools, not a
server whose name starts with it. A look-alike name is denied and never called."""

from __future__ import annotations

import pytest

from sofia_nb.consent import ConsentBroker, ConsentPolicy, PolicyConsent
from sofia_nb.session import Phase, WorkshopSession

from ..workshop.test_tool_consent_promises import _run, _tool_messages


@pytest.mark.parametrize(
    ("entry", "tool", "allowed"),
    [
        ("search/web", "search/web", True),
        ("search/web", "search/web_search", False),  # a longer name that starts with the entry
        ("search/web", "search/web/admin", False),
        ("search/web", "search/we", False),
        ("search/web", "search/Web", False),
        ("search/web", "Search/web", False),
        ("search/web", "search-evil/web", False),
        ("search/web", "xsearch/web", False),
        ("search/*", "search/anything", True),
        ("search/*", "search/", True),
        ("search/*", "searchx/web", False),  # a server whose name starts with the entry's
        ("search/*", "search-evil/web", False),
        ("search/*", "other/search/web", False),
        ("search/get_*", "search/get_page", True),
        ("search/get_*", "search/delete_page", False),
        ("files/read?", "files/read?", True),  # only * is a wildcard: ? and [] are characters
        ("files/read?", "files/reads", False),
        ("files/[rw]rite", "files/write", False),
        ("files/[rw]rite", "files/[rw]rite", True),
    ],
)
def test_an_allow_list_entry_covers_exactly_the_names_it_says(entry: str, tool: str, allowed: bool) -> None:
    assert ConsentPolicy.parse(f"allow:{entry}").allows(tool) is allowed
    assert ConsentPolicy.from_parameters("allow-listed", [entry]).allows(tool) is allowed


def test_a_look_alike_tool_is_denied_and_never_called() -> None:
    """``calc/doub`` on the list must not let the model call ``calc/double``."""
    session = WorkshopSession(phase=Phase.IDEATE)
    broker = ConsentBroker(PolicyConsent("allow:calc/doub"), session=session)
    call = {"name": "calc__double", "arguments": {"n": 21}}
    host, llm = _run([{"text": "", "tool_calls": [call]}, "done"], broker, session)
    assert host.calls == []
    assert _tool_messages(llm)[0].startswith("denied: calc/double was not allowed")
    assert [d.decision for d in session.consent_decisions] == ["deny"]
