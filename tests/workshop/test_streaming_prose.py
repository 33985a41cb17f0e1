"""streaming_prose: what a face shows of a reply still being written (a record never, half-written)."""

from __future__ import annotations

import pytest

from sofia_nb.workshop import streaming_prose

DRAWING = "Drawn:\n\n```mermaid\nflowchart LR\n  a --> b"


@pytest.mark.parametrize(
    ("text", "shown", "recording"),
    [
        ('Heard you.\n\n```json\n{"business_context": {"desc', "Heard you.", True),
        ('Heard you.\n{"selection": {"idea_id": "idea-1"', "Heard you.", True),
        ('Done.\n\n```json\n{"topic": {"area": "x"}}\n```\n\nNext?', "Done.\n\nNext?", False),
        (
            "Drawn:\n\n```mermaid\nflowchart LR\n  a --> b",
            "Drawn:\n\n```mermaid\nflowchart LR\n  a --> b",
            False,
        ),
        ("Plain prose so far", "Plain prose so far", False),
    ],
)
def test_a_record_being_written_is_hidden_and_prose_is_kept(text: str, shown: str, recording: bool) -> None:
    assert streaming_prose(text) == (shown, recording)
