"""The official MCP SDK client calls each of the twelve tools through ``sofia-nb mcp serve``."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from sofia_nb.context import DEFAULT_BUDGET, get_tool

from .._golden import assert_golden
from .._transcripts import write_projects
from .._trees import FAKE_COMPOSER, FAKE_GH, git, make_composer_tree, write_executable

READ_ONLY_LOCAL = [
    "cc_ls",
    "cc_show",
    "cc_resume",
    "cc_prompts",
    "cc_bash",
    "cc_candidates",
    "composer_ls",
    "composer_show",
]
READ_ONLY_NETWORK = ["packagist_status", "github_ci", "github_pr", "github_branches"]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp_path = tmp_path_factory.mktemp("served")
    tree = make_composer_tree(tmp_path / "mono")
    git(tree / "packages" / "money", "init", "-q")
    bin_dir = tmp_path / "bin"
    write_executable(bin_dir, "composer", FAKE_COMPOSER)
    write_executable(bin_dir, "gh", FAKE_GH)
    return {"tree": tree, "projects": write_projects(tmp_path), "bin": bin_dir, "home": tmp_path / "home"}


def _server(world: dict[str, Path]) -> StdioServerParameters:
    env = {
        **os.environ,
        "PATH": f"{world['bin']}{os.pathsep}{os.environ['PATH']}",
        "CC_PROJECTS_DIR": str(world["projects"]),
    }
    return StdioServerParameters(
        command=sys.executable, args=["-m", "sofia_nb", "mcp", "serve", "--root", str(world["tree"])], env=env
    )


async def _session(world: dict[str, Path]) -> tuple[list[Any], dict[str, Any]]:
    """tools/list, then one call per tool (plus two failing ones), in one server session."""
    tree = str(world["tree"])
    calls: dict[str, tuple[str, dict[str, Any]]] = {
        "cc_ls": ("cc_ls", {}),
        "cc_show": ("cc_show", {"session": "last"}),
        "cc_resume": ("cc_resume", {}),
        "cc_prompts": ("cc_prompts", {"session": "blog"}),
        "cc_bash": ("cc_bash", {"min_count": 1}),
        "cc_candidates": ("cc_candidates", {}),
        "composer_ls": ("composer_ls", {"root": tree}),
        "composer_show": ("composer_show", {"package": "acme/cart", "root": tree}),
        "composer_check": ("composer_check", {"root": tree}),
        "packagist_status": ("packagist_status", {"root": tree, "offline": True}),
        "github_ci": ("github_ci", {"root": tree}),
        "github_pr": ("github_pr", {"limit": 5}),
        "github_branches": ("github_branches", {"refs": 10}),
        "error_no_session": ("cc_show", {"session": "nope"}),
        "error_outside_roots": ("composer_ls", {"root": "/"}),
    }
    results = {}
    with anyio.fail_after(60):
        async with Client(_server(world)) as client:
            listed = (await client.list_tools()).tools
            for key, (name, arguments) in calls.items():
                results[key] = await client.call_tool(name, arguments)
    return listed, results


@pytest.fixture(scope="module")
def served(world: dict[str, Path]) -> tuple[list[Any], dict[str, Any]]:
    return anyio.run(_session, world)


def test_names_annotations_and_required_arguments(served: tuple[list[Any], dict[str, Any]]) -> None:
    listed, _ = served
    tools = {t.name: t for t in listed}
    for name in [*READ_ONLY_LOCAL, *READ_ONLY_NETWORK, "composer_check"]:
        hints = tools[name].annotations
        expected = (name != "composer_check", name in READ_ONLY_NETWORK or name == "composer_check", False)
        assert (hints.read_only_hint, hints.open_world_hint, hints.destructive_hint) == expected, name
    required = {name: tools[name].input_schema.get("required", []) for name in READ_ONLY_LOCAL}
    assert required["composer_show"] == ["package"]
    assert all(r == [] for n, r in required.items() if n != "composer_show")
    assert tools["cc_bash"].input_schema["properties"]["limit"]["default"] == 30


def test_each_tool_answers_with_its_golden_json(
    world: dict[str, Path], served: tuple[list[Any], dict[str, Any]]
) -> None:
    _, results = served
    for key in [
        "cc_ls",
        "cc_show",
        "cc_prompts",
        "cc_bash",
        "cc_candidates",
        "composer_ls",
        "composer_show",
        "github_ci",
        "github_pr",
        "github_branches",
    ]:
        result = results[key]
        assert not result.is_error, (key, result.content)
        # One text block: the compact text the model reads, not the JSON again (docs/context-tools.md).
        data = get_tool(key).result_model.model_validate(result.structured_content)
        assert result.content[0].text == get_tool(key).text_of(data, DEFAULT_BUDGET)
    norm = {str(world["projects"]): "<PROJECTS>"}
    for key in [
        "cc_ls",
        "cc_show",
        "cc_bash",
        "cc_candidates",
        "composer_ls",
        "composer_show",
        "github_pr",
        "github_branches",
    ]:
        assert_golden(key, results[key].structured_content, norm)
    assert_golden("github_ci_tree", results["github_ci"].structured_content)
    assert results["cc_prompts"].structured_content["prompts"] == ["Add an RSS feed"]
    resume = results["cc_resume"].structured_content
    assert_golden("cc_resume", {**resume, "age": "<AGE>"})
    check = results["composer_check"].structured_content
    assert_golden("composer_check", {**check, "checks": [{**c, "dur_ms": 0} for c in check["checks"]]})
    assert_golden("packagist_status_offline", results["packagist_status"].structured_content)


def test_failures_are_error_results(served: tuple[list[Any], dict[str, Any]]) -> None:
    _, results = served
    assert results["error_no_session"].is_error
    assert "no session matched 'nope'" in results["error_no_session"].content[0].text
    assert results["error_outside_roots"].is_error
    assert "outside the allowed roots" in results["error_outside_roots"].content[0].text
