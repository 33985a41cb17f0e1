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
    session.record_team()  # as the product does when a record or the room changes
    return session


def test_the_export_shows_the_team_s_scores_and_votes_beside_the_model_s(tmp_path: Path) -> None:
    export_session(_session(), tmp_path, formats=["md"])
    texts = {p.name: p.read_text() for p in tmp_path.glob("*.md")}
    ideate = next(t for n, t in texts.items() if "ideate" in n)
    design = next(t for n, t in texts.items() if "design" in n)
    select = next(t for n, t in texts.items() if "select" in n)
    assert "### Waste forecast (team-c1), the team's" in ideate
    assert "## The team in the room" in design
    # Design's record: feasibility, the team's 4, 2, 3 -> mean 3, spread 0.82, n=3; the model's 4.
    assert "### The team's scores" in design and (
        "| Waste forecast (team-c1) | 3 ± 0.82 (n=3) / 4 | 4 ± 0.82 (n=3) / 4 "
        "| 3.67 ± 0.94 (n=3) / 4 | 3 | r2 |" in design
    )
    # Select's record: dots, voters, model's rank, chosen, round.
    assert "| Waste forecast (team-c1) | 4 | 2 | 1 | yes | r3 |" in select
    # Each round points to the record instead of repeating the numbers.
    assert "The aggregate is in Design's evaluation" in design
    assert "The aggregate is in Select's selection" in select
    for text in texts.values():
        assert "Ana" not in text and "Caro" not in text  # no participant is named


def test_the_export_reads_the_team_s_numbers_from_the_record(tmp_path: Path) -> None:
    session = _session()
    assert session.evaluation is not None and session.selection is not None
    session.evaluation.team_scores[0].feasibility.mean = 1.25  # the record says so, not the room
    session.selection.team_votes[0].dots = 17
    export_session(session, tmp_path, formats=["md", "html"])
    texts = {p.name: p.read_text() for p in tmp_path.glob("*.md")}
    design = next(t for n, t in texts.items() if "design" in n)
    select = next(t for n, t in texts.items() if "select" in n)
    assert "| Waste forecast (team-c1) | 1.25 ± 0.82 (n=3) / 4 |" in design
    assert "| Waste forecast (team-c1) | 17 | 2 |" in select
    report = (tmp_path / "report.html").read_text()
    assert "1.25 ± 0.82 (n=3) / 4" in report and ">17</td>" in report


def test_a_round_whose_numbers_are_not_in_a_record_shows_them_itself(tmp_path: Path) -> None:
    session = _session()
    session.evaluation = session.selection = None  # Design's round ran before the model's evaluation
    export_session(session, tmp_path, formats=["md"])
    design = next(p.read_text() for p in tmp_path.glob("*.md") if "design" in p.name)
    assert "| team-c1 | Waste forecast | 3 ± 0.82 (n=3) / – | 4 ± 0.82 (n=3) / – |" in design


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
    select_md = next((tmp_path / "out").glob("*select*.md")).read_text()
    votes = select_md.split("### The team's dot votes", 1)[1].split("\n### ", 1)[0]
    assert "| Smart tills \\<img src=x" in votes and "<img" not in votes.replace("\\<img", "")
    # Every place that names the idea (the evaluation and ranking tables, the matrix's legend,
    # the idea's own evaluation heading, the selection) shows the tag as text, in every document.
    for document in (tmp_path / "out").glob("*.md"):
        assert "<img" not in document.read_text().replace("\\<img", ""), document.name
    design_md = next((tmp_path / "out").glob("*design*.md")).read_text()
    assert "| Smart tills \\<img src=x" in design_md.split("## Evaluation", 1)[1]
    # Nothing the team typed opened a block: the sections after the hostile idea are still headings.
    assert report.count("<h2>The team in the room</h2>") == 3
