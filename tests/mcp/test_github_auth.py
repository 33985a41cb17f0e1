"""GitHub's server as its users configure it: ``GITHUB_TOKEN`` (then ``GH_TOKEN``) reaches GitHub's
endpoint and its official stdio server only; every other server is left as its entry says."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from sofia_nb.mcp import McpError, McpManager, _github_auth, parse_config
from sofia_nb.mcp._config import ServerConfig
from sofia_nb.mcp._github_auth import STDIO_TOKEN, with_github_token
from tests.support.fake_github import FakeGitHub


def _list_both(github: FakeGitHub, other: FakeGitHub) -> None:
    config = parse_config(json.dumps({"servers": {"github": github.entry(), "other": other.entry()}}))

    async def go() -> None:
        async with McpManager(config) as mcp:
            await mcp.list_tools("github")
            await mcp.list_tools("other")

    asyncio.run(go())


def _as_github(monkeypatch: pytest.MonkeyPatch, fake: FakeGitHub) -> None:
    monkeypatch.setattr(_github_auth, "GITHUB_MCP_HOSTS", [urlsplit(fake.url).netloc])


def test_githubs_endpoint_gets_github_token_and_no_other_server_does(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_fake123")
    monkeypatch.setenv("GH_TOKEN", "gho_second")
    with FakeGitHub() as github, FakeGitHub() as other:
        _as_github(monkeypatch, github)
        _list_both(github, other)
    assert github.authorizations and set(github.authorizations) == {"Bearer ghp_fake123"}
    assert other.authorizations and set(other.authorizations) == {None}


def test_gh_token_is_used_when_github_token_is_not_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    monkeypatch.setenv("GH_TOKEN", "gho_second")
    with FakeGitHub() as github, FakeGitHub() as other:
        _as_github(monkeypatch, github)
        _list_both(github, other)
    assert set(github.authorizations) == {"Bearer gho_second"}
    assert set(other.authorizations) == {None}


def test_an_auth_failure_names_the_variable_to_set(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in _github_auth.TOKEN_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    with FakeGitHub() as github:
        github.required_authorization = "Bearer ghp_real"
        _as_github(monkeypatch, github)
        config = parse_config(json.dumps({"servers": {"github": github.entry()}}))

        async def go() -> None:
            async with McpManager(config) as mcp:
                await mcp.list_tools("github")

        with pytest.raises(McpError) as caught:
            asyncio.run(go())
    assert caught.value.kind == "auth-failure"
    assert "set GITHUB_TOKEN" in str(caught.value)


def test_an_entry_naming_its_own_token_keeps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_fake123")
    monkeypatch.setattr(_github_auth, "GITHUB_MCP_HOSTS", ["api.githubcopilot.com"])
    named = ServerConfig(type="http", url="https://api.githubcopilot.com/mcp/", token_env="MY_PAT")
    header = ServerConfig(
        type="http", url="https://api.githubcopilot.com/mcp/", headers={"authorization": "x"}
    )
    assert with_github_token(named).token_env == "MY_PAT"
    assert with_github_token(header).token_env is None


@pytest.mark.parametrize(
    ("command", "args", "gets_token"),
    [
        ("/usr/local/bin/github-mcp-server", ["stdio"], True),
        ("docker", ["run", "-i", "--rm", "-e", STDIO_TOKEN, "ghcr.io/github/github-mcp-server"], True),
        ("docker", ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server:v0.20.0"], True),
        ("npx", ["@modelcontextprotocol/server-everything"], False),
        ("github-mcp-server", ["http"], False),
    ],
)
def test_only_githubs_stdio_server_gets_the_personal_access_token(
    monkeypatch: pytest.MonkeyPatch, command: str, args: list[str], gets_token: bool
) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_fake123")
    entry = with_github_token(ServerConfig(type="stdio", command=command, args=args))
    assert (entry.env.get(STDIO_TOKEN) == "ghp_fake123") is gets_token
    own = ServerConfig(type="stdio", command=command, args=args, env={STDIO_TOKEN: "mine"})
    assert with_github_token(own).env[STDIO_TOKEN] == "mine"


async def test_a_stdio_server_that_is_not_githubs_does_not_inherit_the_github_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sofia_nb.mcp._stdio import StdioTransport

    monkeypatch.setenv("GITHUB_TOKEN", "ghp_" + "a" * 36)
    monkeypatch.setenv("GH_TOKEN", "gho_" + "b" * 36)
    monkeypatch.setenv("SOFIA_PLAIN_SETTING", "kept")
    seen = tmp_path / "env.txt"
    server = StdioTransport("sh", ["-c", f"env > {seen}; exec cat"], env={"NAMED_BY_ENTRY": "1"})
    await server.start()
    for _ in range(100):
        if seen.exists() and "NAMED_BY_ENTRY" in seen.read_text():
            break
        await asyncio.sleep(0.05)
    await server.aclose()
    names = {line.split("=", 1)[0] for line in seen.read_text().splitlines()}
    assert "NAMED_BY_ENTRY" in names and "SOFIA_PLAIN_SETTING" not in names  # the allow-list only
    assert not names & {"GITHUB_TOKEN", "GH_TOKEN", "GITHUB_PERSONAL_ACCESS_TOKEN"}


def test_the_container_image_is_recognised_when_pinned_by_tag_or_digest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_pinned")
    for image in (
        "ghcr.io/github/github-mcp-server",
        "ghcr.io/github/github-mcp-server:v1.2.0",
        "ghcr.io/github/github-mcp-server@sha256:0f3c2e",
    ):
        entry = ServerConfig(name="gh", command="docker", args=["run", "-i", "--rm", image])
        assert with_github_token(entry).env == {STDIO_TOKEN: "ghp_pinned"}, image
    other = ServerConfig(
        name="x", command="docker", args=["run", "-i", "ghcr.io/github/other-server@sha256:1"]
    )
    assert with_github_token(other) is other


def test_every_other_entry_is_left_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_not_for_you")
    entries = [
        ServerConfig(name="web", type="http", url="https://mcp.example.com/mcp"),
        ServerConfig(name="local", command="node", args=["server.js", "stdio"]),
        ServerConfig(name="other-bin", command="/usr/bin/other-mcp-server", args=["stdio"]),
        # fields of the other transport, left over from an edit, do not make an entry GitHub's
        ServerConfig(name="stdio-with-url", command="node", url="https://api.githubcopilot.com/mcp/"),
        ServerConfig(
            name="http-with-command",
            type="http",
            url="https://mcp.example.com/mcp",
            command="github-mcp-server",
            args=["stdio"],
        ),
    ]
    for entry in entries:
        assert with_github_token(entry) is entry, entry.name
