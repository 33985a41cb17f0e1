"""GitHub's credential tables, one case per entry: mutmut does not mutate module-level tables,
so dropping a name from them must fail a named case here."""

from __future__ import annotations

import pytest

from sofia_nb.mcp import ServerConfig
from sofia_nb.mcp._github_auth import inherited_environment, is_github_endpoint, with_github_token

WITHHELD_NAMES = ["GITHUB_TOKEN", "GH_TOKEN", "GITHUB_PERSONAL_ACCESS_TOKEN"]
TOKEN_SOURCES = ["GITHUB_TOKEN", "GH_TOKEN"]
TOKEN = "ghp_abcdefghijklmnopqrst1234"


@pytest.fixture(autouse=True)
def _no_github_token(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in WITHHELD_NAMES:
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("name", WITHHELD_NAMES)
def test_a_stdio_server_never_inherits_a_github_token_variable(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(name, TOKEN)
    assert name not in inherited_environment()
    assert "PATH" in inherited_environment()


@pytest.mark.parametrize("name", TOKEN_SOURCES)
def test_githubs_hosted_endpoint_reads_its_token_from_each_variable(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(name, TOKEN)
    entry = ServerConfig(name="github", type="http", url="https://api.githubcopilot.com/mcp/")
    assert is_github_endpoint(entry)
    assert with_github_token(entry).token_env == name


@pytest.mark.parametrize("name", TOKEN_SOURCES)
def test_githubs_stdio_server_gets_the_token_from_each_variable(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(name, TOKEN)
    entry = ServerConfig(name="github", type="stdio", command="github-mcp-server", args=["stdio"])
    assert with_github_token(entry).env == {"GITHUB_PERSONAL_ACCESS_TOKEN": TOKEN}
