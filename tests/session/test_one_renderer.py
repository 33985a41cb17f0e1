"""One renderer: every field of the session's record models shows in the export's Markdown, in
report.html, in the terminal's panel and in the notebook's card of a record that holds it.

The cases come from the record models' own ``model_fields`` (not from the sections model), so a
field added to a record and to none of the faces fails here until it is rendered.
"""

from __future__ import annotations

import html
import io
import json
import re
from datetime import UTC, date, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from rich.console import Console, Group

from sofia_nb.cli._reply_view import Records, reply_view
from sofia_nb.session import (
    BusinessContext,
    Cards,
    CardScore,
    CriterionCoverage,
    Discovery,
    DiscoveryEnrichment,
    Evaluation,
    Facts,
    Idea,
    IdeaEvaluation,
    Milestone,
    PendingIteration,
    Phase,
    Plan,
    PocIteration,
    PocScope,
    PocState,
    PriorityStep,
    Section,
    SelectedCard,
    Selection,
    Table,
    TechStack,
    TestFailure,
    TestResults,
    Topic,
    Typed,
    WebResult,
    Workflow,
    WorkflowActivity,
    WorkflowEdge,
    WorkiqInsights,
    WorkshopSession,
    changed_sections,
    export_session,
    format_time,
    phase_sections,
)
from sofia_nb.session._export_markdown import phase_markdown
from sofia_nb.session._team import TeamIdeaScores, TeamIdeaVotes, TeamRoom
from sofia_nb.ui._record_cards import RecordsRead, record_blocks
from sofia_nb.workshop import PHASES, ReplyPart

T0 = datetime(2026, 11, 3, 8, 15, tzinfo=UTC)


