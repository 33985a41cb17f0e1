"""Loop-mechanics benchmark: ``python benchmarks/fixloop/run.py [--quick] [--case NAME ...] [--llm SPEC]``.

With the scripted replies of ``cases.py`` every outcome is fixed, so this checks the loop, not a model:
each case must end with the designed status, iteration count, stuck detections and refused edits.
It also prints the loop's own overhead per iteration (everything except the model call and the test
run: prompt, edits, commit, save) as a ratio to one bare test run of the same project measured in
the same process (target <= 0.1x). The enrichment arm runs the ``ENRICH_CASES`` twice, with a local
fake Context7 / web-search MCP server (``enrich_server.py``, answering from ``corpus.yaml``) and
without any, and prints solved rate and iterations per arm: a plumbing check (the scripted fix is
offered only to a prompt holding the corpus's text), not evidence that enrichment helps a model.
``--llm SPEC`` adds an arm against a real model and reports
pass@1 / pass@2 (solved by the first / second fix). TypeScript cases need Node and the project-local
vitest that ``make npm`` installs into ``tools/npm``; without it they are skipped.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE))

from cases import CASES, ENRICH_CASES, Case, EnrichCase  # noqa: E402

from sofia_nb.config import Settings  # noqa: E402
from sofia_nb.consent import ConsentPolicy, PolicyConsent  # noqa: E402
from sofia_nb.develop import (  # noqa: E402
    TEMPLATES,
    DevelopmentOptions,
    DevelopSettings,
    Git,
    LoopOptions,
    RalphLoop,
    RunContext,
    Workspace,
    open_development,
)
from sofia_nb.llm import LLMClient, ScriptedLLM, create_llm  # noqa: E402
from sofia_nb.session import Plan, PocState, SessionStore, WorkshopSession  # noqa: E402

QUICK = ("off_by_one", "wrong_import", "unfixable")
ENRICH_SERVER = HERE / "enrich_server.py"
ENRICH_EXPECT = {"with": ("success", 2), "without": ("failed", 4)}
"""(status, iterations) per arm: stuck in iteration 2, the corpus's fix there, green after it; or the cap."""
NODE_MODULES = HERE.parents[1] / "tools" / "npm" / "node_modules"
PYTEST_ENV = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}


def node_modules() -> Path | None:
    """The project-local vitest (``make npm`` installs it into tools/npm), or None without it."""
    modules = NODE_MODULES
    return modules if (modules / ".bin" / "vitest").exists() else None


def materialise(case: Case | EnrichCase, root: Path, modules: Path | None, fixed: bool = False) -> Path:
    for rel, text in case.files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    if fixed and case.right:
        (root / case.target).write_text(case.right)
    if modules is not None:
        (root / "node_modules").symlink_to(modules)
        (root / ".gitignore").write_text("node_modules\n")
    return root


def bare_run_s(case: Case, root: Path) -> float:
    """One bare ``pytest -q`` / ``vitest run`` of the project (fixed, so it ends), timed."""
    argv = (
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        if case.language == "python"
        else ["node_modules/.bin/vitest", "run"]
    )
    started = time.perf_counter()
    subprocess.run(argv, cwd=root, env=PYTEST_ENV, capture_output=True, timeout=120)
    return time.perf_counter() - started


def overhead_s(timings: dict[str, float]) -> float:
    """The loop's own time in an iteration: all of it but the model call and the test run."""
    return (
        timings.get("total", 0.0)
        + timings.get("save", 0.0)
        - timings.get("tests", 0.0)
        - timings.get("model", 0)
    )


async def seeded_repo(project: Path) -> Git:
    git = Git(project)
    await git.init()
    await git.commit_all("seeded bug")
    return git


