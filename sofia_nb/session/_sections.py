"""What each phase's record shows, said once: sections of typed parts, in the team's words and in
the order the team gave, from which every face draws (the export's Markdown and so report.html
and the notebook's cards; the terminal's panels). A new record field is added here, and only here.

The parts hold the record's values as they are (untrusted text: each face makes it inert as it
renders); ``Code`` marks a name a person would type (a file, a test, a command).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from ..inert import mermaid_label
from ._models import (
    RANKING_WEIGHTS,
    Evaluation,
    Idea,
    IdeaEvaluation,
    Phase,
    PocIteration,
    PocScope,
    PocState,
    SearchAngle,
    Selection,
    TestFailure,
    TestResults,
    Workflow,
    WorkiqInsights,
    WorkshopSession,
)
from ._rounds import round_kind
from ._team import CRITERIA, CRITERION_LABELS, CriterionStats, RoundResults, round_results
from ._web import customer_results


@dataclass(frozen=True)
class Code:
    """A name shown as code: a file, a test id, a command."""

    text: str


@dataclass(frozen=True)
class Typed:
    """Words from outside as they came (a participant's, a web page's): each face shows every
    character as text (the Markdown escapes what it could read as structure, so a fence or a
    heading from a phone stays words)."""

    text: str


@dataclass(frozen=True)
class Link:
    """A web page: its title from outside (shown as typed, like ``Typed``) linking to ``url``,
    an ``http(s)`` address (``WebResult`` keeps no other kind); the title alone without one."""

    text: str
    url: str = ""


Cell = str | Code | Typed | Link
"""A table cell, a fact's value, a list item or a title: plain one-line text, code, words from
outside, or a web page's title and address."""


@dataclass(frozen=True)
class Paragraph:
    """Text as it was written (the model's may hold Markdown: its own formatting), or ``Typed``
    words, shown on one line as typed."""

    text: str | Typed


@dataclass(frozen=True)
class Facts:
    """``label: value`` lines."""

    pairs: tuple[tuple[str, Cell], ...]


@dataclass(frozen=True)
class Items:
    """A list of one-line items, numbered when their order is a ranking or a sequence; ``label``
    names it when it shares its section with other parts."""

    items: tuple[Cell, ...]
    numbered: bool = False
    label: str = ""


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True)
class MermaidDiagram:
    """A Mermaid diagram's source, without a fence."""

    source: str


Part = Paragraph | Facts | Items | Table | MermaidDiagram


@dataclass(frozen=True)
class Section:
    """A titled group of parts; ``level`` 2 is a section of the phase, 3 a part of the one before."""

    title: str | Typed
    parts: tuple[Part, ...] = field(default_factory=tuple)
    level: int = 2


# --- building blocks --------------------------------------------------------------------------


def one_line(text: str, limit: int | None = None) -> str:
    """``text`` on one line, cut at a word with ``…`` beyond ``limit`` characters."""
    flat = " ".join(text.split())
    if limit is not None and len(flat) > limit:
        cut = flat[: limit - 1]
        if flat[limit - 1] != " " and " " in cut:  # cut at a word, not inside one
            cut = cut.rsplit(" ", 1)[0]
        return cut.rstrip() + "…"
    return flat


def format_time(moment: datetime | None) -> str:
    """``2026-12-01 09:00 UTC``; a time without a zone (a hand-edited file) is taken as UTC."""
    if moment is None:
        return ""
    utc = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    return utc.strftime("%Y-%m-%d %H:%M UTC")


