"""Structured extraction: every JSON value of a reply is tried against a schema."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)

_DECODER = json.JSONDecoder(strict=False)
"""Lenient about raw line breaks inside strings: a model writing a multi-line diagram or note
naturally breaks the line where JSON wants ``\\n``, and the block is still meant whole."""


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
