"""Web search on by default: with no ``[workshop]`` setting the enrichment finds a known search tool
among the configured servers (real stdio fakes) and searches, with consent, for the company; with no
search server it says once, visibly, that search is off and which setting turns it on."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from sofia_nb.consent import ConsentBroker, ConsentedTools, PolicyConsent
from sofia_nb.events import EventBus, EventRecorder, WarningIssued
from sofia_nb.mcp import McpConfig, McpManager
from sofia_nb.session import BusinessContext, WorkshopSession
from sofia_nb.workshop import EnrichmentConfig
from sofia_nb.workshop._enrich import DiscoveryEnricher
from tests.support import fake_websearch, fake_workiq
from tests.workshop.test_company import PHRASINGS


def _config(servers: dict[str, object]) -> McpConfig:
    return McpConfig.model_validate({"servers": servers})


def _queries(log: Path) -> list[str]:
    return [json.loads(line)["arguments"]["query"] for line in log.read_text(encoding="utf-8").splitlines()]


def test_brave_search_is_found_and_every_query_names_the_company(tmp_path: Path) -> None:
    log = tmp_path / "brave.jsonl"
    # WorkIQ first in config order: it offers no search tool, so the scan must pass it over.
    config = _config(
        {
            "workiq": fake_workiq.entry(),
            "brave": fake_websearch.entry(call_log=log, tool="brave_web_search"),
        }
    )

    async def run() -> list[WorkshopSession]:
        sessions = []
        async with McpManager(config) as mcp:
            for text, _ in PHRASINGS:
                session = WorkshopSession(business_context=BusinessContext(description=text))
                broker = ConsentBroker(PolicyConsent("allow:brave/*"), session=session)
                await DiscoveryEnricher(ConsentedTools(mcp, broker), EnrichmentConfig()).enrich(session)
                sessions.append(session)
        return sessions

    sessions = asyncio.run(run())
    queries = _queries(log)
    assert len(queries) == 3 * len(PHRASINGS)
    for n, (_, company) in enumerate(PHRASINGS):
        assert all(company in q for q in queries[3 * n : 3 * n + 3]), (company, queries[3 * n : 3 * n + 3])
        asked = [c.tool for c in sessions[n].consent_decisions]
        assert asked[0] == "brave/brave_web_search"


def test_without_a_search_server_one_visible_line_says_search_is_off(tmp_path: Path) -> None:
    bus = EventBus()
    recorder = EventRecorder(bus)

    async def run() -> WorkshopSession:
        session = WorkshopSession(business_context=BusinessContext(description="We are Contoso."))
        async with McpManager(_config({"workiq": fake_workiq.entry()})) as mcp:
            broker = ConsentBroker(PolicyConsent("deny"), session=session)
            await DiscoveryEnricher(ConsentedTools(mcp, broker), EnrichmentConfig(), bus=bus).enrich(session)
        return session

    session = asyncio.run(run())
    off = [w.message for w in recorder.of_type(WarningIssued) if "Web search is off" in w.message]
    assert len(off) == 1
    assert "brave_web_search" in off[0] and '[workshop] web_search = "server/tool"' in off[0]
    assert not any(c.tool.endswith("search") for c in session.consent_decisions)
