"""One Markdown document per workshop phase: the structured section first, then the conversation."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
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
    TestFailure,
    TestResults,
    Workflow,
    WorkiqInsights,
    WorkshopSession,
)
from ._team import CRITERIA, CRITERION_LABELS, CriterionStats, RoundResults, round_results

_HIGHLIGHT_CHARS = 100


def _one_line(text: str, limit: int | None = None) -> str:
    flat = " ".join(text.split())
    if limit is not None and len(flat) > limit:
        cut = flat[: limit - 1]
        if flat[limit - 1] != " " and " " in cut:  # cut at a word, not inside one
            cut = cut.rsplit(" ", 1)[0]
        return cut.rstrip() + "…"
    return flat


_MARKDOWN_PUNCTUATION = re.compile(r"([\\`*_\[\]<>#~|!])")


def _typed(text: str, limit: int | None = None) -> str:
    """A participant's words as one line of Markdown text: every character Markdown could read
    as structure (a fence, a heading, a tag, a link, emphasis) is backslash-escaped, so it shows
    as typed and cannot open a block that swallows the rest of the document."""
    return _MARKDOWN_PUNCTUATION.sub(r"\\\1", _one_line(text, limit))


def _cell(value: object) -> str:
    """A value made safe for one Markdown table cell (no newline, no unescaped pipe)."""
    return _one_line(str(value)).replace("|", "\\|") or " "


def _table(header: Iterable[str], rows: Iterable[Iterable[object]]) -> list[str]:
    head = list(header)
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
    return [*lines, ""]


def _bullets(items: Iterable[str]) -> list[str]:
    lines = [f"- {_one_line(item)}" for item in items if item.strip()]
    return [*lines, ""] if lines else []


def _section(title: str, body: list[str]) -> list[str]:
    return [f"## {title}", "", *body] if body else []


def _subsections(lists: Iterable[tuple[str, list[str]]]) -> list[str]:
    """A ``###`` bullet list per non-empty ``(title, items)``."""
    return [line for title, items in lists if items for line in (f"### {title}", "", *_bullets(items))]


def format_time(moment: datetime | None) -> str:
    """``2026-12-01 09:00 UTC``; a time without a zone (a hand-edited file) is taken as UTC."""
    if moment is None:
        return ""
    utc = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    return utc.strftime("%Y-%m-%d %H:%M UTC")


def workflow_mermaid(workflow: Workflow) -> list[str]:
    """The workflow as a Mermaid flowchart, inside a ```mermaid fence."""
    node_ids: dict[str, str] = {}

    def node(activity_id: str) -> str:
        return node_ids.setdefault(activity_id, f"a{len(node_ids) + 1}")

    lines = ["```mermaid", "flowchart LR"]
    for activity in workflow.activities:
        lines.append(f'    {node(activity.id)}["{mermaid_label(activity.name or activity.id)}"]')
    for edge in workflow.edges:
        arrow = f'-->|"{mermaid_label(edge.label)}"|' if edge.label.strip() else "-->"
        lines.append(f"    {node(edge.source)} {arrow} {node(edge.target)}")
    return [*lines, "```", ""]


def _discover(s: WorkshopSession) -> list[str]:
    out: list[str] = []
    if s.topic:
        out += _section(
            "Topic", [s.topic.area, "", *([s.topic.scope_notes, ""] if s.topic.scope_notes else [])]
        )
    bc = s.business_context
    if bc:
        body = [bc.description, ""] if bc.description else []
        body += _subsections(
            (
                ("Challenges", bc.challenges),
                ("Constraints", bc.constraints),
                ("Success metrics", bc.success_metrics),
            )
        )
        out += _section("Business context", body)
    wf = s.workflow
    if wf and (wf.activities or wf.edges):
        body = _table(
            ("id", "activity", "actors", "pain points"),
            ((a.id, a.name, ", ".join(a.actors), "; ".join(a.pain_points)) for a in wf.activities),
        )
        names = {a.id: a.name for a in wf.activities}
        body += workflow_mermaid(wf)
        if wf.priority_steps:
            body += ["### Priority steps", ""]
            body += [
                f"{n}. {_one_line(names.get(p.id, p.id))}" + (f" — {_one_line(p.reason)}" if p.reason else "")
                for n, p in enumerate(wf.priority_steps, 1)
            ] + [""]
        out += _section("Workflow", body)
    enrichment = s.discovery.enrichment
    if enrichment:
        insights = enrichment.workiq_insights or WorkiqInsights()
        body = _subsections(
            (
                ("Company news", enrichment.company_news),
                ("Competitors", enrichment.competitor_info),
                ("Industry trends", enrichment.industry_trends),
                ("Team expertise (WorkIQ)", insights.team_expertise),
                ("Collaboration patterns (WorkIQ)", insights.collaboration_patterns),
                ("Documentation gaps (WorkIQ)", insights.documentation_gaps),
                ("Notes", enrichment.notes),
            )
        )
        if enrichment.web_search_results:
            body += ["### Web search", "", enrichment.web_search_results, ""]
        if enrichment.sources_used:
            body += [f"Sources: {', '.join(enrichment.sources_used)}", ""]
        out += _section("Enrichment", body)
    return out


