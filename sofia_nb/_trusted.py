"""Pydantic models built from values the program already holds in their declared types.

Validation is for data from outside. The per-call objects of the MCP client's hot path (the
tool-call events, a plain text result) are made from values that are already typed, and
validating them again costs about as much as the rest of the call; ``trusted`` builds them
directly, as pydantic's ``model_construct`` does, without its per-field alias handling. Each user
checks in its tests that a trusted model equals the validated one.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
_set = object.__setattr__  # pydantic models may be frozen; model_construct sets them this way too


def trusted(
    cls: type[M], values: dict[str, Any], fields_set: set[str], extra: dict[str, Any] | None = None
) -> M:
    """``cls`` holding ``values`` (every field, in declaration order), not validated."""
    model = cls.__new__(cls)
    _set(model, "__dict__", values)
    _set(model, "__pydantic_fields_set__", fields_set)
    _set(model, "__pydantic_extra__", extra)
    _set(model, "__pydantic_private__", None)
    return model
