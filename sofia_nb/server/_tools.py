"""The registry's tools as MCP sees them: listings with schemas and annotations, and call results."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from .. import protocol as p
from ..context import ContextTool, model_text, to_data


def _with_defaults(schema: dict[str, Any], model: type[BaseModel]) -> dict[str, Any]:
    """Show ``default_factory`` defaults (``[]``) too: a client should see every default it can omit."""
    properties = schema.get("properties", {})
    for name, info in model.model_fields.items():
        key = info.alias or name
        if key in properties and "default" not in properties[key] and info.default_factory is not None:
            properties[key]["default"] = to_jsonable(info.default_factory())  # type: ignore[call-arg]
    return schema


def to_jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def describe(tool: ContextTool) -> p.Tool:
    """The ``tools/list`` entry: JSON Schemas generated from the pydantic models, and the hints."""
    hints = tool.annotations
    return p.Tool(
        name=tool.name,
        description=tool.description,
        input_schema=_with_defaults(tool.input_model.model_json_schema(mode="validation"), tool.input_model),
        output_schema=tool.result_model.model_json_schema(mode="serialization"),
        annotations=p.ToolAnnotations(
            read_only_hint=hints.read_only,
            destructive_hint=hints.destructive,
            idempotent_hint=hints.idempotent,
            open_world_hint=hints.open_world,
        ),
    )


def success(result: BaseModel, text: str | None = None) -> p.CallToolResult:
    """``structuredContent`` (the data, for programs) plus one text block: the compact form the model reads.

    A deliberate departure from MCP's "SHOULD also return the serialized JSON": the JSON text would
    cost the model more tokens than the file or the ``grep -rn`` lines it stands for. Without
    ``text``, the result's tool renders it with the default budget.
    """
    body = model_text(result) if text is None else text
    return p.CallToolResult(content=[p.TextContent(text=body)], structured_content=to_data(result))
