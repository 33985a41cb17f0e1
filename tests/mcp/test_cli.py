"""``sofia-nb mcp servers|tools|call`` against the fake server: output shapes, exit codes, errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import run_main, validate
from tests.support.mcp_helpers import FAKE


@pytest.fixture
def mcp_json(tmp_path: Path) -> Path:
    path = tmp_path / "mcp.json"
    servers = {
        "fake": {"command": sys.executable, "args": [str(FAKE)], "timeout": 5},
        "broken": {"command": sys.executable, "args": [str(FAKE)], "env": {"FAKE_MODE": "die-at-start"}},
    }
    path.write_text(json.dumps({"servers": servers}))
    return path


def lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def test_servers_with_check(capsys: pytest.CaptureFixture[str], mcp_json: Path) -> None:
    code, out, _ = run_main(capsys, "--json", "--mcp-config", str(mcp_json), "mcp", "servers", "--check")
    result = lines(out)[-1]
    assert code == 0
    validate(result, "McpServersResult")
    states = {s["name"]: (s["state"], s["error_kind"]) for s in result["servers"]}
    assert states == {"fake": ("available", None), "broken": ("unavailable", "connection-refused")}


def test_tools_lists_every_page(capsys: pytest.CaptureFixture[str], mcp_json: Path) -> None:
    code, out, _ = run_main(capsys, "--json", "--mcp-config", str(mcp_json), "mcp", "tools", "fake")
    result = lines(out)[-1]
    assert code == 0 and len(result["tools"]) == 14
    validate(result, "McpToolsResult")
    assert result["tools"][0] == {
        "name": "echo",
        "title": None,
        "description": None,
        "read_only": True,
        "idempotent": None,
        "input_schema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
    }


def test_call_with_args_json_and_arg_overrides(capsys: pytest.CaptureFixture[str], mcp_json: Path) -> None:
    argv = [
        "--json",
        "--mcp-config",
        str(mcp_json),
        "mcp",
        "call",
        "fake",
        "add",
        "--args-json",
        '{"a": 1, "b": 1}',
        "--arg",
        "b=41",
    ]
    code, out, _ = run_main(capsys, *argv)
    events, result = lines(out)[:-1], lines(out)[-1]
    assert code == 0
    validate(result, "McpCallResult")
    assert result["structured_content"] == {"sum": 42} and result["is_error"] is False
    assert [e["type"] for e in events] == ["tool_call_started", "tool_call_finished"]


def test_is_error_result_exits_3(capsys: pytest.CaptureFixture[str], mcp_json: Path) -> None:
    code, out, _ = run_main(capsys, "--mcp-config", str(mcp_json), "mcp", "call", "fake", "fail")
    assert code == 3 and "it went wrong" in out


@pytest.mark.parametrize(
    ("argv", "kind"),
    [
        (["fake", "echo", "--arg", "text=5"], "validation"),
        (["broken", "echo", "--arg", "text=x"], "connection-refused"),
        (["fake", "never", "--timeout", "0.3"], "timeout"),
    ],
)
def test_mcp_failures_exit_4_with_the_error_object(
    capsys: pytest.CaptureFixture[str], mcp_json: Path, argv: list[str], kind: str
) -> None:
    code, out, _ = run_main(capsys, "--json", "--mcp-config", str(mcp_json), "mcp", "call", *argv)
    error = lines(out)[-1]["error"]
    assert code == 4 and error["kind"] == kind
    assert (
        set(error) == {"kind", "message", "server", "tool"}
        and error["server"] == argv[0]
        and error["tool"] == argv[1]
    )


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], mcp_json: Path) -> None:
    base = ["--mcp-config", str(mcp_json), "mcp", "call"]
    assert run_main(capsys, *base, "nope", "echo")[0] == 2
    assert run_main(capsys, *base, "fake", "echo", "--arg", "novalue")[0] == 2
    assert run_main(capsys, *base, "fake", "echo", "--args-json", "[1]")[0] == 2
