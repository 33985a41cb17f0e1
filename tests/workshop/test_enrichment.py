"""Discovery enrichment and the whole scripted workshop against real MCP subprocesses (the fakes
for web search and WorkIQ), with calls counted on the server side."""

import asyncio
from pathlib import Path
from typing import Any

import pytest

from sofia_nb.consent import ConsentBroker, ConsentedTools, PolicyConsent
from sofia_nb.llm import ScriptedLLM
from sofia_nb.mcp import McpConfig, McpManager
from sofia_nb.session import BusinessContext, Phase, WorkshopSession
from sofia_nb.workshop import EnrichmentConfig, ToolRef, WorkshopInputs, build_workshop, run_inputs
from sofia_nb.workshop._enrich import DiscoveryEnricher
from sofia_nb.workshop.demo import demo_inputs, demo_script
from sofia_nb.workshop.demo_servers import count_calls
from tests.support import fake_websearch, fake_workiq

SEARCH = ToolRef(server="websearch", tool="web_search")
WORKIQ = ToolRef(server="workiq", tool="ask_work_iq")
ENRICHMENT = EnrichmentConfig(web_search=SEARCH, workiq=WORKIQ, company="Valdora Fresh")


def _config(tmp_path: Path, search_mode: str = "ok", workiq_mode: str = "ok") -> McpConfig:
    return McpConfig.model_validate(
        {
            "servers": {
                "websearch": fake_websearch.entry(search_mode, tmp_path / "search.jsonl"),  # type: ignore[arg-type]
                "workiq": fake_workiq.entry(workiq_mode, tmp_path / "workiq.jsonl"),  # type: ignore[arg-type]
            }
        }
    )


def _run_demo(tmp_path: Path, policy: str) -> WorkshopSession:
    async def run() -> WorkshopSession:
        async with McpManager(_config(tmp_path)) as mcp:
            workshop = build_workshop(
                ScriptedLLM.from_file(demo_script()),
                consent=PolicyConsent(policy),
                host=mcp,
                enrichment=ENRICHMENT,
            )
            # the demo script's model calls builtin__web_search, which forwards to the configured backend
            await run_inputs(workshop, WorkshopInputs.from_file(demo_inputs()))
            return workshop.session

    return asyncio.run(run())


def _assert_every_field_filled(s: WorkshopSession) -> None:
    assert s.phase == Phase.DEVELOP and s.name
    assert s.business_context and s.topic and s.workflow and s.workflow.activities
    assert s.cards and s.cards.selected and len(s.ideas) == 3
    assert s.evaluation and s.evaluation.scale == "1-5" and len(s.evaluation.ideas) == 3
    assert all(e.bxt and e.kpis and e.risks and e.data_needed and e.human_value for e in s.evaluation.ideas)
    assert (
        s.selection and s.selection.confirmed_by_user and s.selection.confirmed_at and s.selection.rationale
    )
    assert (
        s.plan and s.plan.milestones and "flowchart LR" in s.plan.architecture_diagram and s.plan.dependencies
    )


def test_with_consent_deny_the_servers_receive_no_call_and_the_workshop_completes(tmp_path: Path) -> None:
    session = _run_demo(tmp_path, "deny")
    assert count_calls(tmp_path / "search.jsonl") == 0
    assert count_calls(tmp_path / "workiq.jsonl") == 0
    _assert_every_field_filled(session)
    enrichment = session.discovery.enrichment
    assert enrichment is not None and enrichment.sources_used == []
    assert any(n.startswith("Web search: declined") for n in enrichment.notes)
    assert any(n.startswith("WorkIQ: declined") for n in enrichment.notes)
    denied = {(c.tool, c.decision) for c in session.consent_decisions}
    assert denied == {("websearch/web_search", "deny"), ("workiq/ask_work_iq", "deny")}
    model_search = [t for t in session.tool_calls if t.tool == "web_search"]
    assert model_search and all(t.error_kind == "denied" for t in model_search)


def test_with_consent_the_enrichment_and_the_model_reach_the_servers(tmp_path: Path) -> None:
    session = _run_demo(tmp_path, "allow:websearch/*,workiq/*")
    assert count_calls(tmp_path / "search.jsonl") == 4  # three angles for enrichment, one by the model
    assert count_calls(tmp_path / "workiq.jsonl") == 3
    _assert_every_field_filled(session)
    enrichment = session.discovery.enrichment
    assert enrichment is not None and enrichment.sources_used == ["websearch", "workiq"]
    news = [hit for hit in enrichment.web_results if hit.found_for == "company_news"]
    assert news[0].title.startswith("Result 1 for Valdora Fresh recent news")
    assert news[0].source == "search.example" and enrichment.searched_for == "Valdora Fresh"
    assert enrichment.workiq_insights is not None
    assert "Priya Raman's IT team maintains the web shop and the order database." in (
        enrichment.workiq_insights.team_expertise
    )
    assert enrichment.workiq_insights.documentation_gaps
    program = [t for t in session.tool_calls if t.origin == "program"]
    assert len(program) == 6 and all(t.ok and t.phase == Phase.DISCOVER for t in program)


@pytest.mark.parametrize(
    ("mode", "note"),
    [("auth-expired", "WorkIQ: sign-in expired or refused"), ("unavailable", "WorkIQ: unavailable")],
)
def test_workiq_failures_continue_with_a_clear_note(tmp_path: Path, mode: str, note: str) -> None:
    session = WorkshopSession(business_context=BusinessContext(description="Valdora Fresh, a distributor"))

    async def run() -> Any:
        async with McpManager(_config(tmp_path, workiq_mode=mode), retry_delay_s=0) as mcp:
            broker = ConsentBroker(PolicyConsent("allow:workiq/*"), session=session)
            await DiscoveryEnricher(ConsentedTools(mcp, broker), EnrichmentConfig(workiq=WORKIQ)).enrich(
                session
            )

    asyncio.run(run())
    enrichment = session.discovery.enrichment
    assert enrichment is not None and enrichment.workiq_insights is None
    assert any(n.startswith(note) for n in enrichment.notes), enrichment.notes
    # The configured websearch server is found without a setting; consent covers WorkIQ only.
    assert any(n.startswith("Web search: declined") for n in enrichment.notes), enrichment.notes
    if mode == "unavailable":  # checked before consent: nothing asked, nothing called
        assert session.tool_calls == [] and "workiq/ask_work_iq" not in {
            c.tool for c in session.consent_decisions
        }
    else:
        assert session.tool_calls and not session.tool_calls[0].ok
