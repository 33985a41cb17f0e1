"""Test reports into ``TestResults``: pytest's JUnit XML and vitest's JSON reporter."""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Literal

from ..redact import redacted_head, redacted_tail
from ..session import TestFailure, TestResults

ResultFormat = Literal["junit", "vitest-json", "exit-code"]
"""How a test command reports: pytest JUnit XML, vitest JSON, or only its exit status (any other command)."""

TRACE_TAIL_LINES = 15
"""Lines kept of a failure's trace: the end, where the failing line and the assertion are."""
TRACE_TAIL_CHARS = 4000
"""Fifteen lines of a trace can be one minified line of megabytes: characters bound it too."""
MESSAGE_CHARS = 500
"""A failure's message: its first line, the assertion; a longer one is cut (redacted first)."""
MAX_FAILURES = 20
"""Failures kept per run: past twenty the same cause repeats, and the prompt has a budget."""
_PY_FRAME = re.compile(r"^(?P<file>[^\s:][^:\n]*\.py):(?P<line>\d+):", re.M)


class ReportError(ValueError):
    """The report file is missing or unreadable (a crash, a kill, an import error before collection)."""


def _tail(text: str, lines: int = TRACE_TAIL_LINES) -> str:
    """The last lines of a trace, redacted (a test's trace is untrusted text: it may print a key)."""
    return redacted_tail("\n".join(text.rstrip().splitlines()[-lines:]), TRACE_TAIL_CHARS)


def _short(message: str) -> str:
    return redacted_head(message, MESSAGE_CHARS)


def _first_line(text: str) -> str:
    return next((x.strip() for x in text.splitlines() if x.strip()), "")


def _pytest_location(classname: str, name: str, trace: str) -> tuple[str, str, int | None]:
    """``(test_id, file, line)``: the frame in the test's own module when the trace has one."""
    frames = [(m["file"], int(m["line"])) for m in _PY_FRAME.finditer(trace)]
    for file, line in frames:
        module = file[:-3].replace("/", ".")
        if classname == module or classname.startswith(module + "."):
            rest = classname[len(module) :].lstrip(".")
            return "::".join([file, *([rest] if rest else []), name]), file, line
    guess = classname.replace(".", "/") + ".py" if classname else ""
    test_id = f"{guess}::{name}" if guess else name
    return (test_id, *frames[-1]) if frames else (test_id, guess, None)


def parse_junit(path: Path) -> TestResults:
    """pytest ``--junitxml``: every testcase, its failure/error/skip, file and line from the trace."""
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as exc:
        raise ReportError(f"no readable JUnit report at {path}: {exc}") from None
    results = TestResults()
    for case in root.iter("testcase"):
        bad = next((c for c in case if c.tag in ("failure", "error")), None)
        if case.find("skipped") is not None and bad is None:
            results.skipped += 1
            continue
        if bad is None:
            results.passed += 1
            continue
        if bad.tag == "failure":
            results.failed += 1
        else:
            results.errors += 1
        trace = bad.text or ""
        test_id, file, line = _pytest_location(case.get("classname", ""), case.get("name", ""), trace)
        if len(results.failures) < MAX_FAILURES:
            message = bad.get("message") or _first_line(trace)
            results.failures.append(
                TestFailure(
                    test_id=test_id, file=file, line=line, message=_short(message), trace_tail=_tail(trace)
                )
            )
    for suite in root.iter("testsuite"):
        results.duration_s += float(suite.get("time", 0) or 0)
    return results


def parse_vitest(path: Path, project: Path) -> TestResults:
    """vitest ``--reporter=json``: assertion results, plus files that failed to load (counted as errors)."""
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ReportError(f"no readable vitest report at {path}: {exc}") from None
    results = TestResults()
    for suite in data.get("testResults", []):
        file = os.path.relpath(suite.get("name", ""), project) if suite.get("name") else ""
        assertions = suite.get("assertionResults", [])
        if suite.get("status") == "failed" and not assertions:
            results.errors += 1
            message = suite.get("message", "") or "the test file failed to load"
            results.failures.append(
                TestFailure(
                    test_id=file, file=file, message=_short(_first_line(message)), trace_tail=_tail(message)
                )
            )
        for a in assertions:
            status = a.get("status")
            if status == "passed":
                results.passed += 1
            elif status in ("skipped", "pending", "todo", "disabled"):
                results.skipped += 1
            else:
                results.failed += 1
                text = "\n".join(a.get("failureMessages", []))
                location = a.get("location") or {}
                if not location and file:  # vitest only reports locations with includeTaskLocation
                    m = re.search(re.escape(Path(file).name) + r":(\d+):\d+", text)
                    location = {"line": int(m.group(1))} if m else {}
                if len(results.failures) < MAX_FAILURES:
                    results.failures.append(
                        TestFailure(
                            test_id=f"{file}::{a.get('fullName') or a.get('title', '')}",
                            file=file,
                            line=location.get("line"),
                            message=_short(_first_line(text)),
                            trace_tail=_tail(text),
                        )
                    )
    start, end = (
        data.get("startTime"),
        max((s.get("endTime", 0) for s in data.get("testResults", [])), default=0),
    )
    if isinstance(start, int | float) and end:
        results.duration_s = max(0.0, (end - start) / 1000)
    return results


def parse_report(fmt: ResultFormat, path: Path, project: Path) -> TestResults:
    if fmt == "exit-code":
        raise ReportError("this test command writes no report")
    return parse_junit(path) if fmt == "junit" else parse_vitest(path, project)
