"""The Ralph loop: templates, scaffold, test runner, edits, stuck detection and enrichment, git, GitHub."""

from ._git import Git, GitAuthor, GitError
from ._results import ReportError, ResultFormat, parse_junit, parse_report, parse_vitest
from ._runner import DEFAULT_GRACE_S, DEFAULT_TIMEOUT_S, TestRun, TestRunner
from ._templates import DEFAULT_TEMPLATE, TEMPLATES, Template, expand, plan_words, select_template

__all__ = [
    "DEFAULT_GRACE_S",
    "DEFAULT_TEMPLATE",
    "DEFAULT_TIMEOUT_S",
    "TEMPLATES",
    "Git",
    "GitAuthor",
    "GitError",
    "ReportError",
    "ResultFormat",
    "Template",
    "TestRun",
    "TestRunner",
    "expand",
    "parse_junit",
    "parse_report",
    "parse_vitest",
    "plan_words",
    "select_template",
]
