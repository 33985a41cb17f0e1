"""The iteration prompt: failures first, relevant files in full within the budget, outlines for the rest."""

from __future__ import annotations

import threading
from pathlib import Path

from sofia_nb._aio import run_sync
from sofia_nb.consent import PolicyConsent
from sofia_nb.context import DEFAULT_IGNORE_DIRS
from sofia_nb.develop import DevelopmentOptions, RalphResult, open_development
from sofia_nb.develop._prompt import PromptInput, build_fix_prompt, project_files
from sofia_nb.events import EventBus, IterationStarted
from sofia_nb.llm import ScriptedLLM
from sofia_nb.session import TestFailure, TestResults

from .conftest import WRONG, git, write_calc


def test_relevant_files_in_full_and_the_rest_outlined(tmp_path: Path) -> None:
    (tmp_path / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    body = "    total = 0\n    for i in range(x):\n        total += i * i - i // 3\n    return total\n"
    big = "".join(f"def helper_{i}(x: int) -> int:\n{body}\n\n" for i in range(100))
    (tmp_path / "helpers.py").write_text(big)
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("secret-ish")
    results = TestResults(
        failed=1,
        failures=[
            TestFailure(
                test_id="test_calc.py::test_add",
                file="test_calc.py",
                line=5,
                message="assert -1 == 5",
                trace_tail="calc.py:2: in add",
            )
        ],
    )
    prompt, summary = build_fix_prompt(
        PromptInput(
            project=tmp_path,
            goal="make add work",
            iteration=2,
            max_iterations=10,
            results=results,
            budget_chars=2000,
            stuck_reason="the previous iteration changed no file",
        )
    )
    assert "1. test_calc.py::test_add (test_calc.py:5): assert -1 == 5" in prompt
    assert "````py file=calc.py\ndef add(a, b):" in prompt
    assert "file=helpers.py" not in prompt  # over the budget: outlined instead
    assert "# Outlines of the other files\n- helpers.py" in prompt and "helper_99" in prompt
    assert "# Your last approach failed\nthe previous iteration changed no file." in prompt
    assert ".git" not in prompt.split("# Files in the project\n")[1].split("#")[0]
    assert summary == "iteration 2/10, 1 failing, 1 files in full, 1 outlined, stuck"


def test_a_stop_from_another_thread_stops_a_sync_run(tmp_path: Path, no_git_identity: None) -> None:
    root = write_calc(tmp_path / "p")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "start")
    bus = EventBus()

    async def fix() -> RalphResult:
        opened = await open_development(
            DevelopmentOptions(mcp_config=empty),
            consent=PolicyConsent("deny"),
            bus=bus,
            llm=ScriptedLLM([WRONG]),
        )
        # the second iteration's start is seen on a thread that is not the run's: stop from there
        bus.subscribe(
            lambda e: threading.Thread(target=opened.stop).start() if e.iteration == 2 else None,
            IterationStarted,
        )
        async with opened:
            return await opened.fix(root)

    empty = tmp_path / "mcp.json"
    empty.write_text('{"servers": {}}')
    result = run_sync(fix())
    assert (result.status, result.reason, result.iterations) == ("paused", "user-stopped", 1)


def test_the_project_tree_skips_what_the_context_tools_skip(tmp_path: Path) -> None:
    """One skip list: the loop's file tree and the context tools agree on what is not the project."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("x = 1\n")
    (tmp_path / "uv.lock").write_text("")
    for name in DEFAULT_IGNORE_DIRS:
        (tmp_path / name).mkdir()
        (tmp_path / name / "f.py").write_text("")
    (tmp_path / "src" / "link.py").symlink_to(tmp_path / "src" / "app.py")
    assert project_files(tmp_path) == ["src/app.py"]
