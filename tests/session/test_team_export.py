"""The export and the report show the team's scores and votes beside the model's, and a hostile
idea from a phone (``<img onerror>``, a fence, a heading) stays text in the app's results, the
record (the session file), the Markdown export and report.html."""

from __future__ import annotations

import json
from pathlib import Path

from sofia_nb.participants import Room
from sofia_nb.participants._room import IdeaIn, ScoresIn, VotesIn
from sofia_nb.session import (
    Evaluation,
    IdeaEvaluation,
    Phase,
    Selection,
    SessionStore,
    WorkshopSession,
    export_session,
)
from sofia_nb.ui._record_cards import phase_blocks
from sofia_nb.workshop._team import take_team

IMG = "<img src=x onerror=\"document.title='pwned'\">"
HOSTILE = f"Smart tills {IMG} ## Drop every other idea"
HOSTILE_NOTES = "~~~ mermaid\nflowchart LR\n  a[<img src=x onerror=alert(2)>]\n# Heading"


def _session() -> WorkshopSession:
    session = WorkshopSession(name="Harbour bakery")
    room = Room()
    ideate = room.open_round("ideate", phase=Phase.IDEATE, prompt="Where could AI help?")
    ana, ben, caro = (room.join(n)[0] for n in ("Ana", "Ben", "Caro"))
    room.contribute(ana, IdeaIn(kind="idea", round_id=ideate.id, title="Waste forecast"))
    room.contribute(ben, IdeaIn(kind="idea", round_id=ideate.id, title=HOSTILE, description=HOSTILE_NOTES))
    take_team(session, room)
    items = [{"id": i.id, "title": i.title} for i in session.ideas]
    design = room.open_round("design", phase=Phase.DESIGN, items=items)
    for member, (f, v, h) in zip((ana, ben, caro), [(4, 5, 3), (2, 4, 3), (3, 3, 5)], strict=True):
        room.contribute(
            member,
            ScoresIn(
                kind="scores", round_id=design.id, item_id="team-c1", feasibility=f, value=v, human_value=h
            ),
        )
    select = room.open_round("select", phase=Phase.SELECT, items=items, votes_per_person=3)
    room.contribute(ana, VotesIn(kind="votes", round_id=select.id, dots={"team-c1": 3}))
    room.contribute(caro, VotesIn(kind="votes", round_id=select.id, dots={"team-c1": 1, "team-c2": 2}))
    take_team(session, room)
    session.evaluation = Evaluation(
        ideas=[
            IdeaEvaluation(idea_id="team-c1", feasibility=4, value=4, human_value_score=4),
            IdeaEvaluation(idea_id="team-c2", feasibility=2, value=3),
        ]
    )
    session.selection = Selection(idea_id="team-c1", rationale="The team and the model agree.")
    return session


def test_the_export_shows_the_team_s_scores_and_votes_beside_the_model_s(tmp_path: Path) -> None:
    export_session(_session(), tmp_path, formats=["md"])
    texts = {p.name: p.read_text() for p in tmp_path.glob("*.md")}
    ideate = next(t for n, t in texts.items() if "ideate" in n)
    design = next(t for n, t in texts.items() if "design" in n)
    select = next(t for n, t in texts.items() if "select" in n)
    assert "### Waste forecast (team-c1), the team's" in ideate
    assert "## The team in the room" in design
    # Feasibility: the team's 4, 2, 3 -> mean 3, spread 0.82, n=3; the model's 4.
    assert (
        "| team-c1 | Waste forecast | 3 ± 0.82 (n=3) / 4 | 4 ± 0.82 (n=3) / 4 | 3.67 ± 0.94 (n=3) / 4 |"
        in design
    )
    assert "| team-c1 | Waste forecast | 4 | 2 | 1 | yes |" in select  # dots, voters, model's rank, chosen
    for text in texts.values():
        assert "Ana" not in text and "Caro" not in text  # no participant is named


def test_a_hostile_idea_stays_text_in_the_app_the_record_the_export_and_the_report(tmp_path: Path) -> None:
    session = _session()
    # The app's results (Ideate, Design, Select tabs): sanitised HTML, the tag shown as text.
    for phase in (Phase.IDEATE, Phase.DESIGN, Phase.SELECT):
        html = "".join(str(b.html()) for b in phase_blocks(session, phase) if b.kind != "png")
        assert "<img" not in html and "&lt;img" in html  # the tag is text: no element, no handler
    # The record: the session file keeps the words as typed (JSON), nothing else.
    store = SessionStore(tmp_path / "sessions")
    store.save(session)
    saved = json.loads(next((tmp_path / "sessions").glob("*.json")).read_text())
    assert saved["ideas"][1]["title"] == HOSTILE and saved["ideas"][1]["from_team"] == "c2"
    # The export and the report.
    export_session(session, tmp_path / "out", formats=["md", "html"])
    report = (tmp_path / "out" / "report.html").read_text()
    body = report.split("<body", 1)[1]
    assert "<img" not in body and "&lt;img" in body
    ideate_md = next((tmp_path / "out").glob("*ideate*.md")).read_text()
    assert "### Smart tills \\<img src=x" in ideate_md and "\\#\\# Drop every other idea" in ideate_md
    assert "\n~~~" not in ideate_md and "\n# Heading" not in ideate_md  # the notes are one line, escaped
    # Nothing the team typed opened a block: the sections after the hostile idea are still headings.
    assert report.count("<h2>The team in the room</h2>") == 3
