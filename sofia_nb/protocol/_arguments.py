"""The one argument validator: tool arguments against their JSON Schema, compiled once per schema object.

The tool loop, the MCP client and the tool servers all ask here, so a model reads one error shape:
``invalid arguments for NAME: where: message``. jsonschema-rs decides every verdict: a call's
arguments are new each time, and it checks them in about a tenth of a microsecond where a
pure-Python validator takes several.
"""

from __future__ import annotations

from typing import Any

import jsonschema_rs

_KEEP = 512  # compiled schemas kept; a server that keeps changing its tool list must not grow this


class ArgumentValidator:
    """Compiled validators, one per tool schema object (a refreshed tool list brings new ones).

    The draft is the one the schema's ``$schema`` names, else 2020-12 (MCP's default). Compiling is
    offline, so a ``$ref`` to another host is never fetched, and ``format`` is an annotation, as
    2020-12 says by default. A schema that cannot be compiled (invalid, an unknown ``$schema``, a
    reference it cannot resolve) accepts everything: it must not block calls, and the server that
    owns it validates too.
    """

    def __init__(self) -> None:
        self._compiled: dict[int, tuple[dict[str, Any], jsonschema_rs.Validator | None]] = {}

    def problem(self, name: str, schema: dict[str, Any], arguments: Any) -> str | None:
        """Why ``arguments`` do not match ``schema`` (the tool called ``name``), or None when they do."""
        validator = self._compile(schema)
        if validator is None:
            return None
        try:
            if validator.is_valid(arguments):
                return None
            error = next(iter(validator.iter_errors(arguments)))
        except ValueError as exc:  # a value JSON cannot hold, e.g. a key that is not a string
            return f"invalid arguments for {name}: arguments: {exc}"
        where = "/".join(str(part) for part in error.instance_path) or "arguments"
        return f"invalid arguments for {name}: {where}: {error.message}"

    def _compile(self, schema: dict[str, Any]) -> jsonschema_rs.Validator | None:
        key = id(schema)
        cached = self._compiled.get(key)
        if cached is not None and cached[0] is schema:  # the same object, not one at a reused address
            return cached[1]
        try:
            validator: jsonschema_rs.Validator | None = jsonschema_rs.validator_for(
                schema, validate_formats=False, offline=True
            )
        except (ValueError, jsonschema_rs.ReferencingError):
            validator = None
        if len(self._compiled) >= _KEEP:
            self._compiled.clear()
        self._compiled[key] = (schema, validator)
        return validator