def _idea_lines(idea: Idea, step_names: dict[str, str]) -> list[str]:
    if idea.from_team:  # a participant's words: one line each, as typed, marked as the team's
        lines = [f"### {idea.id}: {_typed(idea.title)} (the team's)", ""]
        lines += [_typed(idea.description), ""] if idea.description else []
    else:
        lines = [f"### {idea.id}: {_one_line(idea.title)}", ""]
        lines += [idea.description, ""] if idea.description else []
    if idea.workflow_steps:
        steps = (step_names.get(step, step) for step in idea.workflow_steps)  # ids name workflow steps
        lines += [f"{n}. {_one_line(step)}" for n, step in enumerate(steps, 1)] + [""]
    if idea.card_ids:
        lines += [f"Cards: {', '.join(idea.card_ids)}", ""]
    return lines


def _ideate(s: WorkshopSession) -> list[str]:
    out: list[str] = []
    if s.cards and s.cards.selected:
        scores = {score.card_id: score.dimensions for score in s.cards.scores}
        rows = (
            (c.id, c.title, c.category, ", ".join(f"{k} {v:g}" for k, v in scores.get(c.id, {}).items()))
            for c in s.cards.selected
        )
        out += _section("Cards", _table(("id", "card", "category", "scores"), rows))
    if s.ideas:
        names = {a.id: a.name for a in s.workflow.activities} if s.workflow else {}
        out += _section("Ideas", [line for idea in s.ideas for line in _idea_lines(idea, names)])
    return out


def _human_value(e: IdeaEvaluation) -> str:
    score = f"{e.human_value_score:g}" if e.human_value_score is not None else ""
    return " — ".join(part for part in (score, e.human_value) if part)


def _ranking(s: WorkshopSession) -> list[str]:
    if not s.evaluation or not s.evaluation.ideas:
        return []
    titles = {i.id: i.title for i in s.ideas}
    weights = ", ".join(
        f"{name.removesuffix('_score').replace('_', ' ')} {w:.0%}" for name, w in RANKING_WEIGHTS.items()
    )
    ranking = s.evaluation.ranking()
    rows = (
        (
            f"{r.rank}=" if r.tied else r.rank,
            r.idea_id,
            _one_line(titles.get(r.idea_id, "")),
            f"{r.score:.2f}",
        )
        for r in ranking
    )
    tie = ["A rank shared by two or more ideas (`=`) is a tie.", ""] if any(r.tied for r in ranking) else []
    return [
        "### Ranking",
        "",
        f"Composite score: {weights}.",
        "",
        *tie,
        *_table(("rank", "idea", "title", "score"), rows),
    ]


def _quadrant_point(score: float) -> str:
    """A 1–5 score as quadrantChart's 0–1 coordinate, off the edges and off the divider: 1–5 map
    onto 0.05–0.95 (clamped: a hand-edited file may stray), and the middle of the scale, which
    would sit on the divider, counts as the upper half (0.55), as "3 of 5" is not low. Written
    without trailing zeros (``1.0`` is refused by Mermaid's parser)."""
    position = 0.05 + 0.9 * min(1.0, max(0.0, (score - 1) / 4))
    if abs(position - 0.5) < 0.05:
        position = 0.55
    return f"{position:.2f}".rstrip("0").rstrip(".")


