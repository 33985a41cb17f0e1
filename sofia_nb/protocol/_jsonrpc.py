"""JSON-RPC 2.0 framing for newline-delimited JSON (the MCP stdio wire format).

Messages stay plain ``dict`` objects on the hot path: building a pydantic model per frame would
cost more than the pipe itself. Typed models (``_models.py``) are for results people use.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic_core import from_json, to_json

JSONRPC = "2.0"

# Standard JSON-RPC codes, then the MCP-defined ones.
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
REQUEST_TIMEOUT = -32001  # what the official SDKs use for a request that timed out
RESOURCE_NOT_FOUND = -32002  # 2025-11-25; 2026-07-28 uses INVALID_PARAMS instead
HEADER_MISMATCH = -32020  # 2026-07-28, Streamable HTTP
UNSUPPORTED_PROTOCOL_VERSION = -32022  # 2026-07-28, `data.supported` lists the server's versions
URL_ELICITATION_REQUIRED = -32042

RequestId = int | str
Message = dict[str, Any]


class JsonRpcDecodeError(ValueError):
    """A frame that is not a JSON-RPC 2.0 message (bad JSON, not an object, wrong ``jsonrpc``)."""


class JsonRpcEncodeError(ValueError):
    """A message that cannot be written as JSON (a value of no JSON type, a lone surrogate)."""


class JsonRpcError(Exception):
    """An ``error`` object received from (or to be sent to) the other side."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data

    def to_dict(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.data is not None:
            error["data"] = self.data
        return error

    @classmethod
    def from_dict(cls, error: Any) -> JsonRpcError:
        if not isinstance(error, dict):
            return cls(INTERNAL_ERROR, f"malformed error object: {error!r}")
        code = error.get("code")
        return cls(
            code if isinstance(code, int) else INTERNAL_ERROR,
            str(error.get("message", "")),
            error.get("data"),
        )


def request(id: RequestId, method: str, params: dict[str, Any] | None = None) -> Message:
    msg: Message = {"jsonrpc": JSONRPC, "id": id, "method": method}
    if params is not None:
        msg["params"] = params
    return msg


def notification(method: str, params: dict[str, Any] | None = None) -> Message:
    msg: Message = {"jsonrpc": JSONRPC, "method": method}
    if params is not None:
        msg["params"] = params
    return msg


def result_response(id: RequestId, result: dict[str, Any]) -> Message:
    return {"jsonrpc": JSONRPC, "id": id, "result": result}


def error_response(id: RequestId | None, error: JsonRpcError) -> Message:
    return {"jsonrpc": JSONRPC, "id": id, "error": error.to_dict()}


def is_request(msg: Message) -> bool:
    return "method" in msg and "id" in msg


def is_notification(msg: Message) -> bool:
    return "method" in msg and "id" not in msg


def is_response(msg: Message) -> bool:
    return "method" not in msg and ("result" in msg or "error" in msg)


# Every frame of the stdio hot path goes through dumps and loads. pydantic-core (already required by
# pydantic) parses and writes JSON in Rust, about four times faster than the json module; the json
# module stays as the fallback for the inputs pydantic-core refuses but JSON allows (a BOM, a lone
# surrogate escape, nesting deeper than 200 levels).
_stdlib_decode = json.JSONDecoder().decode


def dumps(msg: Message) -> bytes:
    """``msg`` as compact UTF-8 JSON; raises ``JsonRpcEncodeError`` naming what could not be written."""
    try:
        return to_json(msg)
    except ValueError as exc:  # PydanticSerializationError is one
        raise JsonRpcEncodeError(f"not JSON-serializable: {exc}") from None


def encode(msg: Message) -> bytes:
    """One frame: ``dumps`` plus ``\\n``. JSON escapes newlines inside strings."""
    return dumps(msg) + b"\n"


def loads(data: bytes | str) -> Any:
    """Parse JSON text; raises ``JsonRpcDecodeError`` when it is not JSON."""
    try:
        return from_json(data)
    except ValueError:
        try:
            # utf-8-sig: a leading BOM is dropped, as json.loads does for bytes
            return _stdlib_decode(data if isinstance(data, str) else data.decode("utf-8-sig"))
        except (ValueError, RecursionError) as exc:  # UnicodeDecodeError included
            raise JsonRpcDecodeError(f"not JSON: {exc}") from None


def decode(line: bytes | str) -> Message:
    """Parse one frame; raises ``JsonRpcDecodeError`` for anything that is not a JSON-RPC 2.0 message."""
    return check_message(loads(line))


def check_message(msg: Any) -> Message:
    """``msg`` itself when it is a JSON-RPC 2.0 request, notification or response object."""
    if not isinstance(msg, dict):
        raise JsonRpcDecodeError("not a JSON object (batches were removed in MCP 2025-06-18)")
    if msg.get("jsonrpc") != JSONRPC:
        raise JsonRpcDecodeError("missing or wrong 'jsonrpc' member")
    rid = msg.get("id")
    if rid is not None and (not isinstance(rid, str | int) or isinstance(rid, bool)):
        raise JsonRpcDecodeError("'id' must be a string, a number or null")
    if "method" in msg or "result" in msg or "error" in msg:  # a request/notification, or a response
        return msg
    raise JsonRpcDecodeError("neither a request, a notification nor a response")
