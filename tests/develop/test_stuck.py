"""Stuck detection rules and the failure signature."""

from __future__ import annotations

import asyncio

from sofia_nb.develop._enrich import enrich
from sofia_nb.develop._stuck import StuckDetector, failure_signature
from sofia_nb.session import Plan, TestFailure, TestResults

from .conftest import FakeCaller, allowed


def results(*failures: tuple[str, str, str]) -> TestResults:
    return TestResults(
        failed=len(failures),
        failures=[TestFailure(test_id=t, message=m, trace_tail=tail) for t, m, tail in failures],
    )


def test_signature_ignores_order_and_sees_the_exception_line() -> None:
    a = results(("t1", "assert 1 == 2", "x"), ("t2", "boom", "E ValueError"))
    b = results(("t2", "boom", "E ValueError"), ("t1", "assert 1 == 2", "x"))
    assert failure_signature(a) == failure_signature(b) != ""
    c1 = results(("<collect>", "collection failure", "E ImportError: flor"))
    c2 = results(("<collect>", "collection failure", "E ImportError: flr"))
    assert failure_signature(c1) != failure_signature(c2)
    assert failure_signature(TestResults(passed=3)) == ""


def test_the_three_stuck_rules() -> None:
    d = StuckDetector()
    assert d.observe("A", None) == ""
    assert d.observe("B", True) == ""
    assert d.observe("B", True) == "the same tests failed the same way as in the previous iteration"
    assert d.observe("C", False) == "the previous iteration changed no file"
    assert (
        d.observe("A", True) == "an earlier set of failures came back: the last changes undid a previous fix"
    )
    assert d.observe("", True) == ""  # green is never stuck


def test_enrichment_notes_missing_servers_and_keeps_the_rest() -> None:
    caller = FakeCaller({("websearch", "web_search"): "hit"})
    plan = Plan(dependencies=["httpx"], architecture_notes="Deployed to Azure App Service")
    found = asyncio.run(enrich(allowed(caller), plan, results(("t", "boom", ""))))
    assert found.sections == {"Web search on the failing tests": "hit"}
    assert found.failures == [
        "Library documentation: httpx (Context7): no MCP server named 'context7' is configured",
        "Azure guidance: no MCP server named 'microsoft-learn' or 'azure' is configured",
    ]


def test_a_resolved_context7_id_is_kept_when_the_docs_query_fails() -> None:
    caller = FakeCaller(
        {
            ("context7", "resolve-library-id"): "- Context7-compatible library ID: /fake/fastapi",
            ("context7", "query-docs"): RuntimeError("HTTP 502 Bad Gateway"),
        }
    )
    results = TestResults(failed=1, failures=[TestFailure(test_id="t", message="boom")])
    found = asyncio.run(enrich(allowed(caller), Plan(dependencies=["fastapi"]), results))
    (section,) = found.sections.values()
    assert "/fake/fastapi" in section
    assert any("query-docs for /fake/fastapi" in f and "502" in f for f in found.failures)


AZURE_PLAN = Plan(architecture_notes="Stores quotes in Cosmos DB on Azure Functions")
AZURE_DOCS = "Azure MCP: use managed identity for Cosmos DB; see learn.microsoft.com/azure/cosmos-db"


def test_only_the_azure_mcp_server_configured_gives_azure_guidance() -> None:
    caller = FakeCaller({("azure", "documentation"): AZURE_DOCS})
    found = asyncio.run(enrich(allowed(caller), AZURE_PLAN, results(("t", "boom", ""))))
    assert found.sections["Azure guidance (Azure MCP)"] == AZURE_DOCS
    assert found.sources == ["azure/documentation"]
    (_, tool, args), *_ = caller.calls
    assert tool == "documentation" and "cosmos db" in args["query"]  # the spec's shape: {query}
    assert not any("Azure guidance" in f for f in found.failures)


def test_learn_and_the_azure_mcp_server_both_answer_when_both_are_configured() -> None:
    caller = FakeCaller(
        {
            ("microsoft-learn", "microsoft_docs_search"): "LEARN: use Key Vault",
            ("azure", "documentation"): AZURE_DOCS,
        }
    )
    found = asyncio.run(enrich(allowed(caller), AZURE_PLAN, results(("t", "boom", ""))))
    assert found.sources == ["microsoft-learn/microsoft_docs_search", "azure/documentation"]
    assert found.sections["Azure guidance (Microsoft Learn)"] == "LEARN: use Key Vault"
    assert found.sections["Azure guidance (Azure MCP)"] == AZURE_DOCS
