"""The Ralph loop: test, prompt, fix, apply, commit, record — until green, the cap, a stop or an error.

The tests run once before any edit; then one iteration, for as long as they fail: detect whether
the loop is stuck and, if so, gather enrichment; build the prompt; make one ``fix`` call; apply the
edits (with up to ``max_reflections`` follow-up calls for blocks that were refused or did not
match); commit; push when GitHub is on; run the tests again; record a ``PocIteration`` with the
counts after its edits, timings, tokens and files; save.
"""

from __future__ import annotations

import asyncio
import logging
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from ..events import IterationFinished, IterationStarted
from ..llm import LLMUsage, Message
from ..redact import redact_text, redacted_head
from ..session import PocIteration, PocState, TestResults
from ._context import RunContext
from ._criteria import CriterionCoverage, criteria_coverage, criteria_task
from ._enrich import enrich
from ._prompt import FIX_SYSTEM, PromptInput, build_fix_prompt, project_files
from ._resume import ITERATION_SUBJECT, note_written
from ._runner import INSTALL_TIMEOUT_S, TestRun, child_environment, output_tail, run_process
from ._stuck import StuckDetector, failure_signature
from ._venv import expand
from .edits import apply_reply, no_edits_message

log = logging.getLogger(__name__)

Status = Literal["success", "partial", "failed", "paused"]
"""``paused``: stopped (Ctrl+C, the notebook's Stop); the session records where, and the next run
resumes there."""


class TestCounts(BaseModel):
    """How many tests passed, failed, were skipped or errored (``RalphResult.tests``)."""

    __test__ = False
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    errors: int = 0
    total: int = 0

    @classmethod
    def of(cls, r: TestResults | None) -> TestCounts:
        """The counts of ``r`` (all zero when there are no results)."""
        if r is None:
            return cls()
        return cls(passed=r.passed, failed=r.failed, skipped=r.skipped, errors=r.errors, total=r.total)


class RalphResult(BaseModel):
    """The result of ``sofia-nb dev`` and ``sofia-nb fix`` (architecture.md §4.1)."""

    status: Status
    reason: str
    iterations: int
    tests: TestCounts
    branch: str = ""
    project: str
    criteria: list[CriterionCoverage] = Field(default_factory=list)
    """Each success criterion of the plan's PoC scope and the tests that name it (empty for
    ``fix`` and for a plan without criteria)."""


def status_for(results: TestResults | None) -> Status:
    """partial when some test passed, failed otherwise (for runs that did not reach green)."""
    return "partial" if results is not None and results.passed > 0 else "failed"


class LoopStopped(Exception):
    """Raised inside the loop when ``stop()`` was requested; the run ends resumable."""


