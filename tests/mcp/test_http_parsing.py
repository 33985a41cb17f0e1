"""The HTTP transport's pure parts: event-stream parsing, and how HTTP and connection failures read."""

from __future__ import annotations

import socket

import httpx
import pytest

from sofia_nb.mcp._http import SseEvent, _status_error, connect_error, sse_events

URL = "http://127.0.0.1:9/mcp"


async def events_of(text: str) -> list[SseEvent]:
    return [e async for e in sse_events(httpx.Response(200, content=text.encode()))]


async def test_event_fields_are_read_and_several_data_lines_join_with_newlines() -> None:
    events = await events_of("event: endpoint\nid: 7\nretry: 1500\ndata: a\ndata:b\ndata:  c\n\n")
    assert events == [SseEvent("endpoint", "a\nb\n c", "7", 1500)]


async def test_each_event_starts_afresh_after_its_blank_line() -> None:
    events = await events_of("event: endpoint\nid: 1\nretry: 5\ndata: x\n\ndata: y\n\n")
    assert events[1] == SseEvent("message", "y", None, None)


async def test_a_retry_that_is_not_a_number_and_comment_lines_are_ignored() -> None:
    assert await events_of(": keep-alive\nretry: soon\ndata: x\n\n") == [SseEvent("message", "x", None, None)]


async def test_a_priming_event_with_only_an_id_or_only_a_retry_is_kept() -> None:
    assert await events_of("id: 0\n\nretry: 20\n\n\n\n") == [
        SseEvent("message", "", "0", None),
        SseEvent("message", "", None, 20),
    ]


async def test_the_last_event_counts_without_its_blank_line_but_a_bare_id_at_the_end_does_not() -> None:
    assert await events_of("id: 3\nevent: late\ndata: tail") == [SseEvent("late", "tail", "3", None)]
    assert await events_of("data: one\n\nid: 9") == [SseEvent("message", "one", None, None)]
    assert await events_of("retry: 40\ndata: a\ndata: b") == [SseEvent("message", "a\nb", None, 40)]


def status(code: int, body: str = "", token_env: str | None = None) -> tuple[str, str, int | None]:
    err = _status_error(httpx.Response(code), body, token_env)
    return err.kind, err.message, err.http_status


def test_a_refused_token_is_named_with_its_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEB_TOKEN", "tok-1234567890")
    assert status(401, "no", "WEB_TOKEN") == (
        "auth-failure",
        "HTTP 401 Unauthorized: the token in WEB_TOKEN is refused; set WEB_TOKEN",
        None,
    )


def test_a_missing_token_is_named_with_its_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WEB_TOKEN", raising=False)
    assert status(403, "", "WEB_TOKEN")[:2] == (
        "auth-failure",
        "HTTP 403 Forbidden: the token in WEB_TOKEN is not set; set WEB_TOKEN",
    )


def test_an_auth_failure_without_a_token_variable_points_at_the_entry() -> None:
    assert status(401, "denied")[:2] == (
        "auth-failure",
        "HTTP 401 Unauthorized: check the token or headers configured for this server",
    )


def test_a_server_error_keeps_its_status_for_the_retry_rule_and_the_body_start() -> None:
    # 200 characters of the body, cut between words (a word cut in two could be a token's piece)
    assert status(500, "xxx " * 75) == (
        "unknown",
        f"HTTP 500 Internal Server Error: {('xxx ' * 50).strip()}",
        500,
    )
    assert status(503) == ("unknown", "HTTP 503 Service Unavailable", 503)
    assert status(502, " \n") == ("unknown", "HTTP 502 Bad Gateway", 502)
    assert status(500, "  ends with X:  \n") == (
        "unknown",
        "HTTP 500 Internal Server Error: ends with X:",
        500,
    )


def test_other_statuses_are_protocol_errors_with_the_body_start() -> None:
    assert status(499, "yyy " * 75) == ("protocol", f"HTTP 499: {('yyy ' * 50).strip()}", None)
    assert status(400) == ("protocol", "HTTP 400 Bad Request", None)


def test_a_refused_connection_says_where_and_why() -> None:
    exc = httpx.ConnectError("All connection attempts failed")
    exc.__cause__ = ConnectionRefusedError(111, "Connection refused")
    err = connect_error(exc, URL)
    assert (err.kind, err.message) == (
        "connection-refused",
        f"cannot connect to {URL}: All connection attempts failed",
    )
    assert connect_error(httpx.ConnectError(""), URL).message == f"cannot connect to {URL}: ConnectError"


def test_a_refusal_deeper_in_the_chain_stops_the_search_for_a_resolver_failure() -> None:
    inner = OSError("wrapped")
    inner.__context__ = socket.gaierror(-2, "Name or service not known")
    refused = ConnectionRefusedError(111, "refused")
    refused.__context__ = inner
    exc = httpx.ConnectError("failed")
    exc.__context__ = refused
    assert connect_error(exc, URL).kind == "connection-refused"


@pytest.mark.parametrize("via", ["cause", "context"])
def test_a_resolver_failure_anywhere_in_the_chain_is_a_dns_failure(via: str) -> None:
    middle = OSError("middle")
    setattr(middle, f"__{via}__", socket.gaierror(-2, "Name or service not known"))
    exc = httpx.ConnectError("failed")
    setattr(exc, f"__{via}__", middle)
    err = connect_error(exc, URL)
    assert (err.kind, err.message) == ("dns-failure", f"cannot resolve the host of {URL}")


@pytest.mark.parametrize("text", ["[Errno -2] Name or service not known", "nodename nor servname provided"])
def test_a_resolver_failure_known_only_by_its_text_is_a_dns_failure(text: str) -> None:
    err = connect_error(httpx.ConnectError(text), URL)
    assert (err.kind, err.message) == ("dns-failure", f"cannot resolve the host of {URL}")
