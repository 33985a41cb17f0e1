"""Running a project's tests: no shell, a scrubbed environment, its own process group, a hard timeout.

On timeout the whole group gets SIGTERM, then SIGKILL after a grace period unless the group is
already empty. The reference loop checked ``child.killed`` (true right after the first signal), so
its SIGKILL never fired; here the group itself is polled. A run that leaves stray processes behind
after a normal exit has them killed too (architecture.md §4.7).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from pydantic import BaseModel, Field

from .._children import die_with_parent, kill_group
from ..redact import redact_text, scrubbed_env
from ..session import TestFailure, TestResults
from ._results import ReportError, ResultFormat, parse_report

TEST_TIMEOUT_S = 120.0
"""One test run's default limit: a PoC's suite runs in seconds; two minutes means a hang (an
infinite loop, a blocking call), which is then reported to the model as a timeout."""
INSTALL_TIMEOUT_S = 600.0
"""The install command's limit: dependencies download, so it gets five times a test run's."""
DEFAULT_GRACE_S = 5.0
"""Between SIGTERM and SIGKILL: long enough for a test runner to write its report and exit."""
OUTPUT_TAIL_CHARS = 4000
"""What is kept of a run's output: the end, where the failure summary is."""
_POLL_S = 0.05


class TestRun(BaseModel):
    """One run of the test command: the parsed results and how the process ended."""

    __test__ = False
    command: list[str]
    results: TestResults
    exit_code: int | None = None
    timed_out: bool = False
    duration_s: float = 0.0
    pgid: int | None = Field(default=None, description="the process group the run used (all killed by now)")

    @property
    def ok(self) -> bool:
        """Green: at least one test ran, none failed or errored, and the run was not killed."""
        r = self.results
        return not self.timed_out and r.passed > 0 and r.failed == 0 and r.errors == 0


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


async def _stop_group(proc: asyncio.subprocess.Process, grace_s: float) -> None:
    """SIGTERM the group, wait until it is empty or ``grace_s`` passes, then SIGKILL what is left."""
    pgid = proc.pid
    kill_group(pgid, signal.SIGTERM)
    deadline = time.monotonic() + grace_s
    while time.monotonic() < deadline:
        if proc.returncode is None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(proc.wait(), _POLL_S)
        elif not _group_alive(pgid):
            return
        else:
            await asyncio.sleep(_POLL_S)
    kill_group(pgid, signal.SIGKILL)
    await proc.wait()


class ProcessOutcome(BaseModel):
    """How a child ended: exit code (None when it could not start), timeout, output tail, its group."""

    argv: list[str]
    exit_code: int | None = None
    timed_out: bool = False
    start_error: str = ""
    output: str = ""
    duration_s: float = 0.0
    pgid: int | None = None


def child_environment(
    home: Path, base: Mapping[str, str] | None = None, extra: Mapping[str, str] | None = None
) -> dict[str, str]:
    """A scrubbed environment: no credentials, no colours or watch mode, HOME in a scratch folder."""
    env = scrubbed_env(base)
    env.update(
        {"NO_COLOR": "1", "FORCE_COLOR": "0", "CI": "1", "HOME": str(home), "PYTHONDONTWRITEBYTECODE": "1"}
    )
    env.update(extra or {})
    return env


