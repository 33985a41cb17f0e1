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
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import BinaryIO

from pydantic import BaseModel, Field

from .._children import dying_with_parent, kill_group
from ..redact import cut_margin, redacted_tail, scrubbed_env
from ..session import TestFailure, TestResults
from ._results import ReportError, ResultFormat, parse_report
from ._venv import expand

TEST_TIMEOUT_S = 120.0
"""One test run's default limit: a PoC's suite runs in seconds; two minutes means a hang (an
infinite loop, a blocking call), which is then reported to the model as a timeout."""
INSTALL_TIMEOUT_S = 600.0
"""The install command's limit: dependencies download, so it gets five times a test run's."""
DEFAULT_GRACE_S = 5.0
"""Between SIGTERM and SIGKILL: long enough for a test runner to write its report and exit."""
OUTPUT_TAIL_CHARS = 4000
"""What is kept of a run's output: the end, where the failure summary is."""
OUTPUT_FILE_BYTES = 16 * 2**20
"""What of a run's output is written to its file; the rest is counted, and its end kept in memory."""
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
    """The end of what it printed (``OUTPUT_TAIL_CHARS``), redacted: ``output_tail``."""
    output_bytes: int = 0
    duration_s: float = 0.0
    pgid: int | None = None


class ProjectGone(RuntimeError):
    """The project folder disappeared (a test deleted it, or someone else did): the loop stops."""


def child_environment(
    home: Path, base: Mapping[str, str] | None = None, extra: Mapping[str, str] | None = None
) -> dict[str, str]:
    """A scrubbed environment: no credentials, no colours or watch mode, and ``HOME`` and ``TMPDIR``
    in a scratch folder of its own, outside the project's git tree."""
    tmp = home / "tmp"
    tmp.mkdir(exist_ok=True)
    env = scrubbed_env(base)
    env.update(
        {
            "NO_COLOR": "1",
            "FORCE_COLOR": "0",
            "CI": "1",
            "HOME": str(home),
            "TMPDIR": str(tmp),
            "PYTHONDONTWRITEBYTECODE": "1",
        }
    )
    env.update(extra or {})
    return env


def output_tail(text: str, limit: int = OUTPUT_TAIL_CHARS) -> str:
    """The end of a run's output as the model and the session may see it: about ``limit``
    characters, redacted, no secret cut in two (``redact.redacted_tail``). The one function that
    shortens test output; the prompt shortens further only through it."""
    return redacted_tail(text, limit)


class _Output(asyncio.Protocol):
    """A run's output as it arrives: the first ``OUTPUT_FILE_BYTES`` to the file, and the last bytes
    the tail needs in memory. Neither grows with the output (500 MB of it cost 1.1 GB once)."""

    def __init__(self, file: BinaryIO, tail_bytes: int) -> None:
        self.file, self.tail_bytes = file, tail_bytes
        self.tail = bytearray()
        self.total = 0
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def data_received(self, data: bytes) -> None:
        room = OUTPUT_FILE_BYTES - self.total
        if room > 0:
            self.file.write(data[:room])
        self.total += len(data)
        self.tail += data
        if len(self.tail) > 2 * self.tail_bytes:  # trimmed in batches: one copy per tail's worth
            del self.tail[: len(self.tail) - self.tail_bytes]

    def connection_lost(self, exc: Exception | None) -> None:
        if self.total > OUTPUT_FILE_BYTES:
            self.file.write(
                f"\n[sofia_nb: {self.total - OUTPUT_FILE_BYTES:,} more bytes not kept]\n".encode()
            )
        if not self.closed.done():
            self.closed.set_result(None)

    def text(self) -> str:
        """What the tail needs: the whole output when it is short, else its last bytes, decoded."""
        return bytes(self.tail[-self.tail_bytes :]).decode("utf-8", errors="replace")


def _not_found(program: str, cwd: Path, env: Mapping[str, str]) -> str | None:
    """Why ``program`` cannot be started, looked up as ``exec`` would (the reaper runs it, so its
    absence is told here, as a start failure, not as an exit status)."""
    if "/" in program:
        path = Path(program) if Path(program).is_absolute() else cwd / program
        if not path.is_file():
            return f"no such file {path}"
        return None if os.access(path, os.X_OK) else f"{path} is not executable"
    return None if shutil.which(program, path=env.get("PATH", os.defpath)) else "not found on PATH"