def full_session() -> WorkshopSession:
    """A session whose every record field holds a value no other field holds."""
    s = WorkshopSession(id="20261103-081500-full", name="Harbour Lane walk-through")
    s.business_context = BusinessContext(
        company_name="Harbour Lane Opticians",
        description="Mk-description of the business.",
        challenges=["Mk-challenge"],
        constraints=["Mk-constraint"],
        success_metrics=["Mk-success-metric"],
    )
    s.topic = Topic(area="Mk-area", scope_notes="Mk-scope-notes")
    s.workflow = Workflow(
        activities=[
            WorkflowActivity(
                id="act-1",
                name="Mk-activity-one",
                description="Mk-activity-description",
                actors=["Mk-actor"],
                pain_points=["Mk-pain-point"],
            ),
            WorkflowActivity(id="act-2", name="Mk-activity-two"),
        ],
        edges=[WorkflowEdge(source="act-1", target="act-2", label="Mk-edge-label")],
        priority_steps=[PriorityStep(id="act-2", reason="Mk-priority-reason")],
    )
    s.cards = Cards(
        selected=[
            SelectedCard(
                id="card-1", title="Mk-card-title", category="Mk-card-category", notes="Mk-card-notes"
            ),
        ],
        scores=[CardScore(card_id="card-1", dimensions={"Mk-dimension": 4.5})],
    )
    s.ideas = [
        Idea(
            id="idea-1",
            title="Mk-idea-title",
            description="Mk-idea-description",
            workflow_steps=["act-1"],
            card_ids=["card-1"],
            from_team="c9",
        )
    ]
    s.evaluation = Evaluation(
        method="Mk-method",
        notes=["Mk-evaluation-note"],
        ideas=[
            IdeaEvaluation(
                idea_id="idea-1",
                feasibility=4.25,
                value=3.75,
                risks=["Mk-risk"],
                data_needed=["Mk-data-needed"],
                human_value="Mk-human-value",
                human_value_score=2.5,
                kpis=["Mk-kpi"],
                assumptions=["Mk-assumption"],
                bxt={"business": "Mk-bxt-business"},
            )
        ],
    )
    s.selection = Selection(
        idea_id="idea-1",
        rationale="Mk-rationale",
        scope_decisions=["Mk-scope-decision"],
        confirmed_by_user=True,
        confirmed_at=T0 + timedelta(hours=3, minutes=7),
    )
    s.plan = Plan(
        milestones=[Milestone(id="m-1", title="Mk-milestone-title", items=["Mk-milestone-item"])],
        architecture_notes="Mk-architecture-notes",
        architecture_diagram="flowchart LR\n    n1[Mk-architecture-node] --> n2[Mk-architecture-sink]",
        dependencies=["Mk-dependency"],
        tech_stack=["Mk-tech"],
        poc_scope=PocScope(
            functionality=["Mk-functionality"],
            data=["Mk-scope-data"],
            success_criteria=["Mk-success-criterion"],
            timeline="Mk-timeline",
        ),
    )
    s.discovery = Discovery(
        enrichment=DiscoveryEnrichment(  # web results show only when they name the customer
            web_results=[
                WebResult(
                    found_for="competitor_info",
                    title="Mk-web-title of Harbour Lane",
                    url="https://www.harbour-news.example/mk",
                    published=date(2026, 10, 14),
                    snippet="Mk-web-snippet",
                )
            ],
            searched_for="Mk-searched-for",
            company_news=["Mk-company-news of Harbour Lane"],
            competitor_info=["Mk-competitor of Harbour Lane"],
            industry_trends=["Mk-trend of Harbour Lane"],
            workiq_insights=WorkiqInsights(
                team_expertise=["Mk-expertise"],
                collaboration_patterns=["Mk-collaboration"],
                documentation_gaps=["Mk-documentation-gap"],
            ),
            sources_used=["Mk-source"],
            notes=["Mk-enrichment-note"],
            enriched_at=T0 + timedelta(minutes=41),
        )
    )
    failure = TestFailure(
        test_id="tests/test_fit.py::test_mk_failure",
        file="tests/test_fit.py",
        line=417,
        message="Mk-failure-message",
        trace_tail="Mk-trace-tail",
    )
    results = TestResults(
        passed=71,
        failed=13,
        skipped=37,
        errors=29,
        duration_s=8.5,
        failures=[failure],
        raw_output_tail="Mk-raw",
    )
    s.poc = PocState(
        repo_path="poc/harbour-lane",
        repo_url="https://example.invalid/mk-repo",
        tech_stack=TechStack(
            template="Mk-template",
            language="Mk-language",
            framework="Mk-framework",
            test_command=["python", "-m", "pytest", "--mk-test"],
            install_command=["python", "-m", "pip", "install", "mk-package"],
        ),
        iterations=[
            PocIteration(
                iteration=1,
                started_at=T0,
                ended_at=T0 + timedelta(seconds=12.5),
                outcome="error",
                files_changed=["src/mk_changed.py"],
                test_results=results,
                changes_summary="Mk-changes-summary",
                error_message="Mk-error-message",
                commit="Mk0c0ffee",
                reflections=57,
                refused_edits=68,
                prompt_summary="Mk-prompt-summary",
                enrichment_sources=["Mk-enrichment-source"],
                stuck=True,
                timings={"tests": 1.5},
                tokens={"input": 10},
            )
        ],
        criteria=[CriterionCoverage(tag="Mk-tag", criterion="Mk-criterion", tests=["Mk-test.py:4"])],
        final_status="partial",
        termination_reason="Mk-termination-reason",
        final_test_results=results,
        total_duration_s=33.5,
    )
    s.team = TeamRoom.model_validate(
        {
            "rounds": [
                {
                    "id": "r-mk-design",
                    "kind": "design",
                    "phase": "design",
                    "items": [{"id": "idea-1", "title": "t"}],
                },
                {
                    "id": "r-mk-select",
                    "kind": "select",
                    "phase": "select",
                    "items": [{"id": "idea-1", "title": "t"}],
                },
            ],
            "contributions": [
                *(
                    {"kind": "scores", "id": f"c-{p}", "round_id": "r-mk-design", "participant": p, **scores}
                    for p, scores in (
                        ("p-000001", {"item_id": "idea-1", "feasibility": 2, "value": 1, "human_value": 5}),
                        ("p-000002", {"item_id": "idea-1", "feasibility": 5, "value": 2}),
                        ("p-000003", {"item_id": "idea-1", "feasibility": 5}),
                    )
                ),
                *(
                    {
                        "kind": "votes",
                        "id": f"v-{p}",
                        "round_id": "r-mk-select",
                        "participant": p,
                        "dots": dots,
                    }
                    for p, dots in (("p-000001", {"idea-1": 7}), ("p-000004", {"idea-1": 4}))
                ),
            ],
        }
    )
    s.record_team()  # the team's numbers in Design's and Select's records, as the product puts them
    s.add_turn(Phase.SELECT, "user", "We confirm it.")  # a confirmation the facilitator could give
    return s


