"""The exports of the replayed recorded workshops (the Tessaro recording and its edited copy), with
the demo's PoC developed on them, read as the customer reads them: nothing left hanging, speakers
named, no machine path, no placeholder, and develop.md saying what the loop said."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sofia_nb.session import SessionStore

FIXTURES = Path(__file__).parent / "fixtures"
INPUTS = FIXTURES / "recorded-workshop" / "inputs.yaml"

_LEADS_TO = re.compile(r"^(?:[-*+] |\d+[.)] |\||```|~~~|> |    |\t|_Recorded)")
"""What may follow a paragraph that ends in ":": a list, a table, code, a quote, a pointer to a record."""


def _hanging(text: str) -> list[str]:
    """Paragraphs that end in ":" and are followed by nothing they announce (another paragraph, a
    rule, a heading or the end)."""
    lines = text.splitlines()
    out = []
    for n, line in enumerate(lines):
        if not line.rstrip().endswith(":") or line.startswith(("#", "|", "    ")):
            continue
        following = next((later for later in lines[n + 1 :] if later.strip()), "")
        if not _LEADS_TO.match(following):
            out.append(f"{line!r} then {following!r}")
    return out


_ROLE = re.compile(r"^\s*(?:\*\*)?(assistant|user)(?:\*\*)?\s*[·:]", re.IGNORECASE | re.M)
"""A speaker's label that is a role (the words "assistant" in an idea's title are the team's)."""
_ABSOLUTE = re.compile(r"(?<![\w.~:/])/(?:tmp|home|root|work|usr|var|opt|Users)/")
_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def _sofia(home: Path, cwd: Path, *args: str) -> str:
    env = {**os.environ, "SOFIA_HOME": str(home)}
    env.pop("SOFIA_RECORD", None)
    done = subprocess.run(
        [sys.executable, "-m", "sofia_nb", *args],
        env=env,
        cwd=cwd,
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done.stdout


@pytest.fixture(scope="module", params=["recorded-workshop", "recorded-workshop-edited"])
def handed_over(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, dict]:
    """The export folder of one replayed recording with its PoC developed, and the loop's result."""
    root = tmp_path_factory.mktemp(request.param)
    home, script = root / "home", FIXTURES / request.param / "script.yaml"
    _sofia(
        home, root, "workshop", "--non-interactive", "--inputs", str(INPUTS), "--llm", f"scripted:{script}"
    )
    result = json.loads(
        _sofia(
            home, root, "dev", "--session", "last", "--demo", "--json", "--output", str(root / "poc")
        ).splitlines()[-1]
    )
    session_id = SessionStore(home / "sessions").load("last").id
    _sofia(home, root, "export", "--session", session_id, "--output", str(root / "export"))
    return root / "export", result


def _documents(folder: Path) -> dict[str, str]:
    docs = {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.md"))}
    page = (folder / "report.html").read_text(encoding="utf-8")
    docs["report.html"] = html.unescape(re.sub(r"<(script|style)\b.*?</\1>|<[^>]+>", "\n", page, flags=re.S))
    return docs


def test_no_paragraph_is_left_hanging_on_a_colon(handed_over: tuple[Path, dict]) -> None:
    for name, text in _documents(handed_over[0]).items():
        if name.endswith(".md"):
            assert not _hanging(text), f"{name}: {_hanging(text)}"


def test_speakers_are_named_not_roles(handed_over: tuple[Path, dict]) -> None:
    for name, text in _documents(handed_over[0]).items():
        speakers = re.findall(r"^\*\*([^*]+)\*\* · ", text, re.M) if name.endswith(".md") else []
        assert not name.endswith(".md") or set(speakers) <= {"sofia", "Team"}, (name, set(speakers))
        assert not _ROLE.findall(text), f"{name} says {set(_ROLE.findall(text))}"


def test_no_machine_path_and_no_placeholder(handed_over: tuple[Path, dict]) -> None:
    folder = handed_over[0]
    for name, text in _documents(folder).items():
        assert str(folder.parent) not in text and not _ABSOLUTE.search(text), (
            f"{name}: {_ABSOLUTE.findall(text)}"
        )
        assert not _PLACEHOLDER.search(text), f"{name}: {_PLACEHOLDER.findall(text)}"


def test_develop_md_says_what_the_loop_said(handed_over: tuple[Path, dict]) -> None:
    folder, result = handed_over
    develop = (folder / "develop.md").read_text(encoding="utf-8")
    tests = result["tests"]
    assert f"- Status: {result['status']}\n" in develop
    assert f"- Reason: {result['reason']}\n" in develop
    assert f"- Iterations: {result['iterations']}\n" in develop
    assert f"- Tests: {tests['passed']} passed, {tests['failed']} failed, " in develop
    assert "- Tests (in the PoC folder): `.venv/bin/python -m pytest" in develop  # runnable as written
    page = (folder / "report.html").read_text(encoding="utf-8")
    status = json.loads((folder / "summary.json").read_text(encoding="utf-8"))["status"]
    assert f"<dt>Status</dt><dd>{status}</dd>" in page and f"<dd>{result['status']} after " in page


def test_a_go_back_and_a_review_are_shown_as_such(tmp_path: Path) -> None:
    from sofia_nb.session import Phase, export_session
    from tests.workshop._go_back import (
        REASON,
        VALUE_4_THEN_REVIEW,
        at_plan,
        back_to_design_for_value_4,
        scripted_workshop,
    )

    session = at_plan()
    workshop, _ = scripted_workshop(session, VALUE_4_THEN_REVIEW, ["allow"])

    async def run() -> None:
        await back_to_design_for_value_4(workshop)
        await workshop.advance()  # into Select: the model reviews it
        await workshop.advance(keep_as_is=True)  # Plan kept as it is

    import asyncio

    asyncio.run(run())
    assert session.phase == Phase.PLAN
    export_session(session, tmp_path, formats=["md"])
    design, select, plan = (
        (tmp_path / f"{p}.md").read_text(encoding="utf-8") for p in ("design", "select", "plan")
    )
    assert f"_The team went back to Design from Plan: “{REASON}”._" in design
    assert "We are back in the Design phase" not in design  # the product's cue to the model stays out
    assert "_Reviewing Select after Design changed: evaluation.ideas[idea-2].value: 3.0 → 4.0._" in select
    assert "idea-1 still ranks first" in select
    assert "_Kept as it was after Design changed._" in plan


def test_a_refine_shows_the_facilitators_words_not_the_cue(tmp_path: Path) -> None:
    import asyncio

    from sofia_nb.session import export_session
    from tests.workshop._go_back import at_plan, scripted_workshop

    session = at_plan()
    asked = "Twelve depots, not ten: the plan's milestones should say so."
    workshop, _ = scripted_workshop(
        session, [{"purpose": "chat", "match": "Twelve depots", "text": "Noted: twelve."}], []
    )
    asyncio.run(workshop.refine(asked))
    export_session(session, tmp_path, formats=["md"])
    plan = (tmp_path / "plan.md").read_text(encoding="utf-8")
    assert f"_The team asked sofia to refine Plan: “{asked}”._" in plan
    assert "Noted: twelve." in plan
    cue = next(t for t in session.turns if t.metadata.get("refine") == asked).content
    assert cue.splitlines()[0] not in plan  # the product's cue to the model stays out
