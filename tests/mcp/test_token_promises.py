"""Promise: a server gets a token only from the variable its own entry names (docs/mcp.md)."""

from __future__ import annotations

import json

import pytest

from sofia_nb.mcp import McpManager, parse_config
from tests.support.mcp_http_fake import FakeHttpServer


async def test_github_token_set_while_the_entry_names_no_token_variable_sends_no_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A common variable on users' machines is never sent to a (non-GitHub) server that did not ask."""
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_notforthisserver0123456789abcdef")
    monkeypatch.setenv("GH_TOKEN", "gho_notforthisserver0123456789abcdef")
    with FakeHttpServer() as server:
        text = json.dumps({"servers": {"web": {"type": "http", "url": server.url, "timeout": 3}}})
        config = parse_config(text)
        assert config.resolve("web").token_env is None
        async with McpManager(config, retry_delay_s=0.05) as manager:
            assert (await manager.call_tool("web", "echo", {"text": "hi"})).text() == "hi"
    sent = [headers for _, _, headers in server.requests]
    assert sent and not any("authorization" in h for h in sent)
    assert not any("notforthisserver" in value for h in sent for value in h.values())


GITHUB_HOST = "api.githubcopilot.com"
LOOK_ALIKES = [
    "https://evil.example/api.githubcopilot.com/mcp/",  # the host in the path
    "https://evil.example/mcp/?next=https://api.githubcopilot.com/mcp/",  # in the query
    "https://evil.example/mcp/#api.githubcopilot.com",  # in the fragment
    "https://api.githubcopilot.com@evil.example/mcp/",  # as userinfo
    "https://api.githubcopilot.com:443@evil.example/mcp/",  # as userinfo with a "port"
    "https://api.githubcopilot.com.evil.example/mcp/",  # a subdomain of another host
    "https://xapi.githubcopilot.com/mcp/",  # a longer host ending in it
    "https://evil.example:443/mcp/api.githubcopilot.com",
]


@pytest.mark.parametrize("url", LOOK_ALIKES)
def test_a_look_alike_of_githubs_endpoint_gets_no_token(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from sofia_nb.mcp import ServerConfig
    from sofia_nb.mcp._github_auth import is_github_endpoint, with_github_token

    monkeypatch.setenv("GITHUB_TOKEN", "ghp_" + "t" * 36)
    entry = ServerConfig(name="look-alike", type="http", url=url)
    assert not is_github_endpoint(entry)
    assert with_github_token(entry) is entry


@pytest.mark.parametrize(
    "url",
    [
        "https://api.githubcopilot.com/mcp/",
        "https://API.GitHubCopilot.com/mcp/",
        "https://api.githubcopilot.com:443/x",
    ],
)
def test_githubs_own_host_is_recognised_however_it_is_written(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sofia_nb.mcp import ServerConfig
    from sofia_nb.mcp._github_auth import GITHUB_MCP_HOSTS, is_github_endpoint

    assert GITHUB_MCP_HOSTS == [GITHUB_HOST]
    assert is_github_endpoint(ServerConfig(name="github", type="http", url=url))


async def test_on_the_wire_a_look_alike_url_sends_githubs_token_nowhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """GitHub's endpoint and a second server on loopback; entries naming GitHub's host:port in the
    path or as userinfo of the second server's URL reach the second server without the token."""
    from urllib.parse import urlsplit

    from sofia_nb.mcp import _github_auth
    from tests.support.fake_github import FakeGitHub

    token = "ghp_" + "w" * 36
    monkeypatch.setenv("GITHUB_TOKEN", token)
    with FakeGitHub() as github, FakeGitHub() as other:
        github_netloc, other_netloc = urlsplit(github.url).netloc, urlsplit(other.url).netloc
        monkeypatch.setattr(_github_auth, "GITHUB_MCP_HOSTS", [github_netloc])
        servers = {
            "github": {"type": "http", "url": github.url},
            "in-path": {"type": "http", "url": f"http://{other_netloc}/{github_netloc}/mcp"},
            "as-userinfo": {"type": "http", "url": f"http://{github_netloc}@{other_netloc}/mcp"},
        }
        config = parse_config(json.dumps({"servers": servers}))
        async with McpManager(config, retry_delay_s=0.05) as manager:
            for name in servers:
                await manager.list_tools(name)
    assert set(github.authorizations) == {f"Bearer {token}"}
    assert len(other.authorizations) >= 4  # both entries reached it (initialize, tools/list each)
    assert not [a for a in other.authorizations if a and token in a]
    assert not [a for a in other.authorizations if a and a.startswith("Bearer")]
