"""A stdio MCP server runs someone else's code: it gets the allow-listed variables and what its entry
names, never sofia_nb's model keys, unless its entry opts in with ``inheritEnv`` (and even then never
GitHub's token variables). Seen through the reference server's own ``get-env`` tool."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sofia_nb.mcp import McpManager, ServerConfig
from tests.conftest import npm_binary
from tests.support.mcp_helpers import config

KEYS = {
    "OPENAI_API_KEY": "sk-planted-openai-0123456789abcdef",
    "AZURE_OPENAI_API_KEY": "planted-azure-key-value",
    "GITHUB_TOKEN": "ghp_planted0123456789abcdefghijklmnop",
}


@pytest.fixture(autouse=True)
def _planted(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in KEYS.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("SOFIA_PLAIN_SETTING", "plain")
    monkeypatch.setenv("LC_TIME", "C.UTF-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", "/tmp/xdg-config")
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy.invalid:3128")


async def server_environment(**entry: Any) -> dict[str, str]:
    server = ServerConfig(
        name="ev", command=str(npm_binary("mcp-server-everything")), args=["stdio"], timeout=20, **entry
    )
    async with McpManager(config(server), retry_delay_s=0.05) as manager:
        result = await manager.call_tool("ev", "get-env", {})
    environment: dict[str, str] = json.loads(result.text())
    return environment


@pytest.mark.node
async def test_a_stdio_server_gets_the_allow_list_and_its_own_env_only() -> None:
    seen = await server_environment(env={"NAMED_BY_ENTRY": "yes"})
    assert not set(KEYS) & set(seen)
    assert not [v for v in seen.values() if any(key in v for key in KEYS.values())]
    assert "SOFIA_PLAIN_SETTING" not in seen
    assert seen["NAMED_BY_ENTRY"] == "yes"
    for allowed in ("PATH", "HOME", "LC_TIME", "XDG_CONFIG_HOME", "HTTPS_PROXY"):
        assert allowed in seen, allowed


@pytest.mark.node
async def test_inherit_env_is_an_opt_in_per_server_and_still_withholds_githubs_token() -> None:
    seen = await server_environment(inherit_env=True)
    assert seen["SOFIA_PLAIN_SETTING"] == "plain"
    assert seen["OPENAI_API_KEY"] == KEYS["OPENAI_API_KEY"]  # what the opt-in means
    assert "GITHUB_TOKEN" not in seen


def test_the_entry_key_is_camel_case_in_the_file() -> None:
    from sofia_nb.mcp import parse_config

    parsed = parse_config(
        json.dumps({"servers": {"a": {"command": "x", "inheritEnv": True}, "b": {"command": "y"}}})
    )
    assert parsed.servers["a"].inherit_env and not parsed.servers["b"].inherit_env
