"""A team idea the workshop dropped is gone everywhere it would count as live: the export's
documents and report list it only under "Dropped since", the decisions the Ralph loop's requests
carry never name it, and the team block marks it dropped."""

from __future__ import annotations

import json
from pathlib import Path

from sofia_nb.participants import Room
from sofia_nb.participants._room import IdeaIn
from sofia_nb.session import Idea, Phase, WorkshopSession, decisions_brief, export_session
from sofia_nb.workshop._team import take_team, team_context

from ._support import FakeClock

DROPPED = "Drone deliveries to the depots"


def _session() -> WorkshopSession:
    room = Room(clock=FakeClock())
    opened = room.open_round("ideate", phase=Phase.IDEATE, prompt="Where could AI help?")
    ana, _ = room.join("Ana")
    room.contribute(ana, IdeaIn(kind="idea", round_id=opened.id, title="Cold-room slot booking"))
    room.contribute(ana, IdeaIn(kind="idea", round_id=opened.id, title=DROPPED, description="by air"))
    session = WorkshopSession(name="Dropped idea", phase=Phase.DESIGN)
    take_team(session, room)
    # the model's block dropped the team's second idea (as it drops any): the record moves on
    session.ideas = [i for i in session.ideas if i.title != DROPPED] + [Idea(id="i1", title="Route planner")]
    return session


def test_a_dropped_team_idea_is_listed_only_as_dropped(tmp_path: Path) -> None:
    """Seen failing with _team_round listing every submitted idea (ideate.md and report.html
    listed the dropped one among the team's ideas, unmarked)."""
    session = _session()
    export_session(session, tmp_path, formats=["md", "html"])
    ideate = next(tmp_path.rglob("ideate.md")).read_text()
    report = next(tmp_path.rglob("report.html")).read_text()
    for page in (ideate, report):
        assert "Cold-room slot booking (team-c1)" in page
        assert page.count(DROPPED) == 1  # once, in the list of what was dropped
        assert page.index("Dropped since") < page.index(DROPPED)
    for before in (Phase.SELECT, Phase.PLAN, Phase.DEVELOP):
        assert DROPPED not in decisions_brief(session, before).text
    block = team_context(session, Phase.IDEATE)
    (line,) = [line for line in block.splitlines() if DROPPED in line]
    assert {"title": DROPPED, "description": "by air", "dropped": True} in json.loads(line)["ideas"]
