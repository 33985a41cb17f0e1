"""Properties: any session survives a save and a load unchanged, and exports without surprises."""

from __future__ import annotations

import tempfile
from datetime import UTC
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sofia_nb.redact import is_secret_key, redact_text
from sofia_nb.session import (
    WORKSHOP_PHASES,
    BusinessContext,
    Evaluation,
    Idea,
    IdeaEvaluation,
    Phase,
    SessionStatus,
    SessionStore,
    Turn,
    WorkshopSession,
    export_session,
)

# Text the redactor leaves alone: it (rightly) rewrites anything shaped like a key or a bearer token.
letters = st.characters(categories=("L", "N", "Zs", "P"))
words = st.text(letters, max_size=40).filter(lambda t: redact_text(t) == t)
when = st.datetimes(timezones=st.just(UTC))
scores = st.floats(min_value=0, max_value=5, allow_nan=False)
extra_keys = st.from_regex(r"x_[a-z]{1,8}", fullmatch=True).filter(lambda k: not is_secret_key(k))
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | words,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(extra_keys, inner, max_size=3),
    max_leaves=8,
)

turns = st.builds(
    Turn,
    phase=st.sampled_from(Phase),
    seq=st.integers(1, 500),
    role=st.sampled_from(["user", "assistant", "system", "tool"]),
    content=words,
    timestamp=when,
)
ideas = st.builds(Idea, id=words, title=words, description=words, workflow_steps=st.lists(words, max_size=3))
idea_evaluations = st.builds(IdeaEvaluation, idea_id=words, feasibility=scores, value=scores)
evaluations = st.builds(Evaluation, ideas=st.lists(idea_evaluations, max_size=3))
contexts = st.builds(BusinessContext, description=words, challenges=st.lists(words, max_size=3))
sessions = st.builds(
    WorkshopSession,
    name=words,
    phase=st.sampled_from(Phase),
    status=st.sampled_from(SessionStatus),
    created_at=when,
    business_context=st.none() | contexts,
    ideas=st.lists(ideas, max_size=3),
    evaluation=st.none() | evaluations,
    turns=st.lists(turns, max_size=6),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(session=sessions, extras=st.dictionaries(extra_keys, json_values, max_size=3))
def test_save_then_load_gives_back_the_same_session(
    session: WorkshopSession, extras: dict[str, object]
) -> None:
    for key, value in extras.items():
        setattr(session, key, value)
    with tempfile.TemporaryDirectory() as root:
        store = SessionStore(root)
        store.save(session)
        loaded = store.load(session.id)
    assert loaded.model_dump(mode="json") == session.model_dump(mode="json")
    assert loaded.model_extra == extras


# Replies can hold anything Markdown-ish: pipes, backticks, fences, HTML, headings.
replies = st.text(
    st.characters(categories=("L", "N", "Zs", "P", "S", "Cc"), exclude_characters="\x00"), max_size=80
) | st.sampled_from(["```mermaid\ngraph LR\n a-->b", "| a | b |\n|---|", "<b>bold</b>", "# heading", "~~~"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(session=sessions, contents=st.lists(st.tuples(st.sampled_from(WORKSHOP_PHASES), replies), max_size=5))
def test_any_session_exports_one_file_per_phase_with_content(
    session: WorkshopSession, contents: list[tuple[Phase, str]]
) -> None:
    for phase, text in contents:
        session.add_turn(phase, "assistant", text)
    with tempfile.TemporaryDirectory() as out:
        result = export_session(session, out)
        written = {p.name for p in Path(out).iterdir()}
        html = (Path(out) / "report.html").read_text(encoding="utf-8")
    shown = {t.phase for t in session.turns if t.role != "system"}
    bc = session.business_context
    # a blank description or challenge shows nothing (no empty heading)
    shown |= (
        {Phase.DISCOVER}
        if bc and (bc.description.strip() or any(c.strip() for c in bc.challenges))
        else set()
    )
    shown |= {Phase.IDEATE} if session.ideas else set()
    shown |= (
        {Phase.DESIGN, Phase.SELECT} if session.evaluation and session.evaluation.ideas else set()
    )  # Select ranks them
    shown &= set(WORKSHOP_PHASES)
    assert written == {f"{p.value}.md" for p in shown} | {"report.html", "summary.json"}
    assert {f.path for f in result.files} == written
    assert html.count('<section class="phase"') == len(shown)