def _score(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def _items(values: Iterable[str], numbered: bool = False) -> tuple[Part, ...]:
    kept = tuple(v for v in values if v.strip())
    return (Items(kept, numbered),) if kept else ()


def plain(value: Cell) -> str:
    """A cell's text, whatever its kind."""
    return value if isinstance(value, str) else value.text


def _facts(*pairs: tuple[str, Cell]) -> tuple[Part, ...]:
    kept = tuple((k, v) for k, v in pairs if plain(v).strip())
    return (Facts(kept),) if kept else ()


def _prose(text: str) -> tuple[Part, ...]:
    return (Paragraph(text.strip()),) if text.strip() else ()


def _section(title: str | Typed, *parts: Part, level: int = 2) -> list[Section]:
    """The section, or nothing when it has nothing to show."""
    return [Section(title, tuple(parts), level)] if parts else []


def _lists(lists: Iterable[tuple[str, Sequence[str]]], numbered: bool = False) -> list[Section]:
    """A level-3 section per non-empty ``(title, items)``."""
    return [s for title, items in lists for s in _section(title, *_items(items, numbered), level=3)]


def titled(idea_id: str, titles: dict[str, str]) -> str:
    """An idea as people name it: ``Title (idea-2)``; the id alone when it has no title."""
    title = one_line(titles.get(idea_id, ""))
    return f"{title} ({idea_id})" if title else idea_id


# --- diagrams: the one Mermaid writer -------------------------------------------------------


def workflow_mermaid(workflow: Workflow) -> str:
    """The workflow as a left-to-right Mermaid flowchart (no fence); every label through
    ``mermaid_label``, node ids the product's own (``a1``, ``a2``…), never the record's."""
    node_ids: dict[str, str] = {}

    def node(activity_id: str) -> str:
        return node_ids.setdefault(activity_id, f"a{len(node_ids) + 1}")

    lines = ["flowchart LR"]
    for activity in workflow.activities:
        lines.append(f'    {node(activity.id)}["{mermaid_label(activity.name or activity.id)}"]')
    for edge in workflow.edges:
        arrow = f'-->|"{mermaid_label(edge.label)}"|' if edge.label.strip() else "-->"
        lines.append(f"    {node(edge.source)} {arrow} {node(edge.target)}")
    return "\n".join(lines)


def _axis(score: float) -> float:
    """A 1–5 score as the chart's 0–1 position, the same even scale on both axes: 1 at 0.1, each
    step 0.2 further, 5 at 0.9 (clamped: a hand-edited file may stray). 3 sits on the dividing
    line, so a 3/3 idea is in the centre; the margin keeps a point's label inside the plot, clear
    of the axis labels."""
    return 0.1 + 0.2 * (min(5.0, max(1.0, score)) - 1)


_LABEL_W, _LABEL_H = 0.05, 0.055
"""A point's number label, as a share of the chart (about 20 × 22 px of a 400 px plot)."""
_NUDGES = [(dx * _LABEL_W, dy * _LABEL_H) for dy in (0, -1, 1) for dx in (0, 1, -1)]
"""At most one label width or height: less than half a step of the scale (0.1), so a nudged
point still reads as its own score."""


def _placed(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The points, each nudged by at most one label width or height when its label would sit on
    a label already placed: ideas with the same scores stay readable."""
    done: list[tuple[float, float]] = []
    for x, y in points:
        spots = [(min(0.95, max(0.05, x + dx)), min(0.95, max(0.07, y + dy))) for dx, dy in _NUDGES]
        free = (
            p
            for p in spots
            if all(abs(p[0] - q[0]) >= _LABEL_W or abs(p[1] - q[1]) >= _LABEL_H for q in done)
        )
        done.append(next(free, (x, y)))
    return done


def _coordinate(position: float) -> str:
    return f"{position:.3f}".rstrip("0").rstrip(".")  # ``1.0`` is refused by Mermaid's parser


def matrix_mermaid(evaluation: Evaluation, titles: dict[str, str]) -> str:
    """The feasibility × value matrix as a Mermaid quadrant chart (no fence), both axes on the
    same even 1–5 scale (``_axis``). Each point is the idea's number in the evaluation
    (``matrix_legend`` names them): a title would run into the other points. The quadrants have
    no titles in the plot, where Mermaid draws them across the top of each quadrant and a point
    of 3 or 5 would sit on one: the axis labels name the quadrants, and the chart's text names
    each point's place (``diagram_text``)."""
    lines = [
        "quadrantChart",
        "    title Feasibility x value",
        "    x-axis Low feasibility --> High feasibility",
        "    y-axis Low value --> High value",
    ]
    team = _team_means(evaluation)
    points = _placed(
        [(_axis(e.feasibility), _axis(e.value)) for e in evaluation.ideas]
        + [(_axis(f), _axis(v)) for _, f, v in team]
    )
    model = len(evaluation.ideas)
    for n, (x, y) in enumerate(points[:model], 1):
        lines.append(f'    "{n}": [{_coordinate(x)}, {_coordinate(y)}] {_MODEL_POINT}')
    # the team's mean for idea n, beside the model's, as "Tn" in the team's colour
    for (n, _, _), (x, y) in zip(team, points[model:], strict=True):
        lines.append(f'    "T{n}": [{_coordinate(x)}, {_coordinate(y)}] {_TEAM_POINT}')
    return "\n".join(lines)


_MODEL_POINT = "color: #2f5597, radius: 4"
"""The model's points in blue (Mermaid's own fill for them is computed from a colour it cannot
read and drawn near-white, ``_diagrams``)."""
_TEAM_POINT = "color: #b35c00, radius: 5"


def _team_means(evaluation: Evaluation) -> list[tuple[int, float, float]]:
    """The team's mean feasibility and value per idea the team scored on both, by the idea's
    number in the chart: the model's scored ideas first, then those only the team scored (the
    team's point is drawn for every idea it scored, the model's or not)."""
    numbers = {e.idea_id: n for n, e in enumerate(evaluation.ideas, 1)}
    means = []
    for t in evaluation.team_scores:
        if t.feasibility.mean is not None and t.value.mean is not None:
            means.append((numbers.setdefault(t.idea_id, len(numbers) + 1), t.feasibility.mean, t.value.mean))
    return means


def _team_only(evaluation: Evaluation) -> list[str]:
    """The ideas only the team scored, in their chart numbers' order (after the model's)."""
    scored = {e.idea_id for e in evaluation.ideas}
    ids = (
        t.idea_id
        for t in evaluation.team_scores
        if t.feasibility.mean is not None and t.value.mean is not None
    )
    return [i for i in dict.fromkeys(ids) if i not in scored]


def matrix_legend(evaluation: Evaluation, names: dict[str, str | Typed]) -> Items:
    """What each number of the matrix stands for (``names``: ``idea_names``)."""

    def item(idea_id: str, scores: str) -> Cell:
        name = names.get(idea_id, idea_id)
        words = name.text if isinstance(name, Typed) else name
        return Typed(f"{words}: {scores}") if isinstance(name, Typed) else f"{words}: {scores}"

    items = [
        item(e.idea_id, f"feasibility {_score(e.feasibility)}, value {_score(e.value)}")
        for e in evaluation.ideas
    ]
    items += [item(i, "not scored by the model; the team's point only") for i in _team_only(evaluation)]
    return Items(tuple(items), numbered=True)


# --- the phases -----------------------------------------------------------------------------


def _discover(s: WorkshopSession) -> list[Section]:
    out: list[Section] = []
    bc = s.business_context
    if bc:
        out += _section("Business context", *_facts(("Company", bc.company_name)), *_prose(bc.description))
        out += _lists(
            (
                ("Challenges", bc.challenges),
                ("Constraints", bc.constraints),
                ("Success metrics", bc.success_metrics),
            )
        )
    if s.topic:
        out += _section("Focus area", *_prose(s.topic.area), *_prose(s.topic.scope_notes))
    wf = s.workflow
    if wf and (wf.activities or wf.edges):
        rows = tuple(
            (a.name or a.id, a.description, ", ".join(a.actors), "; ".join(a.pain_points))
            for a in wf.activities
        )
        parts: list[Part] = [Table(("step", "what happens", "who", "pain points"), rows)] if rows else []
        parts.append(MermaidDiagram(workflow_mermaid(wf)))
        out += _section("Workflow", *parts)
        names = {a.id: a.name or a.id for a in wf.activities}
        steps = (
            one_line(names.get(p.id, p.id)) + (f" — {one_line(p.reason)}" if p.reason.strip() else "")
            for p in wf.priority_steps
        )
        out += _lists([("Priority steps", list(steps))], numbered=True)
    enrichment = s.discovery.enrichment
    if enrichment:
        company = bc.company_name if bc else ""
        insights = enrichment.workiq_insights or WorkiqInsights()
        research = _web_search(s)
        research += _lists(
            (
                ("Team expertise (WorkIQ)", insights.team_expertise),
                ("Collaboration patterns (WorkIQ)", insights.collaboration_patterns),
                ("Documentation gaps (WorkIQ)", insights.documentation_gaps),
                ("Notes", enrichment.notes),
            )
        )
        facts = _facts(
            ("Sources", ", ".join(enrichment.sources_used)),
            ("Searched for", "" if enrichment.searched_for == company else enrichment.searched_for),
            ("Gathered", format_time(enrichment.enriched_at)),
        )
        if research or facts:
            out += [Section("Research", facts), *research]
    return out


ANGLES: dict[SearchAngle, str] = {
    "company_news": "company news",
    "competitor_info": "competitors",
    "industry_trends": "industry trends",
}
"""What each web search looked for, in the sections' words."""


def _web_search(s: WorkshopSession) -> list[Section]:
    """The web results about the customer (the rule of ``_web``), labelled as unverified: one row
    per hit with its title (linked), site and date; an answer that gave no hits as its lines."""
    about = customer_results(s)
    if not about.results and not about.lines and not about.left_out:
        return []
    said = (
        "What a web search returned about the customer, as the search engine gave it: nobody has checked it."
    )
    if about.left_out:
        company = about.company or "the customer"
        said += f" {about.left_out} result{'s' if about.left_out != 1 else ''} not naming {company} left out."
    rows = tuple(
        (
            Link(r.title, r.url),
            r.source or "unknown",
            r.published.isoformat() if r.published else "undated",
            ANGLES[r.found_for],
            Typed(r.snippet),
        )
        for r in about.results
    )
    parts: list[Part] = [Paragraph(Typed(said))]
    parts += [Table(("title", "source", "date", "found for", "what it says"), rows)] if rows else []
    parts += [
        Items(tuple(Typed(line) for line in lines), label=ANGLES[angle].capitalize())
        for angle, lines in about.lines.items()
    ]
    return [Section("Web search (unverified)", tuple(parts), 3)]


def _cards(s: WorkshopSession) -> list[Section]:
    if not s.cards or not (s.cards.selected or s.cards.scores):
        return []
    scores = {score.card_id: score.dimensions for score in s.cards.scores}
    dimensions = list(dict.fromkeys(d for dims in scores.values() for d in dims))  # as the team gave them

    def mean(card_id: str) -> float:
        dims = scores.get(card_id) or {}
        return sum(dims.values()) / len(dims) if dims else float("-inf")

    # best first; an unscored card after the scored ones; equal scores keep the team's order
    cards = sorted(s.cards.selected, key=lambda c: -mean(c.id))
    rows = tuple(
        (c.title or c.id, c.category, *(_score(scores.get(c.id, {}).get(d)) for d in dimensions), c.notes)
        for c in cards
    )
    known = {c.id for c in s.cards.selected}
    rows += tuple(
        (card_id, "", *(_score(dims.get(d)) for d in dimensions), "")
        for card_id, dims in scores.items()
        if card_id not in known
    )
    return _section("Cards", Table(("card", "category", *dimensions, "notes"), rows))


def _idea(idea: Idea, step_names: dict[str, str], card_titles: dict[str, str]) -> list[Section]:
    steps = [step_names.get(step, step) for step in idea.workflow_steps]  # ids name workflow steps
    cards = ", ".join(card_titles.get(c, c) for c in idea.card_ids)
    if idea.from_team:  # a participant's words: one line each, as typed, marked as the team's
        title: str | Typed = Typed(f"{one_line(idea.title)} ({idea.id}), the team's")
        about: tuple[Part, ...] = (Paragraph(Typed(idea.description)),) if idea.description.strip() else ()
    else:
        title, about = titled(idea.id, {idea.id: idea.title}), _prose(idea.description)
    parts = (*about, *_items(steps, numbered=True), *_facts(("Cards", cards)))
    return [Section(title, parts, 3)]


def _ideate(s: WorkshopSession) -> list[Section]:
    out = _cards(s)
    if s.ideas:
        steps = {a.id: a.name for a in s.workflow.activities} if s.workflow else {}
        cards = {c.id: c.title for c in s.cards.selected} if s.cards else {}
        out += [Section("Ideas"), *(sec for idea in s.ideas for sec in _idea(idea, steps, cards))]
    return out


def _idea_evaluation(e: IdeaEvaluation, names: dict[str, str | Typed]) -> list[Section]:
    parts: list[Part] = [
        *_facts(("Human value", e.human_value)),
        *_labelled("Risks", e.risks),
        *_labelled("Data needed", e.data_needed),
        *_labelled("KPIs", e.kpis),
        *_labelled("Assumptions", e.assumptions),
        *_facts(*((k.capitalize(), v) for k, v in e.bxt.items())),
    ]
    return _section(names.get(e.idea_id, e.idea_id), *parts, level=3)


def _labelled(label: str, items: Sequence[str]) -> tuple[Part, ...]:
    """A list under a label, as one fact when it has one item."""
    kept = tuple(i for i in items if i.strip())
    if len(kept) == 1:
        return (Facts(((label, kept[0]),)),)
    return (Items(kept, label=label),) if kept else ()


def _design(s: WorkshopSession) -> list[Section]:
    ev = s.evaluation
    if not ev or not ev.ideas:
        return []
    names = idea_names(s)
    rows = tuple(
        (names.get(e.idea_id, e.idea_id), _score(e.feasibility), _score(e.value), _score(e.human_value_score))
        for e in ev.ideas
    )
    out = _section(
        "Evaluation",
        *_facts(("Method", f"{ev.method} (scale {ev.scale})")),
        *_items(ev.notes),
        Table(("idea", "feasibility", "value", "human value"), rows),
    )
    out += _team_scores(s, ev)
    titles = {i.id: i.title for i in s.ideas}  # Mermaid labels: escaped by the one Mermaid writer
    matrix: tuple[Part, ...] = (
        MermaidDiagram(matrix_mermaid(ev, titles)),
        Paragraph(_MATRIX_READING),
        matrix_legend(ev, names),
    )
    if _team_means(ev):
        matrix += (
            Paragraph("T1, T2, …: the team's mean feasibility and value for idea 1, 2, … (in orange)."),
        )
    out += _section("Feasibility × value matrix", *matrix, level=3)
    return out + [sec for e in ev.ideas for sec in _idea_evaluation(e, names)]


_MATRIX_READING = (
    "1, 2, …: the model's scores for idea 1, 2, … (in blue). Both axes run evenly from 1 to 5 and "
    "cross at 3: top right high value and feasible, top left high value but hard, bottom left low "
    "value and hard, bottom right low value but feasible."
)

_BESIDE = "Each cell: the team's mean ± spread (n) / the model's score, on 1–5."


def idea_names(s: WorkshopSession) -> dict[str, str | Typed]:
    """Each idea as people name it, ``Title (idea-2)``, for every place that shows an idea: a
    participant's title as typed text (shown literally wherever it is drawn), the model's as written."""
    return {
        i.id: Typed(titled(i.id, {i.id: i.title})) if i.from_team else titled(i.id, {i.id: i.title})
        for i in s.ideas
    }


def _team_scores(s: WorkshopSession, ev: Evaluation) -> list[Section]:
    """The team's scores from Design's record, each beside the model's."""
    model = {e.idea_id: e for e in ev.ideas}
    ideas = idea_names(s)
    rows = tuple(
        (
            ideas.get(t.idea_id, t.idea_id),
            *_beside(t.criteria(), model.get(t.idea_id)),
            str(t.scorers),
            t.round_id,
        )
        for t in ev.team_scores
    )
    columns = ("idea", *(CRITERION_LABELS[c].lower() for c in CRITERIA), "scorers", "round")
    return _section("The team's scores", Paragraph(_BESIDE), Table(columns, rows), level=3) if rows else []


def _beside(team: dict[str, CriterionStats], e: IdeaEvaluation | None) -> tuple[str, ...]:
    """Per criterion: the team's mean ± spread (n) / the model's score ("–" where either has none)."""
    mine = {"feasibility": e.feasibility, "value": e.value, "human_value": e.human_value_score} if e else {}
    return tuple(f"{_stats(team[c]) or '–'} / {_score(mine.get(c)) or '–'}" for c in CRITERIA)


def _team_votes(s: WorkshopSession, sel: Selection) -> list[Section]:
    """The team's dot votes from Select's record, beside the model's ranking."""
    ranks = {r.idea_id: r.rank for r in s.evaluation.ranking()} if s.evaluation else {}
    ideas = idea_names(s)
    rows = tuple(
        (
            ideas.get(v.idea_id, v.idea_id),
            str(v.dots),
            str(v.voters),
            str(ranks.get(v.idea_id, "")),
            "yes" if v.idea_id == sel.idea_id else "",
            v.round_id,
        )
        for v in sel.team_votes
    )
    columns = ("idea", "dots", "voters", "model's rank", "selected", "round")
    return _section("The team's dot votes", Table(columns, rows), level=3) if rows else []


def _ranking(s: WorkshopSession) -> list[Section]:
    if not s.evaluation or not s.evaluation.ideas:
        return []
    names = idea_names(s)
    weights = ", ".join(
        f"{name.removesuffix('_score').replace('_', ' ')} {w:.0%}" for name, w in RANKING_WEIGHTS.items()
    )
    ranking = s.evaluation.ranking()
    rows = tuple(
        (f"{r.rank}=" if r.tied else str(r.rank), names.get(r.idea_id, r.idea_id), f"{r.score:.2f}")
        for r in ranking
    )
    tie = ("A rank shared by two or more ideas (=) is a tie.",) if any(r.tied for r in ranking) else ()
    return _section(
        "Ranking",
        *_facts(("Composite score", weights)),
        *_items(tie),
        Table(("rank", "idea", "score"), rows),
        level=3,
    )


def _select(s: WorkshopSession) -> list[Section]:
    sel = s.selection
    if not sel:
        return [Section(r.title, r.parts) for r in _ranking(s)]
    state = "confirmed by the team" if sel.confirmed_by_user else "awaiting the team's confirmation"
    out = _section(
        "Selection",
        *_facts(
            ("Idea", idea_names(s).get(sel.idea_id, sel.idea_id)),
            ("Status", state),
            ("Confirmed at", format_time(sel.confirmed_at)),
        ),
    )
    out += _section("Rationale", *_prose(sel.rationale), level=3)
    out += _lists([("Scope decisions", sel.scope_decisions)])
    return out + _team_votes(s, sel) + _ranking(s)


def _plan(s: WorkshopSession) -> list[Section]:
    plan = s.plan
    if not plan:
        return []
    body = [Section(f"{m.id}: {one_line(m.title)}", _items(m.items), 3) for m in plan.milestones]
    body += _section("Architecture", *_prose(plan.architecture_notes), level=3)
    if plan.architecture_diagram.strip():
        body += _section("Architecture diagram", MermaidDiagram(plan.architecture_diagram.strip()), level=3)
    body += _lists((("Tech stack", plan.tech_stack), ("Dependencies", plan.dependencies)))
    return ([Section("Plan"), *body] if body else []) + _poc_scope(plan.poc_scope)


def _poc_scope(scope: PocScope | None) -> list[Section]:
    if scope is None:
        return []
    body = _lists(
        (
            ("Functionality", scope.functionality),
            ("Data", scope.data),
            ("Success criteria", scope.success_criteria),
        )
    )
    body += _section("Timeline", *_prose(scope.timeline), level=3)
    return [Section("PoC scope"), *body] if body else []


def _counts(results: TestResults | None) -> str:
    if results is None:
        return ""
    return f"{results.passed}/{results.failed}/{results.skipped}/{results.errors}"


def _failure(failure: TestFailure) -> tuple[Cell, ...]:
    where = f"{failure.file}:{failure.line}" if failure.line else failure.file
    return (Code(failure.test_id), Code(where) if where else "", failure.message)


def _iteration_row(it: PocIteration) -> tuple[Cell, ...]:
    duration = f"{(it.ended_at - it.started_at).total_seconds():.1f} s" if it.ended_at else ""
    notes = [
        it.error_message,
        f"{it.reflections} reflections" if it.reflections else "",
        f"{it.refused_edits} edits refused" if it.refused_edits else "",
    ]
    return (
        str(it.iteration),
        it.outcome + (" (stuck)" if it.stuck else ""),
        duration,
        _counts(it.test_results),
        Code(", ".join(it.files_changed)) if it.files_changed else "",
        it.changes_summary,
        Code(it.commit[:12]) if it.commit else "",
        "; ".join(n for n in notes if n),
    )


POC_PYTHON = ".venv/bin/python"
"""The PoC's own interpreter, from its folder (develop/_venv.py makes it): what ``{python}`` is."""


def person_command(argv: Sequence[str]) -> str:
    """A PoC command as a person types it in the PoC's folder: the PoC's own interpreter for
    ``{python}``, and the loop's private report file (``{report}``) and its format left out."""
    private = any("{report}" in part for part in argv)
    kept = [
        POC_PYTHON if part == "{python}" else part
        for part in argv
        if "{report}" not in part and not (private and part.startswith("--reporter="))
    ]
    return shlex.join(kept)


def loop_iterations(poc: PocState) -> list[PocIteration]:
    """The iterations the loop counts: finished, the scaffold not among them (``RalphResult``)."""
    return [i for i in poc.iterations if i.outcome != "scaffold" and i.ended_at is not None]


def _seconds(it: PocIteration) -> float:
    return (it.ended_at - it.started_at).total_seconds() if it.ended_at else 0.0


def _status(poc: PocState) -> str:
    if poc.final_status:
        return poc.final_status
    return "stopped, can be resumed" if poc.termination_reason == "user-stopped" else "not finished"


def _develop(s: WorkshopSession) -> list[Section]:
    poc = s.poc
    if not poc:
        return []
    folder = Code(poc.repo_path) if poc.repo_path else ""
    out = _section("Repository", *_facts(("PoC folder", folder), ("URL", poc.repo_url)))
    ts = poc.tech_stack
    if ts:
        out += _section(
            "Tech stack",
            *_facts(
                ("Template", ts.template),
                ("Language", ts.language),
                ("Framework", ts.framework),
                (
                    "Install (in the PoC folder)",
                    Code(person_command(ts.install_command)) if ts.install_command else "",
                ),
                (
                    "Tests (in the PoC folder)",
                    Code(person_command(ts.test_command)) if ts.test_command else "",
                ),
            ),
        )
    scaffold = sum(_seconds(i) for i in poc.iterations if i.outcome == "scaffold")
    duration = f"{scaffold + poc.total_duration_s:.1f} s" + (
        f" (scaffold {scaffold:.1f} s, loop {poc.total_duration_s:.1f} s)" if scaffold else ""
    )
    final = poc.final_test_results
    tests = (
        f"{final.passed} passed, {final.failed} failed, {final.skipped} skipped, {final.errors} errors"
        if final
        else ""
    )
    out += _section(
        "Result",
        *_facts(
            ("Status", _status(poc)),
            ("Reason", poc.termination_reason),
            ("Iterations", str(len(loop_iterations(poc)))),
            ("Tests", tests),
            ("Duration", duration),
        ),
    )
    if poc.criteria:  # the plan's success criteria and the tests that name each, as the app says it
        out += _section("Success criteria", *_items(c.line() for c in poc.criteria))
    final = poc.final_test_results
    if final:
        out += _section(
            "Final tests",
            Table(
                ("passed", "failed", "skipped", "errors", "total", "duration"),
                (
                    (
                        str(final.passed),
                        str(final.failed),
                        str(final.skipped),
                        str(final.errors),
                        str(final.total),
                        f"{final.duration_s:.1f} s",
                    ),
                ),
            ),
        )
        if final.failures:
            rows = tuple(_failure(f) for f in final.failures)
            out += _section("Failures", Table(("test", "where", "message"), rows), level=3)
    if poc.iterations:
        out += _section(
            "Iterations",
            Table(
                ("#", "outcome", "duration", "tests p/f/s/e", "files changed", "summary", "commit", "notes"),
                tuple(_iteration_row(it) for it in poc.iterations),
            ),
        )
    return out


RECORD_NAMES: dict[str, str] = {
    "session_name": "the workshop's name",
    "business_context": "Business context",
    "topic": "Focus area",
    "workflow": "Workflow",
    "priority_steps": "Priority steps",
    "cards": "Cards",
    "ideas": "Ideas",
    "evaluation": "Evaluation",
    "selection": "Selection",
    "plan": "Plan",
    "poc_scope": "PoC scope",
}
"""A record's keys as the sections above name them."""


def record_names(value: object) -> list[str]:
    """What a block of a reply recorded, in the sections' words (a bare list is ideas)."""
    if isinstance(value, list):
        return ["Ideas"]
    if not isinstance(value, dict):
        return []
    return list(dict.fromkeys(RECORD_NAMES[k] for k in value if k in RECORD_NAMES))


_PHASES: dict[Phase, Callable[[WorkshopSession], list[Section]]] = {
    Phase.DISCOVER: _discover,
    Phase.IDEATE: _ideate,
    Phase.DESIGN: _design,
    Phase.SELECT: _select,
    Phase.PLAN: _plan,
    Phase.DEVELOP: _develop,
}


def phase_sections(session: WorkshopSession, phase: Phase) -> list[Section]:
    """What ``phase``'s record shows, section by section; empty when it holds nothing."""
    builder = _PHASES.get(phase)
    return builder(session) if builder else []


def changed_sections(before: list[Section], after: list[Section]) -> list[Section]:
    """What of ``after`` is not in ``before``, as sections: a section new or changed, with only
    its parts that changed (a table's new or changed rows, the facts with a new value), a changed
    part of a phase's section (level 3) under that section's title. What ``after`` no longer
    shows is not here: a removal is said by whoever knows it was one (a renamed item is none)."""
    old: dict[str | Typed, tuple[Part, ...]] = {}
    for s in before:  # by title: a section may change level (Select's ranking, once an idea is chosen)
        old.setdefault(s.title, s.parts)
    out: list[Section] = []
    parent: Section | None = None
    parent_shown = False
    for section in after:
        if section.level <= 2:
            parent, parent_shown = section, False
        parts = _changed_parts(old.get(section.title, ()), section.parts)
        if not parts:
            continue
        if section.level > 2 and parent is not None and not parent_shown:
            out.append(Section(parent.title, (), parent.level))
        parent_shown = True
        out.append(Section(section.title, parts, section.level))
    return out


def _changed_parts(before: tuple[Part, ...], after: tuple[Part, ...]) -> tuple[Part, ...]:
    out: list[Part] = []
    for part in after:
        if part in before:
            continue
        if isinstance(part, Table):
            known = {r for p in before if isinstance(p, Table) and p.columns == part.columns for r in p.rows}
            rows = tuple(r for r in part.rows if r not in known)
            out += [Table(part.columns, rows)] if rows else []
        elif isinstance(part, Facts):
            facts = {pair for p in before if isinstance(p, Facts) for pair in p.pairs}
            pairs = tuple(pair for pair in part.pairs if pair not in facts)
            out += [Facts(pairs)] if pairs else []
        else:
            out.append(part)
    return tuple(out)


# --- the team in the room -------------------------------------------------------------------


def _stats(stats: CriterionStats) -> str:
    if stats.mean is None:
        return ""
    return f"{stats.mean:g} ± {stats.spread:g} (n={stats.count})"


def _team_round(s: WorkshopSession, results: RoundResults) -> Section:
    """One round the team answered: what it asked, and the aggregate beside the model's view."""
    heading = f"{results.round_id}: {round_kind(results.kind).noun}"
    heading += f" — {one_line(results.prompt, 80)}" if results.prompt else ""
    parts: list[Part] = [Paragraph(f"{results.contributors} participant(s) answered.")]
    typed = [Typed(a) for a in results.answers if a.strip()]
    # an idea the workshop dropped is listed as dropped, never among the live ones
    live = {i.from_team: i.id for i in s.ideas if i.from_team}
    kept = [i for i in results.ideas if i.id in live]
    typed += [
        Typed(f"{i.title} ({live[i.id]}) — {i.description}" if i.description else f"{i.title} ({live[i.id]})")
        for i in kept
    ]
    parts += [Items(tuple(typed))] if typed else []
    dropped = [i for i in results.ideas if i.id not in live]
    if dropped:
        parts.append(Paragraph("Dropped since (not among the workshop's ideas):"))
        parts.append(Items(tuple(Typed(i.title) for i in dropped)))
    # The record holds the team's numbers (Design's and Select's sections show them); a round
    # shows its own only when they are not there: before the model's record exists, or when a
    # later round replaced them.
    recorded = {t.round_id for t in s.evaluation.team_scores} if s.evaluation else set()
    recorded |= {t.round_id for t in s.selection.team_votes} if s.selection else set()
    if results.round_id in recorded:
        where = "Design's evaluation" if results.scores else "Select's selection"
        parts.append(Paragraph(f"The aggregate is in {where}, beside the model's view."))
        return Section(heading, tuple(parts), 3)
    model = {e.idea_id: e for e in s.evaluation.ideas} if s.evaluation else {}
    if results.scores:
        rows: list[tuple[Cell, ...]] = [
            (item.item_id, Typed(item.title), *_beside(item.criteria, model.get(item.item_id)))
            for item in results.scores
        ]
        parts.append(Paragraph(_BESIDE))
        parts.append(Table(("idea", "title", *(CRITERION_LABELS[c].lower() for c in CRITERIA)), tuple(rows)))
    if results.votes:
        ranks = {r.idea_id: r.rank for r in s.evaluation.ranking()} if s.evaluation else {}
        chosen = s.selection.idea_id if s.selection else None
        votes = tuple(
            (
                v.item_id,
                Typed(v.title),
                str(v.dots),
                str(v.voters),
                str(ranks.get(v.item_id, "")),
                "yes" if v.item_id == chosen else "",
            )
            for v in results.votes
        )
        parts.append(Table(("idea", "title", "dots", "voters", "model's rank", "selected"), votes))
    return Section(heading, tuple(parts), 3)


def team_sections(session: WorkshopSession, phase: Phase) -> list[Section]:
    """``The team in the room``: each round the facilitator opened in ``phase`` that the team
    answered, aggregated (nothing names a participant); [] when there is none."""
    rounds = [r for r in session.team.rounds if r.phase == phase]
    answered = [res for r in rounds if (res := round_results(session.team, r.id)).contributors]
    if not answered:
        return []
    mine = {r.id for r in rounds}
    removed = sum(1 for c in session.team.contributions if c.removed and c.round_id in mine)
    note = (
        (Paragraph(f"The facilitator removed {removed} entr{'y' if removed == 1 else 'ies'}."),)
        if removed
        else ()
    )
    return [Section("The team in the room", note), *(_team_round(session, res) for res in answered)]