def matrix_mermaid(ev: Evaluation, titles: dict[str, str]) -> list[str]:
    """The feasibility × value matrix as a Mermaid quadrant chart, inside a ```mermaid fence."""
    lines = [
        "```mermaid",
        "quadrantChart",
        "    title Feasibility x value",
        "    x-axis Low feasibility --> High feasibility",
        "    y-axis Low value --> High value",
        "    quadrant-1 High value, feasible",
        "    quadrant-2 High value, hard",
        "    quadrant-3 Low value, hard",
        "    quadrant-4 Low value, feasible",
    ]
    for e in ev.ideas:
        title = titles.get(e.idea_id, "")
        name = mermaid_label(_one_line(f"{e.idea_id}: {title}" if title else e.idea_id, 40))
        lines.append(f'    "{name}": [{_quadrant_point(e.feasibility)}, {_quadrant_point(e.value)}]')
    return [*lines, "```", ""]


def _design(s: WorkshopSession) -> list[str]:
    ev = s.evaluation
    if not ev or not ev.ideas:
        return []
    body = [f"Method: {ev.method} (scale {ev.scale})", "", *_bullets(ev.notes)]
    body += _table(
        ("idea", "feasibility", "value", "human value", "risks", "data needed", "KPIs"),
        (
            (
                e.idea_id,
                f"{e.feasibility:g}",
                f"{e.value:g}",
                _human_value(e),
                "; ".join(e.risks),
                "; ".join(e.data_needed),
                "; ".join(e.kpis),
            )
            for e in ev.ideas
        ),
    )
    titles = {i.id: i.title for i in s.ideas}
    body += ["### Feasibility × value matrix", "", *matrix_mermaid(ev, titles)]
    for e in ev.ideas:
        if e.assumptions:
            body += [f"### {e.idea_id}: assumptions", "", *_bullets(e.assumptions)]
        if e.bxt:
            body += [
                f"### {e.idea_id}: business, experience, technology",
                "",
                *_bullets(f"{k}: {v}" for k, v in e.bxt.items()),
            ]
    return _section("Evaluation", body)


def _select(s: WorkshopSession) -> list[str]:
    ranking = _ranking(s)
    sel = s.selection
    if not sel:
        return _section("Ranking", ranking[2:]) if ranking else []
    title = next((i.title for i in s.ideas if i.id == sel.idea_id), "")
    body = [
        f"- Idea: {sel.idea_id}" + (f" ({_one_line(title)})" if title else ""),
        f"- Confirmed by the facilitator: {'yes' if sel.confirmed_by_user else 'no'}",
    ]
    if sel.confirmed_at:
        body.append(f"- Confirmed at: {format_time(sel.confirmed_at)}")
    body.append("")
    if sel.rationale:
        body += ["### Rationale", "", sel.rationale, ""]
    return _section("Selection", body + ranking)


def _plan(s: WorkshopSession) -> list[str]:
    plan = s.plan
    if not plan:
        return []
    body: list[str] = []
    for m in plan.milestones:
        body += [f"### {m.id}: {_one_line(m.title)}", "", *_bullets(m.items)]
    if plan.architecture_notes:
        body += ["### Architecture notes", "", plan.architecture_notes, ""]
    if plan.architecture_diagram:
        body += ["### Architecture diagram", "", "```mermaid", plan.architecture_diagram.strip(), "```", ""]
    if plan.tech_stack:
        body += ["### Tech stack", "", *_bullets(plan.tech_stack)]
    if plan.dependencies:
        body += ["### Dependencies", "", *_bullets(plan.dependencies)]
    return _section("Plan", body) + _section("PoC scope", _poc_scope(plan.poc_scope))


def _poc_scope(scope: PocScope | None) -> list[str]:
    if scope is None:
        return []
    body = _subsections(
        (
            ("Functionality", scope.functionality),
            ("Data", scope.data),
            ("Success criteria", scope.success_criteria),
        )
    )
    if scope.timeline:
        body += ["### Timeline", "", scope.timeline, ""]
    return body


def _counts(results: TestResults | None) -> str:
    if results is None:
        return ""
    return f"{results.passed}/{results.failed}/{results.skipped}/{results.errors}"


def _failure_line(failure: TestFailure) -> str:
    where = f"{failure.file}:{failure.line}" if failure.line else failure.file
    return (
        f"- `{failure.test_id}`"
        + (f" ({where})" if where else "")
        + (f": {_one_line(failure.message)}" if failure.message else "")
    )


def _iteration_row(it: PocIteration) -> tuple[object, ...]:
    duration = f"{(it.ended_at - it.started_at).total_seconds():.1f} s" if it.ended_at else ""
    return (
        it.iteration,
        it.outcome,
        duration,
        _counts(it.test_results),
        ", ".join(it.files_changed),
        it.changes_summary,
        it.error_message,
    )


