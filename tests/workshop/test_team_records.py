"""The team's numbers are part of the records: Design's evaluation holds the team's scores per idea
beside the model's, Select's selection the team's dot votes; the room alone sets them (a model's
block can neither forge nor erase them), and Plan reads them through the record."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from sofia_nb.llm import ScriptedLLM
from sofia_nb.participants import Room
from sofia_nb.participants._room import ScoresIn, VotesIn
from sofia_nb.session import Evaluation, Idea, IdeaEvaluation, Phase, Selection, SessionStore, WorkshopSession
from sofia_nb.workshop import Workshop
from sofia_nb.workshop._schemas import DesignOutput, SelectOutput

IDEAS = [Idea(id="i1", title="Route planner"), Idea(id="i2", title="Waste forecast")]
ITEMS = [{"id": i.id, "title": i.title} for i in IDEAS]
EVALUATION = {
    "evaluation": {
        "ideas": [
            {"idea_id": "i1", "feasibility": 4, "value": 4, "human_value_score": 3},
            {"idea_id": "i2", "feasibility": 2, "value": 5},
        ]
    }
}
FORGED_SCORES = [
    {
        "idea_id": "i1",
        "round_id": "r9",
        "feasibility": {"mean": 5, "spread": 0, "count": 40},
        "value": {"mean": 5, "spread": 0, "count": 40},
        "human_value": {"mean": 5, "spread": 0, "count": 40},
        "scorers": 40,
    }
]


def block(data: dict[str, Any]) -> str:
    return f"Recorded.\n```json\n{json.dumps(data)}\n```"


def _room() -> Room:
    """Three people score the route planner in Design; two vote in Select."""
    room = Room()
    design = room.open_round("design", phase=Phase.DESIGN, items=ITEMS)
    members = [room.join(name)[0] for name in ("Ana", "Ben", "Caro")]
    for member, (f, v, h) in zip(members, [(4, 5, 2), (2, 5, 3), (3, 2, 4)], strict=True):
        room.contribute(
            member,
            ScoresIn(kind="scores", round_id=design.id, item_id="i1", feasibility=f, value=v, human_value=h),
        )
    room.close_round()
    select = room.open_round("select", phase=Phase.SELECT, items=ITEMS, votes_per_person=3)
    room.contribute(members[0], VotesIn(kind="votes", round_id=select.id, dots={"i1": 2, "i2": 1}))
    room.contribute(members[1], VotesIn(kind="votes", round_id=select.id, dots={"i2": 3}))
    room.close_round()
    return room


def _workshop(llm: ScriptedLLM, phase: Phase, **records: Any) -> Workshop:
    session = WorkshopSession(phase=phase, ideas=[i.model_copy() for i in IDEAS], **records)
    workshop = Workshop(session, llm, store=SessionStore())
    workshop.team = _room()
    return workshop


def _scores(session: WorkshopSession) -> dict[str, Any]:
    assert session.evaluation is not None
    return {t.idea_id: t.model_dump(mode="json") for t in session.evaluation.team_scores}


def test_design_s_record_holds_the_team_s_aggregate_beside_the_model_s_scores() -> None:
    llm = ScriptedLLM([block(EVALUATION)])
    workshop = _workshop(llm, Phase.DESIGN)
    asyncio.run(workshop.send("The team has scored; evaluate the ideas."))

    evaluation = workshop.session.evaluation
    assert evaluation is not None and [e.feasibility for e in evaluation.ideas] == [4, 2]
    planner = _scores(workshop.session)["i1"]
    assert planner["feasibility"] == {"mean": 3.0, "spread": 0.82, "count": 3}
    assert planner["value"] == {"mean": 4.0, "spread": 1.41, "count": 3}
    assert planner["human_value"] == {"mean": 3.0, "spread": 0.82, "count": 3}
    assert planner["scorers"] == 3 and planner["round_id"] == "r1"
    assert list(_scores(workshop.session)) == ["i1"]  # nobody scored the waste forecast
    # The session file holds them as part of Design's record.
    saved = json.loads(workshop.session.model_dump_json())
    assert saved["evaluation"]["team_scores"][0]["feasibility"]["mean"] == 3.0


def test_select_s_record_holds_the_team_s_votes_per_idea() -> None:
    llm = ScriptedLLM([block({"selection": {"idea_id": "i2", "rationale": "Most dots."}})])
    workshop = _workshop(llm, Phase.SELECT, evaluation=Evaluation.model_validate(EVALUATION["evaluation"]))
    asyncio.run(workshop.send("Which one?"))
    selection = workshop.session.selection
    assert selection is not None and selection.idea_id == "i2"
    assert [(v.idea_id, v.dots, v.voters, v.round_id) for v in selection.team_votes] == [
        ("i1", 2, 1, "r2"),
        ("i2", 4, 2, "r2"),
    ]
    # Select's request read the team's scores in Design's record (the brief, not the room's block).
    prior = llm.requests[0].messages[0].content.split("## Prior Phase Context", 1)[1].split("\n## ", 1)[0]
    line = "- i1: feasibility 3 ± 0.82 (n=3), value 4 ± 1.41 (n=3), human value 3 ± 0.82 (n=3)"
    assert "### The team's scores (from their phones: mean ± spread, n)\n" + line in prior


def test_a_model_block_can_neither_forge_nor_erase_the_team_s_numbers() -> None:
    forged = {"evaluation": {**EVALUATION["evaluation"], "team_scores": FORGED_SCORES}}
    erased = {"evaluation": {"ideas": [{"idea_id": "i2", "feasibility": 3, "value": 5}], "team_scores": []}}
    llm = ScriptedLLM([block(forged), block(erased)])
    workshop = _workshop(llm, Phase.DESIGN)
    asyncio.run(workshop.send("Score them."))
    assert _scores(workshop.session)["i1"]["feasibility"]["count"] == 3  # not the block's 40
    asyncio.run(workshop.send("Change the waste forecast's feasibility to 3."))
    assert workshop.session.evaluation is not None
    assert [e.feasibility for e in workshop.session.evaluation.ideas] == [4, 3]  # the model's patch landed
    assert _scores(workshop.session)["i1"]["feasibility"]["count"] == 3  # and the team's stayed

    # Whatever record reaches the store, the team's numbers come from the room.
    session = workshop.session
    DesignOutput.store(
        session, {"evaluation": {**EVALUATION["evaluation"], "team_scores": FORGED_SCORES}}, {}
    )
    assert _scores(session)["i1"]["scorers"] == 3
    selection = {
        "idea_id": "i1",
        "rationale": "r",
        "team_votes": [{"idea_id": "i1", "round_id": "r9", "dots": 99}],
    }
    SelectOutput.store(session, {"selection": selection}, {})
    assert session.selection is not None
    assert [(v.idea_id, v.dots) for v in session.selection.team_votes] == [("i1", 2), ("i2", 4)]
    # The model is never asked for them.
    for output in (DesignOutput, SelectOutput):
        schema = json.dumps(output.model_json_schema())
        assert "team_scores" not in schema and "team_votes" not in schema


def test_plan_s_request_carries_the_team_s_votes_and_scores_through_the_records() -> None:
    llm = ScriptedLLM(["Here is a plan."])
    session_records = {
        "evaluation": Evaluation(
            ideas=[
                IdeaEvaluation(idea_id="i1", feasibility=4, value=4),
                IdeaEvaluation(idea_id="i2", feasibility=2, value=5),
            ]
        ),
        "selection": Selection(idea_id="i2", rationale="Most dots.", confirmed_by_user=True),
    }
    workshop = _workshop(llm, Phase.PLAN, **session_records)
    asyncio.run(workshop.send("Plan it."))
    system = llm.requests[0].messages[0].content
    prior = system.split("## Prior Phase Context", 1)[1].split("\n## ", 1)[0]
    assert "#### The team's dot votes (from their phones)\n- i1: 2 dot(s) from 1 participant(s)\n" in prior
    assert "- i2: 4 dot(s) from 2 participant(s)" in prior
