"""``vue_routes`` and the workshop tools."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from sofia_nb.context import ContextError
from sofia_nb.context._providers.vue_routes import VueRoutesInput
from sofia_nb.context._providers.vue_routes import run as vue_routes
from sofia_nb.context._providers.workshop import SessionRef, WorkshopSessionsInput, plan, session, sessions
from sofia_nb.session import (
    BusinessContext,
    Evaluation,
    Idea,
    IdeaEvaluation,
    Milestone,
    Phase,
    Plan,
    PocState,
    Selection,
    SessionStore,
    WorkshopSession,
)

from .._golden import assert_golden


def test_vue_routes_golden(tree: Path) -> None:
    result = vue_routes(VueRoutesInput(root=str(tree)))
    assert result.file == str(tree / "web/router/index.ts")
    assert_golden("vue_routes", result, tree)
    assert [(r.path, r.component, r.lazy) for r in result.routes] == [
        ("/", "Home", False),
        ("/users", "UsersLayout", True),
        ("/users", "UserList", True),  # the index child takes its parent's path
        ("/users/:id", "UserDetail", True),
        ("/settings", "Settings", False),  # an absolute child keeps its own path
    ]


def test_vue_routes_without_a_router(tmp_path: Path) -> None:
    with pytest.raises(ContextError, match=r"no router/index\.ts"):
        vue_routes(VueRoutesInput(root=str(tmp_path)))
    plain = tmp_path / "router.ts"
    plain.write_text("export const x = 1\n")
    assert vue_routes(VueRoutesInput(root=str(tmp_path))).routes == []


@pytest.fixture
def workshop() -> WorkshopSession:
    store = SessionStore()
    older = WorkshopSession(
        id="20260101-090000-aaaa", name="Older", updated_at=datetime(2026, 1, 1, tzinfo=UTC)
    )
    store.save(older)
    s = WorkshopSession(
        id="20260102-090000-bbbb",
        name="Acme",
        phase=Phase.DEVELOP,
        created_at=datetime(2026, 1, 2, tzinfo=UTC),
    )
    s.business_context = BusinessContext(description="Parcel lockers", challenges=["late pickups"])
    s.add_turn(Phase.DISCOVER, "assistant", "What slows pickups down?")
    s.ideas = [Idea(id="idea-1", title="Pickup reminders"), Idea(id="idea-2", title="Route planner")]
    s.evaluation = Evaluation(ideas=[IdeaEvaluation(idea_id="idea-2", feasibility=4, value=5)])
    s.selection = Selection(idea_id="idea-2", rationale="biggest win", confirmed_by_user=True)
    s.plan = Plan(milestones=[Milestone(id="m1", title="Prototype")], tech_stack=["python"])
    s.poc = PocState(repo_path="poc/acme", final_status="partial", termination_reason="max iterations")
    store.save(s)
    return s


def test_workshop_sessions_newest_first(workshop: WorkshopSession) -> None:
    result = sessions(WorkshopSessionsInput())
    assert [s.session_id for s in result.sessions] == ["20260102-090000-bbbb", "20260101-090000-aaaa"]
    one = sessions(WorkshopSessionsInput(limit=1))
    assert (one.total, len(one.sessions)) == (2, 1)
    assert len(sessions(WorkshopSessionsInput(limit=0)).sessions) == 2  # 0 means all


def test_workshop_sessions_names_a_file_it_cannot_read(workshop: WorkshopSession) -> None:
    broken = SessionStore().root / "20260103-090000-cccc.json"
    broken.write_text("{", encoding="utf-8")
    result = sessions(WorkshopSessionsInput())
    assert result.total == 2
    assert [(u.session_id, "invalid JSON" in u.error) for u in result.unreadable] == [
        ("20260103-090000-cccc", True)
    ]
    assert broken.read_text(encoding="utf-8") == "{"


def test_workshop_session_summarises_each_phase(workshop: WorkshopSession) -> None:
    result = session(SessionRef())
    assert result.session_id == workshop.id
    lines = {p.phase.value: (p.done, p.summary) for p in result.phases}
    assert lines["discover"] == (True, "Parcel lockers | challenges: late pickups | workflow activities: 0")
    assert lines["ideate"] == (True, "ideas: idea-1 Pickup reminders; idea-2 Route planner")
    assert lines["select"] == (True, "selected idea-2: biggest win")
    assert lines["develop"] == (False, "proof of concept partial after 0 iteration(s)")


def test_workshop_plan(workshop: WorkshopSession) -> None:
    result = plan(SessionRef(session=workshop.id))
    assert result.idea is not None and result.idea.title == "Route planner"
    assert result.evaluation is not None and result.evaluation.value == 5
    assert result.plan is not None and result.plan.milestones[0].title == "Prototype"
    assert result.poc is not None and (result.poc.status, result.poc.repo_path) == ("partial", "poc/acme")


def test_workshop_unknown_session_is_a_tool_error() -> None:
    with pytest.raises(ContextError, match="no sessions"):
        session(SessionRef())


def test_workshop_tools_golden(workshop: WorkshopSession, tmp_path: Path) -> None:
    def stable(data: dict[str, Any]) -> dict[str, Any]:
        text = json.dumps(data)
        for s in SessionStore().list():  # save() stamps updated_at with the time of the save
            text = text.replace(s.updated_at.isoformat().replace("+00:00", "Z"), "<updated>")
        return dict(json.loads(text))

    assert_golden(
        "workshop_sessions", stable(sessions(WorkshopSessionsInput()).model_dump(mode="json")), tmp_path
    )
    assert_golden("workshop_session", stable(session(SessionRef()).model_dump(mode="json")), tmp_path)
    assert_golden("workshop_plan", stable(plan(SessionRef()).model_dump(mode="json")), tmp_path)
