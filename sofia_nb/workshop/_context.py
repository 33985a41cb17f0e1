"""The compact summary of earlier phases that later phases see instead of raw turns."""

from __future__ import annotations

from collections.abc import Iterator

from ..session import PHASE_ORDER, RANKING_WEIGHTS, IdeaEvaluation, Phase, SelectedCard, WorkshopSession

_MAX_HIGHLIGHTS = 3
CONTEXT_BUDGET = 6_000
"""Characters (about 1,500 tokens) the prior-phase context may take; past that it is summarised."""
_SUMMARY_STEPS = ((200, 12), (120, 6), (80, 3))
"""(line width, lines per section) tried in turn until the context fits the budget."""
_SUMMARISED = "_(Summarised to fit the context budget; the session keeps every detail.)_"


def _discover(s: WorkshopSession) -> Iterator[str]:
    bc = s.business_context
    if bc:
        yield "### Business\n" + (f"{bc.company_name}: " if bc.company_name else "") + bc.description
        for title, items in (
            ("Challenges", bc.challenges),
            ("Constraints", bc.constraints),
            ("Success metrics", bc.success_metrics),
        ):
            if items:
                yield f"### {title}\n" + "\n".join(f"- {i}" for i in items)
    if s.topic:
        yield f"### Focus area\n{s.topic.area}" + (f" — {s.topic.scope_notes}" if s.topic.scope_notes else "")
    if s.workflow and s.workflow.activities:
        yield "### Workflow steps\n" + "\n".join(
            f"- {a.id}: {a.name}" + (f" (pain points: {'; '.join(a.pain_points)})" if a.pain_points else "")
            for a in s.workflow.activities
        )
    if s.workflow and s.workflow.priority_steps:
        yield "### Priority steps (most important first)\n" + "\n".join(
            f"- {p.id}" + (f": {p.reason}" if p.reason else "") for p in s.workflow.priority_steps
        )
    enrichment = s.discovery.enrichment
    if enrichment:
        lines = [f"- News: {n}" for n in enrichment.company_news[:_MAX_HIGHLIGHTS]]
        lines += [f"- Competitors: {c}" for c in enrichment.competitor_info[:_MAX_HIGHLIGHTS]]
        lines += [f"- Trend: {t}" for t in enrichment.industry_trends[:_MAX_HIGHLIGHTS]]
        insights = enrichment.workiq_insights
        if insights:
            for label, items in (
                ("Team expertise", insights.team_expertise),
                ("Collaboration pattern", insights.collaboration_patterns),
                ("Documentation gap", insights.documentation_gaps),
            ):
                lines += [f"- {label}: {i}" for i in items[:_MAX_HIGHLIGHTS]]
        lines += [f"- Note: {n}" for n in enrichment.notes]
        if lines:
            yield "### Enrichment highlights\n" + "\n".join(lines)


def _ideate(s: WorkshopSession) -> Iterator[str]:
    if s.cards and s.cards.selected:
        scores = {c.card_id: c.dimensions for c in s.cards.scores}

        def card(c: SelectedCard) -> str:
            dims = ", ".join(f"{k} {v:g}" for k, v in scores.get(c.id, {}).items())
            return f"- {c.id}: {c.title}" + (f" ({dims})" if dims else "")

        yield "### Cards chosen (team scores)\n" + "\n".join(card(c) for c in s.cards.selected)
    if s.ideas:
        yield "### Ideas\n" + "\n".join(f"- {i.id}: {i.title} — {i.description}" for i in s.ideas)


def _evaluation_line(e: IdeaEvaluation) -> str:
    line = f"- {e.idea_id}: feasibility {e.feasibility:g}, value {e.value:g}"
    if e.human_value_score is not None:
        line += f", human value {e.human_value_score:g}"
    details = [
        f"{label}: {'; '.join(items)}"
        for label, items in (("risks", e.risks), ("KPIs", e.kpis), ("assumptions", e.assumptions))
        if items
    ]
    if e.human_value:
        details.append(f"why it matters to people: {e.human_value}")
    return line + "".join(f"\n  - {d}" for d in details)


