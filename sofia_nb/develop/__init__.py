"""The Ralph loop: templates, scaffold, test runner, edits, stuck detection and enrichment, git, GitHub.

Entry point for every face: ``open_development(DevelopmentOptions(...))`` builds the model, the MCP
manager and the consent broker; then ``run.develop(session)`` or ``run.fix(project)``. Underneath,
``develop_session`` (a workshop's plan to a tested PoC, resumable) and ``fix_project``
(the same loop on an existing repository, on a new branch). See docs/develop.md.
"""

from ..consent import ConsentDenied
from ..consent import ConsentedTools as ConsentedCaller  # the name docs/develop.md used first
from ._context import RunContext
from ._enrich import Enrichment, EnrichmentServers, ToolCaller, azure_terms, enrich
from ._errors import DevelopError
from ._facade import DevelopmentOptions, DevelopmentRun, open_development
from ._git import Git, GitAuthor, GitError
from ._github import WRITE_TOOLS as GITHUB_WRITE_TOOLS
from ._github import GitHubPublisher
from ._loop import LoopOptions, LoopStopped, RalphLoop, RalphResult, TestCounts, status_for
from ._prompt import FIX_SYSTEM, PromptInput, build_fix_prompt, project_files
from ._results import ReportError, ResultFormat, parse_junit, parse_report, parse_vitest
from ._run import (
    DEMO_DEV_SCRIPT,
    DevelopSettings,
    default_project_dir,
    detect_template,
    develop_session,
    develop_session_sync,
    fix_project,
    fix_project_sync,
)
from ._runner import DEFAULT_GRACE_S, DEFAULT_TIMEOUT_S, ProcessOutcome, TestRun, TestRunner, run_process
from ._scaffold import METADATA_FILE, Metadata, ScaffoldError, ScaffoldResult, read_metadata, scaffold
from ._stuck import StuckDetector, failure_signature
from ._templates import DEFAULT_TEMPLATE, TEMPLATES, Template, expand, plan_words, select_template

__all__ = [
    "DEFAULT_GRACE_S",
    "DEFAULT_TEMPLATE",
    "DEFAULT_TIMEOUT_S",
    "DEMO_DEV_SCRIPT",
    "FIX_SYSTEM",
    "GITHUB_WRITE_TOOLS",
    "METADATA_FILE",
    "TEMPLATES",
    "ConsentDenied",
    "ConsentedCaller",
    "DevelopError",
    "DevelopSettings",
    "DevelopmentOptions",
    "DevelopmentRun",
    "Enrichment",
    "EnrichmentServers",
    "Git",
    "GitAuthor",
    "GitError",
    "GitHubPublisher",
    "LoopOptions",
    "LoopStopped",
    "Metadata",
    "ProcessOutcome",
    "PromptInput",
    "RalphLoop",
    "RalphResult",
    "ReportError",
    "ResultFormat",
    "RunContext",
    "ScaffoldError",
    "ScaffoldResult",
    "StuckDetector",
    "Template",
    "TestCounts",
    "TestRun",
    "TestRunner",
    "ToolCaller",
    "azure_terms",
    "build_fix_prompt",
    "default_project_dir",
    "detect_template",
    "develop_session",
    "develop_session_sync",
    "enrich",
    "expand",
    "failure_signature",
    "fix_project",
    "fix_project_sync",
    "open_development",
    "parse_junit",
    "parse_report",
    "parse_vitest",
    "plan_words",
    "project_files",
    "read_metadata",
    "run_process",
    "scaffold",
    "select_template",
    "status_for",
]
