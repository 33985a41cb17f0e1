"""Structured extraction: every JSON value of a reply is tried against a schema."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Sequence
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, Field, ValidationError

M = TypeVar("M", bound=BaseModel)

_DECODER = json.JSONDecoder()
_MAX_PASSES = 8
"""Enough to drop a bad field, then the item that needed it, then its parent; never a loop."""


def json_values(text: str) -> Iterator[Any]:
    """Every top-level JSON object or array in ``text``, in order, fenced or not.

    A value nested in one already found is not yielded again; text that only looks like JSON
    (a Mermaid ``{label}``, a broken block) is skipped.
    """
    for _start, _end, value in json_spans(text):
        yield value


def json_spans(text: str) -> Iterator[tuple[int, int, Any]]:
    """``(start, end, value)`` of every top-level JSON object or array in ``text`` (see json_values)."""
    index = 0
    while True:
        starts = [i for i in (text.find("{", index), text.find("[", index)) if i != -1]
        if not starts:
            return
        start = min(starts)
        try:
            value, end = _DECODER.raw_decode(text, start)
        except json.JSONDecodeError:
            index = start + 1
            continue
        if isinstance(value, dict | list):
            yield start, end, value
        index = end


def valid_values(text: str, model: type[M]) -> Iterator[M]:
    """Every JSON value in ``text`` that validates as ``model``, in order (a reply may update two things)."""
    for value in json_values(text):
        try:
            yield model.model_validate(value)
        except ValidationError:
            continue


def first_valid(text: str, model: type[M]) -> M | None:
    """The first JSON value in ``text`` that validates as ``model``, or None."""
    return next(valid_values(text, model), None)


def all_valid(text: str, model: type[M]) -> list[M]:
    """Every JSON value in ``text`` that validates as ``model``, in order."""
    return list(valid_values(text, model))


class Rejection(BaseModel):
    """A field of a block that did not validate and was left out, with the reason."""

    field: str
    reason: str


class Salvaged(BaseModel, Generic[M]):
    """What one JSON value of a reply gave: the output it validated as (if any) and what was left out."""

    output: M | None = None
    rejected: list[Rejection] = Field(default_factory=list)


def salvaged_values(text: str, model: type[M]) -> Iterator[Salvaged[M]]:
    """Every JSON object in ``text`` meant as ``model`` (it names one of its fields), validated with
    every failing field dropped, so one bad field does not cost the rest of the block."""
    for value in json_values(text):
        if isinstance(value, dict) and value.keys() & model.model_fields.keys():
            yield salvage(value, model)
        else:
            try:
                yield Salvaged(output=model.model_validate(value))
            except ValidationError:
                continue


def salvage(value: Any, model: type[M]) -> Salvaged[M]:
    """``value`` as ``model``; the fields that fail (and an item left without a required field) are
    dropped and reported, as the model wrote them (first pass only: later ones are consequences)."""
    data = copy.deepcopy(value)
    rejected: list[Rejection] = []
    for attempt in range(_MAX_PASSES):
        try:
            output = model.model_validate(data)
        except ValidationError as exc:
            errors = exc.errors()
        else:
            return Salvaged(output=output, rejected=rejected)
        if attempt == 0:
            rejected = [Rejection(field=_dotted(e["loc"]), reason=e["msg"]) for e in errors]
        # a field that is missing takes the object that needed it; any other failure, the field itself
        paths = {tuple(e["loc"][:-1] if e["type"] == "missing" else e["loc"]) for e in errors}
        if not all(_drop(data, path) for path in sorted(paths, key=_order, reverse=True)):
            break
    return Salvaged(rejected=rejected)


def _dotted(loc: Sequence[int | str]) -> str:
    return ".".join(map(str, loc)) or "(the whole block)"


def _order(path: tuple[int | str, ...]) -> tuple[tuple[int, str], ...]:
    # list indexes must go from the last to the first, and a field before the object holding it
    return tuple((p, "") if isinstance(p, int) else (-1, p) for p in path)


def _drop(data: Any, path: tuple[int | str, ...]) -> bool:
    """Remove ``path`` from ``data``; False when it is the whole value or does not exist."""
    if not path:
        return False
    parent = data
    try:
        for key in path[:-1]:
            parent = parent[key]
        del parent[path[-1]]
    except (KeyError, IndexError, TypeError):
        return False
    return True
