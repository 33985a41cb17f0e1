"""The test runner's contract on real commands: exit-code projects, run-level errors and what they say,
the child's environment and input, its output, and the grace a group gets on timeout."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sofia_nb.develop._results import ResultFormat
from sofia_nb.develop._runner import TestRun, TestRunner
from sofia_nb.session import TestFailure
from tests.support.ascii_locale import run_in_ascii_locale

from .test_runner import _live_members
from .test_runner_promises import _running

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
TIMEOUT_MESSAGE = (
    "the tests timed out after {} s, probably an infinite loop or a blocking call; "
    "the whole process group was killed"
)
JUNIT_FAILED_AND_ERRORED = """\
<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest" tests="2" errors="1" failures="1">
<testcase classname="test_a" name="test_fails"><failure message="assert 1 == 2">boom</failure></testcase>
<testcase classname="test_a" name="test_errors"><error message="fixture broke">oops</error></testcase>
</testsuite></testsuites>
"""
JUNIT_EMPTY = '<?xml version="1.0"?>\n<testsuites><testsuite name="pytest" tests="0"/></testsuites>\n'


def _python(code: str, fmt: ResultFormat = "exit-code", **kwargs: float) -> TestRunner:
    return TestRunner([sys.executable, "-c", code], fmt, **kwargs)


def _copy_report_then(prepared: Path, then: str, fmt: ResultFormat, **kwargs: float) -> TestRunner:
    """A stand-in test command that writes a prepared report to ``{report}``, then runs ``then``."""
    return TestRunner(["sh", "-c", f'cp "$0" "$1"; {then}', str(prepared), "{report}"], fmt, **kwargs)


def _run(runner: TestRunner, project: Path) -> TestRun:
    return asyncio.run(runner.run(project))


# --- exit-code projects -------------------------------------------------------------------------


def test_an_exit_code_project_that_exits_3_is_one_failure_naming_the_exit_code(tmp_path: Path) -> None:
    """Stdout and stderr both count; the run keeps the last 4000 characters, the failure the last 2000
    (lines of ten, so both cuts fall between words: a cut never splits one)."""
    out, err = "zzzzzzzzz\n" * 100 + "aaaaaaaaa\n" * 200 + "bbbbbbbbb\n" * 199, "EEEEEEEEE\n"
    code = (
        f"import sys; sys.stdout.write({out!r}); sys.stdout.flush(); sys.stderr.write({err!r}); sys.exit(3)"
    )
    run = _run(_python(code), tmp_path)
    text = (out + err)[-4000:]
    r = run.results
    assert run.exit_code == 3 and not run.ok
    assert (r.passed, r.failed, r.skipped, r.errors) == (0, 1, 0, 0)
    assert r.failures == [
        TestFailure(test_id="<test command>", message="exited with 3", trace_tail=text[-2000:])
    ]
    assert r.raw_output_tail == text


@pytest.mark.parametrize("size", [5, 3000], ids=["short", "between-the-two-limits"])
def test_a_failure_keeps_the_last_2000_characters_of_any_output(tmp_path: Path, size: int) -> None:
    out = ("abc\n" * size)[:size]  # a cut 2000 characters from the end falls between lines
    r = _run(_python(f"import sys; sys.stdout.write({out!r}); sys.exit(1)"), tmp_path).results
    assert [f.trace_tail for f in r.failures] == [out[-2000:]]


def test_a_run_without_a_report_keeps_the_last_2000_characters_of_its_output(tmp_path: Path) -> None:
    out = "xxxxxxxxx\n" * 100 + "yyyyyyyyy\n" * 200
    r = _run(_python(f"import sys; sys.stdout.write({out!r}); sys.exit(2)", "junit"), tmp_path).results
    assert [(f.test_id, f.trace_tail) for f in r.failures] == [("<no report>", "yyyyyyyyy\n" * 200)]


def test_an_exit_code_project_that_exits_0_is_one_passed_test(tmp_path: Path) -> None:
    before = time.perf_counter()
    run = _run(TestRunner(["sh", "-c", "echo fine"], "exit-code"), tmp_path)
    wall = time.perf_counter() - before
    r = run.results
    assert run.ok and run.exit_code == 0
    assert (r.passed, r.failed, r.skipped, r.errors, r.failures) == (1, 0, 0, 0, [])
    assert r.raw_output_tail == "fine\n"
    assert 0 < run.duration_s <= wall  # the run's own time, inside the time around it


@pytest.mark.timeout(20)  # a mutant that waits out the grace fails here
def test_a_hanging_exit_code_project_is_a_timeout_and_a_group_that_empties_is_not_waited_for(
    tmp_path: Path,
) -> None:
    """``sleep`` dies of the SIGTERM: the run returns then, not after its (long) grace."""
    grace = 60.0
    run = _run(TestRunner(["sleep", "300"], "exit-code", timeout_s=0.5, grace_s=grace), tmp_path)
    r = run.results
    assert run.timed_out and not run.ok and run.exit_code == -signal.SIGTERM
    assert (r.passed, r.failed, r.errors) == (0, 0, 1)
    assert [(f.test_id, f.message) for f in r.failures] == [("<timeout>", TIMEOUT_MESSAGE.format("0.5"))]
    assert run.duration_s < grace


@pytest.mark.timeout(20)  # a mutant that waits out the grace fails here
def test_a_group_member_still_cleaning_up_after_sigterm_gets_the_grace_to_finish(tmp_path: Path) -> None:
    """The leader dies of SIGTERM at once; a member that traps it needs a second to clean up. It is neither
    killed as soon as the leader is gone nor sent anything but SIGTERM before the grace is over."""
    ready, cleaned, other = tmp_path / "ready", tmp_path / "cleaned", tmp_path / "other-signals"
    member = tmp_path / "member.py"
    # Python runs a handler even while another one sleeps, so a signal other than SIGTERM is written
    # down whenever it comes (a shell would hold it until its TERM trap has exited).
    member.write_text(
        "import os, signal, sys, time\n"
        "def other(sig, frame):\n"
        "    with open(os.environ['OTHER'], 'a') as f:\n"
        "        f.write(signal.Signals(sig).name + '\\n')\n"
        "for sig in (signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2):\n"
        "    signal.signal(sig, other)\n"
        "def cleanup(sig, frame):\n"
        "    time.sleep(1)\n"
        "    open(os.environ['CLEANED'], 'w').write('done')\n"
        "    sys.exit(0)\n"
        "signal.signal(signal.SIGTERM, cleanup)\n"
        "open(os.environ['READY'], 'w').write('ready')\n"
        "while True:\n"
        "    time.sleep(0.1)\n"
    )
    runner = TestRunner(
        ["sh", "-c", f"{sys.executable} {member} & exec sleep 300"],
        "exit-code",
        timeout_s=1,
        grace_s=30,
        extra_env={"READY": str(ready), "CLEANED": str(cleaned), "OTHER": str(other)},
    )
    run = _run(runner, tmp_path)
    assert ready.exists(), "the member had not started before the timeout"
    assert run.timed_out and run.exit_code == -signal.SIGTERM
    assert cleaned.exists(), "the member was killed before its grace was over"
    assert not other.exists(), f"the member got {other.read_text().split()} besides SIGTERM"
    assert run.pgid is not None and _live_members(run.pgid) == []


# --- run-level errors ---------------------------------------------------------------------------


def test_a_command_that_exits_without_writing_a_report_is_one_error_naming_its_exit_code(
    tmp_path: Path,
) -> None:
    run = _run(TestRunner(["sh", "-c", "echo crashed; exit 2"], "junit"), tmp_path)
    r = run.results
    assert not run.ok and (r.passed, r.failed, r.skipped, r.errors) == (0, 0, 0, 1)
    message = (
        "the test command exited with 2 and wrote no report (a crash or an import error before collection)"
    )
    assert r.failures == [TestFailure(test_id="<no report>", message=message, trace_tail="crashed\n")]
    assert r.raw_output_tail == "crashed\n"


def test_a_timeout_comes_first_and_adds_one_error_to_what_the_report_already_said(tmp_path: Path) -> None:
    prepared = tmp_path / "partial.xml"
    prepared.write_text(JUNIT_FAILED_AND_ERRORED)
    run = _run(_copy_report_then(prepared, "echo hanging; exec sleep 300", "junit", timeout_s=1), tmp_path)
    r = run.results
    assert run.timed_out and not run.ok
    assert (r.passed, r.failed, r.errors) == (0, 1, 2)
    assert [f.test_id for f in r.failures] == ["<timeout>", "test_a.py::test_fails", "test_a.py::test_errors"]
    assert r.failures[0] == TestFailure(
        test_id="<timeout>", message=TIMEOUT_MESSAGE.format("1"), trace_tail="hanging\n"
    )
    assert r.raw_output_tail == "hanging\n"


def test_a_command_that_exits_0_having_run_nothing_is_one_error_saying_so(tmp_path: Path) -> None:
    prepared = tmp_path / "empty.xml"
    prepared.write_text(JUNIT_EMPTY)
    run = _run(_copy_report_then(prepared, "echo all good", "junit"), tmp_path)
    r = run.results
    assert run.exit_code == 0 and not run.ok and r.errors == 1
    message = "no tests ran: the test command collected nothing"
    assert r.failures == [TestFailure(test_id="<no tests>", message=message, trace_tail="all good\n")]


def test_a_command_that_cannot_start_is_one_error_naming_the_program_with_no_output(tmp_path: Path) -> None:
    run = _run(TestRunner(["definitely-not-a-command-xyz", "--flag"], "junit"), tmp_path)
    r = run.results
    assert run.exit_code is None and not run.ok and (r.errors, r.total) == (1, 1)
    (failure,) = r.failures
    assert failure.test_id == "<test command>" and failure.trace_tail == ""
    assert failure.message.startswith("could not start definitely-not-a-command-xyz: ")


def test_vitest_failures_are_named_relative_to_the_project(tmp_path: Path) -> None:
    report = {
        "testResults": [
            {
                "name": str(tmp_path / "tests" / "sum.test.ts"),
                "status": "failed",
                "assertionResults": [
                    {"fullName": "sum adds", "status": "failed", "failureMessages": ["expected 1 to be 3"]}
                ],
            }
        ]
    }
    prepared = tmp_path / "prepared.json"
    prepared.write_text(json.dumps(report))
    run = _run(_copy_report_then(prepared, "exit 1", "vitest-json"), tmp_path)
    assert [(f.test_id, f.file) for f in run.results.failures] == [
        ("tests/sum.test.ts::sum adds", "tests/sum.test.ts")
    ]


# --- what the child gets ------------------------------------------------------------------------

ENV_DUMP = (
    "import json, os, sys\n"
    "home = os.environ.get('HOME', '')\n"
    "print(json.dumps({**os.environ, 'home_is_a_folder': os.path.isabs(home) and os.path.isdir(home)}))\n"
)


def test_the_command_gets_the_given_environment_scrubbed_plus_no_colours_ci_and_a_scratch_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONLY_IN_THE_OWNER", "1")
    given = {"PATH": os.environ.get("PATH", ""), "GIVEN": "from-env", "OPENAI_API_KEY": "sk-not-for-children"}
    runner = TestRunner(
        [sys.executable, "-c", ENV_DUMP], "exit-code", env=given, extra_env={"EXTRA": "from-extra"}
    )
    run = _run(runner, tmp_path)
    assert run.ok, run.results.raw_output_tail
    env = json.loads(run.results.raw_output_tail)
    assert (env["GIVEN"], env["EXTRA"]) == ("from-env", "from-extra")
    assert "OPENAI_API_KEY" not in env and "ONLY_IN_THE_OWNER" not in env
    assert {k: env[k] for k in ("NO_COLOR", "FORCE_COLOR", "CI", "PYTHONDONTWRITEBYTECODE")} == {
        "NO_COLOR": "1",
        "FORCE_COLOR": "0",
        "CI": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    assert env["home_is_a_folder"] and env["HOME"] != os.path.expanduser("~")
    assert not Path(env["HOME"]).exists(), "the scratch HOME outlived the run"


def test_the_command_runs_in_the_project_and_reads_nothing_from_the_owners_input(tmp_path: Path) -> None:
    """The owner's stdin (a terminal, a notebook's pipe) holds a line: the command sees end of input."""
    code = "import os, sys; print(os.getcwd()); print(repr(sys.stdin.read()))"
    read_end, write_end = os.pipe()
    os.write(write_end, b"typed by the user\n")
    os.close(write_end)
    saved = os.dup(0)
    os.dup2(read_end, 0)
    try:
        run = _run(_python(code), tmp_path)
    finally:
        os.dup2(saved, 0)
        os.close(saved)
        os.close(read_end)
    assert run.results.raw_output_tail == f"{tmp_path}\n''\n"


def test_bytes_that_are_not_utf8_are_shown_with_replacement_characters(tmp_path: Path) -> None:
    """In this process, so mutation testing sees it; the locale half of the promise needs a child below."""
    run = _run(_python('import sys; sys.stdout.buffer.write(b"caf\\xc3\\xa9 \\xff"); sys.exit(1)'), tmp_path)
    assert run.results.raw_output_tail == "caf\u00e9 \ufffd"
    assert [f.trace_tail for f in run.results.failures] == ["caf\u00e9 \ufffd"]


def test_output_is_read_as_utf8_whatever_the_locale_and_bad_bytes_do_not_break_the_run() -> None:
    child = run_in_ascii_locale(
        "import asyncio, sys, tempfile\n"
        "from pathlib import Path\n"
        "from sofia_nb.develop._runner import TestRunner\n"
        "code = 'import sys; sys.stdout.buffer.write(b\"caf\\\\xc3\\\\xa9 \\\\xff\")'\n"
        "runner = TestRunner([sys.executable, '-c', code], 'exit-code')\n"
        "run = asyncio.run(runner.run(Path(tempfile.gettempdir())))\n"
        "print(ascii(run.results.raw_output_tail))\n"
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout.strip() == ascii("caf\u00e9 \ufffd")


@linux_only
def test_no_child_outlives_its_owner_a_command_dies_when_the_process_running_it_is_sigkilled(
    tmp_path: Path,
) -> None:
    pid_file = tmp_path / "child.pid"
    owner_code = (
        "import asyncio, sys\n"
        "from pathlib import Path\n"
        "from sofia_nb.develop._runner import TestRunner\n"
        f"command = ['sh', '-c', 'echo $$ > {pid_file}; exec sleep 300']\n"
        "runner = TestRunner(command, 'exit-code', timeout_s=60)\n"
        f"asyncio.run(runner.run(Path({str(tmp_path)!r})))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    owner = subprocess.Popen([sys.executable, "-c", owner_code], env=env)
    try:
        for _ in range(400):
            if pid_file.exists() and pid_file.read_text().strip():
                break
            time.sleep(0.05)
        child = int(pid_file.read_text())
    finally:
        owner.kill()
        owner.wait()
    try:
        for _ in range(100):  # the parent-death signal is delivered asynchronously
            if not _running(child):
                break
            time.sleep(0.05)
        assert not _running(child), "the test command outlived its SIGKILLed owner"
    finally:
        if _running(child):
            os.kill(child, signal.SIGKILL)


@linux_only
def test_no_child_outlives_a_user_stop_a_cancelled_run_leaves_nothing_running(tmp_path: Path) -> None:
    pid_file = tmp_path / "child.pid"
    command = ["sh", "-c", f"sleep 300 & echo $! > {pid_file}; wait"]  # a grandchild in the group
    runner = TestRunner(command, "exit-code", timeout_s=60)

    async def stop_once_started() -> None:
        run = asyncio.ensure_future(runner.run(tmp_path))
        while not (pid_file.exists() and pid_file.read_text().strip()) and not run.done():
            await asyncio.sleep(0.05)
        assert not run.done(), f"the command ended before it started its grandchild: {run.result()}"
        run.cancel()
        with pytest.raises(asyncio.CancelledError):
            await run

    asyncio.run(stop_once_started())
    child = int(pid_file.read_text())
    try:
        for _ in range(100):  # SIGKILL is delivered asynchronously
            if not _running(child):
                break
            time.sleep(0.05)
        assert not _running(child), "the test command outlived a cancelled run"
    finally:
        if _running(child):
            os.kill(child, signal.SIGKILL)
