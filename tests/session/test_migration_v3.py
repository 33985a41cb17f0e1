"""Version 3: the plan's architecture diagram has a field of its own (fences leave the notes)."""

from __future__ import annotations

import json
from pathlib import Path

from sofia_nb.session import SCHEMA_VERSION, SessionStore, split_mermaid
from sofia_nb.session._migrations import migrate

NOTES = (
    "Two parts:\n\n```mermaid\nflowchart LR\n  a[Mailbox] --> b[Extractor]\n```\n\n"
    "The extractor runs on Azure.\n\n~~~mermaid\nflowchart TD\n  b --> c\n~~~\n"
)


def test_a_version_2_plan_s_mermaid_fences_move_to_the_diagram_and_the_prose_stays() -> None:
    data = {"schema_version": 2, "plan": {"milestones": [], "architecture_notes": NOTES}}
    plan = migrate(data)["plan"]
    assert data["schema_version"] == SCHEMA_VERSION and SCHEMA_VERSION >= 3
    assert plan["architecture_notes"] == "Two parts:\n\nThe extractor runs on Azure."
    assert (
        plan["architecture_diagram"]
        == "flowchart LR\n  a[Mailbox] --> b[Extractor]\n\nflowchart TD\n  b --> c"
    )


def test_notes_without_a_diagram_and_a_diagram_already_set_are_left_alone() -> None:
    prose = {"schema_version": 2, "plan": {"architecture_notes": "Just prose."}}
    assert migrate(prose)["plan"] == {"architecture_notes": "Just prose."}
    both = {
        "schema_version": 2,
        "plan": {"architecture_notes": NOTES, "architecture_diagram": "flowchart LR"},
    }
    assert migrate(both)["plan"] == {"architecture_notes": NOTES, "architecture_diagram": "flowchart LR"}
    assert migrate({"schema_version": 2, "plan": None})["plan"] is None


def test_a_version_2_file_loads_as_the_current_version(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    path = tmp_path / "20261201-090000-abcd.json"
    path.write_text(
        json.dumps(
            {"id": "20261201-090000-abcd", "schema_version": 2, "plan": {"architecture_notes": NOTES}}
        ),
        encoding="utf-8",
    )
    session = store.load("20261201-090000-abcd")
    assert session.schema_version == SCHEMA_VERSION and session.plan is not None
    assert session.plan.architecture_diagram.startswith("flowchart LR")
    assert "```" not in session.plan.architecture_notes


def test_split_mermaid_keeps_other_fences() -> None:
    assert split_mermaid("a\n```python\nx = 1\n```\n") == ("a\n```python\nx = 1\n```", "")
