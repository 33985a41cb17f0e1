"""The Ralph loop gets the plan (issue 29, item 5): the scaffold and fix requests carry the selected
idea, the PoC scope and the architecture as the workshop's decisions (not a transcript), the fix
request's budget goes to the failing tests and the code, never to the workshop's documents (issue
46: they hold the decisions again and the conversations), and the
final report names each success criterion and whether a test covers it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from sofia_nb.develop import TEMPLATES, DevelopmentOptions, RunContext, develop_session
from sofia_nb.develop._criteria import criteria_coverage
from sofia_nb.develop._prompt import PromptInput, build_fix_prompt
from sofia_nb.develop._scaffold import scaffold
from sofia_nb.llm import ScriptedLLM
from sofia_nb.session import (
    Evaluation,
    IdeaEvaluation,
    Phase,
    PocScope,
    TestFailure,
    TestResults,
    WorkshopSession,
)

from .conftest import fixture_session

CRITERIA = [
    "prices a 20-item basket in under 2 seconds",
    "a quote matches the price list to the cent for the 50 sample baskets",
]
SCOPE = PocScope(
    functionality=["price a basket from the price list", "flag items missing from the list"],
    data=["the 2026 price list export (CSV)", "50 sample baskets from the sales desk"],
    success_criteria=CRITERIA,
    timeline="Six weeks, one sprint for the price list import",
)
TRANSCRIPT = "Introduce the Plan phase to the team (kickoff)"


def planned_session() -> WorkshopSession:
    """The fixture wholesaler's workshop, its plan with a PoC scope, an architecture and a
    selection with scope decisions, and a conversation the requests must not carry."""
    session = fixture_session()
    assert session.plan is not None and session.selection is not None
    session.plan.poc_scope = SCOPE
    session.plan.architecture_notes = "A Python library; the price list is loaded once per quote run"
    session.plan.architecture_diagram = "flowchart LR\n  prices[Price list] --> quote[Quote engine]"
    session.selection.scope_decisions = ["typed baskets only, no scanned order forms"]
    session.evaluation = Evaluation(
        ideas=[IdeaEvaluation(idea_id="idea-1", feasibility=4, value=4, data_needed=["price list export"])]
    )
    session.add_turn(Phase.PLAN, "user", TRANSCRIPT)
    session.add_turn(Phase.PLAN, "assistant", 'Recorded.\n```json\n{"plan": {"milestones": []}}\n```')
    return session


SCAFFOLD_REPLY = """The project.

```python file=quote.py
def price(basket):
    raise NotImplementedError
```

