"""Each real service once, with the user's credentials (SOFIA_LIVE=1; skipped with the reason otherwise)."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest

from sofia_nb.consent import ConsentBroker, ConsentedTools, PolicyConsent
from sofia_nb.develop._github import GitHubPublisher
from sofia_nb.llm import create_llm
from sofia_nb.mcp import McpManager, find_search_tool, parse_config
from sofia_nb.workshop import WorkshopInputs, build_workshop, run_inputs
from sofia_nb.workshop.demo import demo_inputs

from .conftest import local_bin, need_env

pytestmark = pytest.mark.live


def _manager(servers: dict[str, Any]) -> McpManager:
    return McpManager(parse_config(json.dumps({"servers": servers})))


def test_context7_resolves_and_answers() -> None:
    async def go() -> str:
        async with _manager({"context7": {"command": local_bin("context7-mcp")}}) as mcp:
            found = await mcp.call_tool(
                "context7", "resolve-library-id", {"libraryName": "fastapi", "query": "routing"}
            )
            assert not found.is_error and "/" in found.text()
            return found.text()

    assert "fastapi" in asyncio.run(go()).lower()


def test_microsoft_learn_search() -> None:
    async def go() -> str:
        async with _manager({"learn": {"type": "http", "url": "https://learn.microsoft.com/api/mcp"}}) as mcp:
            result = await mcp.call_tool(
                "learn", "microsoft_docs_search", {"query": "Azure Functions Python"}
            )
            assert not result.is_error
            return result.text()

    assert "Azure" in asyncio.run(go())


def test_a_web_search_server_is_found_and_answers() -> None:
    need_env("BRAVE_API_KEY")

    async def go() -> str:
        async with _manager({"brave": {"command": local_bin("brave-search-mcp-server")}}) as mcp:
            found = await find_search_tool(mcp, mcp.servers)
            assert found is not None
            result = await mcp.call_tool(found[0], found[1], {"query": "Microsoft Contoso sample company"})
            assert not result.is_error
            return result.text()

    assert asyncio.run(go()).strip()


def test_github_creates_and_pushes_to_a_throwaway_repository(tmp_path: Path) -> None:
    need_env("GITHUB_TOKEN", "GH_TOKEN")
    token = os.environ.get("GITHUB_TOKEN") or os.environ["GH_TOKEN"]
    name = f"sofia-live-{secrets.token_hex(4)}"
    (tmp_path / "README.md").write_text("# throw-away repository of the sofia_nb live suite\n")

    async def go() -> str:
        # No tokenEnv: the entry is configured as GitHub's users do, and gets GITHUB_TOKEN on its own.
        async with _manager({"github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/"}}) as mcp:
            publisher = GitHubPublisher(
                ConsentedTools(mcp, ConsentBroker(PolicyConsent("allow-all"))), name=name
            )
            assert await publisher.push(tmp_path, ["README.md"], "sofia live suite") is True
            return publisher.repo_url

    url = asyncio.run(go())
    assert name in url
    owner = url.rstrip("/").split("/")[-2]
    deleted = httpx.delete(
        f"https://api.github.com/repos/{owner}/{name}",
        headers={"Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json"},
    )
    if deleted.status_code != 204:  # a token without delete_repo: say what to remove by hand
        print(f"could not delete {owner}/{name} (HTTP {deleted.status_code}); delete it by hand")


def test_workiq_answers() -> None:
    async def go() -> str:
        async with _manager({"workiq": {"command": local_bin("workiq"), "args": ["mcp"]}}) as mcp:
            result = await mcp.call_tool("workiq", "ask_work_iq", {"question": "What is my team working on?"})
            assert not result.is_error
            return result.text()

    assert asyncio.run(go()).strip()


def test_a_whole_workshop_with_an_openai_compatible_model() -> None:
    need_env("SOFIA_LIVE_LLM")

    async def go() -> Any:
        workshop = build_workshop(create_llm(os.environ["SOFIA_LIVE_LLM"]), consent=PolicyConsent("deny"))
        await run_inputs(workshop, WorkshopInputs.from_file(demo_inputs()))
        return workshop.session

    session = asyncio.run(go())
    assert session.business_context and session.ideas and session.plan