async def run_process(
    argv: Sequence[str],
    cwd: Path,
    env: Mapping[str, str],
    *,
    timeout_s: float,
    grace_s: float,
    output_path: Path,
) -> ProcessOutcome:
    """Run ``argv`` without a shell in its own session; stdout and stderr go to ``output_path``."""
    started = time.perf_counter()
    outcome = ProcessOutcome(argv=list(argv))
    with open(output_path, "wb") as output:  # noqa: ASYNC230 - a local scratch file the child writes to
        try:
            proc = await asyncio.create_subprocess_exec(
                *argv,
                cwd=cwd,
                env=dict(env),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=output,
                stderr=asyncio.subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=die_with_parent(),
            )
        except OSError as exc:
            outcome.start_error = f"could not start {argv[0]}: {exc}"
            return outcome
        outcome.pgid = proc.pid
        try:
            await asyncio.wait_for(proc.wait(), timeout_s)
        except TimeoutError:
            outcome.timed_out = True
            await _stop_group(proc, grace_s)
        finally:
            if proc.returncode is None:  # cancelled (a user stop): nothing may outlive us
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
            kill_group(proc.pid, signal.SIGKILL)  # the rest of the group, and strays of a normal exit
    outcome.exit_code = proc.returncode
    outcome.duration_s = time.perf_counter() - started
    text = output_path.read_text(encoding="utf-8", errors="replace")  # noqa: ASYNC240 - small local file
    outcome.output = redact_text(text)[-OUTPUT_TAIL_CHARS:]
    return outcome


def _special_failure(results: TestResults, test_id: str, message: str, output: str) -> TestResults:
    """A run-level problem (timeout, nothing collected, no report) counted as an error, never success."""
    results.errors += 1
    results.failures.insert(0, TestFailure(test_id=test_id, message=message, trace_tail=output[-2000:]))
    return results


class TestRunner:
    """Runs ``command`` in a project; ``{report}`` in it is replaced by a private report file path."""

    __test__ = False

    def __init__(
        self,
        command: Sequence[str],
        result_format: ResultFormat,
        *,
        timeout_s: float = TEST_TIMEOUT_S,
        grace_s: float = DEFAULT_GRACE_S,
        env: Mapping[str, str] | None = None,
        extra_env: Mapping[str, str] | None = None,
    ) -> None:
        self.command = list(command)
        self.extra_env = dict(extra_env or {})
        self.result_format = result_format
        self.timeout_s = timeout_s
        self.grace_s = grace_s
        self._env = env

    async def run(self, project: Path) -> TestRun:
        with tempfile.TemporaryDirectory(prefix="sofia-tests-") as scratch:
            report = Path(scratch) / ("report.xml" if self.result_format == "junit" else "report.json")
            argv = [part.replace("{report}", str(report)) for part in self.command]
            env = child_environment(Path(scratch), self._env, self.extra_env)
            done = await run_process(
                argv,
                project,
                env,
                timeout_s=self.timeout_s,
                grace_s=self.grace_s,
                output_path=Path(scratch) / "output.txt",
            )
            if done.start_error:
                results = _special_failure(TestResults(), "<test command>", done.start_error, "")
            else:
                results = self._results(report, project, done.output, done.exit_code, done.timed_out)
            return TestRun(
                command=argv,
                results=results,
                exit_code=done.exit_code,
                timed_out=done.timed_out,
                duration_s=done.duration_s,
                pgid=done.pgid,
            )

    def _results(
        self, report: Path, project: Path, text: str, code: int | None, timed_out: bool
    ) -> TestResults:
        if self.result_format == "exit-code" and code is not None and not timed_out:
            ok = code == 0
            results = TestResults(passed=int(ok), failed=int(not ok))
            if not ok:
                results.failures.append(
                    TestFailure(
                        test_id="<test command>", message=f"exited with {code}", trace_tail=text[-2000:]
                    )
                )
            results.raw_output_tail = text
            return results
        try:
            results = parse_report(self.result_format, report, project)
        except ReportError:
            results = TestResults()
            if not timed_out:
                _special_failure(
                    results,
                    "<no report>",
                    f"the test command exited with {code} and wrote no "
                    "report (a crash or an import error before collection)",
                    text,
                )
        if timed_out:
            _special_failure(
                results,
                "<timeout>",
                f"the tests timed out after {self.timeout_s:g} s, probably an "
                "infinite loop or a blocking call; the whole process group was killed",
                text,
            )
        elif results.total == 0:
            _special_failure(results, "<no tests>", "no tests ran: the test command collected nothing", text)
        results.raw_output_tail = text
        return results
