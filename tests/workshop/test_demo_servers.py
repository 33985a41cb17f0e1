"""The demo's offline search server and the fakes for outside services, as real stdio subprocesses.

The official ``mcp`` SDK client is the other side, so these tests check the servers against an
independent implementation of the protocol; the call log checks what reached each server.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.types import TextContent

from sofia_nb.workshop.demo_servers import (
    CALL_LOG_ENV,
    SEARCH_SERVER_MODULE,
    count_calls,
    load_corpus,
    search_corpus,
    search_server_entry,
)
from tests.support import fake_websearch, fake_workiq

TIMEOUT_S = 20.0  # generous: other engineers load the same two cores


@asynccontextmanager
async def connect(entry: dict[str, Any], errlog: Path) -> AsyncIterator[ClientSession]:
    """An initialised SDK client session to the server an ``mcp.json`` entry starts."""
    params = StdioServerParameters(
        command=entry["command"], args=entry["args"], env=entry.get("env"), cwd=entry.get("cwd")
    )
    with open(errlog, "w", encoding="utf-8") as err:
        async with (
            stdio_client(params, errlog=err) as (read, write),
            ClientSession(read, write, read_timeout_seconds=TIMEOUT_S) as session,
        ):
            await session.initialize()
            yield session


def text_of(result: Any) -> str:
    """The result's first content block, which these servers always make a text block."""
    block = result.content[0]
    assert isinstance(block, TextContent), block
    return block.text