def _develop(s: WorkshopSession) -> list[str]:
    poc = s.poc
    if not poc:
        return []
    out: list[str] = []
    repo = [f"- Path: `{poc.repo_path}`"] if poc.repo_path else []
    repo += [f"- URL: {poc.repo_url}"] if poc.repo_url else []
    out += _section("Repository", [*repo, ""] if repo else [])
    ts = poc.tech_stack
    if ts:
        fields = (
            ("Template", ts.template),
            ("Language", ts.language),
            ("Framework", ts.framework),
            ("Install", " ".join(ts.install_command)),
            ("Tests", " ".join(ts.test_command)),
        )
        out += _section("Tech stack", _bullets(f"{k}: {v}" for k, v in fields if v))
    result = [f"- Status: {poc.final_status or 'not finished'}"]
    result += [f"- Reason: {poc.termination_reason}"] if poc.termination_reason else []
    result += [f"- Duration: {poc.total_duration_s:.1f} s", f"- Iterations: {len(poc.iterations)}", ""]
    out += _section("Result", result)
    final = poc.final_test_results
    if final:
        body = _table(
            ("passed", "failed", "skipped", "errors", "total"),
            [(final.passed, final.failed, final.skipped, final.errors, final.total)],
        )
        if final.failures:
            body += ["### Failures", ""]
            body += [*(_failure_line(f) for f in final.failures), ""]
        out += _section("Final tests", body)
    if poc.iterations:
        rows = (_iteration_row(it) for it in poc.iterations)
        out += _section(
            "Iterations",
            _table(("#", "outcome", "duration", "tests p/f/s/e", "files changed", "summary", "error"), rows),
        )
    return out


_SECTIONS: dict[Phase, Callable[[WorkshopSession], list[str]]] = {
    Phase.DISCOVER: _discover,
    Phase.IDEATE: _ideate,
    Phase.DESIGN: _design,
    Phase.SELECT: _select,
    Phase.PLAN: _plan,
    Phase.DEVELOP: _develop,
}


def _stats(stats: CriterionStats) -> str:
    if stats.mean is None:
        return ""
    return f"{stats.mean:g} ± {stats.spread:g} (n={stats.count})"


def _team_round(s: WorkshopSession, results: RoundResults) -> list[str]:
    """One round the team answered: what it asked, and the aggregate beside the model's view."""
    kind = {"question": "question", "ideate": "ideas", "design": "scores", "select": "dot votes"}
    heading = f"### {results.round_id}: {kind[results.kind.value]}"
    lines = [heading + (f" — {_one_line(results.prompt, 80)}" if results.prompt else ""), ""]
    lines += [f"{results.contributors} participant(s) answered.", ""]
    lines += _bullets(_typed(a) for a in results.answers)
    lines += _bullets(
        _typed(f"{i.title} — {i.description}" if i.description else i.title) for i in results.ideas
    )
    model = {e.idea_id: e for e in s.evaluation.ideas} if s.evaluation else {}
    if results.scores:
        rows = []
        for item in results.scores:
            e = model.get(item.item_id)
            mine = {
                "feasibility": f"{e.feasibility:g}" if e else "",
                "value": f"{e.value:g}" if e else "",
                "human_value": f"{e.human_value_score:g}" if e and e.human_value_score is not None else "",
            }
            rows.append(
                (item.item_id, item.title, *(f"{_stats(item.criteria[c])} / {mine[c]}" for c in CRITERIA))
            )
        lines += ["Each cell: the team's mean ± spread (n) / the model's score, on 1–5.", ""]
        lines += _table(("idea", "title", *(CRITERION_LABELS[c].lower() for c in CRITERIA)), rows)
    if results.votes:
        ranks = {r.idea_id: r.rank for r in s.evaluation.ranking()} if s.evaluation else {}
        chosen = s.selection.idea_id if s.selection else None
        lines += _table(
            ("idea", "title", "dots", "voters", "model's rank", "selected"),
            (
                (
                    v.item_id,
                    v.title,
                    v.dots,
                    v.voters,
                    ranks.get(v.item_id, ""),
                    "yes" if v.item_id == chosen else "",
                )
                for v in results.votes
            ),
        )
    return lines


