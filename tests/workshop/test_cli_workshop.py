"""``sofia-nb workshop`` as a user runs it: real subprocesses, the bundled demo, a killed run resumed."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import yaml

from sofia_nb.session import Phase, SessionStatus, SessionStore, WorkshopSession
from sofia_nb.workshop.demo_servers import CALL_LOG_ENV, count_calls
from tests.cli.helpers import validate

TIMEOUT_S = 180


def _env(home: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "SOFIA_HOME": str(home), **extra}


def _cli(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sofia_nb", *args],
        cwd=cwd,
        env=_env(cwd / ".sofia", **env),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )


def _only_session(home: Path) -> WorkshopSession:
    store = SessionStore(home / "sessions")
    (summary,) = store.list()
    return store.load(summary.session_id)


def test_the_demo_runs_from_any_folder_and_exports_every_phase(tmp_path: Path) -> None:
    calls = tmp_path / "calls.jsonl"
    run = _cli(tmp_path, "workshop", "--demo", "--non-interactive", "--json", **{CALL_LOG_ENV: str(calls)})
    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert all("type" in line for line in lines[:-1])
    session = _only_session(tmp_path / ".sofia")
    assert lines[-1] == {"session_id": session.id, "phase": "develop", "status": "active"}
    validate(lines[-1], "WorkshopResult")

    assert session.business_context and session.workflow and session.ideas and session.evaluation
    assert session.selection and session.selection.confirmed_by_user and session.plan
    enrichment = session.discovery.enrichment
    assert enrichment and enrichment.sources_used == ["websearch"] and enrichment.web_results
    assert count_calls(calls) == 4  # real MCP traffic: three enrichment searches and one by the model
    assert {(t.server, t.tool, t.origin) for t in session.tool_calls} == {
        ("demo-search", "web_search", "program"),
        ("builtin", "search_cards", "model"),
        ("demo-search", "web_search", "model"),  # the tool the built-in search called, as consent names it
    }
    assert {(c.tool, c.decision) for c in session.consent_decisions} == {("demo-search/web_search", "allow")}

    export = _cli(tmp_path, "export", "--session", "last", "--output", "exports")
    assert export.returncode == 0, export.stderr
    files = {p.name for p in (tmp_path / "exports").iterdir()}
    assert {
        "discover.md",
        "ideate.md",
        "design.md",
        "select.md",
        "plan.md",
        "summary.json",
        "report.html",
    } <= files


def test_consent_deny_overrides_the_demo_allow_list(tmp_path: Path) -> None:
    calls = tmp_path / "calls.jsonl"
    run = _cli(
        tmp_path, "workshop", "--demo", "--non-interactive", "--consent", "deny", **{CALL_LOG_ENV: str(calls)}
    )
    assert run.returncode == 0, run.stderr
    assert count_calls(calls) == 0
    session = _only_session(tmp_path / ".sofia")
    assert session.phase == Phase.DEVELOP and session.plan and session.selection
    assert {c.decision for c in session.consent_decisions} == {"deny"}


def _write(path: Path, data: Any) -> Path:
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def _block(data: dict[str, Any]) -> str:
    return f"```json\n{json.dumps(data)}\n```"


def test_resume_after_a_kill_mid_phase_continues_that_phase_with_its_own_turns(tmp_path: Path) -> None:
    home = tmp_path / ".sofia"
    discover = {
        "business_context": {"description": "DISCOVER-FACT: a bakery chain"},
        "workflow": {"activities": [{"id": "s1", "name": "Bake"}]},
    }
    first = _write(
        tmp_path / "first.yaml",
        {
            "replies": [
                {"match": "Introduce the Discover phase", "text": "Tell me about the business."},
                {"match": "user: We bake", "text": _block(discover)},
                {"match": "Introduce the Ideate phase", "text": "IDEATE-OPENING: which cards?"},
                {"match": "user: Waste cards", "text": "IDEATE-REPLY: noted the waste cards."},
            ]
        },
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "sofia_nb", "workshop", "--llm", f"scripted:{first}"],
        cwd=tmp_path,
        env=_env(home),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stdin is not None
        proc.stdin.write("We bake bread\ndone\nc\nWaste cards please\n")
        proc.stdin.flush()  # the stream stays open: the workshop now waits for the next message
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            assert time.monotonic() < deadline and proc.poll() is None, "the workshop never reached Ideate"
            sessions = SessionStore(home / "sessions").list() if (home / "sessions").is_dir() else []
            if (
                sessions
                and len(SessionStore(home / "sessions").load(sessions[0].session_id).turns_of(Phase.IDEATE))
                == 4
            ):
                break
            time.sleep(0.1)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)

    killed = _only_session(home)
    assert killed.phase == Phase.IDEATE and killed.status == SessionStatus.ACTIVE

    rest = {"evaluation": {"ideas": [{"idea_id": "idea-1", "feasibility": 3, "value": 4}]}}
    second = _write(
        tmp_path / "second.yaml",
        {
            "replies": [
                {
                    "match": "We are resuming the Ideate phase",
                    "text": _block({"ideas": [{"id": "idea-1", "title": "Forecast"}]}),
                },
                {"match": "Introduce the Design phase", "text": _block(rest)},
                {
                    "match": "Introduce the Select phase",
                    "text": _block(
                        {
                            "selection": {
                                "idea_id": "idea-1",
                                "rationale": "only one",
                                "confirmed_by_user": True,
                            }
                        }
                    ),
                },
                {
                    "match": "Introduce the Plan phase",
                    "text": _block({"plan": {"milestones": [{"id": "m1", "title": "Pilot"}]}}),
                },
            ]
        },
    )
    log = tmp_path / "requests.jsonl"
    resumed = _cli(
        tmp_path,
        "workshop",
        "--session",
        killed.id,
        "--non-interactive",
        "--consent",
        "allow:workshop/continue-incomplete",  # Design's evaluation is thin: the policy goes on
        "--llm",
        f"scripted:{second}",
        SOFIA_SCRIPTED_LOG=str(log),
    )
    assert resumed.returncode == 0, resumed.stderr
    request = json.loads(log.read_text().splitlines()[0])
    contents = [m.get("content", "") for m in request["messages"]]
    assert contents[1:5] == [
        killed.turns_of(Phase.IDEATE)[0].content,
        "IDEATE-OPENING: which cards?",
        "Waste cards please",
        "IDEATE-REPLY: noted the waste cards.",
    ]
    assert contents[-1].startswith("We are resuming the Ideate phase")
    assert not any("We bake bread" in c for c in contents)  # Discover's turns stay out...
    assert "DISCOVER-FACT: a bakery chain" in contents[0]  # ...its results come as the summary
    done = _only_session(home)
    assert done.phase == Phase.DEVELOP and [i.id for i in done.ideas] == ["idea-1"]


def test_the_terminal_gate_refines_chooses_a_phase_and_pauses(tmp_path: Path) -> None:
    home = tmp_path / ".sofia"
    business = {
        "business_context": {"description": "a bakery"},
        "workflow": {"activities": [{"id": "s1", "name": "Bake"}]},
    }
    script = _write(
        tmp_path / "script.yaml",
        {
            "replies": [
                {"purpose": "chat", "match": "Introduce the Discover phase", "text": "OPENING-1"},
                {"purpose": "chat", "match": "user: We bake", "text": _block(business)},
                {
                    "purpose": "chat",
                    "match": "refine the Discover phase, saying: “(?P<words>[^”]*)”",
                    "text": "REFINED: {words}",
                },
                {"purpose": "chat", "match": "Introduce the Ideate phase", "text": "IDEATE-OPENING"},
            ]
        },
    )
    typed = (
        "\n".join(
            [
                "We bake bread",
                "done",
                "r",  # refine Discover
                "rye, not wheat",  # what to refine
                "done",
                "c",  # continue to Ideate
                "done",
                "o discover",
                "g",  # start Discover over: "Go back" answered on the terminal
                "done",
                "e",  # exit: paused
            ]
        )
        + "\n"
    )
    run = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "workshop", "--llm", f"scripted:{script}"],
        cwd=tmp_path,
        env=_env(home),
        input=typed,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    assert run.returncode == 0, run.stderr
    assert "What should sofia refine in Discover?" in run.stderr
    for reply in ("OPENING-1", "REFINED: rye, not wheat", "IDEATE-OPENING"):
        assert reply in run.stdout
    assert run.stdout.count("OPENING-1") == 2  # starting over replays the script from Discover's opening
    assert (
        "Start Discover over, clearing the conversation and results of Discover, Ideate?" in run.stderr
        and "[g] go back  [s] stay" in run.stderr
    )
    assert "Allow workshop/go-back" not in run.stderr  # a plain question, not a tool-consent one
    assert "paused; resume with" in run.stderr
    session = _only_session(home)
    assert (session.phase, session.status) == (Phase.DISCOVER, SessionStatus.PAUSED)
    assert session.business_context is None  # starting Discover over cleared it
    assert [t.content for t in session.turns if t.role == "assistant"] == ["OPENING-1"]


def test_going_back_on_the_terminal_asks_why_and_reopens_the_phase_keeping_everything(tmp_path: Path) -> None:
    home = tmp_path / ".sofia"
    business = {
        "business_context": {"description": "a bakery with 10 shops"},
        "workflow": {"activities": [{"id": "s1", "name": "Bake"}]},
    }
    idea = {"ideas": [{"id": "idea-1", "title": "Waste forecast"}]}
    script = _write(
        tmp_path / "script.yaml",
        {
            "replies": [
                {"purpose": "chat", "match": "Introduce the Discover phase", "text": "OPENING-1"},
                {"purpose": "chat", "match": "user: We bake", "text": _block(business)},
                {"purpose": "chat", "match": "Introduce the Ideate phase", "text": "IDEATE-OPENING"},
                {"purpose": "chat", "match": "user: Forecast", "text": _block(idea)},
                {
                    "purpose": "chat",
                    "match": "We are back in the Discover phase.*12 shops, not 10",
                    "text": _block({"business_context": {"description": "a bakery with 12 shops"}}),
                },
            ]
        },
    )
    typed = "\n".join(
        [
            "We bake bread",
            "done",
            "c",
            "Forecast waste",
            "done",
            "p discover",
            "12 shops, not 10",
            "g",
            "done",
            "e",
        ]
    )
    run = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "workshop", "--llm", f"scripted:{script}"],
        cwd=tmp_path,
        env=_env(home),
        input=typed + "\n",
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    assert run.returncode == 0, run.stderr
    assert "What does the team want to change in Discover?" in run.stderr
    # the offer names its keys as typed (Rich read "[c]" and "[k]" as style tags and hid the line)
    assert "[c] has the model review it, [k] keeps it as it is. What changed in Discover:" in run.stderr
    assert (
        "Go back to Discover and reopen it: its results and conversation stay; Ideate keeps its own and "
        "is offered for review on the way forward?" in run.stderr
    )
    session = _only_session(home)
    assert (
        session.business_context is not None
        and session.business_context.description == "a bakery with 12 shops"
    )
    assert session.workflow is not None and [i.id for i in session.ideas] == ["idea-1"]  # nothing cleared
    assert [t.content for t in session.turns_of(Phase.DISCOVER) if t.role == "assistant"][:2] == [
        "OPENING-1",
        _block(business),
    ]
    [review] = session.reviews
    assert (review.phase, review.because, review.reason, review.state) == (
        Phase.IDEATE,
        Phase.DISCOVER,
        "12 shops, not 10",
        "pending",
    )
    assert session.reopened is not None and session.reopened.reason == "12 shops, not 10"
    (decision,) = session.consent_decisions
    assert (decision.tool, decision.decision, decision.decided_by) == (
        "workshop/go-back",
        "allow",
        "terminal",
    )
