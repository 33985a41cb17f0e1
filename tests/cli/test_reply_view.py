"""The terminal's rendering of model replies: every reply of the demo script, and a stream cut
anywhere, show no raw JSON and no raw Markdown."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
import yaml
from rich.console import Console, Group, RenderableType

from sofia_nb.cli._reply_view import reply_view, streaming_view
from sofia_nb.workshop.demo import demo_script

FERRY_SCRIPT = Path(__file__).parents[1] / "workshop" / "fixtures" / "recorded-ferry" / "script.yaml"
# Every text the demo can say (its variants too), a `{name}` field filled as a request would fill it
REPLIES = [
    re.sub(r"\{(\w+)\}", "Discover", text)
    for r in yaml.safe_load(demo_script().read_text())["replies"]
    for text in [r.get("text", ""), *r.get("variants", [])]
    if text
]
RAW = (
    '"business_context"',
    '"workflow"',
    '"selection"',
    '"ideas"',
    '"plan"',
    '"evaluation"',
    "```",
    "**",
    "{",
)


def shown(renderable: RenderableType) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", REPLIES, ids=range(len(REPLIES)))
def test_no_demo_reply_shows_raw_json_or_markdown(text: str) -> None:
    screen = shown(Group(*reply_view(text)))
    assert not [raw for raw in RAW if raw in screen], screen


def test_records_become_readable_panels_and_diagrams_keep_their_source() -> None:
    screen = shown(Group(*(r for text in REPLIES for r in reply_view(text))))
    for title in ("Business context", "Focus area", "Workflow", "Cards", "Ideas", "Evaluation", "Selection"):
        assert f"─ {title}" in screen or f"· {title}" in screen, title
    assert (
        "Plan ─" in screen or "Plan · PoC scope ─" in screen
    ) and "Collect and label sample orders" in screen
    assert "diagram: flowchart (Mermaid)" in screen and "mail[Order mailbox] --> ext" in screen
    assert "diagram: quadrantChart (Mermaid)" in screen
    assert "Selected: idea-1 (confirmed)" in screen and "awaiting your confirmation" in screen


def test_a_record_of_an_unknown_shape_is_shown_as_words() -> None:
    screen = shown(
        Group(*reply_view('```json\n{"risk_register": {"top": ["data", "trust"], "owner": "IT"}}\n```'))
    )
    assert "Risk register" in screen and "top: data, trust" in screen and "owner: IT" in screen
    assert "{" not in screen


@pytest.mark.parametrize("text", REPLIES, ids=range(len(REPLIES)))
def test_a_stream_cut_anywhere_shows_nothing_raw(text: str) -> None:
    for cut in range(0, len(text), 7):
        screen = shown(streaming_view(text[:cut]))
        assert not [raw for raw in RAW if raw in screen], (cut, screen)


FERRY = [r["text"] for r in yaml.safe_load(FERRY_SCRIPT.read_text(encoding="utf-8"))["replies"]]


def _reply_with(fragment: str) -> str:
    return next(t for t in FERRY if fragment in t)


def test_a_patch_shows_what_it_sent_a_removal_as_removed_and_nothing_it_did_not_send() -> None:
    """The recorded ferry workshop's patches (tests/workshop/fixtures/recorded-ferry)."""
    dropped = shown(Group(*reply_view(_reply_with('"removed": true'))))
    assert "idea-3" in dropped and "removed" in dropped.split("idea-3", 1)[1].splitlines()[0], dropped
    priorities = shown(Group(*reply_view(_reply_with('"priority_steps"'))))
    assert "Priority steps" in priorities and "s4 — The release to standby matters most" in priorities
    assert "pain points" not in priorities  # no steps were sent: no empty table of steps
    lines = priorities.splitlines()
    top = next(n for n, line in enumerate(lines) if "Business context · Workflow" in line)
    assert lines[top + 1].startswith("│ Constraints")  # no description sent: no blank line for it
    chosen = shown(Group(*reply_view(_reply_with('"scope_decisions"'))))
    assert "Selected: idea-1 (confirmed)" in chosen and "No automatic overbooking during the pilot" in chosen
    # a rationale re-sent alone says nothing of the choice or its confirmation (it is still confirmed)
    reasoned = shown(Group(*reply_view(_reply_with('{"selection": {"rationale"'))))
    assert "The no-show forecast ranks first (4.30)" in reasoned
    assert "Selected" not in reasoned and "awaiting your confirmation" not in reasoned
