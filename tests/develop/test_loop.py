"""The loop end to end on real pytest runs with the scripted model."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sofia_nb.consent import ConsentedTools
from sofia_nb.develop import (
    TEMPLATES,
    DevelopmentOptions,
    Git,
    LoopOptions,
    RalphLoop,
    RalphResult,
    RunContext,
    Workspace,
    fix_project,
)
from sofia_nb.events import Activity, EventBus, EventRecorder, IterationFinished, IterationStarted
from sofia_nb.llm import ScriptedLLM
from sofia_nb.session import Plan, PocState

from .conftest import RIGHT, WRONG, FakeCaller, allowed, fix, sr, write_calc


async def _repo(git: Git) -> Git:
    if not await git.is_repo():
        await git.init()
        await git.commit_all("start")
    return git


def make_loop(
    root: Path,
    replies: list[Any],
    *,
    tools: ConsentedTools | None = None,
    options: LoopOptions | None = None,
    plan: Plan | None = None,
    save: Callable[[], object] | None = None,
) -> tuple[RalphLoop, EventRecorder]:
    """A loop as the façade makes it: a RunContext on a workspace (the project made a repository)."""
    git = asyncio.run(_repo(Git(root)))
    bus = EventBus()
    recorder = EventRecorder(bus)
    work = Workspace(root, TEMPLATES["python-pytest"], PocState(), goal="make add work", git=git, plan=plan)
    if save is not None:
        work.save = save
    run = DevelopmentOptions(loop=options or LoopOptions())
    context = RunContext(llm=ScriptedLLM(replies), options=run, bus=bus, tools=tools)
    return RalphLoop(context.on(work)), recorder


def fix_in(root: Path, replies: list[Any], test_cmd: str | None = None, **options: Any) -> RalphResult:
    """``fix_project`` as ``run.fix`` calls it, with ``options`` as the run's DevelopmentOptions."""
    context = RunContext(llm=ScriptedLLM(replies), options=DevelopmentOptions(**options))
    return asyncio.run(fix_project(context, root, test_cmd=test_cmd))


def test_wrong_fix_then_right_fix_reaches_green(tmp_path: Path, no_git_identity: None) -> None:
    root = write_calc(tmp_path / "p")
    loop, events = make_loop(root, [WRONG, fix("    return a * b", "    return a + b", "Use addition.")])
    result = asyncio.run(loop.run())
    assert (result.status, result.reason, result.iterations) == ("success", "tests-passing", 2)
    assert result.tests.passed == 2 and result.tests.total == 2
    its = loop.poc.iterations
    assert [i.outcome for i in its] == ["tests-failing", "tests-passing"]
    assert its[0].files_changed == ["calc.py"] and its[0].commit
    assert its[0].test_results is not None and its[0].test_results.failed == 1
    assert {"tests", "prompt", "model", "apply", "commit", "total", "save"} <= set(its[0].timings)
    assert its[0].tokens["input"] > 0 and its[0].changes_summary == "Try multiplication."
    log = asyncio.run(loop.work.git.run("log", "--format=%an|%s")).splitlines()
    assert log[0] == "sofia_nb|sofia: iteration 2: Use addition." and len(log) == 3
    assert len(events.of_type(IterationStarted)) == 2
    baseline = [e.detail for e in events.of_type(Activity) if e.name == "baseline"]
    assert baseline == ["1 passed, 1 failing before any edit"]  # a - b: add(0, 0) passes already
    # Each iteration says the counts after its edits: the loop's own record of that iteration.
    finished = events.of_type(IterationFinished)
    assert [(e.iteration, e.passed, e.failed) for e in finished] == [
        (i.iteration, i.test_results.passed, i.test_results.failed)  # type: ignore[union-attr]
        for i in its
    ]
    assert [e.failed for e in finished] == [1, 0] and "a + b" in finished[1].diff
    assert (finished[-1].passed, finished[-1].failed) == (result.tests.passed, result.tests.failed)
    assert loop.poc.final_status == "success"


