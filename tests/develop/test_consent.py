"""The loop's own MCP calls (enrichment, GitHub) are asked for first: a deny sends nothing, and
``--github`` approves exactly the GitHub adapter's writes."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from sofia_nb.cli import main
from sofia_nb.consent import (
    ConsentBroker,
    ConsentDenied,
    ConsentedTools,
    ConsentPolicy,
    PolicyConsent,
    PreapprovedThenAsk,
    ScriptedConsent,
)
from sofia_nb.develop._enrich import enrich
from sofia_nb.events import ConsentDecided, EventBus, EventRecorder
from sofia_nb.session import Plan, TestFailure, TestResults
from tests.support import fake_websearch

from .conftest import RIGHT, FakeCaller, fix, fixture_session, git, write_calc

FAILING = TestResults(
    failed=1, total=1, failures=[TestFailure(test_id="test_calc.py::test_add", message="4 != 5")]
)
ANSWERS = {
    ("context7", "resolve-library-id"): "- Title: fastapi\n- Context7-compatible library ID: /fake/fastapi",
    ("context7", "query-docs"): "docs",
    ("websearch", "web_search"): '{"results": []}',
}


def test_a_denied_enrichment_sends_nothing_and_says_why() -> None:
    caller = FakeCaller(ANSWERS)
    session = fixture_session()
    bus = EventBus()
    seen = EventRecorder(bus)
    gated = ConsentedTools(
        caller, ConsentBroker(PolicyConsent("allow:websearch/*"), bus=bus, session=session)
    )
    found = asyncio.run(enrich(gated, Plan(dependencies=["fastapi"]), FAILING))
    assert [(server, tool) for server, tool, _ in caller.calls] == [("websearch", "web_search")]
    assert any("consent denied for context7/resolve-library-id" in f for f in found.failures)
    assert found.sources == ["websearch/web_search"]
    decided = {(e.tool, e.decision) for e in seen.of_type(ConsentDecided)}
    assert decided == {("context7/resolve-library-id", "deny"), ("websearch/web_search", "allow")}
    assert {r.tool for r in session.consent_decisions} == {
        "context7/resolve-library-id",
        "websearch/web_search",
    }


def test_preapproved_tools_skip_the_question_and_the_rest_still_ask() -> None:
    asked = ScriptedConsent(["deny"])
    provider = PreapprovedThenAsk(ConsentPolicy.parse("allow:github/push_files"), asked)
    gated = ConsentedTools(
        FakeCaller({("github", "push_files"): "ok", ("github", "delete_repository"): "ok"}),
        ConsentBroker(provider),
    )
    assert asyncio.run(gated.call_tool("github", "push_files", {})).text() == "ok"
    with pytest.raises(ConsentDenied, match="github/delete_repository"):
        asyncio.run(gated.call_tool("github", "delete_repository", {}))
    assert [r.tool for r in asked.asked] == ["github/delete_repository"]


@pytest.mark.usefixtures("no_git_identity")
@pytest.mark.parametrize(("consent", "searches"), [(None, 0), ("deny", 0), ("allow:websearch/*", 1)])
def test_fix_asks_before_its_web_search(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], consent: str | None, searches: int
) -> None:
    root = write_calc(tmp_path / "repo")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "start")
    script = tmp_path / "fix.json"  # a change that fixes nothing: the next iteration is stuck and enriches
    comment = fix("    return a - b", "    # the difference\n    return a - b", "Document it.")
    script.write_text(json.dumps({"replies": [comment, RIGHT]}))
    log = tmp_path / "calls.jsonl"
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"servers": {"websearch": fake_websearch.entry(call_log=log)}}))
    argv = [
        "fix",
        "--project",
        str(root),
        "--llm",
        f"scripted:{script}",
        "--json",
        "--mcp-config",
        str(config),
    ]
    assert main(argv + (["--consent", consent] if consent else [])) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.strip()]
    assert lines[-1]["status"] == "success"
    decisions = [(x["tool"], x["decision"]) for x in lines if x.get("type") == "consent_decided"]
    assert decisions == [("websearch/web_search", "allow" if searches else "deny")]
    calls = log.read_text().splitlines() if log.exists() else []
    assert len(calls) == searches
