"""Consent held by the type a caller holds: the workshop's tools, its enrichment and the Ralph loop's
callers take only the gated host (``ConsentedTools``), and every call they make is asked for with
the arguments it sends — a batch question lists the real calls."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from mypy import api as mypy_api

from sofia_nb.consent import ConsentBroker, ConsentedTools, ScriptedConsent
from sofia_nb.develop._enrich import enrich
from sofia_nb.develop._github import GitHubPublisher
from sofia_nb.mcp import McpConfig, McpManager
from sofia_nb.session import BusinessContext, TestResults, WorkshopSession
from sofia_nb.workshop import EnrichmentConfig, ToolRef
from sofia_nb.workshop._enrich import DiscoveryEnricher
from sofia_nb.workshop._tools import WorkshopTools, web_search_tool
from tests.support.fake_host import FakeCaller

ROOT = Path(__file__).resolve().parents[2]
SEARCH = ToolRef(server="websearch", tool="web_search")
WORKIQ = ToolRef(server="workiq", tool="ask_work_iq")
BUSINESS = "Harrowgate Ferries runs four car ferries across the Solent"


def _host() -> FakeCaller:
    """Search and WorkIQ answering in process, every call recorded."""
    return FakeCaller(
        {("websearch", "web_search"): "- one finding", ("workiq", "ask_work_iq"): "- one finding"}
    )


def test_the_tools_and_the_enrichment_refuse_an_ungated_host() -> None:
    raw = McpManager(McpConfig())
    with pytest.raises(TypeError, match=r"WorkshopTools needs a ConsentedTools .* not a McpManager"):
        WorkshopTools(WorkshopSession(), tools=raw)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="DiscoveryEnricher needs a ConsentedTools"):
        DiscoveryEnricher(raw, EnrichmentConfig())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="web_search_tool needs a ConsentedTools"):
        web_search_tool(raw, SEARCH)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="enrich needs a ConsentedTools"):
        asyncio.run(enrich(raw, None, TestResults()))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GitHubPublisher needs a ConsentedTools"):
        GitHubPublisher(raw, name="poc")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="gated already"):
        ConsentedTools(ConsentedTools(raw, None), None)  # type: ignore[arg-type]


UNGATED = """
from sofia_nb.mcp import McpManager
from sofia_nb.session import WorkshopSession
from sofia_nb.workshop import EnrichmentConfig, ToolRef
from sofia_nb.workshop._enrich import DiscoveryEnricher
from sofia_nb.workshop._tools import WorkshopTools, web_search_tool
raw = McpManager()
WorkshopTools(WorkshopSession(), tools=raw)
DiscoveryEnricher(raw, EnrichmentConfig())
web_search_tool(raw, ToolRef(server="s", tool="t"))
"""


def test_the_type_checker_refuses_an_ungated_host(tmp_path: Path) -> None:
    snippet = tmp_path / "ungated.py"
    snippet.write_text(UNGATED)
    out, _, status = mypy_api.run(
        [
            str(snippet),
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(ROOT / ".mypy_cache"),
            "--no-error-summary",
        ]
    )
    lines = sorted(
        int(line.split(": error: ", 1)[0].rsplit(":", 1)[1]) for line in out.splitlines() if "error" in line
    )
    assert status == 1 and lines == [8, 9, 10], out
    assert out.count('"McpManager"') == 3 and out.count('"ConsentedTools') == 3, out


def test_enrichment_and_workiq_ask_with_the_arguments_they_send() -> None:
    host = _host()
    script = ScriptedConsent(["allow", "allow"])
    session = WorkshopSession(business_context=BusinessContext(description=BUSINESS))
    config = EnrichmentConfig(web_search=SEARCH, workiq=WORKIQ, company="Harrowgate Ferries")
    enricher = DiscoveryEnricher(ConsentedTools(host, ConsentBroker(script, session=session)), config)
    asyncio.run(enricher.enrich(session))

    search, workiq = script.asked
    sent_searches = [args for server, _, args in host.calls if server == "websearch"]
    sent_questions = [args for server, _, args in host.calls if server == "workiq"]
    # one question each, listing exactly the calls that were then sent
    assert search.tool == "websearch/web_search" and search.arguments == {"calls": sent_searches}
    assert len(sent_searches) == 3 and all("Harrowgate Ferries" in a["query"] for a in sent_searches)
    assert workiq.tool == "workiq/ask_work_iq"
    assert sorted(map(str, workiq.arguments["calls"])) == sorted(map(str, sent_questions))
    assert len(sent_questions) == 3 and all(BUSINESS in a["question"] for a in sent_questions)
    assert session.discovery.enrichment is not None
    assert session.discovery.enrichment.sources_used == ["websearch", "workiq"]


def test_a_denied_batch_sends_none_of_its_calls() -> None:
    host = _host()
    session = WorkshopSession(business_context=BusinessContext(description=BUSINESS))
    config = EnrichmentConfig(web_search=SEARCH, workiq=WORKIQ, company="Harrowgate Ferries")
    gated = ConsentedTools(host, ConsentBroker(ScriptedConsent(["deny", "deny"]), session=session))
    asyncio.run(DiscoveryEnricher(gated, config).enrich(session))
    assert host.calls == []
    assert [d.decision for d in session.consent_decisions] == ["deny", "deny"]