```python file=tests/test_quote.py
from quote import price


def test_sc1_prices_a_basket_quickly():
    assert price(["apples"]) == 1.0


def test_missing_items_are_flagged():
    \"\"\"Not a criterion of its own.\"\"\"
    assert price([]) == 0.0
```
"""


def test_the_scaffold_request_carries_the_success_criteria_and_the_decisions_not_the_transcript(
    tmp_path: Path,
) -> None:
    session = planned_session()
    llm = ScriptedLLM([{"purpose": "scaffold", "text": SCAFFOLD_REPLY}])
    asyncio.run(scaffold(tmp_path / "poc", llm, session, TEMPLATES["python-pytest"]))
    request = llm.requests[0].messages[-1].content
    # every part of the PoC scope, each success criterion with the tag its test carries
    assert "- SC1: prices a 20-item basket in under 2 seconds" in request
    assert "- SC2: a quote matches the price list to the cent for the 50 sample baskets" in request
    for fact in [*SCOPE.functionality, *SCOPE.data, SCOPE.timeline]:
        assert fact in request
    # the selected idea, the decisions behind it and the architecture
    assert "Quote calculator" in request and "fast to build, clear value" in request
    assert "typed baskets only, no scanned order forms" in request
    assert "data needed: price list export" in request
    assert "the price list is loaded once per quote run" in request and "quote[Quote engine]" in request
    # the decisions, not the conversation
    assert TRANSCRIPT not in request and "Conversation summary" not in request and '{"plan"' not in request
    assert request.index("# Success criteria") < request.index("# Task")
    workshop_md = (tmp_path / "poc" / "WORKSHOP.md").read_text()
    assert "- SC1" not in workshop_md and "prices a 20-item basket in under 2 seconds" in workshop_md
    assert TRANSCRIPT not in workshop_md


def _project_with_workshop_documents(root: Path) -> list[str]:
    """A scaffolded PoC: the code the failure names, code it does not name, and the workshop's
    documents (as long as a real workshop's transcripts); the code's file names."""
    (root / "src").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "docs" / "workshop").mkdir(parents=True)
    body = "".join(f"def rule_{i}(basket):\n    return sum(basket) * {i}\n\n\n" for i in range(120))
    (root / "src" / "quote.py").write_text(
        "from .rules import rule_1\n\n\ndef price(b):\n    return rule_1(b)\n"
    )
    (root / "src" / "rules.py").write_text(body)  # ~5,000 characters, named by no failure
    (root / "src" / "catalogue.py").write_text(body.replace("rule_", "item_"))
    (root / "tests" / "test_quote.py").write_text(
        "from src.quote import price\n\n\ndef test_price():\n    assert price([1]) == 2\n"
    )
    turn = "**assistant**: " + "We talked about the night desk and the price list at length. " * 20 + "\n\n"
    (root / "WORKSHOP.md").write_text("# Quote calculator\n\n" + turn * 12)
    for phase in ("discover", "ideate", "design", "select", "plan"):
        (root / "docs" / "workshop" / f"{phase}.md").write_text(f"# {phase}\n\n" + turn * 6)
    return ["src/quote.py", "src/rules.py", "src/catalogue.py", "tests/test_quote.py"]


def test_the_fix_request_carries_the_code_not_the_workshop_documents(tmp_path: Path) -> None:
    code = _project_with_workshop_documents(tmp_path)
    results = TestResults(
        failed=1,
        failures=[
            TestFailure(
                test_id="tests/test_quote.py::test_price",
                file="tests/test_quote.py",
                line=5,
                message="assert 1 == 2",
                trace_tail="src/quote.py:5: in price",
            )
        ],
    )
    prompt, _ = build_fix_prompt(
        PromptInput(
            project=tmp_path,
            goal="Build the quote calculator",
            iteration=1,
            max_iterations=10,
            results=results,
            budget_chars=30_000,
            decisions="# The workshop's decisions\n### PoC scope\n- SC1 …",
        )
    )
    shown = [
        line.split("file=", 1)[1]
        for line in prompt.splitlines()
        if line.startswith("````") and "file=" in line
    ]
    # every code file in full, the one the failure names first; the workshop's documents (the
    # decisions again and the conversations) only named in the file list
    assert set(shown) == set(code) and shown[:2] == ["tests/test_quote.py", "src/quote.py"]
    assert "talked about the night desk" not in prompt and "# The workshop's documents" not in prompt
    assert "\nWORKSHOP.md\n" in prompt.split("# Current code", 1)[0]
    assert "# Outlines of the other files\n- docs/workshop" not in prompt
    # stable first: the decisions, then the code, then the failures
    assert (
        prompt.index("# The workshop's decisions")
        < prompt.index("# Current code")
        < prompt.index("# Test results")
    )


@pytest.mark.usefixtures("no_git_identity")
def test_the_loop_gets_the_plan_and_its_report_names_each_criterion_and_its_test(tmp_path: Path) -> None:
    session = planned_session()
    fix = {
        "purpose": "fix",
        "text": "Implement.\n\n```python file=quote.py\ndef price(basket):\n"
        "    return float(len(basket))\n```\n",
    }
    llm = ScriptedLLM([{"purpose": "scaffold", "text": SCAFFOLD_REPLY}, fix])
    context = RunContext(llm=llm, options=DevelopmentOptions(output=tmp_path / "poc"))
    result = asyncio.run(develop_session(context, session))
    assert (result.status, result.reason) == ("success", "tests-passing")
    fix_request = next(r for r in llm.requests if r.purpose == "fix").messages[-1].content
    for fact in [
        *CRITERIA,
        *SCOPE.functionality,
        SCOPE.timeline,
        "typed baskets only, no scanned order forms",
    ]:
        assert fact in fix_request
    # the decisions once, never the transcript (WORKSHOP.md and docs/workshop/ are only named)
    assert "quote[Quote engine]" in fix_request and TRANSCRIPT not in fix_request
    assert fix_request.count("typed baskets only, no scanned order forms") == 1
    assert [(c.tag, c.criterion, c.tests) for c in result.criteria] == [
        ("SC1", CRITERIA[0], ["tests/test_quote.py:4"]),
        ("SC2", CRITERIA[1], []),
    ]
    assert result.criteria[1].line() == f"SC2 no test names it: {CRITERIA[1]}"


def test_a_criterion_is_covered_only_by_a_test_file_carrying_its_own_tag(tmp_path: Path) -> None:
    plan = planned_session().plan
    assert plan is not None and plan.poc_scope is not None
    plan.poc_scope.success_criteria = [f"criterion {n}" for n in range(1, 11)]
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_a.py").write_text('def test_x():\n    """SC10: the tenth."""\n')
    (tmp_path / "quote.py").write_text("# SC1 is implemented here, which is not a test\n")
    (tmp_path / "test_b.py").write_text("def test_criterion_3():\n    pass\n")
    files = ["quote.py", "test_b.py", "tests/test_a.py"]
    covered = {c.tag: c.tests for c in criteria_coverage(plan, tmp_path, files) if c.covered}
    assert covered == {"SC3": ["test_b.py:1"], "SC10": ["tests/test_a.py:2"]}
