"""The compact summary of earlier phases that later phases see instead of raw turns."""

from __future__ import annotations

from collections.abc import Iterator

from ..session import PHASE_ORDER, Phase, WorkshopSession

_MAX_HIGHLIGHTS = 3


def _discover(s: WorkshopSession) -> Iterator[str]:
    if s.business_context:
        yield f"### Business\n{s.business_context.description}"
        if s.business_context.challenges:
            yield "### Challenges\n" + "\n".join(f"- {c}" for c in s.business_context.challenges)
    if s.topic:
        yield f"### Focus area\n{s.topic.area}" + (f" — {s.topic.scope_notes}" if s.topic.scope_notes else "")
    if s.workflow and s.workflow.activities:
        yield "### Workflow steps\n" + "\n".join(f"- {a.id}: {a.name}" for a in s.workflow.activities)
    enrichment = s.discovery.enrichment
    if enrichment:
        lines = [f"- News: {n}" for n in enrichment.company_news[:_MAX_HIGHLIGHTS]]
        lines += [f"- Competitors: {c}" for c in enrichment.competitor_info[:_MAX_HIGHLIGHTS]]
        lines += [f"- Trend: {t}" for t in enrichment.industry_trends[:_MAX_HIGHLIGHTS]]
        if enrichment.workiq_insights:
            lines += [
                f"- Team expertise: {e}" for e in enrichment.workiq_insights.team_expertise[:_MAX_HIGHLIGHTS]
            ]
            gaps = enrichment.workiq_insights.documentation_gaps[:_MAX_HIGHLIGHTS]
            lines += [f"- Documentation gap: {g}" for g in gaps]
        lines += [f"- Note: {n}" for n in enrichment.notes]
        if lines:
            yield "### Enrichment highlights\n" + "\n".join(lines)


def _ideate(s: WorkshopSession) -> Iterator[str]:
    if s.cards and s.cards.selected:
        yield "### Cards chosen\n" + "\n".join(f"- {c.id}: {c.title}" for c in s.cards.selected)
    if s.ideas:
        yield "### Ideas\n" + "\n".join(f"- {i.id}: {i.title} — {i.description}" for i in s.ideas)


def _design(s: WorkshopSession) -> Iterator[str]:
    if s.evaluation and s.evaluation.ideas:
        rows = [
            f"- {e.idea_id}: feasibility {e.feasibility:g}, value {e.value:g}" for e in s.evaluation.ideas
        ]
        yield f"### Evaluation (scale {s.evaluation.scale}, {s.evaluation.method})\n" + "\n".join(rows)


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
