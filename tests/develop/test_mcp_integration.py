"""The loop's MCP paths against fakes on 127.0.0.1 over Streamable HTTP (real tool names and schemas):
GitHub create_repository/push_files, and the stuck escalation via Context7, Microsoft Learn, web search."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from sofia_nb.develop import (
    TEMPLATES,
    DevelopmentOptions,
    Git,
    LoopOptions,
    RalphLoop,
    RunContext,
    Workspace,
    develop_session,
)
from sofia_nb.llm import ScriptedLLM
from sofia_nb.mcp import McpManager, parse_config
from sofia_nb.session import Plan, PocState
from tests.support import fake_websearch
from tests.support.fake_context7 import FakeContext7
from tests.support.fake_github import FakeGitHub
from tests.support.fake_mslearn import FakeMsLearn

from .conftest import WRONG, allowed, fix, fixture_session, git, write_calc


def manager(servers: dict[str, dict[str, Any]]) -> McpManager:
    return McpManager(parse_config(json.dumps({"servers": servers})))


def pushed_files(call: dict[str, Any]) -> dict[str, str]:
    return {f["path"]: f["content"] for f in call["files"]}


@pytest.mark.usefixtures("no_git_identity")
def test_github_receives_one_repository_and_pushes_with_on_disk_contents(tmp_path: Path) -> None:
    from sofia_nb.develop import DEMO_DEV_SCRIPT

    session = fixture_session(tech_stack=["Python", "pytest"])
    out = tmp_path / "poc"

    async def go() -> Any:
        async with manager({"github": github.entry()}) as mcp:
            options = DevelopmentOptions(output=out, github=True)
            context = RunContext(
                llm=ScriptedLLM.from_file(DEMO_DEV_SCRIPT), options=options, tools=allowed(mcp)
            )
            return await develop_session(context, session)

    with FakeGitHub(fail_pushes=1) as github:
        result = asyncio.run(go())
    assert result.status == "success"
    assert len(github.calls_to("create_repository")) == 1
    assert github.calls_to("create_repository")[0]["private"] is True
    pushes = github.calls_to("push_files")
    # The scaffold push failed (403): the URL is still recorded and those files go again with iteration 1.
    assert session.poc is not None and session.poc.repo_url.startswith("https://github.com/sofia-fake/")
    assert len(pushes) == 3
    commits = [i.commit for i in session.poc.iterations if i.commit]
    scaffold_commit, first_fix, second_fix = commits
    for call, commit in zip(pushes[1:], (first_fix, second_fix), strict=True):
        for path, content in pushed_files(call).items():
            assert content == git(out, "show", f"{commit}:{path}"), path
    scaffold_files = set(git(out, "ls-tree", "-r", "--name-only", scaffold_commit).split())
    assert scaffold_files <= set(pushed_files(pushes[1]))  # the failed scaffold push was retried
    final = github.repos[session.poc.repo_url.rsplit("/", 1)[1]]
    for path, content in final.items():
        assert (out / path).read_text() == content
    assert {c["owner"] for c in pushes} == {"sofia-fake"}


@pytest.mark.usefixtures("no_git_identity")
def test_github_without_a_server_keeps_local_git(tmp_path: Path) -> None:
    from sofia_nb.develop import DEMO_DEV_SCRIPT
    from sofia_nb.events import Activity, EventBus, EventRecorder

    bus = EventBus()
    seen = EventRecorder(bus)
    session = fixture_session()
    options = DevelopmentOptions(output=tmp_path / "p", github=True)
    context = RunContext(llm=ScriptedLLM.from_file(DEMO_DEV_SCRIPT), options=options, bus=bus)
    result = asyncio.run(develop_session(context, session))
    assert result.status == "success"
    notes = [e.detail for e in seen.of_type(Activity) if e.name == "github"]
    assert notes == ["no MCP configuration: the PoC stays in local git"]


@pytest.mark.usefixtures("no_git_identity")
@pytest.mark.parametrize("context7_broken", [False, True])
def test_stuck_escalation_uses_context7_learn_and_web_search(tmp_path: Path, context7_broken: bool) -> None:
    root = write_calc(tmp_path / "p")
    g = Git(root)
    asyncio.run(g.init())
    asyncio.run(g.commit_all("start"))
    replies = [WRONG, WRONG, fix("    return a * b", "    return a + b", "Addition.")]
    llm = ScriptedLLM(replies)

    async def go() -> RalphLoop:
        servers = {
            "context7": c7.entry(),
            "microsoft-learn": learn.entry(),
            "websearch": fake_websearch.entry(),
        }
        async with manager(servers) as mcp:
            plan = Plan(dependencies=["fastapi", "pytest"], architecture_notes="Runs on Azure Functions")
            work = Workspace(
                root, TEMPLATES["python-pytest"], PocState(), goal="make add work", git=g, plan=plan
            )
            options = DevelopmentOptions(loop=LoopOptions(max_reflections=0))
            loop = RalphLoop(RunContext(llm=llm, options=options, tools=allowed(mcp)).on(work))
            await loop.run()
            return loop

    with FakeContext7(broken=context7_broken) as c7, FakeMsLearn() as learn:
        loop = asyncio.run(go())
    its = loop.poc.iterations
    assert [i.stuck for i in its] == [False, False, True]
    sources = its[2].enrichment_sources  # type: ignore[attr-defined]
    prompt = llm.requests[-1].messages[1].content
    assert "# Your last approach failed" in prompt
    assert "LEARN: Azure guidance for 'azure, azure functions" in prompt  # the plan names Azure
    assert "Result 1 for how to fix" in prompt  # the web search on the failing tests
    assert "azure functions best practices" in learn.calls_to("microsoft_docs_search")[0]["query"]
    if context7_broken:  # the failed part is dropped; the rest is kept
        assert "DOCS for" not in prompt and "context7/query-docs" not in sources
        assert sources == ["microsoft-learn/microsoft_docs_search", "websearch/web_search"]
    else:
        assert [a["libraryName"] for a in c7.calls_to("resolve-library-id")] == ["fastapi"]  # pytest skipped
        assert c7.calls_to("query-docs")[0]["libraryId"] == "/fake/fastapi"
        assert "DOCS for /fake/fastapi" in prompt
        assert sources[:2] == ["context7/resolve-library-id", "context7/query-docs"]