async def run_process(
    argv: Sequence[str],
    cwd: Path,
    env: Mapping[str, str],
    *,
    timeout_s: float,
    grace_s: float,
    output_path: Path,
) -> ProcessOutcome:
    """Run ``argv`` without a shell, inside the reaper (``sofia_nb._reaper``) in its own session.

    Its output (stdout and stderr) streams through a pipe: the first ``OUTPUT_FILE_BYTES`` go to
    ``output_path``, and ``outcome.output`` is its redacted tail, so memory and disk stay bounded
    however much the command prints. Nothing it starts outlives it: the reaper kills what is left
    below it when the command ends, and on a timeout or a stop it gets SIGTERM and ``grace_s`` to
    do so before its group is killed.
    """
    started = time.perf_counter()
    outcome = ProcessOutcome(argv=list(argv))
    if (missing := _not_found(argv[0], cwd, env)) is not None:
        outcome.start_error = f"could not start {argv[0]}: {missing}"
        return outcome
    reaper, preexec = dying_with_parent(
        [
            *(sys.executable, "-m", "sofia_nb._reaper", "--owner", str(os.getpid())),
            *("--grace", f"{max(0.5, grace_s - 1):g}", "--", *argv),
        ]
    )
    read_end, write_end = os.pipe()
    with open(output_path, "wb") as output:  # noqa: ASYNC230 - a local scratch file, written as data comes
        try:
            proc = await asyncio.create_subprocess_exec(
                *reaper,
                cwd=cwd,
                env=dict(env),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=write_end,
                stderr=write_end,
                start_new_session=True,
                preexec_fn=preexec,  # None with setpriv: no fork() of a large kernel
            )
        except OSError as exc:
            os.close(read_end)
            outcome.start_error = f"could not start {argv[0]}: {exc}"
            return outcome
        finally:
            os.close(write_end)  # the child holds the only write end now: its end is our EOF
        stream = _Output(output, (OUTPUT_TAIL_CHARS + cut_margin()) * 4)
        transport, _ = await asyncio.get_running_loop().connect_read_pipe(
            lambda: stream, os.fdopen(read_end, "rb", buffering=0)
        )
        outcome.pgid = proc.pid
        try:
            await asyncio.wait_for(proc.wait(), timeout_s)
        except TimeoutError:
            outcome.timed_out = True
            await _stop_group(proc, grace_s)
        finally:
            if proc.returncode is None:  # cancelled (a user stop): the reaper ends its tree, briefly
                await asyncio.shield(_stop_group(proc, min(grace_s, 2.0)))
            kill_group(proc.pid, signal.SIGKILL)  # the rest of the group, if any
            with contextlib.suppress(TimeoutError):  # a stray that kept the pipe open was just killed
                await asyncio.wait_for(asyncio.shield(stream.closed), 5.0)
            transport.close()
    outcome.exit_code = proc.returncode
    outcome.duration_s = time.perf_counter() - started
    outcome.output_bytes = stream.total
    outcome.output = output_tail(stream.text())
    return outcome


def _special_failure(results: TestResults, test_id: str, message: str, output: str) -> TestResults:
    """A run-level problem (timeout, nothing collected, no report) counted as an error, never success."""
    results.errors += 1
    results.failures.insert(
        0, TestFailure(test_id=test_id, message=message, trace_tail=output_tail(output, 2000))
    )
    return results


def _check_there(project: Path) -> None:
    if not project.is_dir():
        raise ProjectGone(
            f"the project folder {project} is gone (a test may have deleted it); the loop stops: "
            "nothing is left to test or commit"
        )


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
        """Run the tests in ``project`` (``{python}``: the PoC's own interpreter, made if needed);
        ``ProjectGone`` when the folder is not there before or after."""
        _check_there(project)
        command = await expand(self.command, project)
        with tempfile.TemporaryDirectory(prefix="sofia-tests-") as scratch:
            report = Path(scratch) / ("report.xml" if self.result_format == "junit" else "report.json")
            argv = [part.replace("{report}", str(report)) for part in command]
            env = child_environment(Path(scratch), self._env, self.extra_env)
            done = await run_process(
                argv,
                project,
                env,
                timeout_s=self.timeout_s,
                grace_s=self.grace_s,
                output_path=Path(scratch) / "output.txt",
            )
            _check_there(project)
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
                        test_id="<test command>",
                        message=f"exited with {code}",
                        trace_tail=output_tail(text, 2000),
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
