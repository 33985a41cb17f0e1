"""The test runner on real pytest runs: parsing, no-tests and collection errors, and the timeout kill."""

from __future__ import annotations

import asyncio
import json
import sys
import textwrap
import time
from pathlib import Path

import pytest

from sofia_nb.develop import TEMPLATES
from sofia_nb.develop._results import parse_vitest
from sofia_nb.develop._runner import TestRunner


def runner(**kwargs: float) -> TestRunner:
    return TEMPLATES["python-pytest"].runner(**kwargs)


def project(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(textwrap.dedent(text))
    return tmp_path


def test_failures_are_parsed_with_id_file_line_and_trace(tmp_path: Path) -> None:
    root = project(
        tmp_path,
        {
            "src/calc.py": "def add(a, b):\n    return a - b\n",
            "tests/test_calc.py": """\
            import pytest
            from src.calc import add

            def test_add():
                assert add(2, 3) == 5

            def test_ok():
                assert add(2, 0) == 2

            @pytest.mark.skip(reason="later")
            def test_later():
                pass

            class TestGroup:
                def test_in_class(self):
                    assert add(1, 1) == 2
        """,
            "tests/__init__.py": "",
            "src/__init__.py": "",
        },
    )
    run = asyncio.run(runner().run(root))
    r = run.results
    assert (r.passed, r.failed, r.skipped, r.errors) == (1, 2, 1, 0)
    assert not run.ok and run.exit_code == 1
    first = r.failures[0]
    assert first.test_id == "tests/test_calc.py::test_add"
    assert (first.file, first.line) == ("tests/test_calc.py", 5)
    assert "assert -1 == 5" in first.message
    assert "tests/test_calc.py:5" in first.trace_tail
    assert r.failures[1].test_id == "tests/test_calc.py::TestGroup::test_in_class"


def test_passing_run_is_ok(tmp_path: Path) -> None:
    root = project(tmp_path, {"test_a.py": "def test_a():\n    assert True\n"})
    run = asyncio.run(runner().run(root))
    assert run.ok and run.results.passed == 1


def test_collection_error_is_a_failure(tmp_path: Path) -> None:
    root = project(tmp_path, {"test_a.py": "import missing_module_xyz\n\ndef test_a():\n    pass\n"})
    run = asyncio.run(runner().run(root))
    assert not run.ok and run.results.errors == 1
    assert "missing_module_xyz" in run.results.failures[0].trace_tail


def test_no_tests_is_a_failure(tmp_path: Path) -> None:
    root = project(tmp_path, {"src.py": "X = 1\n"})
    run = asyncio.run(runner().run(root))
    assert not run.ok and run.exit_code == 5
    assert run.results.failures[0].test_id == "<no tests>"


def test_environment_is_scrubbed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-should-not-leak-0123456789")
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_shouldnotleak0123456789abcdefgh")
    test = (
        'import os\n\ndef test_env():\n    assert not {"OPENAI_API_KEY", "GITHUB_TOKEN"} & set(os.environ)\n'
    )
    root = project(tmp_path, {"test_env.py": test})
    run = asyncio.run(runner().run(root))
    assert run.ok, run.results.raw_output_tail


def _dead(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state in ("Z", "X")  # a zombie waits for init to reap it but runs nothing


def _live_members(pgid: int) -> list[int]:
    """Processes of a group that still run (zombies excluded), read from /proc."""
    members = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
                members.append(int(entry.name))
    return members


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_hanging_test_is_killed_with_its_whole_group(tmp_path: Path) -> None:
    pids = tmp_path / "pids.json"
    root = project(
        tmp_path / "p",
        {
            "test_hang.py": f"""\
        import json, os, signal, subprocess, sys, time
        def test_hang():
            stubborn = subprocess.Popen([sys.executable, "-c",
                "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(600)"])
            plain = subprocess.Popen(["sleep", "600"])
            signal.signal(signal.SIGTERM, signal.SIG_IGN)  # pytest itself ignores SIGTERM too
            with open({str(pids)!r}, "w") as f:
                json.dump([os.getpid(), stubborn.pid, plain.pid], f)
            time.sleep(600)
    """
        },
    )
    started = time.monotonic()
    run = asyncio.run(runner(timeout_s=3, grace_s=1).run(root))
    elapsed = time.monotonic() - started
    assert run.timed_out and not run.ok
    assert run.results.failures[0].test_id == "<timeout>"
    procs = json.loads(pids.read_text())
    assert len(procs) == 3
    assert all(_dead(pid) for pid in procs), [p for p in procs if not _dead(p)]
    assert run.pgid is not None
    assert _live_members(run.pgid) == []
    assert elapsed < 3 + 1 + 30  # bounded by timeout + grace, with room for a loaded machine


def test_missing_command_is_an_error(tmp_path: Path) -> None:
    run = asyncio.run(TestRunner(["definitely-not-a-command-xyz"], "junit").run(tmp_path))
    assert not run.ok and run.results.failures[0].test_id == "<test command>"


def test_vitest_json_is_parsed(tmp_path: Path) -> None:
    report = {
        "numTotalTests": 3,
        "startTime": 1000,
        "success": False,
        "testResults": [
            {
                "name": str(tmp_path / "tests/sum.test.ts"),
                "status": "failed",
                "endTime": 1500,
                "assertionResults": [
                    {
                        "fullName": "sum adds",
                        "title": "adds",
                        "status": "failed",
                        "failureMessages": [
                            "AssertionError: expected 1 to be 3\n    at tests/sum.test.ts:4:20"
                        ],
                        "location": {"line": 4, "column": 5},
                    },
                    {"fullName": "sum zero", "title": "zero", "status": "passed", "failureMessages": []},
                    {"fullName": "sum later", "title": "later", "status": "skipped", "failureMessages": []},
                ],
            },
            {
                "name": str(tmp_path / "tests/broken.test.ts"),
                "status": "failed",
                "endTime": 1200,
                "message": "Failed to load url ../src/nope",
                "assertionResults": [],
            },
        ],
    }
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report))
    r = parse_vitest(path, tmp_path)
    assert (r.passed, r.failed, r.skipped, r.errors) == (1, 1, 1, 1)
    assert r.failures[1].test_id == "tests/broken.test.ts"
    f = r.failures[0]
    assert (f.test_id, f.file, f.line) == ("tests/sum.test.ts::sum adds", "tests/sum.test.ts", 4)
    assert f.message == "AssertionError: expected 1 to be 3"
    assert r.duration_s == 0.5