# Fields shown through what they name, or as a word, not as their raw value.
SHOWN_AS: dict[tuple[type[BaseModel], str], list[str]] = {
    (WorkflowActivity, "id"): ["Mk-activity-one"],  # a step is named by its name
    (WorkflowEdge, "source"): ["Mk-activity-one"],  # in the diagram, by the step's name
    (WorkflowEdge, "target"): ["Mk-activity-two"],
    (PriorityStep, "id"): ["Priority steps", "Mk-activity-two — Mk-priority-reason"],  # by name
    (SelectedCard, "id"): ["Mk-card-title"],
    (CardScore, "card_id"): ["Mk-card-title"],
    (CardScore, "dimensions"): ["Mk-dimension", "4.5"],
    (Idea, "workflow_steps"): ["Mk-activity-one"],
    (Idea, "card_ids"): ["Mk-card-title"],
    (Idea, "from_team"): ["the team's"],  # marked as the team's, not by the submission's id
    (Plan, "architecture_diagram"): ["Mk-architecture-node", "Mk-architecture-sink"],  # drawn: its labels
    (IdeaEvaluation, "idea_id"): ["Mk-idea-title (idea-1)"],
    (IdeaEvaluation, "bxt"): ["Business", "Mk-bxt-business"],
    (Evaluation, "scale"): ["1-5"],
    (Selection, "idea_id"): ["Mk-idea-title (idea-1)"],
    (Selection, "confirmed_by_user"): ["confirmed by the team"],
    (TeamIdeaScores, "idea_id"): ["The team's scores", "4 ± 1.41 (n=3) / 4.25"],  # beside the model's
    (TeamIdeaVotes, "idea_id"): ["The team's dot votes", "Mk-idea-title (idea-1)"],
    (TestFailure, "line"): ["tests/test_fit.py:417"],
    (PocState, "iterations"): ["Iterations: 1"],
    (PocIteration, "iteration"): ["| 1 |"],
    (PocIteration, "started_at"): ["12.5 s"],  # shown as the iteration's duration
    (PocIteration, "ended_at"): ["12.5 s"],
    (PocIteration, "test_results"): ["71/13/37/29"],
    (PocIteration, "reflections"): ["57 reflections"],
    (PocIteration, "refused_edits"): ["68 edits refused"],
    (PocIteration, "stuck"): ["stuck"],
    (WebResult, "found_for"): ["competitors"],
    (WebResult, "url"): ["harbour-news.example"],  # as its site (and as the title's link)
    (WebResult, "published"): ["2026-10-14"],
}
# The loop's working data: what it told the model, its raw logs, its own timings. develop.md
# shows the outcome of each iteration; these stay in the session file for the product.
NOT_SHOWN: dict[tuple[type[BaseModel], str], str] = {
    (PocIteration, "timings"): "per-step timings of the loop",
    (PocIteration, "tokens"): "per-iteration token counts (the session's totals are in the report)",
    (PocIteration, "prompt_summary"): "what the loop told the model",
    (PocIteration, "enrichment_sources"): "what the loop read for the model",
    (TestFailure, "trace_tail"): "a traceback's tail (the message and place are shown)",
    (TestResults, "raw_output_tail"): "the test runner's raw output",
    (PocState, "checkpoint"): "the commit a resumed run trusts (each iteration's commit is shown)",
    (PocState, "environment_ready"): "whether the loop made the PoC's .venv",
    (PocState, "pending"): "what the iteration in flight wrote, for a resume to undo",
    (PendingIteration, "iteration"): "the loop's working data (PocState.pending)",
    (PendingIteration, "base"): "the loop's working data (PocState.pending)",
    (PendingIteration, "files"): "the loop's working data (PocState.pending)",
}

# Fields a model's block never sends: the terminal shows a block as it arrives, so these show
# there only on an item the block changes (each has its own test below).
NOT_SENT: dict[tuple[type[BaseModel], str], str] = {
    (Idea, "from_team"): "only the room marks an idea as the team's",
}

# The record models, from the session field that holds each, with the phase that shows it.
ROOTS: dict[str, Phase] = {
    "business_context": Phase.DISCOVER,
    "topic": Phase.DISCOVER,
    "workflow": Phase.DISCOVER,
    "discovery": Phase.DISCOVER,
    "cards": Phase.IDEATE,
    "ideas": Phase.IDEATE,
    "evaluation": Phase.DESIGN,
    "selection": Phase.SELECT,
    "plan": Phase.PLAN,
    "poc": Phase.DEVELOP,
}


def _walk(value: Any, root: str, out: dict[tuple[type[BaseModel], str], tuple[str, Any]]) -> None:
    if isinstance(value, list):
        for item in value:
            _walk(item, root, out)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            out.setdefault((type(value), name), (root, getattr(value, name)))
            _walk(getattr(value, name), root, out)


