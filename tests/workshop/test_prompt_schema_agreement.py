"""Every JSON example a phase prompt shows is a valid block of its phase, naming only schema fields."""

from typing import Any

import pytest

from sofia_nb.session import Phase
from sofia_nb.workshop import CONVERSATION_PHASES, json_values, load_prompt, spec_for


def _unknown_keys(example: Any, schema: dict[str, Any], defs: dict[str, Any], path: str = "") -> list[str]:
    """Keys of ``example`` that the JSON schema node has no property for (lists and refs followed)."""
    if "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    for option in schema.get("anyOf", []):
        if option.get("type") != "null":
            return _unknown_keys(example, option, defs, path)
    if isinstance(example, list) and "items" in schema:
        return [k for item in example for k in _unknown_keys(item, schema["items"], defs, path + "[]")]
    if isinstance(example, dict) and "properties" in schema:
        props = schema["properties"]
        return [f"{path}.{key}" for key in example if key not in props] + [
            k
            for key, value in example.items()
            if key in props
            for k in _unknown_keys(value, props[key], defs, f"{path}.{key}")
        ]
    return []


@pytest.mark.parametrize("phase", CONVERSATION_PHASES, ids=lambda p: p.value)
def test_every_prompt_example_validates_and_names_only_schema_fields(phase: Phase) -> None:
    output = spec_for(phase).output
    schema = output.model_json_schema()
    examples = list(json_values(load_prompt(f"{phase.value}.md")))
    assert examples, f"{phase.value}.md shows no JSON example"
    for example in examples:
        output.model_validate(example)
        assert _unknown_keys(example, schema, schema.get("$defs", {})) == []
