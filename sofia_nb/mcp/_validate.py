"""Argument validation against a tool's ``inputSchema`` (JSON Schema 2020-12) before anything is sent."""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, best_match

from ..protocol import Tool
from ._errors import McpError


class ArgumentValidator:
    """Compiled validators, one per tool schema object (a refreshed tool list brings new ones)."""

    def __init__(self) -> None:
        self._compiled: dict[int, tuple[dict[str, Any], Draft202012Validator | None]] = {}

    def check(self, tool: Tool, arguments: dict[str, Any]) -> None:
        """Raise ``McpError(kind='validation')`` when ``arguments`` do not match the schema."""
        validator = self._validator(tool.input_schema)
        if validator is None or validator.is_valid(arguments):
            return
        error = best_match(validator.iter_errors(arguments))
        where = "/".join(str(x) for x in error.absolute_path) or "arguments"
        raise McpError("validation", f"invalid arguments for {tool.name}: {where}: {error.message}")

    def _validator(self, schema: dict[str, Any]) -> Draft202012Validator | None:
        key = id(schema)
        cached = self._compiled.get(key)
        if cached is not None and cached[0] is schema:
            return cached[1]
        try:
            Draft202012Validator.check_schema(schema)
            validator: Draft202012Validator | None = Draft202012Validator(schema)
        except SchemaError:
            validator = None  # a server's broken schema must not block calls; the server validates too
        self._compiled[key] = (schema, validator)
        return validator
