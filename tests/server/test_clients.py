"""Real peers against ``sofia-nb mcp serve``: the official MCP SDK (both eras) and the MCP Inspector CLI."""

from __future__ import annotations

import json
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from sofia_nb.context import tools
from tests.conftest import npm_binary

from ._served import OTHER_CALLS, build_world, calls, model_text, serve_argv, server_env
from .test_protocol import EXPECTED_REQUIRED, expected_hints

# Each Inspector run starts a server process, so it calls this module's eight tools; the SDK tests above
# call all of them, the other providers' included.
INSPECTED = list(calls(Path()))


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return build_world(tmp_path_factory.mktemp("served").resolve())


def _params(world: dict[str, Path]) -> StdioServerParameters:
    argv = serve_argv(world["root"])
    return StdioServerParameters(
        command=argv[0], args=argv[1:], env=server_env(world), cwd=str(world["root"])
    )


def test_every_tool_has_a_call() -> None:
    assert set(calls(Path())) | set(OTHER_CALLS) == set(tools())


@pytest.mark.parametrize(("mode", "version"), [("auto", "2026-07-28"), ("legacy", "2025-11-25")])
async def test_official_sdk_lists_and_calls_every_tool(
    world: dict[str, Path], mode: str, version: str
) -> None:
    async with Client(_params(world), mode=mode, read_timeout_seconds=60) as client:  # type: ignore[arg-type]
        assert client.protocol_version == version
        listed = (await client.list_tools()).tools
        assert [t.name for t in listed] == list(tools())
        for tool in listed:
            hints = tool.annotations
            assert hints is not None
            assert {
                "readOnlyHint": hints.read_only_hint,
                "destructiveHint": hints.destructive_hint,
                "idempotentHint": hints.idempotent_hint,
                "openWorldHint": hints.open_world_hint,
            } == expected_hints(tool.name)
            assert tool.input_schema.get("required", []) == EXPECTED_REQUIRED.get(tool.name, [])
        for name, arguments in calls(world["root"]).items():
            result = await client.call_tool(name, arguments)
            assert result.is_error is False, (name, result.content)
            # The text block is the compact text the model reads, not the JSON again.
            text = result.content[0].text  # type: ignore[union-attr]
            assert text == model_text(name, result.structured_content or {}, world["root"]), name
        for name, arguments in OTHER_CALLS.items():
            result = await client.call_tool(name, arguments)
            assert result.content, name  # an answer (possibly isError: no gh, no composer here), never a hang
        failing = await client.call_tool("code", {"files": ["/etc/passwd"]})
        assert failing.is_error and "outside the allowed roots" in failing.content[0].text  # type: ignore[union-attr]


def _inspect(world: dict[str, Path], *args: str) -> Any:
    # The Inspector hands the server only the variables it is given with -e.
    # PYTHONPATH too: in a worktree it names the code under test.
    wanted = ("SOFIA_HOME", "CC_PROJECTS_DIR", "PYTHONPATH")
    env = [f"-e{k}={v}" for k, v in server_env(world).items() if k in wanted]
    argv = [
        str(npm_binary("mcp-inspector")),
        "--cli",
        "--connect-timeout",
        "90000",
        *env,
        *serve_argv(world["root"]),
        *args,
    ]
    out = subprocess.run(
        argv, capture_output=True, text=True, timeout=120, env=server_env(world), cwd=world["root"]
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.node
def test_inspector_lists_and_calls_the_tools(world: dict[str, Path]) -> None:
    def call(name: str) -> Any:
        pairs = [
            f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in calls(world["root"])[name].items()
        ]
        return _inspect(
            world, "--method", "tools/call", "--tool-name", name, *(["--tool-arg", *pairs] if pairs else [])
        )

    with ThreadPoolExecutor(max_workers=4) as pool:  # one server process per Inspector run
        listing = pool.submit(_inspect, world, "--method", "tools/list")
        results = dict(zip(INSPECTED, pool.map(call, INSPECTED), strict=True))
    listed = listing.result()["tools"]
    assert [t["name"] for t in listed] == list(tools())
    for tool in listed:
        assert tool["annotations"] == expected_hints(tool["name"])
        assert tool["inputSchema"].get("required", []) == EXPECTED_REQUIRED.get(tool["name"], [])
    for name, result in results.items():
        assert result["isError"] is False, (name, result)
        assert result["content"][0]["text"] == model_text(name, result["structuredContent"], world["root"])


async def test_official_sdk_roots_narrow_what_the_file_tools_read(world: dict[str, Path]) -> None:
    offered = world["root"] / "py"

    async def list_roots(context: Any) -> types.ListRootsResult:
        return types.ListRootsResult(roots=[types.Root(uri=offered.as_uri(), name="py")])  # type: ignore[arg-type]

    async with Client(
        _params(world), mode="legacy", list_roots_callback=list_roots, read_timeout_seconds=60
    ) as client:
        inside = await client.call_tool("code", {"files": [str(offered / "widgets.py")], "brief": True})
        assert inside.is_error is False
        outside = await client.call_tool("code", {"files": [str(world["root"] / "go" / "server.go")]})
        assert outside.is_error and "outside the allowed roots" in outside.content[0].text  # type: ignore[union-attr]
        relative = await client.call_tool(
            "grep", {"patterns": ["Widget"]}
        )  # relative paths start at the root
        assert relative.structured_content["root"] == str(offered)  # type: ignore[index]
