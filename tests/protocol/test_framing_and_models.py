"""The shared protocol module: framing round trips and camelCase wire models."""

from __future__ import annotations

import json

import pytest

from sofia_nb import protocol as p


def test_encode_is_one_line_even_with_newlines_in_strings() -> None:
    frame = p.encode(p.request(1, "tools/call", {"name": "echo", "arguments": {"message": "a\nb"}}))
    assert frame.endswith(b"\n") and frame.count(b"\n") == 1
    assert p.decode(frame) == {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "echo", "arguments": {"message": "a\nb"}},
    }


@pytest.mark.parametrize(
    "line",
    [
        b"hello",
        b"[1,2]",
        b'{"id":1,"result":{}}',
        b'{"jsonrpc":"2.0","id":1}',
        b'{"jsonrpc":"2.0","id":[1],"result":{}}',
    ],
)
def test_decode_rejects_what_is_not_a_jsonrpc_message(line: bytes) -> None:
    with pytest.raises(p.JsonRpcDecodeError):
        p.decode(line)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (b'\xef\xbb\xbf{"jsonrpc":"2.0","id":1,"result":{}}', {}),  # a BOM, as json.loads allows
        (b'{"jsonrpc":"2.0","id":1,"result":{"s":"\\ud800"}}', {"s": "\ud800"}),  # a lone surrogate
        (b'{"jsonrpc":"2.0","id":1,"result":{"deep":' + b"[" * 300 + b"]" * 300 + b"}}", None),
        (b'{"jsonrpc":"2.0","id":1,"result":{"big":123456789012345678901234567890}}', None),
    ],
)
def test_decode_accepts_all_the_json_the_json_module_accepts(line: bytes, expected: dict | None) -> None:
    result = p.decode(line)["result"]
    assert result == (expected if expected is not None else json.loads(line)["result"])


@pytest.mark.parametrize("bad", [{"x": object()}, {"x": "\ud800"}])
def test_encode_names_what_cannot_be_written(bad: dict) -> None:
    with pytest.raises(p.JsonRpcEncodeError, match="not JSON-serializable"):
        p.encode(p.request(1, "tools/call", {"name": "echo", "arguments": bad}))


def test_message_kinds() -> None:
    assert p.is_request(p.request(1, "ping"))
    assert p.is_notification(p.notification("notifications/initialized"))
    assert p.is_response(p.result_response(1, {}))
    err = p.error_response(1, p.JsonRpcError(p.INVALID_PARAMS, "bad", {"x": 1}))
    assert p.is_response(err)
    assert p.JsonRpcError.from_dict(err["error"]).code == p.INVALID_PARAMS


def test_tool_round_trips_in_camel_case_and_keeps_unknown_members() -> None:
    wire = {
        "name": "create_repository",
        "inputSchema": {"type": "object"},
        "x-future": 1,
        "annotations": {"readOnlyHint": False, "idempotentHint": False},
    }
    tool = p.Tool.model_validate(wire)
    assert tool.annotations is not None and tool.annotations.idempotent_hint is False
    assert tool.wire() == wire


def test_call_tool_result_parses_every_content_kind() -> None:
    result = p.CallToolResult.model_validate(
        {
            "content": [
                {"type": "text", "text": "hi"},
                {"type": "image", "data": "AAAA", "mimeType": "image/png"},
                {"type": "audio", "data": "AAAA", "mimeType": "audio/wav"},
                {"type": "resource", "resource": {"uri": "file:///a", "text": "x"}},
                {"type": "resource_link", "uri": "file:///b", "name": "b"},
            ],
            "structuredContent": {"n": 1},
            "isError": True,
        }
    )
    assert [type(b).__name__ for b in result.content] == [
        "TextContent",
        "ImageContent",
        "AudioContent",
        "EmbeddedResource",
        "ResourceLink",
    ]
    assert result.is_error and result.structured_content == {"n": 1} and result.text() == "hi"
    assert p.CallToolResult(content=[p.TextContent(text="ok")]).wire() == {
        "content": [{"type": "text", "text": "ok"}],
        "isError": False,
    }


def test_negotiate() -> None:
    assert p.negotiate("2024-11-05") == "2024-11-05"
    assert p.negotiate("1.0") == p.LATEST_PROTOCOL_VERSION
    assert p.MODERN_PROTOCOL_VERSION not in p.SUPPORTED_PROTOCOL_VERSIONS