def test_malformed_edit_is_reflected_within_the_iteration(tmp_path: Path, no_git_identity: None) -> None:
    root = write_calc(tmp_path / "p")
    broken = {
        "purpose": "fix",
        "text": "calc.py\n<<<<<<< SEARCH\n    return a - b\n=======\n    return a + b\n",
    }
    llm_replies = [broken, RIGHT]
    loop, _ = make_loop(root, llm_replies)
    result = asyncio.run(loop.run())
    assert (result.status, result.iterations) == ("success", 1)
    first = loop.poc.iterations[0]
    assert first.reflections == 1 and first.refused_edits == 1  # type: ignore[attr-defined]
    request = loop.context.llm.requests[1]  # type: ignore[attr-defined]
    assert "is incomplete: it needs `=======` and `>>>>>>> REPLACE` lines" in request.messages[-1].content


def test_repeated_wrong_fix_triggers_stuck_detection_and_enrichment(
    tmp_path: Path, no_git_identity: None
) -> None:
    root = write_calc(tmp_path / "p")
    caller = FakeCaller(
        {
            ("context7", "resolve-library-id"): RuntimeError("context7 is down"),
            ("context7", "query-docs"): "unused",
            ("websearch", "web_search"): "Result: use the + operator for addition",
        }
    )
    replies = [WRONG, WRONG, WRONG, fix("    return a * b", "    return a + b", "Addition, finally.")]
    plan = Plan(dependencies=["numpy"])
    loop, events = make_loop(
        root, replies, tools=allowed(caller), options=LoopOptions(max_reflections=1), plan=plan
    )
    result = asyncio.run(loop.run())
    assert result.status == "success"
    its = loop.poc.iterations
    assert [i.stuck for i in its] == [False, False, True]
    assert its[1].files_changed == []  # the repeated fix no longer matched: nothing changed
    assert its[1].refused_edits == 2  # type: ignore[attr-defined]  # the block and its reflection
    assert [c[:2] for c in caller.calls] == [("context7", "resolve-library-id"), ("websearch", "web_search")]
    assert its[2].enrichment_sources == ["websearch/web_search"]  # type: ignore[attr-defined]
    prompt = loop.context.llm.requests[-1].messages[1].content  # type: ignore[attr-defined]
    assert "# Your last approach failed" in prompt and "use the + operator" in prompt
    stuck_notes = [e.detail for e in events.of_type(Activity) if e.name == "stuck"]
    assert stuck_notes == ["the same tests failed the same way as in the previous iteration"]


def test_the_iteration_cap_counts_tested_fixes(tmp_path: Path, no_git_identity: None) -> None:
    root = write_calc(tmp_path / "p")
    loop, _ = make_loop(
        root, [WRONG, fix("    return a * b", "    return a + b")], options=LoopOptions(max_iterations=2)
    )
    result = asyncio.run(loop.run())
    assert (result.status, result.reason, result.iterations) == ("success", "tests-passing", 2)
    loop2, _ = make_loop(
        write_calc(tmp_path / "q"), [WRONG, WRONG], options=LoopOptions(max_iterations=2, max_reflections=0)
    )
    capped = asyncio.run(loop2.run())
    assert (capped.status, capped.reason) == ("partial", "max-iterations")  # test_zero passes
    assert loop2.poc.final_status == "partial"


def test_user_stop_is_saved_and_resumable(tmp_path: Path, no_git_identity: None) -> None:
    root = write_calc(tmp_path / "p")
    saves: list[int] = []
    loop, _ = make_loop(root, [WRONG, RIGHT], save=lambda: saves.append(1))
    loop.context.bus.subscribe(lambda e: loop.stop() if e.iteration == 2 else None, IterationStarted)
    result = asyncio.run(loop.run())
    assert (result.reason, result.iterations) == ("user-stopped", 1)
    assert loop.poc.final_status is None and saves
    again_on = Workspace(root, loop.work.template, loop.poc, goal="g", git=loop.work.git)
    bus = EventBus()
    said = EventRecorder(bus)
    resumed = RalphLoop(
        RunContext(llm=ScriptedLLM([fix("    return a * b", "    return a + b")]), bus=bus).on(again_on)
    )
    again = asyncio.run(resumed.run())
    assert (again.status, again.iterations) == ("success", 2)
    assert [i.iteration for i in loop.poc.iterations] == [1, 2]
    baseline = [e.detail for e in said.of_type(Activity) if e.name == "baseline"]
    assert baseline == ["1 passed, 1 failing as iteration 1 left them"]