async def run_case(
    case: Case, llm: LLMClient, work: Path, modules: Path | None, max_reflections: int = 1
) -> dict[str, Any]:
    project = materialise(case, work / "project", modules)
    git = await seeded_repo(project)
    store = SessionStore(work / "home" / "sessions")
    session = WorkshopSession(name=case.name, poc=PocState())
    assert session.poc is not None
    template = TEMPLATES["python-pytest" if case.language == "python" else "node-ts-vitest"]
    options = LoopOptions(
        max_iterations=case.max_iterations,
        max_reflections=max_reflections,
        test_timeout_s=case.test_timeout_s,
        grace_s=2,
    )
    goal = f"Fix the {case.bug} bug so the tests pass."
    workspace = Workspace(
        project, template, session.poc, goal=goal, git=git, save=lambda: store.save(session)
    )
    context = RunContext(llm=llm, options=DevelopmentOptions(loop=options))
    result = await RalphLoop(context.on(workspace)).run()
    its = [i for i in session.poc.iterations if i.outcome != "scaffold"]
    baseline = bare_run_s(case, materialise(case, work / "bare", modules, fixed=True))
    overheads = [overhead_s(i.timings) for i in its]
    return {
        "case": case.name,
        "status": result.status,
        "reason": result.reason,
        "iterations": result.iterations,
        "stuck": sum(1 for i in its if i.stuck),
        "refused": sum(getattr(i, "refused_edits", 0) for i in its),
        "baseline_s": baseline,
        "overhead_s": statistics.median(overheads) if overheads else 0.0,
        "tests_s": statistics.median(i.timings.get("tests", 0.0) for i in its) if its else 0.0,
    }


def check(case: Case, row: dict[str, Any]) -> list[str]:
    return [
        f"{key}: expected {want!r}, got {row[key]!r}" for key, want in case.expect.items() if row[key] != want
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"only {', '.join(QUICK)} (for the test suite)")
    parser.add_argument("--case", action="append", default=[], help="run only these cases")
    parser.add_argument("--llm", help="also run every case against this real model (pass@1 / pass@2)")
    args = parser.parse_args(argv)
    wanted = set(args.case) or (set(QUICK) if args.quick else {c.name for c in CASES})
    cases = [c for c in CASES if c.name in wanted]
    modules = node_modules() if any(c.language == "typescript" for c in cases) else None
    failures: list[str] = []
    rows = []
    for case in cases:
        if case.language == "typescript" and modules is None:
            print(f"{case.name}: skipped (no vitest in tools/npm: run `make npm`)")
            continue
        with tempfile.TemporaryDirectory(prefix=f"fixloop-{case.name}-") as tmp:
            row = asyncio.run(run_case(case, ScriptedLLM(case.replies(), name=case.name), Path(tmp), modules))
        rows.append(row)
        problems = check(case, row)
        failures += [f"{case.name}: {p}" for p in problems]
        ratio = row["overhead_s"] / row["baseline_s"] if row["baseline_s"] else float("nan")
        print(
            f"{case.name:22} {row['status']:8} it={row['iterations']} stuck={row['stuck']} "
            f"refused={row['refused']}  overhead/iter={row['overhead_s'] * 1000:7.1f} ms  "
            f"bare run={row['baseline_s'] * 1000:7.1f} ms  ratio={ratio:.3f}x  {'FAIL' if problems else 'OK'}"
        )
    if rows:
        ratios = sorted(r["overhead_s"] / r["baseline_s"] for r in rows if r["baseline_s"])
        print(
            f"\n{len(rows)} cases; overhead ratio median {statistics.median(ratios):.3f}x, "
            f"max {ratios[-1]:.3f}x (target <= 0.1x)"
        )
    enrich_cases = [c for c in ENRICH_CASES if not args.case or c.name in wanted]
    if enrich_cases:
        failures += enrichment_arm(enrich_cases)
    if args.llm:
        real_arm(args.llm, cases, modules)
    for failure in failures:
        print("FAIL", failure)
    return 1 if failures else 0


def mcp_config(path: Path) -> Path:
    """An ``mcp.json`` starting the fake server twice, under the names enrichment looks for."""
    servers = {
        name: {"type": "stdio", "command": sys.executable, "args": [str(ENRICH_SERVER), tools]}
        for name, tools in (("context7", "context7"), ("websearch", "search"))
    }
    path.write_text(json.dumps({"servers": servers}))
    return path


