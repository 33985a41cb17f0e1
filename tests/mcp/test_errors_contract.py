"""The contract of ``McpError`` and of the retry rule, one case per promise.

``McpError`` is what every MCP failure becomes: the CLI prints ``str(err)``, ``--json`` prints
``to_dict()``, the manager fills in the server and tool. The retry rule decides whether a failed
request runs a second time, so a wrong answer either drops a transient failure on the floor or runs
a ``create_repository`` twice.
"""

from __future__ import annotations

import random

import pytest

from sofia_nb.mcp import ERROR_KINDS, McpError
from sofia_nb.mcp._retry import RETRY_DELAY_S, RETRY_JITTER, retry_delay, should_retry
from sofia_nb.protocol import Tool, ToolCallError


def tool(**hints: bool) -> Tool:
    return Tool.model_validate({"name": "t", "inputSchema": {"type": "object"}, "annotations": hints})


# -- McpError ---------------------------------------------------------------------------------


def test_every_field_is_kept_as_given() -> None:
    err = McpError(
        "auth-failure", "401 from the server", server="gh", tool="search", stderr_tail="x", http_status=401
    )
    assert isinstance(err, ToolCallError)
    assert (err.kind, err.message, err.server, err.tool, err.stderr_tail, err.http_status) == (
        "auth-failure",
        "401 from the server",
        "gh",
        "search",
        "x",
        401,
    )
    assert err.args == ("401 from the server",)


def test_the_defaults_are_no_server_no_tool_no_tail_no_status() -> None:
    err = McpError("timeout", "no answer")
    assert (err.server, err.tool, err.stderr_tail, err.http_status) == (None, None, "", None)
    assert str(err) == "no answer"


@pytest.mark.parametrize(
    ("server", "tool", "expected"),
    [
        ("gh", "search", "gh/search: boom"),
        ("gh", None, "gh: boom"),
        (None, "search", "search: boom"),
        (None, None, "boom"),
    ],
)
def test_str_names_where_the_error_happened(server: str | None, tool: str | None, expected: str) -> None:
    assert str(McpError("unknown", "boom", server=server, tool=tool)) == expected


def test_str_appends_the_servers_stderr_tail_under_a_heading() -> None:
    err = McpError(
        "connection-lost", "the server exited with code 1", server="s", stderr_tail="Trace\nValueError"
    )
    assert str(err) == (
        "s: the server exited with code 1\n--- server stderr (last lines) ---\nTrace\nValueError"
    )


def test_with_context_fills_only_what_the_low_layers_did_not_know() -> None:
    blank = McpError("timeout", "late")
    assert blank.with_context("srv", "tool") is blank
    assert (blank.server, blank.tool) == ("srv", "tool")

    known = McpError("timeout", "late", server="inner", tool="inner-tool")
    known.with_context("outer", "outer-tool")
    assert (known.server, known.tool) == ("inner", "inner-tool")

    half = McpError("timeout", "late", server="inner")
    half.with_context("outer", None)
    assert (half.server, half.tool) == ("inner", None)


def test_to_dict_is_the_cli_json_error_object() -> None:
    err = McpError("validation", "bad args", server="s", tool="t", stderr_tail="secret-ish", http_status=400)
    assert err.to_dict() == {"kind": "validation", "message": "bad args", "server": "s", "tool": "t"}


def test_the_error_kinds_are_the_documented_ones() -> None:
    assert ERROR_KINDS == (
        "connection-refused",
        "connection-lost",
        "timeout",
        "dns-failure",
        "auth-failure",
        "validation",
        "protocol",
        "tool-error",
        "unknown",
    )


# -- the retry rule ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["connection-refused", "dns-failure"])
@pytest.mark.parametrize("is_tool_call", [True, False])
def test_a_request_that_never_reached_a_server_is_always_retried(kind: str, is_tool_call: bool) -> None:
    # even a write tool: nothing ran
    assert should_retry(McpError(kind, "x"), is_tool_call=is_tool_call, tool=tool(destructiveHint=True))  # type: ignore[arg-type]
    assert should_retry(McpError(kind, "x"), is_tool_call=is_tool_call, tool=None)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", ["auth-failure", "validation", "protocol", "tool-error"])
def test_answers_that_would_come_again_are_never_retried(kind: str) -> None:
    for is_tool_call in (True, False):
        assert not should_retry(McpError(kind, "x"), is_tool_call=is_tool_call, tool=tool(readOnlyHint=True))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("error", "transient"),
    [
        (McpError("timeout", "x"), True),
        (McpError("connection-lost", "x"), True),
        (McpError("unknown", "x", http_status=500), True),
        (McpError("unknown", "x", http_status=503), True),
        (McpError("unknown", "x", http_status=499), False),
        (McpError("unknown", "x", http_status=None), False),
        (McpError("auth-failure", "x", http_status=503), False),  # only an unknown 5xx is the server's fault
    ],
)
def test_transient_failures_retry_a_query_but_a_tool_call_only_when_it_is_safe(
    error: McpError, transient: bool
) -> None:
    assert should_retry(error, is_tool_call=False, tool=None) is transient
    assert should_retry(error, is_tool_call=True, tool=tool(readOnlyHint=True)) is transient
    assert should_retry(error, is_tool_call=True, tool=tool(idempotentHint=True)) is transient
    # a tool that may write, or one we know nothing about, never runs twice
    assert should_retry(error, is_tool_call=True, tool=tool(readOnlyHint=False)) is False
    assert should_retry(error, is_tool_call=True, tool=tool()) is False
    assert should_retry(error, is_tool_call=True, tool=None) is False
    unannotated = Tool.model_validate({"name": "t", "inputSchema": {"type": "object"}})
    assert should_retry(error, is_tool_call=True, tool=unannotated) is False


def test_the_retry_delay_is_the_base_with_twenty_percent_jitter(monkeypatch: pytest.MonkeyPatch) -> None:
    assert RETRY_DELAY_S == 1.0
    assert RETRY_JITTER == 0.2
    bounds: list[tuple[float, float]] = []

    def uniform(low: float, high: float) -> float:
        bounds.append((low, high))
        return high

    monkeypatch.setattr(random, "uniform", uniform)
    assert retry_delay(2.0) == pytest.approx(2.4)
    assert retry_delay() == pytest.approx(1.2)
    assert bounds == [(pytest.approx(0.8), pytest.approx(1.2))] * 2


def test_the_retry_delay_stays_within_its_jitter() -> None:
    delays = [retry_delay(1.0) for _ in range(500)]
    assert all(0.8 <= d <= 1.2 for d in delays)
    assert max(delays) - min(delays) > 0.1  # jittered, not a constant
