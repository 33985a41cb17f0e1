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
