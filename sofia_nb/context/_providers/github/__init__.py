"""GitHub through the ``gh`` CLI, report only: ``github_ci``, ``github_pr``, ``github_branches``.

``gh`` runs as a subprocess with ``GH_PROMPT_DISABLED=1``, a timeout, and no credential in its
environment except its own token variables. Nothing here publishes, deletes or waits on CI.
"""

from ..._registry import ContextTool, ToolAnnotations
from ._ci import github_ci
from ._gh import GhError, GhUnavailable
from ._graphql import branch_rows, github_branches, github_pr, merge_prs
from ._models import (
    GithubBranchesInput,
    GithubBranchesResult,
    GithubCiInput,
    GithubCiResult,
    GithubPrInput,
    GithubPrResult,
)

_NETWORK = ToolAnnotations(open_world=True)

TOOLS: tuple[ContextTool, ...] = (
    ContextTool(
        "github_ci",
        "Latest GitHub Actions runs (gh run list) of the repository at a folder or composer "
        "package; for a folder of package repositories, the latest run of each. Report only.",
        GithubCiInput,
        GithubCiResult,
        github_ci,
        ("github", "ci"),
        annotations=_NETWORK,
        positional="package",
    ),
    ContextTool(
        "github_pr",
        "Your open pull requests (authored, review requested, in repositories you own) with "
        "CI and review state, those needing action first.",
        GithubPrInput,
        GithubPrResult,
        github_pr,
        ("github", "pr"),
        annotations=_NETWORK,
    ),
    ContextTool(
        "github_branches",
        "Non-default branches of your repositories with their newest PR's verdict "
        "(merged, closed, no-pr, open) and age. Report only: nothing is deleted.",
        GithubBranchesInput,
        GithubBranchesResult,
        github_branches,
        ("github", "branches"),
        annotations=_NETWORK,
    ),
)

__all__ = [
    "TOOLS",
    "GhError",
    "GhUnavailable",
    "GithubBranchesInput",
    "GithubBranchesResult",
    "GithubCiInput",
    "GithubCiResult",
    "GithubPrInput",
    "GithubPrResult",
    "branch_rows",
    "github_branches",
    "github_ci",
    "github_pr",
    "merge_prs",
]