@cache
def _fields() -> dict[tuple[type[BaseModel], str], tuple[str, Any]]:
    """Every (model, field) of the record models, with the root it sits under and its value in
    the full session."""
    out: dict[tuple[type[BaseModel], str], tuple[str, Any]] = {}
    full = full_session()
    for root in ROOTS:
        _walk(getattr(full, root), root, out)
    return out


def _every_record_field() -> list[tuple[type[BaseModel], str]]:
    """The cases: walked from the models' classes, so a field the full session leaves empty is a
    case too (and fails, saying so)."""
    seen: list[tuple[type[BaseModel], str]] = []

    def visit(model: type[BaseModel]) -> None:
        for name, info in model.model_fields.items():
            if (model, name) in seen:
                continue
            seen.append((model, name))
            for inner in _models_in(info.annotation):
                visit(inner)

    for root in ROOTS:
        for model in _models_in(WorkshopSession.model_fields[root].annotation):
            visit(model)
    return seen


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in getattr(annotation, "__args__", ()) for m in _models_in(arg)]


def _expected(model: type[BaseModel], name: str, value: Any) -> list[str]:
    if (model, name) in SHOWN_AS:
        return SHOWN_AS[(model, name)]
    match value:
        case BaseModel() | [BaseModel(), *_]:
            return []  # shown through its own fields, each a case here
        case str():
            return [value]
        case bool():
            return []
        case int() | float():
            return [f"{value:g}"] if not isinstance(value, int) else [str(value)]
        case datetime():
            return [format_time(value)]
        case list():
            return [" ".join(value)] if model is TechStack else [str(v) for v in value]
        case dict():
            return [str(v) for v in value.values()]
    return []


def _text(markup: str) -> str:
    """What a page shows, table cells written as in Markdown (``| a | b |``)."""
    cells = re.sub(r"</t[dh]>\s*<t[dh][^>]*>", " | ", markup)
    cells = re.sub(r"<t[dh][^>]*>", "| ", re.sub(r"</t[dh]>", " |", cells))
    return html.unescape(re.sub(r"<[^>]+>", " ", cells))


@cache
def _report(tmp: str) -> str:
    export_session(full_session(), tmp, formats=["html"])
    return _text((Path(tmp) / "report.html").read_text(encoding="utf-8"))


def _before(phase: Phase) -> tuple[WorkshopSession, Any]:
    """A block that sends the phase's whole record, and the session as it was before it (the
    earlier phases' records, none of this one's): how a reply's block is drawn by every face."""
    full = full_session()
    spec = PHASES[phase]
    before = full.model_copy(deep=True)
    for name in spec.records:
        setattr(before, name, WorkshopSession.model_fields[name].get_default(call_default_factory=True))
    return before, spec.output.record_of(full)


def _card(phase: Phase) -> str:
    before, value = _before(phase)
    blocks = record_blocks(ReplyPart(kind="record", text="{}", value=value), RecordsRead(before))
    return _text("".join(block.html() for block in blocks if block.kind != "png"))


def _terminal(phase: Phase) -> str:
    before, value = _before(phase)
    return _screen(Group(*reply_view(f"```json\n{json.dumps(value)}\n```", Records(before))))


def _in_a_reply(model: type[BaseModel], name: str) -> bool:
    """Whether a reply's record can hold the field (the terminal and the notebook show a reply's
    records; enrichment and the PoC are the product's own, shown by the export)."""
    root, _ = _fields()[(model, name)]
    phase = ROOTS[root]
    return phase in PHASES and root in PHASES[phase].output.model_fields


@pytest.fixture(scope="module")
def report_dir(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("report"))