VITEST_HOME = Path(__file__).resolve().parents[2] / "tools" / "npm" / "node_modules"


@pytest.mark.node
def test_real_vitest_run_is_parsed(tmp_path: Path) -> None:
    if not (VITEST_HOME / ".bin" / "vitest").exists():
        pytest.skip("vitest is missing: `make npm` installs it into tools/npm")
    root = project(
        tmp_path,
        {
            "package.json": '{"name": "t", "private": true, "type": "module"}\n',
            "src/calc.ts": "export function add(a: number, b: number): number {\n  return a - b;\n}\n",
            "tests/calc.test.ts": 'import { it, expect } from "vitest";\n'
            'import { add } from "../src/calc";\n\n'
            'it("adds", () => {\n  expect(add(2, 3)).toBe(5);\n});\n'
            'it("zero", () => {\n  expect(add(0, 0)).toBe(0);\n});\n',
        },
    )
    (root / "node_modules").symlink_to(VITEST_HOME)
    run = asyncio.run(TEMPLATES["node-ts-vitest"].runner().run(root))
    r = run.results
    assert (r.passed, r.failed) == (1, 1) and not run.ok
    f = r.failures[0]
    assert (f.test_id, f.file, f.line) == ("tests/calc.test.ts::adds", "tests/calc.test.ts", 5)
    assert "expected -1 to be 5" in f.message
