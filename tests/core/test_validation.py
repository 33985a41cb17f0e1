"""The one ValidationError formatter every error message that names a bad field goes through."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError

from sofia_nb._validation import describe


class _Inner(BaseModel):
    n: int


class _Outer(BaseModel):
    inner: _Inner
    name: str


def _error(data: object) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        _Outer.model_validate(data)
    return caught.value


def test_the_first_error_names_its_dotted_location() -> None:
    exc = _error({"inner": {"n": "x"}, "name": 3})
    assert describe(exc) == "inner.n: Input should be a valid integer, unable to parse string as an integer"


def test_every_error_is_joined_in_order() -> None:
    exc = _error({"inner": {"n": "x"}, "name": 3})
    assert describe(exc, every=True).split("; ") == [
        "inner.n: Input should be a valid integer, unable to parse string as an integer",
        "name: Input should be a valid string",
    ]


def test_a_top_level_error_reads_as_the_root_or_stands_alone() -> None:
    exc = _error([1])
    assert describe(exc, root="(root)").startswith("(root): Input should be")
    assert describe(exc).startswith("Input should be")