def structured(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    data = result.structured_content
    assert isinstance(data, dict)
    # Older clients read the text block: it carries the same JSON.
    assert json.loads(text_of(result)) == data
    return data


# --- the demo search server ------------------------------------------------------------------


async def test_demo_search_lists_one_read_only_tool_answers_and_counts(tmp_path: Path) -> None:
    log = tmp_path / "calls.jsonl"
    async with connect(search_server_entry(call_log=log), tmp_path / "err.txt") as session:
        assert session.server_info is not None and session.server_info.name == "sofia-demo-search"
        [tool] = (await session.list_tools()).tools
        assert count_calls(log) == 0  # listing is not calling
        competitors = structured(
            await session.call_tool(
                "web_search", {"query": "Valdora Fresh competitors market", "max_results": 3}
            )
        )
        news = structured(await session.call_tool("web_search", {"query": "Valdora Fresh recent news 2026"}))
    assert tool.name == "web_search"
    assert tool.input_schema["required"] == ["query"]
    assert set(tool.input_schema["properties"]) == {"query", "max_results"}
    assert tool.annotations is not None
    assert tool.annotations.read_only_hint is True
    assert tool.annotations.open_world_hint is False
    assert tool.output_schema is not None
    assert len(competitors["results"]) == 3
    assert all(set(r) == {"title", "url", "snippet", "published"} for r in competitors["results"])
    assert "FreshLoop" in competitors["results"][0]["title"]
    assert len(news["results"]) == 5  # the default max_results
    assert "Eastmoor" in news["results"][0]["title"]
    assert count_calls(log) == 2
    assert count_calls(log, tool="web_search") == 2
    first = json.loads(log.read_text().splitlines()[0])
    assert first == {
        "server": "sofia-demo-search",
        "tool": "web_search",
        "arguments": {"query": "Valdora Fresh competitors market", "max_results": 3},
    }


async def test_bad_arguments_are_a_tool_error_and_an_unknown_tool_a_protocol_error(tmp_path: Path) -> None:
    log = tmp_path / "calls.jsonl"
    async with connect(search_server_entry(call_log=log), tmp_path / "err.txt") as session:
        too_many = await session.call_tool("web_search", {"query": "x", "max_results": 50})
        missing = await session.call_tool("web_search", {})
        extra = await session.call_tool("web_search", {"query": "x", "site": "a.example"})
        with pytest.raises(Exception, match="unknown tool 'fetch'; this server has: web_search"):
            await session.call_tool("fetch", {"url": "https://a.example"})
        still_fine = structured(await session.call_tool("web_search", {"query": "Northgate"}))
    assert too_many.is_error and "max_results: 50 is greater than the maximum of 10" in text_of(too_many)
    assert missing.is_error and '"query" is a required property' in text_of(missing)
    assert extra.is_error and "'site' was unexpected" in text_of(extra)
    assert still_fine["results"][0]["title"] == "Valdora Fresh acquires Northgate Seafood"
    assert count_calls(log) == 5  # counted as received, before the name and arguments are checked


# --- the corpus ------------------------------------------------------------------------------


def test_enrichment_queries_find_news_competitors_and_trends() -> None:
    kinds = {doc.title: doc.kind for doc in load_corpus().documents}
    for query, kind in (
        ("Valdora Fresh recent news 2026", "news"),
        ("Valdora Fresh competitors market 2026", "competitor"),
        ("Valdora Fresh industry AI trends 2026", "trend"),
    ):
        results = search_corpus(query, max_results=3).results
        assert len(results) == 3
        assert all(kinds[r.title] == kind for r in results), (query, [r.title for r in results])


def test_snippets_are_short_and_quote_the_matching_sentence() -> None:
    [hit] = search_corpus("Northgate Seafood phone email", max_results=1).results
    assert "Northgate" in hit.snippet
    assert all(len(r.snippet) <= 240 for r in search_corpus("Valdora", max_results=20).results)


def test_corpus_points_nowhere_real() -> None:
    from urllib.parse import urlparse

    assert all(urlparse(d.url).hostname.endswith(".example") for d in load_corpus().documents)  # type: ignore[union-attr]
    assert search_corpus("", max_results=5).results == []
    assert search_corpus("zzzqx").results == []


def test_entry_runs_this_interpreter_and_passes_the_call_log(tmp_path: Path) -> None:
    entry = search_server_entry(call_log=tmp_path / "c.jsonl")
    assert entry["args"] == ["-m", SEARCH_SERVER_MODULE]
    assert entry["env"] == {CALL_LOG_ENV: str(tmp_path / "c.jsonl")}
    assert "env" not in search_server_entry()


# --- the fake web-search backend -------------------------------------------------------------


async def test_fake_websearch_echoes_the_query_in_the_real_shape(tmp_path: Path) -> None:
    log = tmp_path / "calls.jsonl"
    async with connect(fake_websearch.entry(call_log=log), tmp_path / "err.txt") as session:
        [tool] = (await session.list_tools()).tools
        data = structured(await session.call_tool("web_search", {"query": "acme news", "max_results": 2}))
    assert tool.name == "web_search" and tool.input_schema["required"] == ["query"]
    assert [r["title"] for r in data["results"]] == ["Result 1 for acme news", "Result 2 for acme news"]
    assert data["results"][0]["url"] == "https://search.example/1?q=acme+news"
    assert count_calls(log) == 1


async def test_fake_websearch_auth_expired_answers_with_a_tool_error(tmp_path: Path) -> None:
    log = tmp_path / "calls.jsonl"
    async with connect(fake_websearch.entry("auth-expired", log), tmp_path / "err.txt") as session:
        assert [t.name for t in (await session.list_tools()).tools] == ["web_search"]
        result = await session.call_tool("web_search", {"query": "acme"})
    assert result.is_error and "401 Unauthorized" in text_of(result)
    assert count_calls(log) == 1


# --- the fake WorkIQ -------------------------------------------------------------------------


async def test_fake_workiq_has_the_real_tools_and_answers_per_topic(tmp_path: Path) -> None:
    log = tmp_path / "calls.jsonl"
    async with connect(fake_workiq.entry(call_log=log), tmp_path / "err.txt") as session:
        tools = {t.name: t for t in (await session.list_tools()).tools}
        asked = await session.call_tool(
            "ask_work_iq", {"question": "What is the team's expertise, and where are documentation gaps?"}
        )
        missed = await session.call_tool("ask_work_iq", {"question": "What is the weather?"})
        eula = await session.call_tool("accept_eula", {"eulaUrl": fake_workiq.EULA_URL})
    assert set(tools) == {"ask_work_iq", "accept_eula"}
    assert tools["ask_work_iq"].input_schema["required"] == ["question"]
    assert tools["accept_eula"].input_schema["required"] == ["eulaUrl"]
    text = text_of(asked)
    assert not asked.is_error
    assert "**Team expertise**" in text and "**Documentation gaps**" in text
    assert "Collaboration patterns" not in text
    assert "could not find" in text_of(missed)
    assert not eula.is_error
    assert count_calls(log, tool="ask_work_iq") == 2 and count_calls(log) == 3


async def test_an_unavailable_fake_exits_before_the_handshake(tmp_path: Path) -> None:
    # The WorkIQ fake's unavailable mode is checked through the project's client below.
    log = tmp_path / "calls.jsonl"
    errlog = tmp_path / "err.txt"
    with pytest.raises(Exception):  # noqa: B017  # the SDK's error type for a closed pipe is not public API
        async with connect(fake_websearch.entry("unavailable", log), errlog):
            pass
    assert "simulated" in errlog.read_text()
    assert count_calls(log) == 0


# --- through the project's own client, as the workshop uses them ------------------------------


async def test_the_project_client_reaches_every_server_and_sees_each_failure_kind(tmp_path: Path) -> None:
    from sofia_nb.mcp import McpError, McpManager, parse_config

    log = tmp_path / "calls.jsonl"
    config = parse_config(
        json.dumps(
            {
                "servers": {
                    # From an unrelated working directory: the demo must run from anywhere.
                    "demo-search": {**search_server_entry(call_log=log), "cwd": str(tmp_path)},
                    "workiq": fake_workiq.entry(call_log=log),
                    "workiq-expired": fake_workiq.entry("auth-expired", log),
                    "workiq-down": fake_workiq.entry("unavailable", log),
                }
            }
        )
    )
    # probe_modern: these servers answer the 2026-07-28 probe, and the manager then speaks that era.
    async with McpManager(config, probe_modern=True, retry_delay_s=0.0) as manager:
        found = await manager.call_tool("demo-search", "web_search", {"query": "Valdora Fresh competitors"})
        asked = await manager.call_tool(
            "workiq", "ask_work_iq", {"question": "How does the team collaborate?"}
        )
        expired = await manager.call_tool("workiq-expired", "ask_work_iq", {"question": "expertise"})
        with pytest.raises(McpError) as down:
            await manager.call_tool("workiq-down", "ask_work_iq", {"question": "expertise"})
    assert found.structured_content["results"][0]["url"].endswith(".example/2026/05/freshloop-chat-ordering")
    assert "**Collaboration patterns**" in asked.text()
    assert expired.is_error and "expired" in expired.text()
    assert down.value.kind == "connection-refused"
    assert "simulated" in down.value.stderr_tail
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(r["server"], r["tool"]) for r in records] == [
        ("sofia-demo-search", "web_search"),
        ("workiq", "ask_work_iq"),
        ("workiq", "ask_work_iq"),
    ]
