"""One ledger of what was spent (issue 43 item 5, issue 46 item 3), against a priced loopback
OpenAI-compatible model (``openai:gpt-4o`` at the bundled table's prices) that reports cached
input tokens (``prompt_tokens_details.cached_tokens``):

- one exchange: the cached part of the input is in the ledger and on the meter, at the cached-input
  price, not the input price;
- the demo workshop and its Ralph loop replayed through the façades: the meter's total, the
  session's ledger, ``status``, summary.json and report.html say the same cost, to the cent, and
  the Develop phase's cost is the sum over the scaffold and every fix request.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.cli import main
from sofia_nb.config import bundled_model_info
from sofia_nb.consent import PolicyConsent
from sofia_nb.develop import DEMO_DEV_SCRIPT, DevelopmentOptions, open_development
from sofia_nb.develop._prompt import FIX_SYSTEM
from sofia_nb.develop._scaffold import SCAFFOLD_SYSTEM
from sofia_nb.events import EventBus
from sofia_nb.llm import Message, ScriptedLLM, ToolCall
from sofia_nb.session import SessionStore, export_session
from sofia_nb.ui import TokenMeter
from sofia_nb.workshop import WorkshopOptions, open_workshop
from sofia_nb.workshop.demo import demo_inputs, demo_script
from tests.support.openai_server import OpenAIServer, Reply

PRICES = bundled_model_info("gpt-4o")
assert PRICES is not None and PRICES.cached_input_price_per_mtok is not None


def price(prompt: int, completion: int, cached: int) -> float:
    """One request's cost at the table's gpt-4o prices, its cached input at the cached price."""
    assert PRICES is not None and PRICES.input_price_per_mtok and PRICES.output_price_per_mtok
    cached_price = PRICES.cached_input_price_per_mtok or 0.0
    fresh = (prompt - cached) * PRICES.input_price_per_mtok
    return (fresh + cached * cached_price + completion * PRICES.output_price_per_mtok) / 1_000_000


@pytest.fixture
def loopback_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home of its own, no MCP servers, and the OpenAI provider pointed at nothing yet."""
    monkeypatch.setenv("SOFIA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-loopback")
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.delenv("SOFIA_LLM", raising=False)
    monkeypatch.delenv("SOFIA_RECORD", raising=False)
    monkeypatch.chdir(tmp_path)
    config = tmp_path / "mcp.json"
    config.write_text('{"servers": {}}', encoding="utf-8")
    return config


