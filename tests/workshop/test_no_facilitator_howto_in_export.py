"""The export holds no instruction meant for the facilitator: without a search server the
session's research note says what happened, and the how-to (".vscode/mcp.json") reaches only the
facilitator's screen; a version-5 session that holds the how-to loses it on migration."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from sofia_nb.consent import ConsentBroker, ConsentedTools, PolicyConsent
from sofia_nb.events import EventBus, EventRecorder, WarningIssued
from sofia_nb.mcp import McpConfig, McpManager
from sofia_nb.session import BusinessContext, SessionStore, WorkshopSession, export_session
from sofia_nb.workshop import EnrichmentConfig
from sofia_nb.workshop._enrich import SEARCH_NOT_CONFIGURED, DiscoveryEnricher

HOWTO = ".vscode/mcp.json"


def test_without_a_search_server_the_export_says_what_happened_and_the_howto_is_the_facilitators(
    tmp_path: Path,
) -> None:
    bus = EventBus()
    seen = EventRecorder(bus)

    async def run() -> WorkshopSession:
        session = WorkshopSession(business_context=BusinessContext(description="We are Contoso."))
        async with McpManager(McpConfig(servers={})) as mcp:
            broker = ConsentBroker(PolicyConsent("deny"), session=session)
            await DiscoveryEnricher(ConsentedTools(mcp, broker), EnrichmentConfig(), bus=bus).enrich(session)
        return session

    session = asyncio.run(run())
    assert any(HOWTO in w.message for w in seen.of_type(WarningIssued))  # on the facilitator's screen
    assert session.discovery.enrichment is not None
    assert SEARCH_NOT_CONFIGURED in session.discovery.enrichment.notes
    export_session(session, tmp_path / "out")
    for name in ("discover.md", "report.html", "summary.json"):
        assert HOWTO not in (tmp_path / "out" / name).read_text(encoding="utf-8"), name


def test_a_version_5_note_loses_the_facilitators_howto(tmp_path: Path) -> None:
    old = (
        "Web search: not configured; continuing without it. Web search is off: no configured MCP "
        'server offers web_search; add one to .vscode/mcp.json or set [workshop] web_search = "server/tool".'
    )
    data = WorkshopSession().model_dump(mode="json")
    data["schema_version"] = 5
    data["discovery"]["enrichment"] = {"notes": [old, "WorkIQ: not configured; continuing without it."]}
    data["poc"] = {"repo_path": "poc", "final_status": "success"}
    (tmp_path / f"{data['id']}.json").write_text(json.dumps(data), encoding="utf-8")
    session = SessionStore(tmp_path).load(data["id"])
    assert session.discovery.enrichment is not None
    assert session.discovery.enrichment.notes == [
        SEARCH_NOT_CONFIGURED,
        "WorkIQ: not configured; continuing without it.",
    ]
    assert session.poc is not None and session.poc.criteria == []