class RalphLoop:
    """Drives one project to green. ``poc`` is updated in place; ``save`` persists it after each step."""

    def __init__(self, context: RunContext) -> None:
        """``context`` is the façade's, on a workspace (``context.on(Workspace(...))``)."""
        self.context = context
        self.work = context.work
        self.options = context.loop
        self.runner = self.work.template.runner(
            timeout_s=self.options.test_timeout_s, grace_s=self.options.grace_s
        )
        self._stop = context.stop_event  # set from any thread: the notebook's Stop button
        self._previous_diff = ""
        self.usage = LLMUsage()
        self._latest: TestResults | None = None  # the newest test results, finished iteration or not

    def stop(self) -> None:
        """Ask the loop to stop at the next step (the notebook's Stop button); the run stays resumable."""
        self._stop.set()

    def _say(self, name: str, detail: str = "") -> None:
        self.context.say(name, detail)

    @property
    def poc(self) -> PocState:
        """The PoC state this loop updates in place (the workspace's)."""
        return self.work.poc

    def _check_stop(self) -> None:
        if self._stop.is_set():
            raise LoopStopped

    @property
    def done_iterations(self) -> list[PocIteration]:
        """Iterations that finished (scaffold excluded)."""
        return [i for i in self.poc.iterations if i.outcome != "scaffold" and i.ended_at is not None]

    def _result(self, status: Status, reason: str, results: TestResults | None) -> RalphResult:
        return RalphResult(
            status=status,
            reason=reason,
            iterations=len(self.done_iterations),
            tests=TestCounts.of(results),
            branch=self.work.branch,
            project=str(self.work.root),
            criteria=criteria_coverage(self.work.plan, self.work.root, project_files(self.work.root)),
        )

    def _finish(
        self, status: Status, reason: str, results: TestResults | None, started: float
    ) -> RalphResult:
        if status != "paused":  # a paused PoC has no final status: the next run goes on
            self.poc.final_status = status
        stack, trigger = self.poc.tech_stack, self.work.template.install_when
        if stack and trigger and not (self.work.root / trigger).exists():
            stack.install_command = []  # nothing to install: develop.md shows no command for a missing file
        self.poc.termination_reason = reason
        self.poc.final_test_results = results
        self.poc.total_duration_s += time.perf_counter() - started
        result = self._result(status, reason, results)
        self.poc.criteria = result.criteria  # what the export says, as the app and the terminal do
        self.work.save()
        if status == "paused":
            self._say("paused", f"{reason}; saved, the next run resumes here")
        else:
            self._say("finished", f"{status}: {reason}")
        for criterion in result.criteria:
            self._say("criteria", criterion.line())
        return result

    async def run(self) -> RalphResult:
        """Test, then fix until one of four things ends the run; see ``RalphResult``.

        The tests run once before any edit (the baseline: after the scaffold it is recorded on
        the scaffold's iteration 0), then each iteration asks for a fix, applies it, commits and
        runs the tests again: an iteration's ``test_results`` are the counts *after* its edits.

        - Green (``success``/``tests-passing``): at least one test passed and none failed or
          errored. A suite that collects nothing is not green: passing nothing proves nothing.
          Already green before any edit: ``success`` after 0 iterations.
        - The cap (``max-iterations``): ``max_iterations`` fixes, each tested.
        - A stop (``paused``/``user-stopped``): checked between steps, never inside one, so no
          iteration is half-recorded; the run stays resumable and the PoC's final status is left
          unset. What the iteration in flight wrote stays in ``poc.pending`` for the next run to undo.
        - An error (``error: ...``): anything the loop did not expect ends the run with the reason
          rather than retrying blindly; the iteration in flight is dropped, to be re-run.

        Being stuck does not stop the run: it adds documentation and search results to the next
        prompt (``_enrich``), and the cap bounds how long that can go on.
        """
        started = time.perf_counter()
        self._drop_unfinished()
        self.poc.final_status = None
        scaffold = next((i for i in self.poc.iterations if i.outcome == "scaffold"), None)
        runs = [i.test_results for i in ([scaffold] if scaffold else []) + self.done_iterations]
        # The baseline below runs the newest recorded results again: it is observed, not seeded.
        detector = StuckDetector([failure_signature(r) for r in runs[:-1] if r is not None])
        self._latest = self.done_iterations[-1].test_results if self.done_iterations else None
        try:
            latest = await self._baseline(scaffold)
            while not latest.ok:
                number = len(self.done_iterations) + 1
                if number > self.options.max_iterations:
                    return self._finish(status_for(latest.results), "max-iterations", latest.results, started)
                latest = await self._iteration(number, detector, latest)
            return self._finish("success", "tests-passing", latest.results, started)
        except (LoopStopped, asyncio.CancelledError, KeyboardInterrupt) as exc:
            self._drop_unfinished()
            result = self._finish("paused", "user-stopped", self._latest, started)
            if isinstance(exc, LoopStopped):
                return result
            raise
        except Exception as exc:
            log.debug("ralph loop failed", exc_info=True)
            self._drop_unfinished()
            reason = f"error: {type(exc).__name__}: {exc}"
            return self._finish(status_for(self._latest), reason, self._latest, started)

    def _drop_unfinished(self) -> None:
        """An iteration that did not finish is re-run, never half-recorded."""
        self.poc.iterations = [i for i in self.poc.iterations if i.outcome == "scaffold" or i.ended_at]

    async def _tests(self, label: str) -> TestRun:
        self._say("tests", f"{label}: running {' '.join(self.work.template.test_command[:3])}")
        with self.context.waiting("tests", label):
            run = await self.runner.run(self.work.root)
        self._latest = run.results
        return run

    async def _baseline(self, scaffold: PocIteration | None) -> TestRun:
        """The tests before this run's first edit; the scaffold's own result when it has none yet."""
        self._check_stop()
        done = self.done_iterations
        when = f"as iteration {done[-1].iteration} left them" if done else "before any edit"
        run = await self._tests(when)
        r = run.results
        if scaffold is not None and scaffold.test_results is None:
            scaffold.test_results = r
            self.work.save()
        self._say("baseline", f"{r.passed} passed, {r.failed + r.errors} failing {when}")
        self._check_stop()
        return run

    async def _iteration(self, number: int, detector: StuckDetector, before: TestRun) -> TestRun:
        """One fix for the failures of ``before``: prompt, model, edits, commit, the tests again."""
        t_start = time.perf_counter()
        timings: dict[str, float] = {}
        record = PocIteration(iteration=number)  # in the record only once it is finished (_close)
        self.context.bus.emit(IterationStarted(iteration=number, max_iterations=self.options.max_iterations))
        self._check_stop()
        previous = self.done_iterations[-1] if self.done_iterations else None
        previous_changed = None if previous is None else bool(previous.files_changed)
        stuck = detector.observe(failure_signature(before.results), previous_changed)
        record.stuck = bool(stuck)
        enrichment = ""
        if stuck:
            self._say("stuck", stuck)
            with clock(timings, "enrich"):
                enrichment = await self._enrich(before.results, record)
        prompt_input = PromptInput(
            project=self.work.root,
            goal=self.work.goal,
            iteration=number,
            max_iterations=self.options.max_iterations,
            results=before.results,
            previous_summary=previous.changes_summary if previous else "",
            previous_diff=self._previous_diff,
            stuck_reason=stuck,
            enrichment=enrichment,
            history=[self._history_line(i) for i in self.done_iterations[-5:]],
            budget_chars=self.options.prompt_budget_chars,
            decisions=self.work.decisions,
            criteria=criteria_task(self.work.plan),
        )
        # The prompt walks the project and parses its files (tree-sitter): in a thread, so the
        # event loop (a notebook's widgets, the MCP connections) goes on meanwhile.
        with clock(timings, "prompt"):
            prompt, record.prompt_summary = await asyncio.to_thread(build_fix_prompt, prompt_input)
        changed = await self._fix(prompt, record, timings)
        record.files_changed = changed
        if changed:
            with clock(timings, "commit"):
                record.commit = await self._commit(number, record)
        if record.commit:
            self._say("commit", f"{record.commit[:10]} {', '.join(changed)}")
        github = self.work.github
        if github is not None and changed:
            with clock(timings, "github"):
                await github.push(self.work.root, changed, f"sofia: iteration {number}")
            self.poc.repo_url = github.repo_url or self.poc.repo_url
        install_when = self.work.template.install_when
        if changed and install_when in changed:
            with clock(timings, "install"):
                installed = await self.install()
            if not installed:
                raise RuntimeError(f"the install failed after {install_when} changed")
        after = before
        # Part of the iteration, so a stop waits for it: the edits are committed, their counts too.
        if changed:  # nothing changed: the counts are those the fix started from
            with clock(timings, "tests"):
                after = await self._tests(f"iteration {number}")
        record.test_results = after.results
        record.outcome = "tests-passing" if after.ok else "tests-failing"
        return self._close(record, timings, t_start, after)

    def _close(
        self, record: PocIteration, timings: dict[str, float], t_start: float, run: TestRun
    ) -> TestRun:
        record.ended_at = datetime.now(UTC)
        timings["total"] = time.perf_counter() - t_start
        record.timings = {k: round(v, 6) for k, v in timings.items()}
        # The iteration is done: its record, the commit it left as the new checkpoint and the end of
        # its pending writes go to the session in one save.
        self.poc.iterations.append(record)
        self.poc.checkpoint = record.commit or self.poc.checkpoint
        self.poc.pending = None
        with clock(timings, "save"):  # recorded with the next save: it cannot time itself
            self.work.save()
        record.timings["save"] = round(timings["save"], 6)
        r = run.results
        self.context.bus.emit(
            IterationFinished(
                iteration=record.iteration,
                passed=r.passed,
                failed=r.failed,
                errors=r.errors,
                files_changed=record.files_changed,
                duration_s=timings["total"],
                stuck=record.stuck,
                diff=self._previous_diff if record.files_changed else "",
            )
        )
        return run

    @staticmethod
    def _history_line(i: PocIteration) -> str:
        r = i.test_results
        counts = f"{r.passed} passed, {r.failed + r.errors} failing" if r else i.outcome
        files = ", ".join(i.files_changed[:5]) or "no files changed"
        return f"- iteration {i.iteration}: {counts}; changed {files}" + (" (stuck)" if i.stuck else "")

    async def _enrich(self, results: TestResults, record: PocIteration) -> str:
        if self.context.tools is None:
            return ""
        self._say("enrich", "gathering docs and search results")
        found = await enrich(self.context.tools, self.work.plan, results, self.context.develop.enrichment)
        record.enrichment_sources = found.sources
        for failure in found.failures:
            self._say("enrich", failure)
        return found.render()

    async def _fix(self, prompt: str, record: PocIteration, timings: dict[str, float]) -> list[str]:
        """The model call and its reflections; returns the files changed."""
        # What the model reads is redacted: the project's files are the tests' to write, and a test can
        # dig a key out of a process it can see (a fixture token of a key's shape reads [REDACTED] too).
        messages = [
            Message(role="system", content=FIX_SYSTEM),
            Message(role="user", content=redact_text(prompt)),
        ]
        changed: list[str] = []
        refused = 0
        reflections = 0
        tokens = {"input": 0, "output": 0}
        summaries = []
        while True:
            self._say(
                "model", f"fix request ({'reflection ' + str(reflections) if reflections else 'first'})"
            )
            request = f"fix, reflection {reflections}" if reflections else "fix"
            with clock(timings, "model"), self.context.waiting("model", request):
                reply = await self.context.llm.complete(messages, purpose="fix")
            tokens["input"] += reply.usage.input_tokens
            tokens["output"] += reply.usage.output_tokens
            with clock(timings, "apply"):
                applied = apply_reply(self.work.root, reply.text)
                if applied.changed:  # what it wrote, before anything else: a resume undoes exactly this
                    note_written(self.poc, record.iteration, self.work.root, applied.changed)
                self.work.save()  # with the request, in the ledger, even if this iteration is undone
            changed += [c for c in applied.changed if c not in changed]
            refused += len(applied.problems)
            summaries.append(_first_paragraph(reply.text))
            files, refused_now = _count(len(applied.changed), "file"), _count(len(applied.problems), "block")
            self._say("edits", f"{files} changed, {refused_now} refused")
            feedback = applied.reflection or (no_edits_message() if applied.block_count == 0 else "")
            if not feedback or reflections >= self.options.max_reflections:
                break
            reflections += 1
            messages += [
                Message(role="assistant", content=reply.text),
                Message(role="user", content=redact_text(feedback)),
            ]
        record.tokens = tokens
        self.usage.input_tokens += tokens["input"]
        self.usage.output_tokens += tokens["output"]
        # whole: the export is the customer's account of each iteration (the commit's line is cut)
        record.changes_summary = redact_text(next((s for s in summaries if s), "")).strip() or (
            f"changed {', '.join(changed)}"
        )
        record.reflections = reflections
        record.refused_edits = refused
        return changed

    async def _commit(self, number: int, record: PocIteration) -> str:
        """Commit the iteration's edits; a failed commit ends the run (the iteration is undone and
        re-run by the next one), so no edit is left for a later iteration's commit to take."""
        git = self.work.git
        subject = ITERATION_SUBJECT.format(number=number) + record.changes_summary
        sha = await git.commit_all(redacted_head(subject, 200))
        self._previous_diff = (
            await git.run("show", "--format=", "--no-color", "--no-ext-diff", "--no-textconv", sha)
            if sha
            else ""
        )
        return sha

    async def install(self) -> bool:
        """Run the template's install command when its trigger file exists; False when it failed."""
        template = self.work.template
        if not template.install_command or not (self.work.root / template.install_when).exists():
            return True
        self._say("install", " ".join(template.install_command[:4]))
        command = await expand(template.install_command, self.work.root)
        with (
            tempfile.TemporaryDirectory(prefix="sofia-install-") as scratch,
            self.context.waiting("install", " ".join(template.install_command[:4])),
        ):
            done = await run_process(
                command,
                self.work.root,
                child_environment(Path(scratch)),
                timeout_s=INSTALL_TIMEOUT_S,
                grace_s=self.options.grace_s,
                output_path=Path(scratch) / "out.txt",
            )
        if done.exit_code != 0:
            self._say("install", f"install failed: {done.start_error or output_tail(done.output, 500)}")
            return False
        return True


@contextmanager
def clock(timings: dict[str, float], key: str) -> Iterator[None]:
    """Add the time the ``with`` block takes to ``timings[key]`` (a step may run more than once)."""
    started = time.perf_counter()
    try:
        yield
    finally:
        timings[key] = timings.get(key, 0.0) + time.perf_counter() - started


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _first_paragraph(text: str) -> str:
    """The reply's first paragraph of prose, whole: its lines up to a blank line, a fence or an edit
    block joined with spaces (a model wraps a paragraph over several lines)."""
    kept: list[str] = []
    for line in text.splitlines():
        s = line.strip()
        edit = s.startswith(("```", "<<<<<<<", "=======", ">>>>>>>")) or "file=" in s
        if kept and (not s or edit):
            break
        if s and not edit:
            kept.append(s)
    return " ".join(kept)