def test_model_error_ends_the_run_with_a_reason(tmp_path: Path, no_git_identity: None) -> None:
    loop, _ = make_loop(write_calc(tmp_path / "p"), [])
    result = asyncio.run(loop.run())
    assert result.status == "partial" and result.reason.startswith("error: ScriptExhaustedError")


def test_fix_refuses_a_dirty_tree_and_touches_nothing(tmp_path: Path, no_git_identity: None) -> None:
    from .conftest import git

    root = write_calc(tmp_path / "p")
    git(root, "init", "-q", "-b", "work")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "user commit")
    dirty = "def add(a, b):\n    return 0\n"
    (root / "calc.py").write_text(dirty)
    before = git(root, "status", "--porcelain"), git(root, "rev-parse", "HEAD"), git(root, "branch")
    import pytest

    from sofia_nb.config import SetupError

    with pytest.raises(SetupError, match="uncommitted changes"):
        fix_in(root, [RIGHT])
    assert (git(root, "status", "--porcelain"), git(root, "rev-parse", "HEAD"), git(root, "branch")) == before
    assert (root / "calc.py").read_text() == dirty


def test_fix_works_on_a_new_branch_and_leaves_the_users_branch(tmp_path: Path, no_git_identity: None) -> None:
    from .conftest import git

    root = write_calc(tmp_path / "p")
    git(root, "init", "-q", "-b", "work")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "user commit")
    user_head = git(root, "rev-parse", "work").strip()
    result = fix_in(root, [RIGHT])
    assert result.status == "success" and result.branch.startswith("sofia/fix-")
    assert git(root, "rev-parse", "work").strip() == user_head
    assert git(root, "branch", "--show-current").strip() == result.branch
    assert git(root, "log", "-1", "--format=%an", result.branch).strip() == "sofia_nb"
    assert "a + b" in (root / "calc.py").read_text()


def test_fix_refuses_a_folder_that_is_not_a_repository(tmp_path: Path, no_git_identity: None) -> None:
    import pytest

    from sofia_nb.config import SetupError

    root = write_calc(tmp_path / "p")
    with pytest.raises(SetupError, match="not a git repository"):
        fix_in(root, [RIGHT])
    assert not (root / ".git").exists()
    result = fix_in(root, [RIGHT], test_cmd="pytest -q", init_git=True)
    assert result.status == "success"


def test_sr_helper_is_a_valid_block() -> None:
    assert "<<<<<<< SEARCH" in sr("a.py", "x", "y")


def test_install_runs_when_its_file_exists_and_a_failure_is_an_error(
    tmp_path: Path, no_git_identity: None
) -> None:
    import sys

    root = write_calc(tmp_path / "p")
    marker = "open('installed.txt', 'a').write('x')"
    template = TEMPLATES["python-pytest"].model_copy(
        update={"install_command": [sys.executable, "-c", marker], "install_when": "requirements.txt"}
    )
    loop, _ = make_loop(root, [RIGHT])
    loop.work.template = template
    assert asyncio.run(loop.install()) and not (root / "installed.txt").exists()  # no requirements.txt
    (root / "requirements.txt").write_text("")
    assert asyncio.run(loop.install()) and (root / "installed.txt").read_text() == "x"
    loop.work.template = template.model_copy(
        update={"install_command": [sys.executable, "-c", "raise SystemExit(3)"]}
    )
    assert not asyncio.run(loop.install())
    bad = {"purpose": "fix", "text": "```text file=requirements.txt\nnothing-real\n```\n"}
    loop2, _ = make_loop(write_calc(tmp_path / "q"), [bad])
    (tmp_path / "q" / "requirements.txt").write_text("")
    loop2.work.template = loop.work.template
    result = asyncio.run(loop2.run())
    assert result.reason == "error: RuntimeError: the install failed after requirements.txt changed"