async def run_enriched(case: EnrichCase, enriched: bool, work: Path) -> dict[str, Any]:
    """One arm of one case, set up as ``dev``/``fix`` are: ``open_development`` with its consent policy."""
    project = materialise(case, work / "project", None)
    if not enriched:
        (work / "none.json").write_text('{"servers": {}}')
    options = DevelopmentOptions(
        develop=DevelopSettings(),
        mcp_config=mcp_config(work / "mcp.json") if enriched else work / "none.json",
        loop=LoopOptions(max_iterations=case.max_iterations, max_reflections=0, grace_s=2),
    )
    consent = PolicyConsent(ConsentPolicy(mode="allow-listed", tools=("context7/*", "websearch/*")))
    poc = PocState()
    model = ScriptedLLM(case.replies(), name=case.name)
    async with await open_development(options, consent=consent, settings=Settings(), llm=model) as run:
        plan = Plan(dependencies=case.dependencies)
        template = TEMPLATES["python-pytest"]
        git = await seeded_repo(project)
        goal = "Make the failing tests pass."
        workspace = Workspace(project, template, poc, goal=goal, git=git, plan=plan)
        result = await RalphLoop(run.context().on(workspace)).run()
    sources = sorted({s for i in poc.iterations for s in i.enrichment_sources})
    return {"status": result.status, "iterations": result.iterations, "sources": sources}


def enrichment_arm(cases: list[EnrichCase]) -> list[str]:
    """Each case with and without the fake servers; prints the table, returns the failed checks."""
    print("\nenrichment arm (plumbing check toward SC-003-004, not evidence of it)")
    print(f"{'case':22} {'arm':8} {'status':8} {'iterations':>10}  sources")
    failures: list[str] = []
    totals: dict[str, list[dict[str, Any]]] = {"with": [], "without": []}
    for case in cases:
        for arm in ("with", "without"):
            with tempfile.TemporaryDirectory(prefix=f"fixloop-enrich-{case.name}-") as tmp:
                row = asyncio.run(run_enriched(case, arm == "with", Path(tmp)))
            totals[arm].append(row)
            if (row["status"], row["iterations"]) != ENRICH_EXPECT[arm]:
                failures.append(f"{case.name} {arm} enrichment: expected {ENRICH_EXPECT[arm]}, got {row}")
            print(
                f"{case.name:22} {arm:8} {row['status']:8} {row['iterations']:>10}  "
                f"{', '.join(row['sources']) or '-'}"
            )
    print(f"{'arm':8} {'solved':>8} {'mean iterations':>16}")
    for arm, rows in totals.items():
        solved = sum(r["status"] == "success" for r in rows)
        mean = statistics.mean(r["iterations"] for r in rows) if rows else 0.0
        print(f"{arm:8} {f'{solved}/{len(rows)}':>8} {mean:>16.1f}")
    return failures


def real_arm(spec: str, cases: list[Case], modules: Path | None) -> None:
    """The same projects against a real model: which are solved by the first or second fix."""
    solved_1 = solved_2 = total = 0
    for case in cases:
        if case.name == "unfixable" or (case.language == "typescript" and modules is None):
            continue
        total += 1
        with tempfile.TemporaryDirectory(prefix=f"fixloop-real-{case.name}-") as tmp:
            case_copy = Case(**{**case.__dict__, "max_iterations": 3})
            row = asyncio.run(run_case(case_copy, create_llm(spec), Path(tmp), modules, max_reflections=3))
        solved_1 += row["status"] == "success" and row["iterations"] <= 1  # an iteration is a tested fix
        solved_2 += row["status"] == "success" and row["iterations"] <= 2
        print(f"real {case.name:22} {row['status']:8} iterations={row['iterations']}")
    if total:
        print(f"real model {spec}: pass@1 {solved_1}/{total}, pass@2 {solved_2}/{total}")


if __name__ == "__main__":
    sys.exit(main())
