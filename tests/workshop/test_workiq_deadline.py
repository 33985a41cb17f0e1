"""WorkIQ within its deadline: the three questions are asked at once (a threaded fake on 127.0.0.1
records when each arrives and when each answer leaves), and a slow WorkIQ ends in a timeout note
while the enrichment goes on."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path
from typing import Any

from sofia_nb.config import load_settings
from sofia_nb.consent import ConsentBroker, ConsentedTools, PolicyConsent
from sofia_nb.mcp import McpManager, parse_config
from sofia_nb.session import BusinessContext, SessionStore, WorkshopSession
from sofia_nb.workshop import EnrichmentConfig, ToolRef, WorkshopOptions, open_workshop
from sofia_nb.workshop._enrich import DiscoveryEnricher
from sofia_nb.workshop.demo import demo_script
from tests.support.loopback_mcp import LoopbackMcpServer, text_result

ASK = {
    "name": "ask_work_iq",
    "inputSchema": {
        "type": "object",
        "properties": {"question": {"type": "string"}},
        "required": ["question"],
    },
    "annotations": {"readOnlyHint": True},
}


class SlowWorkiq(LoopbackMcpServer):
    def __init__(self, answer_after_s: float) -> None:
        super().__init__("workiq-slow", [ASK], self._answer)
        self.answer_after_s = answer_after_s
        self.arrived: list[float] = []
        self.answered: list[float] = []
        self._lock = threading.Lock()

    def _answer(self, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            self.arrived.append(time.monotonic())
        time.sleep(self.answer_after_s)
        with self._lock:
            self.answered.append(time.monotonic())
        return text_result("- The team knows SAP and Excel.")


def _enrich(fake: SlowWorkiq, deadline_s: float) -> WorkshopSession:
    session = WorkshopSession(business_context=BusinessContext(description="We are Contoso."))
    config = parse_config(json.dumps({"servers": {"workiq": fake.entry()}}))

    async def go() -> None:
        async with McpManager(config) as mcp:
            broker = ConsentBroker(PolicyConsent("allow:workiq/*"), session=session)
            enrichment = EnrichmentConfig(
                workiq=ToolRef(server="workiq", tool="ask_work_iq"), workiq_deadline_s=deadline_s
            )
            await DiscoveryEnricher(ConsentedTools(mcp, broker), enrichment).enrich(session)

    asyncio.run(go())
    return session


def test_all_three_questions_arrive_before_the_first_answer_is_sent() -> None:
    with SlowWorkiq(answer_after_s=1.0) as fake:
        session = _enrich(fake, deadline_s=10)
    assert len(fake.arrived) == 3 and max(fake.arrived) < min(fake.answered)
    enrichment = session.discovery.enrichment
    assert enrichment is not None and enrichment.workiq_insights is not None
    assert enrichment.workiq_insights.collaboration_patterns


def test_a_slow_workiq_ends_in_a_timeout_note_and_enrichment_goes_on() -> None:
    with SlowWorkiq(answer_after_s=4.0) as fake:
        session = _enrich(fake, deadline_s=1)
    enrichment = session.discovery.enrichment
    assert enrichment is not None and enrichment.workiq_insights is None
    assert any(n.startswith("WorkIQ: timeout") for n in enrichment.notes), enrichment.notes


def test_the_workshop_setting_for_the_workiq_deadline_reaches_the_enricher(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text("[workshop]\nworkiq_deadline_s = 2.5\n")
    (tmp_path / "mcp.json").write_text(json.dumps({"servers": {"workiq": {"command": "workiq-absent"}}}))
    options = WorkshopOptions(llm=f"scripted:{demo_script()}", mcp_config=tmp_path / "mcp.json")

    async def go() -> EnrichmentConfig:
        settings = load_settings(tmp_path / "config.toml")
        async with await open_workshop(
            options, consent=PolicyConsent("deny"), settings=settings, store=SessionStore(tmp_path)
        ) as run:
            enricher = run.workshop.enricher
            assert isinstance(enricher, DiscoveryEnricher)
            return enricher.config

    config = asyncio.run(go())
    assert config.workiq == ToolRef(server="workiq", tool="ask_work_iq")
    assert config.workiq_deadline_s == 2.5
