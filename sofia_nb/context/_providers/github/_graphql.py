"""``github_pr`` and ``github_branches``: one GraphQL call each through ``gh api graphql``."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from ._gh import graphql, login
from ._models import (
    BranchRow,
    GithubBranchesInput,
    GithubBranchesResult,
    GithubPrInput,
    GithubPrResult,
    PrRow,
)

_PR_FIELDS = """... on PullRequest { number title isDraft reviewDecision url
  repository { nameWithOwner isFork }
  commits(last: 1) { nodes { commit { statusCheckRollup { state } } } } }"""
PR_QUERY = f"""query($author: String!, $review: String!, $owned: String!, $limit: Int!) {{
  author: search(query: $author, type: ISSUE, first: $limit) {{ nodes {{ {_PR_FIELDS} }} }}
  reviewer: search(query: $review, type: ISSUE, first: $limit) {{ nodes {{ {_PR_FIELDS} }} }}
  owner: search(query: $owned, type: ISSUE, first: $limit) {{ nodes {{ {_PR_FIELDS} }} }}
}}"""
BRANCHES_QUERY = """query($login: String!, $refs: Int!) {
  repositoryOwner(login: $login) {
    repositories(first: 100, ownerAffiliations: OWNER, isFork: false,
                 orderBy: {field: NAME, direction: ASC}) {
      pageInfo { hasNextPage }
      nodes { nameWithOwner isArchived defaultBranchRef { name }
        refs(refPrefix: "refs/heads/", first: $refs) { nodes { name
          target { ... on Commit { committedDate } }
          associatedPullRequests(first: 1, orderBy: {field: CREATED_AT, direction: DESC}) {
            nodes { number state } } } } } } } }"""
_ROLES = ("author", "reviewer", "owner")  # a PR found by several searches keeps the first role
_URGENT_CI = {"FAILURE", "ERROR"}
_WAITING = {"PENDING", "EXPECTED", "REVIEW_REQUIRED"}
_BRANCH_RANK = {"merged": 0, "closed": 1, "no-pr": 2, "open": 3}


def _nodes(container: Any) -> list[dict[str, Any]]:
    nodes = container.get("nodes") if isinstance(container, dict) else None
    return [n for n in nodes if isinstance(n, dict)] if isinstance(nodes, list) else []


def _rollup(pr: dict[str, Any]) -> str:
    for node in _nodes(pr.get("commits")):
        rollup = (node.get("commit") or {}).get("statusCheckRollup")
        if isinstance(rollup, dict) and rollup.get("state"):
            return str(rollup["state"])
    return "NONE"


def _action_rank(row: PrRow) -> int:
    """0: something to fix (CI failed, changes requested); 1: waiting; 2: nothing to do."""
    if row.ci in _URGENT_CI or row.review == "CHANGES_REQUESTED":
        return 0
    return 1 if row.ci in _WAITING or row.review in _WAITING else 2


def merge_prs(data: dict[str, Any]) -> list[PrRow]:
    """The three searches merged: one row per PR, forks left out of the owned set, what needs action first."""
    rows: dict[str, PrRow] = {}
    for role in _ROLES:
        for pr in _nodes(data.get(role)):
            repo = pr.get("repository") or {}
            if "number" not in pr or (role == "owner" and repo.get("isFork")):
                continue
            key = f"{repo.get('nameWithOwner')}#{pr['number']}"
            rows.setdefault(
                key,
                PrRow(
                    repo=str(repo.get("nameWithOwner") or ""),
                    number=int(pr["number"]),
                    ci=_rollup(pr),
                    review=str(pr.get("reviewDecision") or "NONE"),
                    role=role,
                    draft=bool(pr.get("isDraft")),
                    title=str(pr.get("title") or ""),
                    url=str(pr.get("url") or ""),
                ),
            )
    return sorted(rows.values(), key=lambda r: (_action_rank(r), r.repo, r.number))


def github_pr(inp: GithubPrInput) -> GithubPrResult:
    """Your open pull requests with their CI and review state, the ones needing action first."""
    me = login()
    data = graphql(
        PR_QUERY,
        timeout=30.0,
        limit=inp.limit,
        author="is:open is:pr author:@me archived:false",
        review="is:open is:pr review-requested:@me archived:false",
        owned=f"is:open is:pr is:public archived:false user:{me}",
    )
    return GithubPrResult(login=me, prs=merge_prs(data))


def _age_days(committed: Any, now: datetime) -> int:
    try:
        return (now - datetime.fromisoformat(str(committed))).days
    except (ValueError, TypeError):
        return -1


def branch_rows(data: dict[str, Any], now: datetime) -> tuple[list[BranchRow], bool]:
    repos = (data.get("repositoryOwner") or {}).get("repositories") or {}
    rows = []
    for repo in _nodes(repos):
        if repo.get("isArchived"):
            continue
        default = (repo.get("defaultBranchRef") or {}).get("name")
        for ref in _nodes(repo.get("refs")):
            if ref.get("name") == default:
                continue
            prs = _nodes(ref.get("associatedPullRequests"))
            state = str(prs[0].get("state") or "").upper() if prs else ""
            status = {"MERGED": "merged", "CLOSED": "closed", "OPEN": "open"}.get(state, "no-pr")
            rows.append(
                BranchRow(
                    repo=str(repo.get("nameWithOwner") or ""),
                    branch=str(ref.get("name") or ""),
                    age_days=_age_days((ref.get("target") or {}).get("committedDate"), now),
                    pr=f"{state}#{prs[0].get('number')}" if prs and state else "none",
                    status=status,
                )
            )
    rows.sort(key=lambda r: (_BRANCH_RANK[r.status], r.repo, r.branch))
    return rows, bool((repos.get("pageInfo") or {}).get("hasNextPage"))


def github_branches(inp: GithubBranchesInput) -> GithubBranchesResult:
    """Non-default branches of your repositories with the verdict of their newest PR (report only)."""
    me = login()
    data = graphql(BRANCHES_QUERY, timeout=60.0, login=me, refs=inp.refs)
    rows, truncated = branch_rows(data, datetime.now(UTC))
    return GithubBranchesResult(login=me, branches=rows, repos_truncated=truncated)
