"""Inputs and results of ``github_ci``, ``github_pr`` and ``github_branches`` (report only)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..._support.budget import BudgetInput
from ..composer._models import ROOT_FIELD


class GithubCiInput(BudgetInput):
    model_config = ConfigDict(extra="forbid")

    package: str = Field(
        "", description="a composer package (name, name without vendor, folder) or a folder; empty = the root"
    )
    root: str = ROOT_FIELD
    limit: int = Field(5, ge=1, le=100, description="runs to list in a single repository")


class GithubPrInput(BudgetInput):
    model_config = ConfigDict(extra="forbid")

    limit: int = Field(30, ge=1, le=100, description="pull requests per search (authored, review, owned)")


class GithubBranchesInput(BudgetInput):
    model_config = ConfigDict(extra="forbid")

    refs: int = Field(50, ge=1, le=100, description="branches to look at per repository")


class RunRow(BaseModel):
    pkg: str | None = Field(description="the package folder, in tree mode")
    id: int | None
    workflow: str
    status: str
    conclusion: str
    branch: str
    event: str
    title: str
    created: datetime | None
    error: str | None = Field(description="why this package's runs could not be listed")


class GithubCiResult(BaseModel):
    """``github_ci``: the latest Actions runs of one repository, or the latest run of each package repo."""

    mode: Literal["repo", "tree"]
    runs: list[RunRow]
    failing: int = Field(description="completed runs whose conclusion is not success")


class PrRow(BaseModel):
    repo: str
    number: int
    ci: str = Field(description="status check rollup: SUCCESS, FAILURE, PENDING, ERROR, EXPECTED or NONE")
    review: str = Field(description="APPROVED, CHANGES_REQUESTED, REVIEW_REQUIRED or NONE")
    role: Literal["author", "reviewer", "owner"]
    draft: bool
    title: str
    url: str


class GithubPrResult(BaseModel):
    """``github_pr``: open pull requests you wrote, were asked to review, or own the repository of."""

    login: str
    prs: list[PrRow]


class BranchRow(BaseModel):
    repo: str
    branch: str
    age_days: int = Field(description="days since the branch's last commit; -1 when unknown")
    pr: str = Field(description="the newest pull request, e.g. 'MERGED#11', or 'none'")
    status: Literal["merged", "closed", "no-pr", "open"]


class GithubBranchesResult(BaseModel):
    """``github_branches``: non-default branches of your (non-fork, non-archived) repositories."""

    login: str
    branches: list[BranchRow]
    repos_truncated: bool = Field(description="you own more than the 100 repositories looked at")
