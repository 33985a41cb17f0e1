"""The terminal's rendering of model replies: every reply of the demo script, and a stream cut
anywhere, show no raw JSON and no raw Markdown."""

from __future__ import annotations

import io
import json
import re
import tempfile
from pathlib import Path

import pytest
import yaml
from rich.console import Console, Group, RenderableType

from sofia_nb.cli._reply_view import Records, reply_view, streaming_view
from sofia_nb.workshop.demo import demo_script
from tests.workshop._terminal_replay import replay_at_terminal

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
    records = Records()  # the replies' records one after the other, as one workshop's
    screen = shown(Group(*(r for text in REPLIES for r in reply_view(text, records))))
    for title in ("Business context", "Focus area", "Workflow", "Cards", "Ideas", "Evaluation", "Selection"):
        assert f"─ {title}" in screen or f"· {title}" in screen, title
    assert (
        "Plan ─" in screen or "Plan · PoC scope ─" in screen
    ) and "Collect and label sample orders" in screen
    assert "diagram: flowchart (Mermaid)" in screen and "mail[Order mailbox] --> ext" in screen
    assert "diagram: quadrantChart (Mermaid)" in screen
    # nobody spoke here: a block cannot confirm before the facilitator did in Select
    assert "Idea: Night order assistant (idea-1)" in screen
    assert "Status: awaiting the team's confirmation" in screen


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


def _replayed(width: int) -> str:
    """The terminal's stdout, replaying the recorded ferry workshop keystroke for keystroke
    (tests/workshop/fixtures/recorded-ferry): each panel drawn as the engine met the reply."""
    with tempfile.TemporaryDirectory() as tmp:
        return replay_at_terminal("recorded-ferry", Path(tmp), COLUMNS=str(width)).stdout


@pytest.fixture(scope="module")
def ferry() -> list[tuple[str, str]]:
    """The replay's panels at 120 columns, as (title, body) with the frame taken off."""
    panels, lines = [], _replayed(120).splitlines()
    for n, line in enumerate(lines):
        if line.startswith("╭─ "):
            end = next(m for m in range(n, len(lines)) if lines[m].startswith("╰"))
            body = "\n".join(row.strip("│ ").rstrip() for row in lines[n + 1 : end])
            panels.append((line.strip("╭─╮ "), body))
    return panels


def _panel_with(panels: list[tuple[str, str]], fragment: str) -> tuple[str, str]:
    return next((title, body) for title, body in panels if fragment in body)


def test_a_patch_shows_what_it_changed_a_removal_as_removed_and_nothing_it_did_not_change(
    ferry: list[tuple[str, str]],
) -> None:
    """The recorded ferry workshop's patches, each drawn against the session it met."""
    title, dropped = _panel_with(ferry, "Removed")
    assert title == "Ideas" and "Removed\n• idea “Call-centre booking assistant” (idea-3)" in dropped
    assert "without storing number plates" in dropped  # the one idea changed, and only it
    assert "No-show forecast per sailing" not in dropped and "Standby release advisor" not in dropped
    title, priorities = _panel_with(ferry, "Priority steps")
    assert title == "Business context · Workflow"
    assert "1. Release space to standby — The release to standby matters most" in priorities
    assert "pain points" not in priorities and "flowchart" not in priorities  # no steps were sent
    # no description sent: none shown, and nothing of what stays as recorded (the challenges)
    assert priorities.startswith("Business context\nConstraints\n") and "Challenges" not in priorities
    title, chosen = _panel_with(ferry, "Scope decisions")
    assert title == "Selection" and "Idea: No-show forecast per sailing (idea-1)" in chosen
    assert (
        "Status: confirmed by the team" in chosen and "• No automatic overbooking during the pilot" in chosen
    )
    # a rationale re-sent alone says nothing of the choice or its confirmation (it is still confirmed)
    title, reasoned = _panel_with(ferry, "The no-show forecast ranks first (4.30)")
    assert title == "Selection" and reasoned.startswith("Rationale\n")
    assert "Idea:" not in reasoned and "Status" not in reasoned and "Scope decisions" not in reasoned
    # a fact learned late lands in the business context as the engine records it, and shows there
    title, late = _panel_with(ferry, "HubSpot CRM; islanders")
    assert title == "Business context · Evaluation" and "Resident-card bookings and customer accounts" in late
    # the company's name, the PoC scope, human value, data needed, assumptions: the export's fields
    screen = "\n".join(body for _, body in ferry)
    for field in (
        "Company: Brenna Sound Ferries",
        "PoC scope\nFunctionality",
        "Success criteria\n• Forecast no-shows per sailing within 3 vehicles",
        "Human value: The booking office would stop guessing",
        "Data needed\n• Five years of TicketHarbour booking history",
        "Assumptions: Assumption (to confirm)",
    ):
        assert field in screen, field


def test_a_part_a_block_could_not_record_is_named_in_its_panel() -> None:
    """What the engine leaves out of a block (a new evaluation without its scores) is said in the
    team's words under the part that was recorded, as the notebook's card says it."""
    records = Records()
    reply_view('```json\n{"ideas": [{"id": "idea-1", "title": "Night desk helper"}]}\n```', records)
    block = {
        "evaluation": {"ideas": [{"idea_id": "idea-1", "feasibility": 4, "value": 5}, {"idea_id": "idea-2"}]}
    }
    screen = shown(Group(*reply_view(f"```json\n{json.dumps(block)}\n```", records)))
    assert "Night desk helper (idea-1)" in screen and "Not recorded" in screen
    assert "• the evaluation of idea-2: its feasibility is missing" in screen, screen
