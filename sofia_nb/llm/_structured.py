"""Structured output: a whole record asked for as schema-valid JSON where the provider can give it.

OpenAI's strict ``json_schema`` (also Azure OpenAI, GitHub Models, vLLM, and Ollama, which turns
it into its own ``format``) accepts a subset of JSON Schema: every object lists all its properties
as ``required`` and sets ``additionalProperties: false``; a field that may be absent is nullable
instead; ``default``, ``minLength`` and ``maxLength`` are not allowed, and an object with free keys
(a mapping) cannot be said at all. ``strict_schema`` turns a pydantic model's schema into that form
(mappings become lists of ``{"key", "value"}`` pairs), and ``from_strict`` reads an answer back
into the model's own shape: pairs into mappings, and the nulls that mean "not given" dropped.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

_UNSUPPORTED = frozenset({"default", "minLength", "maxLength", "title", "examples"})


class OutputSchema(BaseModel):
    """What a request asks the answer to be: a name and a JSON Schema (a pydantic model's)."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")
    json_schema: dict[str, Any]

    def strict(self) -> dict[str, Any]:
        """The schema in OpenAI's strict form (``strict_schema``)."""
        return strict_schema(self.json_schema)

    def read(self, value: Any) -> Any:
        """An answer (strict or not) in the schema's own shape (``from_strict``)."""
        return from_strict(value, self.json_schema)


def strict_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` (with its ``$defs``) in the strict form described in the module docstring."""
    out = _strict({k: v for k, v in schema.items() if k != "$defs"})
    if "$defs" in schema:
        out["$defs"] = {name: _strict(node) for name, node in schema["$defs"].items()}
    return out


def _is_mapping(node: dict[str, Any]) -> bool:
    return "properties" not in node and isinstance(node.get("additionalProperties"), dict)


def _strict(node: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in node:
        return {"$ref": node["$ref"]}
    node = {k: v for k, v in node.items() if k not in _UNSUPPORTED}
    if "const" in node:
        node["enum"] = [node.pop("const")]
    if "anyOf" in node:
        node["anyOf"] = [_strict(option) for option in node["anyOf"]]
    if _is_mapping(node):
        pair = {
            "type": "object",
            "properties": {"key": {"type": "string"}, "value": _strict(node["additionalProperties"])},
            "required": ["key", "value"],
            "additionalProperties": False,
        }
        described = {"description": node["description"]} if "description" in node else {}
        return {"type": "array", "items": pair, **described}
    if node.get("type") == "object" or "properties" in node:
        properties = node.get("properties", {})
        required = set(node.get("required", []))
        node["properties"] = {
            name: _strict(sub) if name in required else _nullable(_strict(sub))
            for name, sub in properties.items()
        }
        node["required"] = list(properties)
        node["additionalProperties"] = False
    if isinstance(node.get("items"), dict):
        node["items"] = _strict(node["items"])
    return node


def _nullable(node: dict[str, Any]) -> dict[str, Any]:
    """``node`` also accepting null (strict mode's way of saying a field may be left out)."""
    if "anyOf" in node:
        nulls = [o for o in node["anyOf"] if o.get("type") == "null"]
        return node if nulls else {**node, "anyOf": [*node["anyOf"], {"type": "null"}]}
    return {"anyOf": [node, {"type": "null"}]}


def from_strict(value: Any, schema: dict[str, Any]) -> Any:
    """An answer to ``strict_schema(schema)`` in ``schema``'s own shape: key/value pairs back into
    mappings, and every null (a field the answer leaves out) dropped."""
    return _back(value, schema, schema.get("$defs", {}))


def _back(value: Any, node: dict[str, Any], defs: dict[str, Any]) -> Any:
    if "$ref" in node:
        node = defs.get(node["$ref"].rsplit("/", 1)[-1], {})
    for option in node.get("anyOf", []):
        if option.get("type") != "null":
            return _back(value, option, defs)
    if _is_mapping(node) and isinstance(value, list):
        return {
            str(pair["key"]): _back(pair.get("value"), node["additionalProperties"], defs)
            for pair in value
            if isinstance(pair, dict) and "key" in pair
        }
    if isinstance(value, dict):
        properties = node.get("properties", {})
        return {k: _back(v, properties.get(k, {}), defs) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        items = node.get("items", {}) if isinstance(node.get("items"), dict) else {}
        return [_back(v, items, defs) for v in value if v is not None]
    return value
