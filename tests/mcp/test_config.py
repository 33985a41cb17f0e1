"""mcp.json: VS Code and Claude formats, JSONC, variables, envFile, unknown keys, precise errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from sofia_nb.mcp import InputSpec, McpConfigError, McpManager, load_config, parse_config

VSCODE = """{
  // servers for the workshop
  "inputs": [{"type": "promptString", "id": "gh-token", "description": "GitHub token", "password": true}],
  "servers": {
    "github": {
      "type": "http",
      "url": "https://api.example.test/mcp/",
      "headers": {"X-Tenant": "${env:TENANT}", "X-Token": "${input:gh-token}"},
      "tokenEnv": "GITHUB_TOKEN",
      "timeout": 60,
      "x-custom": {"kept": true},  /* unknown keys survive */
    },
    "files": {
      "command": "mcp-server-filesystem",
      "args": ["${workspaceFolder}/data"],
      "envFile": ".env",
      "env": {"B": "from-entry"},
    },
  },
}
"""


def write(tmp_path: Path, text: str, name: str = ".vscode/mcp.json") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_vscode_format_with_jsonc_variables_and_env_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, VSCODE)
    (tmp_path / ".env").write_text("# comment\nA=from-file\nexport B='from-file'\n")
    monkeypatch.setenv("TENANT", "acme")
    monkeypatch.setenv("GH_TOKEN", "secret-from-env")  # ${input:gh-token} → GH_TOKEN
    cfg = load_config(path)
    assert cfg.servers["github"].type == "http" and cfg.servers["files"].type == "stdio"
    assert cfg.servers["github"].model_extra == {"x-custom": {"kept": True}}
    github = cfg.resolve("github")
    assert github.headers == {"X-Tenant": "acme", "X-Token": "secret-from-env"}
    assert github.token_env == "GITHUB_TOKEN" and github.query_timeout == 60
    files = cfg.resolve("files")
    assert files.args == [f"{tmp_path.resolve()}/data"]
    assert files.env == {"A": "from-file", "B": "from-entry"}


def test_input_comes_from_a_prompt_or_fails_naming_file_and_key(tmp_path: Path) -> None:
    cfg = load_config(write(tmp_path, VSCODE))
    asked: list[InputSpec] = []
    resolved = cfg.resolve("github", prompt=lambda spec: asked.append(spec) or "typed")
    assert (
        resolved.headers["X-Token"] == "typed"
        and asked[0].password
        and asked[0].description == "GitHub token"
    )
    with pytest.raises(McpConfigError) as err:
        cfg.resolve("github")
    assert str(tmp_path / ".vscode" / "mcp.json") in str(err.value)
    assert "servers.github.input:gh-token" in str(err.value) and "GH_TOKEN" in str(err.value)


def test_claude_format(tmp_path: Path) -> None:
    text = (
        '{"mcpServers": {"fs": {"command": "npx", "args": ["x"]},'
        ' "web": {"type": "streamable-http", "url": "http://h/mcp"}}}'
    )
    cfg = parse_config(text, tmp_path / ".mcp.json")
    assert cfg.servers["fs"].command == "npx" and cfg.servers["web"].type == "http"
    assert cfg.servers["fs"].name == "fs"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"servers": {"a": {"command": "x",}}\n  "oops"}', "line 2, column 3"),
        (
            '{"servers": {\n  "a": {\n    "type": "http"\n  }}}',
            "line 2, column 3: servers.a: Value error, an http server needs 'url'",
        ),
        (
            '{"servers": {\n  "a": {"command": "x",\n  "args": "not-a-list"}}}',
            "line 3, column 3: servers.a.args",
        ),
        (
            '{"mcpServers": {\n "a": {"command": "x", "timeout": -1}}}',
            "line 2, column 24: mcpServers.a.timeout",
        ),
        ("[1]", "the top level must be an object"),
    ],
)
def test_bad_file_errors_name_file_position_and_key(tmp_path: Path, text: str, expected: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(McpConfigError) as err:
        load_config(path)
    assert str(err.value).startswith(str(path)) and expected in str(err.value)


def test_nearest_vscode_config_is_found_walking_up(tmp_path: Path) -> None:
    write(tmp_path, '{"servers": {"a": {"command": "x"}}}')
    nested = tmp_path / "notebooks" / "deep"
    nested.mkdir(parents=True)
    assert list(load_config(cwd=nested).servers) == ["a"]
    assert load_config(cwd=Path("/")).servers == {}


async def test_unknown_server_and_unresolvable_input_are_validation_errors(tmp_path: Path) -> None:
    from sofia_nb.mcp import McpError

    async with McpManager(write(tmp_path, VSCODE)) as manager:
        assert manager.servers == ["github", "files"]
        for server in ("nope", "github"):
            with pytest.raises(McpError) as err:
                await manager.list_tools(server)
            assert err.value.kind == "validation" and err.value.server == server


def test_timeout_defaults_are_30_s_for_queries_and_60_s_for_repository_operations() -> None:
    from sofia_nb.develop._github import CALL_TIMEOUT_S

    servers = parse_config(
        '{"servers": {"plain": {"url": "http://127.0.0.1:9/mcp"}, "one": {"command": "x", "timeout": 5}}}'
    ).servers
    assert (servers["plain"].query_timeout, servers["plain"].tool_write_timeout) == (30.0, 60.0)
    assert (servers["one"].query_timeout, servers["one"].tool_write_timeout) == (5.0, 5.0)
    assert CALL_TIMEOUT_S == 60.0  # create_repository / push_files
