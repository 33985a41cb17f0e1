"""The one reader of a tool result's data: structured content first, else JSON text, else nothing."""

from __future__ import annotations

from sofia_nb.protocol import tool_data


def test_structured_content_wins_over_the_text() -> None:
    assert tool_data('{"a": 1}', {"b": 2}) == {"b": 2}


def test_json_text_is_the_data_when_nothing_is_structured() -> None:
    assert tool_data('{"results": [{"title": "t"}]}', None) == {"results": [{"title": "t"}]}


def test_prose_is_no_data() -> None:
    assert tool_data("Found 3 results:\n- one", None) is None