@pytest.mark.parametrize(
    ("model", "name"), _every_record_field(), ids=[f"{m.__name__}.{n}" for m, n in _every_record_field()]
)
def test_every_record_field_is_shown_by_every_face(
    model: type[BaseModel], name: str, report_dir: str
) -> None:
    if (model, name) in NOT_SHOWN:
        pytest.skip(f"not for the customer: {NOT_SHOWN[(model, name)]}")
    assert (model, name) in _fields(), (
        f"{model.__name__}.{name}: the full session leaves it empty; give it a value"
    )
    root, value = _fields()[(model, name)]
    default = model.model_fields[name].get_default(call_default_factory=True)
    assert value != default or (model, name) in SHOWN_AS, (
        f"{model.__name__}.{name}: give it a value in the full session"
    )
    expected = _expected(model, name, value)
    if not expected and not isinstance(value, BaseModel | list):
        pytest.fail(f"{model.__name__}.{name}: say in SHOWN_AS how it shows (a word, or what it names)")
    phase = ROOTS[root]
    faces = {
        "markdown": " ".join((phase_markdown(full_session(), phase) or "").split()),
        "report": " ".join(_report(report_dir).split()),
    }
    if _in_a_reply(model, name) and (model, name) not in NOT_SENT:  # both read a block alike
        faces["notebook card"] = " ".join(_card(phase).split())
        faces["terminal panel"] = " ".join(_terminal(phase).split())
    wanted = [" ".join(text.split()) for text in expected]
    missing = [(face, text) for face, shown in faces.items() for text in wanted if text not in shown]
    assert not missing, f"{model.__name__}.{name} is not shown: {missing}"


def test_the_terminal_marks_a_team_idea_that_a_block_changes_as_the_teams() -> None:
    before = full_session()
    before.evaluation = before.selection = before.plan = None
    block = '```json\n{"ideas": [{"id": "idea-1", "description": "Mk-changed"}]}\n```'
    screen = " ".join(_screen(Group(*reply_view(block, Records(before)))).split())
    assert "Mk-idea-title (idea-1), the team's" in screen and "Mk-changed" in screen


def test_cards_are_ranked_by_their_score_and_keep_the_teams_dimension_order() -> None:
    s = WorkshopSession(
        cards=Cards(
            selected=[SelectedCard(id="a", title="Alpha"), SelectedCard(id="b", title="Beta")],
            scores=[
                CardScore(card_id="a", dimensions={"value": 2, "effort": 3}),
                CardScore(card_id="b", dimensions={"value": 5, "effort": 4}),
            ],
        )
    )
    text = phase_markdown(s, Phase.IDEATE) or ""
    assert "| card | category | value | effort | notes |" in text  # not sorted by name
    assert text.index("| Beta |") < text.index("| Alpha |")  # the better card first


def test_priority_steps_are_a_ranked_list_and_a_selection_names_its_idea() -> None:
    full = full_session()
    discover = phase_markdown(full, Phase.DISCOVER) or ""
    assert "### Priority steps\n\n1. Mk-activity-two — Mk-priority-reason\n" in discover
    select = phase_markdown(full, Phase.SELECT) or ""
    assert "- Idea: Mk-idea-title (idea-1)" in select


def _screen(renderable: Any) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def test_changed_sections_keep_only_what_changed_under_its_sections_title() -> None:
    """What a face shows of a patch: a table's changed rows, the facts with a new value, a changed
    part of a phase's section under that section's title, nothing that stayed as it was."""
    before = full_session()
    after = full_session()
    assert after.evaluation is not None
    after.evaluation.ideas[0].value = 5  # one score: its row, the matrix and its legend
    other = full_session()  # the ranking follows the score: the selection changes on its own
    assert other.selection is not None and other.business_context is not None
    other.selection.confirmed_by_user, other.selection.confirmed_at = False, None
    other.business_context.company_name = "Harbour Lane Eyecare"  # its web results still name it
    design = changed_sections(phase_sections(before, Phase.DESIGN), phase_sections(after, Phase.DESIGN))
    assert [(s.title, s.level) for s in design] == [
        ("Evaluation", 2),
        ("The team's scores", 3),  # the model's value is shown beside the team's
        ("Feasibility × value matrix", 3),
    ]
    assert "1.5 ± 0.5 (n=2) / 5" in str(design[1].parts)  # value: the team's 1 and 2, the model's 5
    (table,) = design[0].parts
    assert table == Table(
        ("idea", "feasibility", "value", "human value"),
        ((Typed("Mk-idea-title (idea-1)"), "4.25", "5", "2.5"),),  # the full session's idea is the team's
    )
    select = changed_sections(phase_sections(before, Phase.SELECT), phase_sections(other, Phase.SELECT))
    assert select == [Section("Selection", (Facts((("Status", "awaiting the team's confirmation"),)),))]
    discover = changed_sections(phase_sections(before, Phase.DISCOVER), phase_sections(other, Phase.DISCOVER))
    assert discover == [Section("Business context", (Facts((("Company", "Harbour Lane Eyecare"),)),))]
    assert changed_sections(phase_sections(before, Phase.PLAN), phase_sections(after, Phase.PLAN)) == []
