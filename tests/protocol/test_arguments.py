"""The one argument validator (jsonschema-rs): exact JSON types, every call checked afresh, the draft
the schema names, offline compiling, and one error shape."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from sofia_nb.protocol import ArgumentValidator

SCHEMA = {
    "type": "object",
    "properties": {"n": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}},
    "required": ["n"],
}


def problem(schema: dict[str, Any], arguments: Any, validator: ArgumentValidator | None = None) -> str | None:
    return (validator or ArgumentValidator()).problem("t", schema, arguments)


def test_json_types_are_exact_a_bool_is_no_integer_and_a_fraction_is_none_either() -> None:
    validator = ArgumentValidator()
    assert problem(SCHEMA, {"n": 1, "tags": ["a"]}, validator) is None
    assert (
        problem(SCHEMA, {"n": True}, validator) == 'invalid arguments for t: n: true is not of type "integer"'
    )
    assert problem(SCHEMA, {"n": 1.5}, validator) is not None
    assert problem(SCHEMA, {"n": 2.0}, validator) is None  # 2.0 is an integer to JSON Schema (2020-12)


def test_every_call_is_checked_afresh_changing_accepted_arguments_afterwards_counts() -> None:
    validator = ArgumentValidator()
    arguments: dict[str, Any] = {"n": 1, "tags": ["a"]}
    assert problem(SCHEMA, arguments, validator) is None
    arguments["tags"].append(2)
    assert (
        problem(SCHEMA, arguments, validator) == 'invalid arguments for t: tags/1: 2 is not of type "string"'
    )


def test_a_missing_member_is_named_at_the_top_level() -> None:
    assert problem(SCHEMA, {}) == 'invalid arguments for t: arguments: "n" is a required property'


def test_a_value_json_cannot_hold_is_a_problem_not_a_crash() -> None:
    found = problem({"type": "object"}, {1: "a"})
    assert found is not None and found.startswith("invalid arguments for t: arguments: ") and "str" in found


def test_the_draft_is_the_one_the_schema_names() -> None:
    # exclusiveMaximum as a flag is draft-04; under 2020-12 the same schema would be invalid (accept all)
    draft4 = {"$schema": "http://json-schema.org/draft-04/schema#", "maximum": 5, "exclusiveMaximum": True}
    assert (
        problem(draft4, 5)
        == "invalid arguments for t: arguments: 5 is greater than or equal to the maximum of 5"
    )
    assert problem(draft4, 4) is None


def test_format_is_an_annotation_even_where_a_draft_would_assert_it() -> None:
    draft7 = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "string", "format": "email"}
    assert problem(draft7, "not an address") is None


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "no such type"},
        {"$schema": "https://example.invalid/own-meta-schema", "type": "string"},
        {"properties": {"a": {"$ref": "#/$defs/missing"}}},
    ],
    ids=["invalid", "unknown-meta-schema", "dangling-ref"],
)
def test_a_schema_that_cannot_be_compiled_accepts_everything(schema: dict[str, Any]) -> None:
    assert problem(schema, {"a": 1}) is None


@pytest.fixture
def recording_server() -> Iterator[tuple[str, list[str]]]:
    asked: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            asked.append(self.path)
            body = b'{"type": "integer"}'
            self.send_response(200)
            self.send_header("Content-Type", "application/schema+json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", asked
    finally:
        server.shutdown()
        server.server_close()


def test_a_ref_to_another_host_is_never_fetched(recording_server: tuple[str, list[str]]) -> None:
    url, asked = recording_server
    schema = {"type": "object", "properties": {"n": {"$ref": f"{url}/n.json"}}}
    assert problem(schema, {"n": "not an integer"}) is None  # unresolvable offline: accepted, as invalid
    assert asked == []


def test_a_schema_object_is_compiled_once_and_a_new_object_again() -> None:
    validator = ArgumentValidator()
    first = dict(SCHEMA)
    assert problem(first, {"n": "x"}, validator) is not None
    assert validator._compile(first) is validator._compile(first)
    replaced = {**SCHEMA, "properties": {"n": {"type": "string"}}}
    assert problem(replaced, {"n": "x"}, validator) is None
