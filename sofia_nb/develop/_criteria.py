"""The plan's success criteria in the Ralph loop: each gets a tag (``SC1``, ``SC2`` …) that the
scaffold and fix requests name, and the loop's final report says, per criterion, which tests
carry its tag (or quote it) — so a PoC whose tests pass says whether they check what the team
said would prove it."""

from __future__ import annotations

import re
from pathlib import Path

from ..session import CriterionCoverage, Plan

_TEST_FILE = re.compile(r"(^|/)(tests?/|test_[^/]*$|[^/]*_test\.[a-z]+$|[^/]*\.(test|spec)\.[a-z]+$)")
"""pytest's and vitest's conventions: a tests/ folder, test_*.py, *_test.*, *.test.ts, *.spec.ts."""
MAX_TEST_BYTES = 1_000_000
"""A test file bigger than this is not read for tags (a generated fixture, not a test)."""


def tagged_criteria(plan: Plan | None) -> list[tuple[str, str]]:
    """``[("SC1", criterion), …]`` of the plan's PoC scope, in its order (empty without one)."""
    scope = plan.poc_scope if plan is not None else None
    found = [c.strip() for c in scope.success_criteria if c.strip()] if scope else []
    return [(f"SC{n}", text) for n, text in enumerate(found, 1)]


def criteria_task(plan: Plan | None) -> str:
    """What the requests ask about the criteria: one test at least for each, carrying its tag."""
    criteria = tagged_criteria(plan)
    if not criteria:
        return ""
    listed = "\n".join(f"- {tag}: {text}" for tag, text in criteria)
    return (
        "# Success criteria\nThe team judges the proof of concept by these. Each needs at least one test "
        "that checks it, with its tag in the test's name or docstring (`test_sc1_…` or "
        f'"""SC1: …"""), so the final report can say which criterion a test covers:\n{listed}'
    )


def _tag_pattern(tag: str) -> re.Pattern[str]:
    """``SC1`` as a word of its own: ``test_sc1_x``, ``SC-1``, ``"SC1:"``, never ``SC10``."""
    number = tag.removeprefix("SC")
    return re.compile(rf"(?<![A-Za-z0-9])sc[ _-]?{number}(?![0-9])", re.I)


def _squeezed(text: str) -> str:
    """Lower case, one space between words, an underscore as a space: a test named after the
    criterion's words (``test_unclear_lines_go_to_the_night_desk``) quotes it."""
    return " ".join(text.lower().replace("_", " ").split())


def criteria_coverage(plan: Plan | None, root: Path, files: list[str]) -> list[CriterionCoverage]:
    """For each criterion, the lines of the project's test files (``files``, relative to ``root``)
    that carry its tag or quote it whole (a test named with its words counts)."""
    criteria = tagged_criteria(plan)
    if not criteria:
        return []
    report = [CriterionCoverage(tag=tag, criterion=text) for tag, text in criteria]
    for rel in (f for f in files if _TEST_FILE.search(f)):
        path = root / rel
        try:
            if path.stat().st_size > MAX_TEST_BYTES:
                continue
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for entry in report:
            pattern, quote = _tag_pattern(entry.tag), _squeezed(entry.criterion)
            hit = next(
                (n for n, line in enumerate(lines, 1) if pattern.search(line) or quote in _squeezed(line)),
                None,
            )
            if hit is not None:
                entry.tests.append(f"{rel}:{hit}")
    return report
