"""Promise: a broken ``{`` before valid JSON on the same line does not hide the valid value."""

from sofia_nb.workshop._extract import json_values


def test_a_broken_brace_before_valid_json_on_the_same_line_still_yields_the_valid_value() -> None:
    assert list(json_values('Draft {x} then {"a": 1}')) == [{"a": 1}]


def test_a_broken_brace_right_before_valid_json_does_not_hide_it() -> None:
    assert list(json_values('{{"a": 1}')) == [{"a": 1}]


def test_objects_and_arrays_come_in_the_order_they_are_written() -> None:
    assert list(json_values('[1] then {"a": 1} then [2]')) == [[1], {"a": 1}, [2]]
