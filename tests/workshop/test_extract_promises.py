"""Promise: a broken ``{`` before valid JSON on the same line does not hide the valid value."""

from sofia_nb.workshop import json_values


def test_a_broken_brace_before_valid_json_on_the_same_line_still_yields_the_valid_value() -> None:
    assert list(json_values('Draft {x} then {"a": 1}')) == [{"a": 1}]
