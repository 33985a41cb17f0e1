"""The Ralph loop: a workshop's plan to a tested proof of concept, or a repository's failing tests to
passing ones.

Entry point for every face: ``run = await open_development(DevelopmentOptions(...), consent=...)``
builds the model, the MCP manager and the consent broker; then ``await run.develop(session)`` or
``await run.fix(project)``, and ``await run.aclose()`` (or ``async with run:``). Underneath, the
façade makes one ``RunContext``; ``develop_session`` and ``fix_project`` give it a ``Workspace``
and ``RalphLoop(context)`` drives it to green. See docs/develop.md.
"""

from ._context import RunContext, Workspace
from ._criteria import CriterionCoverage
from ._enrich import EnrichmentServers
from ._errors import DevelopError
from ._facade import DEMO_DEV_SCRIPT, DevelopmentRun, open_development
from ._git import Git, GitAuthor, GitError
from ._loop import RalphLoop, RalphResult, TestCounts
from ._options import DevelopmentOptions, DevelopSettings, LoopOptions
from ._run import ALREADY_COMPLETE, develop_session, fix_project
from ._templates import TEMPLATES, Template

__all__ = [
    "ALREADY_COMPLETE",
    "DEMO_DEV_SCRIPT",
    "TEMPLATES",
    "CriterionCoverage",
    "DevelopError",
    "DevelopSettings",
    "DevelopmentOptions",
    "DevelopmentRun",
    "EnrichmentServers",
    "Git",
    "GitAuthor",
    "GitError",
    "LoopOptions",
    "RalphLoop",
    "RalphResult",
    "RunContext",
    "Template",
    "TestCounts",
    "Workspace",
    "develop_session",
    "fix_project",
    "open_development",
]
