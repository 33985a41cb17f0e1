"""The engine owns the flow: every navigation action, its events and the saved session; no face
assigns session fields itself."""

import ast
import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

from sofia_nb.consent import ConsentBroker, ScriptedConsent
from sofia_nb.events import Activity, ConsentDecided, EventBus, EventRecorder, PhaseChanged
from sofia_nb.llm import ScriptedLLM
from sofia_nb.session import Phase, SessionStatus, SessionStore
from sofia_nb.workshop import GO_BACK_TOOL, NavigationError, Workshop

ROOT = Path(__file__).resolve().parents[2]

BUSINESS = {
    "session_name": "Bakery waste workshop",
    "business_context": {"description": "A bakery chain with 12 shops", "challenges": ["waste"]},
    "workflow": {
        "activities": [{"id": "s1", "name": "Bake"}, {"id": "s2", "name": "Sell"}],
        "edges": [{"source": "s1", "target": "s2"}],
    },
}


def block(data: dict[str, Any]) -> str:
    return f"Noted.\n```json\n{json.dumps(data)}\n```"


def _workshop(tmp_path: Path, replies: list[Any], answers: list[str] = ()) -> tuple[Workshop, EventRecorder]:
    bus = EventBus()
    recorder = EventRecorder(bus)
    store = SessionStore(tmp_path)
    broker = ConsentBroker(ScriptedConsent(list(answers)), bus=bus, deadline_s=5)
    return Workshop.create(ScriptedLLM(replies), store=store, bus=bus, consent=broker), recorder


def _saved(workshop: Workshop) -> Any:
    assert workshop.store is not None
    return workshop.store.load(workshop.session.id)


def test_every_navigation_action_emits_its_events_and_saves(tmp_path: Path) -> None:
    workshop, seen = _workshop(
        tmp_path,
        ["Welcome.", block(BUSINESS), "Ideate opens.", "Discover again.", "Back in Discover."],
        answers=["deny", "allow"],
    )

    async def drive() -> None:
        await workshop.start_phase()
        await workshop.send("We bake bread in 12 shops and throw much away.")
        step = await workshop.advance()  # complete Discover, move on, open Ideate
        assert (step.outcome.complete, step.phase, step.ended) == (True, Phase.IDEATE, False)
        assert _saved(workshop).phase == Phase.IDEATE
        assert await workshop.choose_phase("discover") is False  # the deny keeps everything
        assert _saved(workshop).phase == Phase.IDEATE
        assert await workshop.choose_phase("discover", reason="12 shops, not 10") is True  # reopened
        saved = _saved(workshop)
        assert saved.phase == Phase.DISCOVER and saved.business_context is not None  # nothing cleared
        assert len(saved.turns_of(Phase.DISCOVER)) == 6 and len(saved.turns_of(Phase.IDEATE)) == 2
        assert saved.reopened is not None and saved.reopened.announced  # the reopening's own opening
        await workshop.pause()
        assert _saved(workshop).status == SessionStatus.PAUSED

    asyncio.run(drive())
    moves = [(e.previous, e.phase) for e in seen.of_type(PhaseChanged)]
    assert moves == [("discover", "ideate"), ("ideate", "discover")]
    asked = [(e.tool, e.decision) for e in seen.of_type(ConsentDecided)]
    assert asked == [(GO_BACK_TOOL, "deny"), (GO_BACK_TOOL, "allow")]
    assert [e.name for e in seen.of_type(Activity)][-1] == "paused"


def test_a_forward_jump_past_an_incomplete_phase_is_refused_with_the_reason(tmp_path: Path) -> None:
    workshop, seen = _workshop(tmp_path, ["Welcome."])
    with pytest.raises(NavigationError, match=r"cannot jump to Design: Discover is not complete \(missing: "):
        asyncio.run(workshop.choose_phase(Phase.DESIGN))
    assert _saved(workshop).phase == Phase.DISCOVER and not seen.of_type(PhaseChanged)
    with pytest.raises(NavigationError, match="develop is not a workshop phase"):
        asyncio.run(workshop.choose_phase("develop"))


def test_advancing_out_of_plan_ends_the_workshop_at_develop(tmp_path: Path) -> None:
    workshop, seen = _workshop(tmp_path, [])
    workshop.session.phase = Phase.PLAN  # a test may set up state; the faces may not (see below)
    step = asyncio.run(workshop.advance(confirmed=True))  # an empty plan, left anyway
    assert step.ended and step.phase == Phase.DEVELOP
    assert _saved(workshop).phase == Phase.DEVELOP
    assert seen.of_type(Activity)[-1].name == "ended"


def test_choosing_the_current_phase_resumes_it(tmp_path: Path) -> None:
    workshop, _ = _workshop(tmp_path, ["Welcome.", "Where were we: the bakery."])
    asyncio.run(workshop.start_phase())
    assert asyncio.run(workshop.choose_phase("discover")) is True
    assert _saved(workshop).turns[-1].content == "Where were we: the bakery."


ASSIGNMENT = re.compile(r"\bsession\.(?!tokens\b)\w+\s*(?:=(?!=)|\+=|\.append\()")


def test_no_face_assigns_session_fields() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for folder in ("sofia_nb/cli", "sofia_nb/ui")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ASSIGNMENT.search(line)
    ]
    assert found == []


def test_the_terminal_gate_pauses_and_saves_when_nobody_decides_in_time(tmp_path: Path) -> None:
    import subprocess
    import sys

    child = subprocess.Popen(
        [sys.executable, "-m", "sofia_nb", "workshop", "--demo", "--consent-timeout", "1"],
        env={"SOFIA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdin is not None
    child.stdin.write("done\n")  # end the talk, then answer nothing (the pipe stays open)
    child.stdin.flush()
    try:
        child.wait(timeout=60)  # not communicate(): it would close stdin, an end of input
    finally:
        child.kill()
    assert child.stderr is not None
    err = child.stderr.read()
    assert child.returncode == 0, err
    assert "no decision within 1s: paused; resume with: sofia-nb workshop --session" in err
    saved = SessionStore(tmp_path / "sessions").load("last")
    assert saved.status == SessionStatus.PAUSED and saved.phase == Phase.DISCOVER


def _phase_assignments(tree: ast.AST) -> list[tuple[int, str]]:
    """``x.phase = ...`` where ``x`` is not a bare ``self`` (a widget's own ``phase`` is its business)."""
    found = []
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        for target in targets:
            on_self = isinstance(target, ast.Attribute) and ast.unparse(target.value) == "self"
            if isinstance(target, ast.Attribute) and target.attr == "phase" and not on_self:
                found.append((target.lineno, ast.unparse(target)))
    return found


def test_the_phase_changes_only_in_the_engines_move() -> None:
    """Every move goes through the rule: the one assignment is ``Workshop._move_to``."""
    found = []
    for path in sorted((ROOT / "sofia_nb").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(ROOT)}:{n}: {text}" for n, text in _phase_assignments(tree)]
    engine = (ROOT / "sofia_nb" / "workshop" / "_engine.py").read_text(encoding="utf-8")
    move = next(
        n for n in ast.walk(ast.parse(engine)) if isinstance(n, ast.FunctionDef) and n.name == "_move_to"
    )
    allowed = [f"sofia_nb/workshop/_engine.py:{n}: {t}" for n, t in _phase_assignments(move)]
    assert len(allowed) == 1 and found == allowed
    assert not hasattr(Workshop, "next_phase") and not hasattr(Workshop, "end")