def team_markdown(session: WorkshopSession, phase: Phase) -> list[str]:
    """``## The team in the room``: each round the facilitator opened in ``phase`` that the team
    answered, aggregated (nothing names a participant); [] when there is none."""
    body: list[str] = []
    for r in session.team.rounds:
        if r.phase != phase:
            continue
        results = round_results(session.team, r.id)
        if results.contributors:
            body += _team_round(session, results)
    mine = {r.id for r in session.team.rounds if r.phase == phase}
    removed = sum(1 for c in session.team.contributions if c.removed and c.round_id in mine)
    if body and removed:
        body += [f"The facilitator removed {removed} entr{'y' if removed == 1 else 'ies'}.", ""]
    return _section("The team in the room", body)


def _structured(session: WorkshopSession, phase: Phase) -> list[str]:
    return _SECTIONS[phase](session) + team_markdown(session, phase)


def phase_results_markdown(session: WorkshopSession, phase: Phase) -> str:
    """The structured sections of one phase as Markdown (no title, no conversation); "" when empty."""
    return "\n".join(_structured(session, phase)).strip()


_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
# The recorded data is in the sections above and in summary.json; the conversation keeps the words.
_JSON_BLOCK = re.compile(r"^ {0,3}```json[ \t]*\n.*?^ {0,3}```[ \t]*$\n?", re.MULTILINE | re.DOTALL)


def close_fences(text: str) -> str:
    """``text`` with a closing fence added if a code fence is left open (a reply cut off mid-block),
    so one turn cannot turn the rest of the document into code."""
    opened = ""
    for line in text.splitlines():
        match = _FENCE.match(line)
        if not match:
            continue
        marker = match.group(1)
        if not opened:
            opened = marker
        elif marker[0] == opened[0] and len(marker) >= len(opened) and not line.strip().strip(marker[0]):
            opened = ""
    return f"{text}\n{opened}" if opened else text


# System turns hold prompts, not conversation; the transcript shows what people and the model said.
_TRANSCRIPT_ROLES = ("user", "assistant", "tool")


def phase_markdown(session: WorkshopSession, phase: Phase) -> str | None:
    """The Markdown document of one phase, or None when the phase has neither data nor turns."""
    structured = _structured(session, phase)
    # A kickoff turn is the product's cue to the model, not something the customer said.
    turns = [
        t for t in session.turns_of(phase) if t.role in _TRANSCRIPT_ROLES and not t.metadata.get("kickoff")
    ]
    if not structured and not turns:
        return None
    title = f"{phase.title}" + (f" — {_one_line(session.name)}" if session.name else "")
    lines = [f"# {title}", "", f"Session `{session.id}`", ""]
    lines += structured or ["_No structured results were recorded for this phase._", ""]
    if turns:
        lines += ["## Conversation", ""]
        for n, turn in enumerate(turns):
            lines += [
                *(["---", ""] if n else []),
                f"**{turn.role}** · {format_time(turn.timestamp)}",
                "",
                close_fences(_JSON_BLOCK.sub("", turn.content).strip()),
                "",
            ]
    return "\n".join(lines).rstrip() + "\n"


def _structured_highlight(s: WorkshopSession, phase: Phase) -> str | None:
    match phase:
        case Phase.DISCOVER if s.business_context and s.business_context.description:
            return f"Business: {s.business_context.description}"
        case Phase.DISCOVER if s.workflow and s.workflow.activities:
            return f"Workflow: {len(s.workflow.activities)} activities"
        case Phase.IDEATE if s.ideas:
            return f"Ideas: {len(s.ideas)} ideas generated"
        case Phase.DESIGN if s.evaluation and s.evaluation.ideas:
            return f"Evaluation: {len(s.evaluation.ideas)} ideas evaluated"
        case Phase.SELECT if s.selection:
            title = next((i.title for i in s.ideas if i.id == s.selection.idea_id), "")
            return f"Selected idea: {s.selection.idea_id}" + (f" ({title})" if title else "")
        case Phase.PLAN if s.plan and s.plan.milestones:
            return f"Plan: {len(s.plan.milestones)} milestones planned"
        case Phase.DEVELOP if s.poc:
            status = s.poc.final_status or "not finished"
            reason = f" ({s.poc.termination_reason})" if s.poc.termination_reason else ""
            return f"PoC: {status} after {len(s.poc.iterations)} iterations{reason}"
    return None


def phase_highlight(session: WorkshopSession, phase: Phase) -> str | None:
    """One line for ``summary.json``: the structured result, else the start of the first model reply."""
    text = _structured_highlight(session, phase)
    if text is None:
        first = next(
            (t for t in session.turns_of(phase) if t.role == "assistant" and t.content.strip()), None
        )
        text = first.content if first else None
    return _one_line(text, _HIGHLIGHT_CHARS) if text else None
