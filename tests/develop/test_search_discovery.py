"""The stuck escalation's web search without a setting: the loop finds Brave's ``brave_web_search`` on
a configured server (a real stdio fake) and asks consent for that tool; ``[develop] web_search``
overrides; with no search server the failure note says how to turn it on."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from sofia_nb.consent import ConsentBroker, ConsentedTools, PolicyConsent
from sofia_nb.develop import DevelopSettings
from sofia_nb.develop._enrich import Enrichment, EnrichmentServers, enrich
from sofia_nb.mcp import McpManager, parse_config
from sofia_nb.session import TestFailure, TestResults, WorkshopSession
from tests.support import fake_websearch, fake_workiq

FAILING = TestResults(failed=1, failures=[TestFailure(test_id="test_add", message="assert 3 == 4")])


def _enrich(
    servers: dict[str, object], names: EnrichmentServers | None = None
) -> tuple[Enrichment, list[str]]:
    session = WorkshopSession()
    broker = ConsentBroker(PolicyConsent("allow-all"), session=session)

    async def go() -> Enrichment:
        async with McpManager(parse_config(json.dumps({"servers": servers}))) as mcp:
            return await enrich(ConsentedTools(mcp, broker), None, FAILING, names)

    return asyncio.run(go()), [d.tool for d in session.consent_decisions]


def test_brave_search_is_found_among_the_servers_and_asked_for(tmp_path: Path) -> None:
    log = tmp_path / "brave.jsonl"
    found, asked = _enrich(
        {"workiq": fake_workiq.entry(), "brave": fake_websearch.entry(call_log=log, tool="brave_web_search")}
    )
    assert found.sources == ["brave/brave_web_search"] and asked == ["brave/brave_web_search"]
    assert "test_add" in json.loads(log.read_text().splitlines()[0])["arguments"]["query"]


def test_the_develop_setting_names_the_tool() -> None:
    settings = DevelopSettings.model_validate({"web_search": "mine/tavily-search"})
    assert settings.enrichment.web_search == "mine/tavily-search"


def test_without_a_search_server_the_note_says_how_to_turn_it_on() -> None:
    found, asked = _enrich({"workiq": fake_workiq.entry()})
    assert asked == []
    assert any("Web search is off" in f and "[develop] web_search" in f for f in found.failures)