def _design(s: WorkshopSession) -> Iterator[str]:
    if s.evaluation and s.evaluation.ideas:
        rows = [_evaluation_line(e) for e in s.evaluation.ideas]
        notes = [f"- Note: {n}" for n in s.evaluation.notes]
        yield f"### Evaluation (scale {s.evaluation.scale}, {s.evaluation.method})\n" + "\n".join(
            rows + notes
        )
        weights = ", ".join(f"{k.removesuffix('_score')} {w:.0%}" for k, w in RANKING_WEIGHTS.items())
        ranked = [f"{n}. {r.idea_id}: {r.score:.2f}" for n, r in enumerate(s.evaluation.ranking(), 1)]
        yield f"### Ranking (computed by the product: {weights})\n" + "\n".join(ranked)


def _select(s: WorkshopSession) -> Iterator[str]:
    if s.selection:
        state = "confirmed" if s.selection.confirmed_by_user else "not yet confirmed"
        yield f"### Selection\nSelected: {s.selection.idea_id} ({state}) — {s.selection.rationale}"


def _plan(s: WorkshopSession) -> Iterator[str]:
    if s.plan:
        yield "### Plan milestones\n" + "\n".join(f"- {m.id}: {m.title}" for m in s.plan.milestones)
        if s.plan.architecture_notes:
            yield f"### Architecture notes\n{s.plan.architecture_notes}"
        scope = s.plan.poc_scope
        if scope:
            lines = [
                f"- {label}: {'; '.join(items)}"
                for label, items in (
                    ("Functionality", scope.functionality),
                    ("Data", scope.data),
                    ("Success criteria", scope.success_criteria),
                )
                if items
            ]
            lines += [f"- Timeline: {scope.timeline}"] if scope.timeline else []
            if lines:
                yield "### PoC scope\n" + "\n".join(lines)


_SECTIONS = {
    Phase.DISCOVER: _discover,
    Phase.IDEATE: _ideate,
    Phase.DESIGN: _design,
    Phase.SELECT: _select,
    Phase.PLAN: _plan,
}


def prior_context(session: WorkshopSession, phase: Phase, budget: int = CONTEXT_BUDGET) -> str:
    """``## Prior Phase Context``: what the phases before ``phase`` produced, never raw turns, in at
    most ``budget`` characters (long lines and long sections are cut first, then the rest)."""
    earlier = PHASE_ORDER[: PHASE_ORDER.index(phase)]
    parts = [part for p in earlier if p in _SECTIONS for part in _SECTIONS[p](session)]
    if not parts:
        return ""
    text = _render(parts)
    for width, lines in _SUMMARY_STEPS:
        if len(text) <= budget:
            return text
        text = _render([_shorten(part, width, lines) for part in parts], summarised=True)
    if len(text) <= budget:
        return text
    cut = text[: budget - len(_SUMMARISED) - 2].rsplit("\n", 1)[0]
    return f"{cut}\n\n{_SUMMARISED}"


def _render(parts: list[str], *, summarised: bool = False) -> str:
    return "## Prior Phase Context\n\n" + "\n\n".join([*parts, *([_SUMMARISED] if summarised else [])])


def _shorten(part: str, width: int, max_lines: int) -> str:
    """A section with its lines cut at a word to ``width`` and at most ``max_lines`` of them."""
    heading, *lines = part.split("\n")
    kept = [_cut(line, width) for line in lines[:max_lines]]
    if len(lines) > max_lines:
        kept.append(f"- … and {len(lines) - max_lines} more")
    return "\n".join([heading, *kept])


def _cut(line: str, width: int) -> str:
    if len(line) <= width:
        return line
    return line[: width - 1].rsplit(" ", 1)[0] + "…"


REJECTED_KEY = "rejected"
"""The assistant turn's metadata key for the fields of its blocks that were not recorded."""


def rejected_context(session: WorkshopSession, phase: Phase) -> str:
    """What the phase's last reply wrote that failed validation, with the reasons, or ""."""
    last = next((t for t in reversed(session.turns_of(phase)) if t.role == "assistant"), None)
    rejected = last.metadata.get(REJECTED_KEY) if last else None
    if not rejected:
        return ""
    lines = [f"- `{r['field']}`: {r['reason']}" for r in rejected]
    return "## Not recorded from your last reply\nSend these again, corrected:\n" + "\n".join(lines)
