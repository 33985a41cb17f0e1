"""The compact summary of earlier phases that later phases see instead of raw turns."""

from __future__ import annotations

from collections.abc import Iterator

from ..session import PHASE_ORDER, RANKING_WEIGHTS, IdeaEvaluation, Phase, WorkshopSession

_MAX_HIGHLIGHTS = 3


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
        yield "### Cards chosen\n" + "\n".join(f"- {c.id}: {c.title}" for c in s.cards.selected)
    if s.ideas:
        yield "### Ideas\n" + "\n".join(f"- {i.id}: {i.title} — {i.description}" for i in s.ideas)


def _evaluation_line(e: IdeaEvaluation) -> str:
    line = f"- {e.idea_id}: feasibility {e.feasibility:g}, value {e.value:g}"
    if e.human_value_score is not None:
        line += f", human value {e.human_value_score:g}"
    details = [
        f"{label}: {'; '.join(items)}" for label, items in (("risks", e.risks), ("KPIs", e.kpis)) if items
    ]
    if e.human_value:
        details.append(f"why it matters to people: {e.human_value}")
    return line + "".join(f"\n  - {d}" for d in details)


def _design(s: WorkshopSession) -> Iterator[str]:
    if s.evaluation and s.evaluation.ideas:
        rows = [_evaluation_line(e) for e in s.evaluation.ideas]
        yield f"### Evaluation (scale {s.evaluation.scale}, {s.evaluation.method})\n" + "\n".join(rows)
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


_SECTIONS = {
    Phase.DISCOVER: _discover,
    Phase.IDEATE: _ideate,
    Phase.DESIGN: _design,
    Phase.SELECT: _select,
    Phase.PLAN: _plan,
}


def prior_context(session: WorkshopSession, phase: Phase) -> str:
    """``## Prior Phase Context``: what the phases before ``phase`` produced. Never raw turns."""
    earlier = PHASE_ORDER[: PHASE_ORDER.index(phase)]
    parts = [part for p in earlier if p in _SECTIONS for part in _SECTIONS[p](session)]
    return "## Prior Phase Context\n\n" + "\n\n".join(parts) if parts else ""


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
