"""The decisions brief: what the phases before a given one recorded, decisions first, in a budget.

Later workshop phases read it as their prior context, and the Ralph loop's scaffold and fix
requests as the workshop's outcome (``Phase.DEVELOP``: every phase, the plan included). It is
built from the session's records, never from the conversation, and by priority:

- **never cut** — the team's facts and decisions: the business context (constraints and success
  metrics included), the focus area, the priority steps, the chosen idea with its whole evaluation
  (data needed included), the selection's rationale and scope decisions with the team's dot
  votes, the plan and its PoC scope; before a choice is made, what the next phase works on (the
  ideas for Design, every evaluation, the team's scores and the ranking for Select);
- **summarised first** — the workflow steps, the other ideas, the ranking and the team's scores
  once a choice is made (the chosen idea's scores stay), team insights;
- **summarised or dropped first** — card scores, the other ideas' evaluation details, web results
  (marked unverified, and only those about the customer: its name or web domain in the result)
  and enrichment notes.

What does not fit is named in a last line, so a reader knows the brief is not the whole record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..redact import redacted_head
from ._models import (
    PHASE_ORDER,
    RANKING_WEIGHTS,
    Idea,
    IdeaEvaluation,
    Phase,
    SelectedCard,
    WebResult,
    WorkshopSession,
)
from ._team import CRITERIA, CRITERION_LABELS, TeamIdeaScores, TeamIdeaVotes, quoted
from ._web import customer_results

CONTEXT_BUDGET = 6_000
"""Characters (about 1,500 tokens) a phase's prior context aims for. The decisions are never cut:
past the budget it is the optional sections that give way, never a constraint or a rationale."""

NEVER, SUMMARISE, DROP = 0, 1, 2
"""Priorities: never cut; summarised first; summarised or dropped first."""


@dataclass(frozen=True)
class Section:
    """One section of the brief: its full text, a shorter one ("" when it may only be dropped)."""

    name: str
    priority: int
    text: str
    short: str = ""


@dataclass(frozen=True)
class Brief:
    """The brief as rendered, and the names of the sections left out or summarised to fit."""

    text: str
    summarised: list[str]
    dropped: list[str]


def decisions_brief(
    session: WorkshopSession, before: Phase, budget: int = CONTEXT_BUDGET, *, company: str = ""
) -> Brief:
    """What the phases before ``before`` recorded, as Markdown sections, decisions first.
    ``company`` names the customer for the web results (default: the business context's name)."""
    customer = company or (session.business_context.company_name if session.business_context else "")
    sections = list(sections_before(session, before, customer))
    used = sum(len(s.text) for s in sections if s.priority == NEVER)
    chosen: dict[int, str] = {n: s.text for n, s in enumerate(sections) if s.priority == NEVER}
    summarised, dropped = [], []
    for level in (SUMMARISE, DROP):
        for n, s in enumerate(sections):
            if s.priority != level:
                continue
            for text in (s.text, s.short):
                if text and used + len(text) <= budget:
                    chosen[n], used = text, used + len(text)
                    break
            if n not in chosen:
                dropped.append(s.name)
            elif chosen[n] is not s.text:
                summarised.append(s.name)
    parts = [chosen[n] for n in range(len(sections)) if n in chosen]
    if summarised or dropped:
        said = [f"summarised: {', '.join(summarised)}"] if summarised else []
        said += [f"left out: {', '.join(dropped)}"] if dropped else []
        parts.append(f"_To fit the context budget — {'; '.join(said)}. The session keeps every detail._")
    return Brief(text="\n\n".join(parts), summarised=summarised, dropped=dropped)


def sections_before(session: WorkshopSession, before: Phase, company: str = "") -> Iterator[Section]:
    """Every section the phases before ``before`` give, in the order of the workshop."""
    for phase in PHASE_ORDER[: PHASE_ORDER.index(before)]:
        if phase == Phase.DISCOVER:
            yield from _discover(session, before, company)
        elif phase in _SECTIONS:
            yield from _SECTIONS[phase](session, before)


def _bullets(items: list[str], prefix: str = "") -> str:
    return "\n".join(f"- {prefix}{i}" for i in items)


def _after(before: Phase, phase: Phase) -> bool:
    """Whether ``before`` comes after ``phase`` (its record is then prior, not the current work)."""
    return PHASE_ORDER.index(before) > PHASE_ORDER.index(phase)


# --- Discover ----------------------------------------------------------------------------------


def _discover(s: WorkshopSession, before: Phase, company: str) -> Iterator[Section]:
    bc = s.business_context
    if bc:
        lines = ["### Business", (f"{bc.company_name}: " if bc.company_name else "") + bc.description]
        for title, items in (
            ("Challenges", bc.challenges),
            ("Constraints", bc.constraints),
            ("Success metrics", bc.success_metrics),
        ):
            if items:
                lines += [f"#### {title}", _bullets(items)]
        yield Section("business context", NEVER, "\n".join(lines))
    if s.topic:
        notes = f" — {s.topic.scope_notes}" if s.topic.scope_notes else ""
        yield Section("focus area", NEVER, f"### Focus area\n{s.topic.area}{notes}")
    if s.workflow and s.workflow.activities:
        full = [
            f"- {a.id}: {a.name}" + (f" (pain points: {'; '.join(a.pain_points)})" if a.pain_points else "")
            for a in s.workflow.activities
        ]
        short = [f"- {a.id}: {a.name}" for a in s.workflow.activities]
        works_on_steps = before in (Phase.IDEATE, Phase.DESIGN)  # ideas are made of these steps
        yield Section(
            "workflow steps",
            NEVER if works_on_steps else SUMMARISE,
            "### Workflow steps\n" + "\n".join(full),
            "### Workflow steps\n" + "\n".join(short),
        )
    if s.workflow and s.workflow.priority_steps:
        yield Section(
            "priority steps",
            NEVER,
            "### Priority steps (most important first)\n"
            + "\n".join(
                f"- {p.id}" + (f": {p.reason}" if p.reason else "") for p in s.workflow.priority_steps
            ),
        )
    yield from _enrichment(s, company)


_ANGLE_LABELS = {"company_news": "News", "competitor_info": "Competitors", "industry_trends": "Trend"}


def _hit(hit: WebResult) -> str:
    said = f"{hit.title}: {hit.snippet}" if hit.snippet else hit.title
    where = ", ".join(x for x in (hit.source, hit.published.isoformat() if hit.published else "") if x)
    return f"{said} ({where})" if where else said


def _enrichment(s: WorkshopSession, company: str) -> Iterator[Section]:
    enrichment = s.discovery.enrichment
    if not enrichment:
        return
    about = customer_results(s, company)
    found = [(_ANGLE_LABELS[hit.found_for], _hit(hit)) for hit in about.results]
    found += [(_ANGLE_LABELS[angle], line) for angle, lines in about.lines.items() for line in lines]
    if found:
        yield Section(
            "web results",
            DROP,
            "### Web results about the customer (unverified: check before relying on them)\n"
            + "\n".join(f"- {label}: {item}" for label, item in found),
            "### Web results about the customer (unverified)\n"
            + "\n".join(f"- {label}: {_cut(item, 120)}" for label, item in found[:3]),
        )
    insights = enrichment.workiq_insights
    if insights:
        groups = (
            ("Team expertise", insights.team_expertise),
            ("Collaboration pattern", insights.collaboration_patterns),
            ("Documentation gap", insights.documentation_gaps),
        )
        yield Section(
            "team insights",
            SUMMARISE,
            "### Team insights (WorkIQ)\n"
            + "\n".join(f"- {label}: {i}" for label, items in groups for i in items),
            "### Team insights (WorkIQ)\n"
            + "\n".join(f"- {label}: {_cut(i, 120)}" for label, items in groups for i in items[:2]),
        )
    if enrichment.notes:
        yield Section("enrichment notes", DROP, "### Enrichment notes\n" + _bullets(enrichment.notes))


# --- Ideate ------------------------------------------------------------------------------------


def _chosen(s: WorkshopSession) -> str | None:
    return s.selection.idea_id if s.selection else None


def _ideate(s: WorkshopSession, before: Phase) -> Iterator[Section]:
    if s.cards and s.cards.selected:
        scores = {c.card_id: c.dimensions for c in s.cards.scores}

        def card(c: SelectedCard) -> str:
            dims = ", ".join(f"{k} {v:g}" for k, v in scores.get(c.id, {}).items())
            return f"- {c.id}: {c.title}" + (f" ({dims})" if dims else "")

        yield Section(
            "card scores",
            DROP,
            "### Cards chosen (team scores)\n" + "\n".join(card(c) for c in s.cards.selected),
            "### Cards chosen\n" + ", ".join(c.title for c in s.cards.selected),
        )
    chosen = _chosen(s) if _after(before, Phase.SELECT) else None
    for idea in s.ideas:
        if idea.id == chosen:
            yield Section("chosen idea", NEVER, "### Chosen idea\n" + _idea(idea))
    others = [i for i in s.ideas if i.id != chosen]
    if others:
        heading = "### Other ideas" if chosen else "### Ideas"
        yield Section(
            "other ideas" if chosen else "ideas",
            SUMMARISE if chosen else NEVER,
            heading + "\n" + "\n".join(f"- {i.id}: {i.title} — {i.description}".rstrip(" —") for i in others),
            heading + "\n" + "\n".join(f"- {i.id}: {i.title}" for i in others),
        )


def _idea(idea: Idea) -> str:
    if idea.from_team:  # a participant's words: quoted as data, like everything the team sent
        lines = [f"{idea.id} (the team's idea, quoted): {quoted(idea.title)}"]
        if idea.description:
            lines.append(quoted(idea.description))
    else:
        lines = [f"{idea.id}: {idea.title}"]
        if idea.description:
            lines.append(idea.description)
    if idea.workflow_steps:
        lines.append(f"- Workflow steps: {', '.join(idea.workflow_steps)}")
    if idea.card_ids:
        lines.append(f"- Cards: {', '.join(idea.card_ids)}")
    return "\n".join(lines)


# --- Design ------------------------------------------------------------------------------------


def evaluation_text(e: IdeaEvaluation, *, details: bool = True) -> str:
    """One idea's evaluation: its scores, then (with ``details``) every list and view it holds."""
    line = f"- {e.idea_id}: feasibility {e.feasibility:g}, value {e.value:g}"
    if e.human_value_score is not None:
        line += f", human value {e.human_value_score:g}"
    if not details:
        return line
    found = [
        f"{label}: {'; '.join(items)}"
        for label, items in (
            ("data needed", e.data_needed),
            ("risks", e.risks),
            ("KPIs", e.kpis),
            ("assumptions", e.assumptions),
        )
        if items
    ]
    if e.human_value:
        found.append(f"why it matters to people: {e.human_value}")
    found += [f"{k} view: {v}" for k, v in e.bxt.items()]
    return line + "".join(f"\n  - {d}" for d in found)


def team_scores_text(t: TeamIdeaScores) -> str:
    """The team's scores for one idea: mean ± spread (n) per criterion."""
    parts = [
        f"{CRITERION_LABELS[name].lower()} {c.mean:g} ± {c.spread:g} (n={c.count})"
        for name in CRITERIA
        if (c := getattr(t, name)).mean is not None
    ]
    return f"- {t.idea_id}: " + ", ".join(parts)


def team_votes_text(t: TeamIdeaVotes) -> str:
    """The team's dot votes for one idea."""
    return f"- {t.idea_id}: {t.dots} dot(s) from {t.voters} participant(s)"


def _design(s: WorkshopSession, before: Phase) -> Iterator[Section]:
    ev = s.evaluation
    if not ev or not ev.ideas:
        return
    chosen = _chosen(s) if _after(before, Phase.SELECT) else None
    heading = f"### Evaluation (scale {ev.scale}, {ev.method})"
    notes = [f"- Note: {n}" for n in ev.notes]
    mine = [e for e in ev.ideas if e.idea_id == chosen]
    others = [e for e in ev.ideas if e.idea_id != chosen]
    if mine:
        yield Section(
            "chosen idea's evaluation", NEVER, "\n".join([heading, evaluation_text(mine[0]), *notes])
        )
        if others:
            yield Section(
                "other ideas' evaluations",
                DROP,
                "### Other ideas' evaluations\n" + "\n".join(evaluation_text(e) for e in others),
                "### Other ideas' scores\n" + "\n".join(evaluation_text(e, details=False) for e in others),
            )
    else:  # no choice yet: Select weighs them all
        yield Section(
            "evaluation", NEVER, "\n".join([heading, *(evaluation_text(e) for e in ev.ideas), *notes])
        )
    weights = ", ".join(
        f"{k.removesuffix('_score').replace('_', ' ')} {w:.0%}" for k, w in RANKING_WEIGHTS.items()
    )
    ranked = [f"{r.rank}. {r.idea_id}: {r.score:.2f}" + (" (tied)" if r.tied else "") for r in ev.ranking()]
    tie = (
        "\nIdeas marked tied have the same score: present them as equals."
        if "(tied)" in "".join(ranked)
        else ""
    )
    yield Section(
        "ranking",
        SUMMARISE if chosen else NEVER,
        f"### Ranking (computed by the product: {weights})\n" + "\n".join(ranked) + tie,
        "### Ranking\n" + "\n".join(ranked[:3]),
    )
    if ev.team_scores:
        heading = "### The team's scores (from their phones: mean ± spread, n)"
        lines = [team_scores_text(t) for t in ev.team_scores]
        theirs = [team_scores_text(t) for t in ev.team_scores if t.idea_id == chosen]
        yield Section(
            "the team's scores",
            SUMMARISE if chosen else NEVER,
            "\n".join([heading, *lines]),
            "\n".join([heading, *theirs]) if theirs else "",
        )


# --- Select and Plan ---------------------------------------------------------------------------


def _select(s: WorkshopSession, before: Phase) -> Iterator[Section]:
    sel = s.selection
    if not sel:
        return
    state = "confirmed by the facilitator" if sel.confirmed_by_user else "not yet confirmed"
    title = next((i.title for i in s.ideas if i.id == sel.idea_id), "")
    lines = [f"### Selection\nSelected: {sel.idea_id}" + (f" ({title})" if title else "") + f", {state}"]
    if sel.rationale:
        lines.append(f"#### Rationale\n{sel.rationale}")
    if sel.scope_decisions:
        lines.append("#### Scope decisions\n" + _bullets(sel.scope_decisions))
    if sel.team_votes:
        lines.append(
            "#### The team's dot votes (from their phones)\n"
            + "\n".join(map(team_votes_text, sel.team_votes))
        )
    yield Section("selection", NEVER, "\n".join(lines))


def _plan(s: WorkshopSession, before: Phase) -> Iterator[Section]:
    plan = s.plan
    if not plan:
        return
    scope = plan.poc_scope
    if scope:
        lines = [
            f"#### {label}\n{_bullets(items)}"
            for label, items in (
                ("Functionality", scope.functionality),
                ("Data", scope.data),
                ("Success criteria", scope.success_criteria),
            )
            if items
        ]
        lines += [f"#### Timeline\n{scope.timeline}"] if scope.timeline else []
        if lines:
            yield Section("PoC scope", NEVER, "### PoC scope\n" + "\n".join(lines))
    milestones = "\n".join(
        f"- {m.id}: {m.title}" + (f" — {'; '.join(m.items)}" if m.items else "") for m in plan.milestones
    )
    yield Section("milestones", NEVER, f"### Milestones\n{milestones}")
    if plan.architecture_notes or plan.architecture_diagram:
        diagram = (
            f"\n```mermaid\n{plan.architecture_diagram.strip()}\n```" if plan.architecture_diagram else ""
        )
        yield Section(
            "architecture",
            NEVER,
            f"### Architecture\n{plan.architecture_notes}{diagram}".replace("\n\n```", "\n```"),
        )
    for name, items in (("Tech stack", plan.tech_stack), ("Dependencies", plan.dependencies)):
        if items:
            yield Section(name.lower(), NEVER, f"### {name}\n{_bullets(items)}")


_SECTIONS: dict[Phase, Callable[[WorkshopSession, Phase], Iterator[Section]]] = {
    Phase.IDEATE: _ideate,
    Phase.DESIGN: _design,
    Phase.SELECT: _select,
    Phase.PLAN: _plan,
}


def _cut(line: str, width: int) -> str:
    if len(line) <= width:
        return line
    return redacted_head(line, width - 1).rsplit(" ", 1)[0] + "…"  # redact, then cut
