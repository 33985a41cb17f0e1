"""With the Copilot provider (offline: the npm Copilot CLI in BYOK mode against the local fake Chat
Completions server), the workshop's tools run inside the SDK through the same hooks and manager."""

import asyncio
from pathlib import Path

import pytest

from sofia_nb.consent import PolicyConsent
from sofia_nb.llm import CopilotLLM
from sofia_nb.mcp import McpConfig, McpManager
from sofia_nb.session import Phase, WorkshopSession
from sofia_nb.workshop import EnrichmentConfig, ToolRef, build_workshop
from sofia_nb.workshop.demo_servers import count_calls
from tests.llm.test_copilot import byok, needs_cli, offline_copilot  # noqa: F401  (a fixture)
from tests.support import fake_websearch
from tests.support.openai_server import OpenAIServer


def _turn(tmp_path: Path, policy: str) -> tuple[WorkshopSession, list[str]]:
    config = McpConfig.model_validate(
        {"servers": {"websearch": fake_websearch.entry("ok", tmp_path / "calls.jsonl")}}
    )
    session = WorkshopSession(phase=Phase.IDEATE)

    async def run(server: OpenAIServer) -> None:
        llm = CopilotLLM("fake-model", byok=byok(server))
        try:
            async with McpManager(config) as mcp:
                workshop = build_workshop(
                    llm,
                    session,
                    consent=PolicyConsent(policy),
                    host=mcp,
                    tool_servers=["websearch"],
                    enrichment=EnrichmentConfig(web_search=ToolRef(server="websearch", tool="web_search")),
                )
                await workshop.start_phase()
        finally:
            await llm.aclose()

    with OpenAIServer() as server:
        server.reply(tool_calls=[("websearch__web_search", {"query": "food distribution trends"})])
        server.reply("Here is what the search found.")
        asyncio.run(run(server))
        offered = [t["function"]["name"] for t in server.chat_requests()[0].body["tools"]]
    return session, offered


@needs_cli
@pytest.mark.slow
@pytest.mark.usefixtures("offline_copilot")
@pytest.mark.parametrize(("policy", "calls"), [("allow:websearch/*", 1), ("deny", 0)])
def test_copilot_runs_the_workshop_tools_through_consent_and_the_manager(
    tmp_path: Path, policy: str, calls: int
) -> None:
    session, offered = _turn(tmp_path, policy)
    assert {"builtin__search_cards", "builtin__web_search", "websearch__web_search"} <= set(offered)
    assert count_calls(tmp_path / "calls.jsonl") == calls
    (record,) = session.tool_calls
    assert (record.server, record.tool, record.origin, record.ok) == (
        "websearch",
        "web_search",
        "model",
        calls == 1,
    )
    assert [(c.tool, c.decision) for c in session.consent_decisions] == [
        ("websearch/web_search", "allow" if calls else "deny")
    ]
    assert session.turns[-1].content == "Here is what the search found."
