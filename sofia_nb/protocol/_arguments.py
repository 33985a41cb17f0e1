"""The one argument validator: tool arguments against a JSON Schema 2020-12, cached per schema object.

The tool loop, the MCP client and the tool servers all ask here, so a model reads one error shape:
``invalid arguments for NAME: where: message``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # jsonschema is imported on first use: with its optional format extras installed (the notebook
    # extras bring rfc3987-syntax) the import alone takes seconds, and most processes never validate.
    from jsonschema import Draft202012Validator

_SCALARS = (str, int, float, bool, type(None))


class _Unsupported(Exception):
    """A value that is not plain JSON data (a tuple, a subclass...): never cached, always validated."""


def _snapshot(value: Any) -> Any:
    """A deep copy of plain JSON data, so later changes to the caller's objects cannot alter it."""
    kind = type(value)
    if kind is dict:
        if not all(type(key) is str for key in value):
            raise _Unsupported
        return {key: _snapshot(item) for key, item in value.items()}
    if kind is list:
        return [_snapshot(item) for item in value]
    if kind in _SCALARS:
        return value
    raise _Unsupported


def _same(value: Any, snapshot: Any) -> bool:
    """True when ``value`` equals ``snapshot`` with the same exact type at every node and keys in the
    same order (``True == 1`` and ``1 == 1.0`` are not the same to a schema, nor is a tuple a list)."""
    kind = type(value)
    if kind is not type(snapshot):
        return False
    if kind is dict:
        if len(value) != len(snapshot):
            return False
        # Plain loops, leaves compared inline: this runs on every call that repeats its arguments.
        for (key, item), (s_key, s_item) in zip(value.items(), snapshot.items(), strict=True):
            if type(key) is not str or key != s_key:
                return False
            item_kind = type(item)
            if item_kind is not type(s_item):
                return False
            if item_kind is dict or item_kind is list:
                if not _same(item, s_item):
                    return False
            elif item != s_item:
                return False
        return True
    if kind is list:
        return len(value) == len(snapshot) and all(map(_same, value, snapshot))
    return bool(value == snapshot)  # snapshots hold only the exact scalar types above


class _Compiled:
    """One schema object's validator and the last arguments it accepted."""

    __slots__ = ("accepted", "schema", "validator")

    def __init__(self, schema: dict[str, Any], validator: Draft202012Validator | None) -> None:
        self.schema = schema
        self.validator = validator
        self.accepted: dict[str, Any] | None = None


class ArgumentValidator:
    """Compiled validators, one per tool schema object (a refreshed tool list brings new ones).

    ``jsonschema`` decides every verdict. A verdict depends on nothing but the schema and the
    instance, so a call repeating the last accepted arguments of the same schema object (same
    values, same types, a private deep copy) reuses that verdict instead of walking the schema again.
    """

    def __init__(self) -> None:
        self._compiled: dict[int, _Compiled] = {}

    def problem(self, name: str, schema: dict[str, Any], arguments: Any) -> str | None:
        """Why ``arguments`` do not match ``schema`` (the tool called ``name``), or None when they do.

        A schema that is itself invalid accepts everything: it must not block calls, and the
        server that owns it validates too.
        """
        compiled = self._compile(schema)
        validator = compiled.validator
        if validator is None or (compiled.accepted is not None and _same(arguments, compiled.accepted)):
            return None
        if validator.is_valid(arguments):
            try:
                compiled.accepted = _snapshot(arguments)
            except _Unsupported:
                compiled.accepted = None
            return None
        from jsonschema.exceptions import best_match

        error = best_match(validator.iter_errors(arguments))
        where = "/".join(str(x) for x in error.absolute_path) or "arguments"
        return f"invalid arguments for {name}: {where}: {error.message}"

    def _compile(self, schema: dict[str, Any]) -> _Compiled:
        key = id(schema)
        cached = self._compiled.get(key)
        if cached is not None and cached.schema is schema:
            return cached
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import SchemaError

        try:
            Draft202012Validator.check_schema(schema)
            validator: Draft202012Validator | None = Draft202012Validator(schema)
        except SchemaError:
            validator = None  # a server's broken schema must not block calls; the server validates too
        compiled = self._compiled[key] = _Compiled(schema, validator)
        return compiled