class PricedDemoModel:
    """The demo workshop's and the demo loop's scripted replies, served over HTTP as a priced
    model: each request's purpose is read from its system message, its reply chosen by the
    scripted model (architecture.md §4.3), and its usage made up from its size, half of the
    input after the first request reported as served by the cache."""

    def __init__(self) -> None:
        self.workshop = ScriptedLLM.from_file(demo_script())
        self.loop = ScriptedLLM.from_file(DEMO_DEV_SCRIPT)
        self.served: list[tuple[str, int, int, int]] = []  # purpose, prompt, completion, cached

    def __call__(self, body: dict[str, Any]) -> Reply:
        messages = [_message(m) for m in body["messages"]]
        system = messages[0].content
        purpose = {SCAFFOLD_SYSTEM: "scaffold", FIX_SYSTEM: "fix"}.get(system)
        purpose = purpose or ("extract" if system.startswith("# Extraction") else "chat")
        if purpose == "chat" and messages[-1].content.startswith("Not everything in your last reply"):
            purpose = "repair"
        model = self.loop if purpose in ("scaffold", "fix") else self.workshop
        reply = model.complete_sync(messages, purpose=purpose)  # type: ignore[arg-type]
        prompt = len(json.dumps(body["messages"])) // 4
        completion = max(1, len(reply.text) // 4)
        cached = prompt // 2 if self.served else 0
        self.served.append((purpose, prompt, completion, cached))
        calls = [(c.name, c.arguments) for c in reply.tool_calls]
        return Reply(reply.text, tool_calls=calls, usage=(prompt, completion, cached))

    def close(self) -> None:
        self.workshop.close()
        self.loop.close()


def _message(wire: dict[str, Any]) -> Message:
    calls = [
        ToolCall(id=c["id"], name=c["function"]["name"], arguments=json.loads(c["function"]["arguments"]))
        for c in wire.get("tool_calls") or []
    ]
    return Message(
        role=wire["role"],
        content=wire.get("content") or "",
        tool_calls=calls,
        tool_call_id=wire.get("tool_call_id"),
    )


def test_cached_input_is_in_the_ledger_and_on_the_meter_at_its_own_price(
    loopback_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bus = EventBus()
    meter = TokenMeter(bus)
    with OpenAIServer() as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        server.reply("Welcome to Discover. Tell me about your business.", usage=(4_000, 120, 3_072))

        async def one_exchange() -> str:
            options = WorkshopOptions(llm="openai:gpt-4o", mcp_config=loopback_env)
            async with await open_workshop(options, consent=PolicyConsent("deny"), bus=bus) as run:
                await run.workshop.start_phase()
                return run.session.id

        sid = asyncio.run(one_exchange())
    session = SessionStore().load(sid)
    [entry] = session.ledger
    assert (entry.phase, entry.purpose, entry.model) == ("discover", "chat", "openai:gpt-4o")
    usage = entry.usage
    assert (usage.input_tokens, usage.cached_input_tokens, usage.output_tokens) == (4_000, 3_072, 120)
    expected = price(4_000, 120, 3_072)
    assert usage.cost_usd == pytest.approx(expected) and expected < price(4_000, 120, 0)
    assert meter.totals.cost_usd == pytest.approx(expected)
    assert meter.totals.cached_input_tokens == 3_072
    assert "4000 in (3072 cached) / 120 out" in meter.as_text()
    assert f"${expected:.4f}" in meter.as_text()
    meter.close()


def test_the_meter_the_ledger_status_summary_and_report_agree_on_a_workshop_and_its_loop(
    loopback_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bus = EventBus()
    meter = TokenMeter(bus)
    model = PricedDemoModel()
    store = SessionStore()
    with OpenAIServer(responder=model) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)

        async def workshop_and_loop() -> str:
            consent = PolicyConsent("deny")
            options = WorkshopOptions(llm="openai:gpt-4o", inputs=demo_inputs(), mcp_config=loopback_env)
            async with await open_workshop(options, consent=consent, bus=bus, store=store) as run:
                await run.play()
                session = run.session
            develop = DevelopmentOptions(
                llm="openai:gpt-4o", output=tmp_path / "poc", mcp_config=loopback_env
            )
            async with await open_development(develop, consent=consent, bus=bus, store=store) as dev:
                result = await dev.develop(session)
            assert (result.status, result.reason) == ("success", "tests-passing")
            return session.id

        try:
            sid = asyncio.run(workshop_and_loop())
        finally:
            model.close()
    session = store.load(sid)
    served = model.served
    assert len(session.ledger) == len(served) and all(c for _, _, _, c in served[1:])
    ledger = sum(e.usage.cost_usd or 0.0 for e in session.ledger)
    assert ledger == pytest.approx(sum(price(p, o, c) for _, p, o, c in served)) and ledger > 0.01
    # Develop: the scaffold and every fix request, each as the model reported it
    develop = [(p, o, c) for purpose, p, o, c in served if purpose in ("scaffold", "fix")]
    assert [e.purpose for e in session.ledger if e.phase == "develop"] == ["scaffold", "fix", "fix"]
    develop_cost = session.tokens.by_phase["develop"].cost_usd
    assert develop_cost == pytest.approx(sum(price(*d) for d in develop))
    # The meter (live), status, summary.json and the report: the same cost, to the cent
    cents = f"{ledger:.2f}"
    assert f"{meter.totals.cost_usd:.2f}" == cents
    assert main(["status", "--session", sid, "--json"]) == 0
    status = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert f"{status['cost_usd']:.2f}" == cents
    export_session(session, tmp_path / "export")
    summary = json.loads((tmp_path / "export" / "summary.json").read_text(encoding="utf-8"))
    assert f"{summary['spent']['cost_usd']:.2f}" == cents
    assert f"{summary['spent']['by_phase']['develop']['cost_usd']:.4f}" == f"{develop_cost:.4f}"
    report = (tmp_path / "export" / "report.html").read_text(encoding="utf-8")
    assert f"cost ${ledger:.4f}" in report
    # A reopened app's meter starts from the ledger: the same total again
    reopened = TokenMeter(EventBus())
    reopened.restore(session)
    assert f"{reopened.totals.cost_usd:.4f}" == f"{meter.totals.cost_usd:.4f}" == f"{ledger:.4f}"
    meter.close()
    reopened.close()
