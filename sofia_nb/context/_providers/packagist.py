"""``packagist_status``: each composer package's latest local tag, whether it is pushed, and what
Packagist has published.

The Packagist probe goes through a *fetcher* (``url, timeout -> FetchResponse``) so tests inject one
and never reach the network; the default uses httpx against ``$SOFIA_PACKAGIST_URL`` (default
``https://repo.packagist.org``). 429, 5xx and network errors are retried with exponential backoff
and jitter (a 429's ``Retry-After`` wins), within an overall time budget.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Literal

import httpx
from pydantic import BaseModel, ConfigDict, Field

from .._registry import ContextTool, ToolAnnotations
from .._support.budget import BudgetInput
from .._support.exec import child_env, git_argv, run_command
from .composer import Package, collect, latest_tag, root_dir
from .composer._models import ROOT_FIELD

PACKAGIST_URL_ENV = "SOFIA_PACKAGIST_URL"
DEFAULT_PACKAGIST_URL = "https://repo.packagist.org"
MAX_BODY_BYTES = 8 * 1024 * 1024
REQUEST_TIMEOUT_S = 10.0
BUDGET_S = 30.0
ATTEMPTS = 3
BACKOFF_BASE_S = 0.2
LS_REMOTE_TIMEOUT_S = 5.0
_UNSTABLE = re.compile(r"(?i)^dev-|-dev$|alpha|beta|rc")


class PackagistInput(BudgetInput):
    model_config = ConfigDict(extra="forbid")

    root: str = ROOT_FIELD
    offline: bool = Field(False, description="only local tags: no git remote, no Packagist")


class ReleaseState(StrEnum):
    IN_SYNC = "in-sync"
    NEEDS_UPDATE = "needs-update"  # the local tag is newer than what Packagist has
    LOCAL_STALE = "local-stale"  # Packagist has a newer version than the local tag
    UNPUBLISHED = "unpublished"
    NO_TAGS = "no-tags"
    UNKNOWN = "unknown"  # Packagist could not be asked
    SKIP_NET = "skip-net"  # offline


class PackagistRow(BaseModel):
    name: str
    dir: str
    local_tag: str
    pushed: Literal["yes", "no", "?"] = Field(description="is the local tag on origin ('?' = unknown)")
    packagist: str = Field(description="the highest stable version on Packagist, '' when unpublished")
    state: ReleaseState
    error: str | None = Field(description="why Packagist could not be asked")


class PackagistResult(BaseModel):
    """``packagist_status``: one row per package, in ``composer_ls`` order."""

    packages: list[PackagistRow]
    drift: int = Field(description="packages that are no-tags, unpublished, needs-update or local-stale")
    unknown: int


@dataclass(frozen=True)
class FetchResponse:
    status: int
    body: bytes
    retry_after: float | None = None


Fetcher = Callable[[str, float], FetchResponse]


class FetchError(Exception):
    """The request did not get a response (connection refused, timeout...): worth retrying."""


class PackagistError(Exception):
    """Packagist gave no usable answer after the retries."""


def httpx_fetcher(url: str, timeout: float) -> FetchResponse:
    """GET ``url`` with httpx; the body is read up to 8 MiB."""
    try:
        with (
            httpx.Client(timeout=timeout, follow_redirects=True) as client,
            client.stream("GET", url) as resp,
        ):
            body = bytearray()
            for chunk in resp.iter_bytes():
                body += chunk
                if len(body) > MAX_BODY_BYTES:
                    raise PackagistError(f"{url}: body over {MAX_BODY_BYTES} bytes")
            retry_after = resp.headers.get("retry-after")
            return FetchResponse(
                resp.status_code,
                bytes(body),
                float(retry_after) if retry_after and retry_after.isdigit() else None,
            )
    except httpx.HTTPError as exc:
        raise FetchError(f"{url}: {exc}") from exc


def is_stable(version: str) -> bool:
    return not _UNSTABLE.search(version)


def version_key(version: str) -> tuple[int, ...]:
    """``v1.10.2-beta+x`` -> ``(1, 10, 2)``: a leading v and any suffix dropped, parts as integers."""
    core = re.split(r"[-+]", version.lstrip("vV"), maxsplit=1)[0]
    return tuple(int(p) if p.isdigit() else 0 for p in core.split("."))


def highest_stable(name: str, body: bytes) -> str:
    data = json.loads(body)
    entries = data.get("packages", {}).get(name, []) if isinstance(data, dict) else []
    versions = [str(e["version"]) for e in entries if isinstance(e, dict) and e.get("version")]
    stable = [v for v in versions if is_stable(v)]
    return max(stable, key=version_key) if stable else ""


def published_version(
    name: str,
    fetcher: Fetcher,
    *,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> str:
    """The highest stable version Packagist lists for ``name``; "" when it has none (404)."""
    base = os.environ.get(PACKAGIST_URL_ENV) or DEFAULT_PACKAGIST_URL
    url = f"{base.rstrip('/')}/p2/{name}.json"
    started = clock()
    problem = ""
    for attempt in range(ATTEMPTS):
        retry_after = None
        try:
            resp = fetcher(url, REQUEST_TIMEOUT_S)
        except FetchError as exc:
            problem = str(exc)
        else:
            if resp.status == 200:
                try:
                    return highest_stable(name, resp.body)
                except ValueError as exc:
                    raise PackagistError(f"{url}: not JSON ({exc})") from exc
            if resp.status == 404:
                return ""
            problem = f"{url}: HTTP {resp.status}"
            if resp.status != 429 and resp.status < 500:
                raise PackagistError(problem)
            retry_after = resp.retry_after
        if attempt == ATTEMPTS - 1:
            break
        backoff = BACKOFF_BASE_S * 3**attempt
        wait = retry_after if retry_after is not None else backoff / 2 + random.random() * backoff / 2
        if clock() - started + wait > BUDGET_S:
            break
        sleep(wait)
    raise PackagistError(f"{problem} (gave up after {attempt + 1} attempts)")


def _pushed(folder: Path, tag: str) -> Literal["yes", "no", "?"]:
    if not tag:
        return "?"
    env = child_env(frozenset({"SSH_AUTH_SOCK"}), GIT_TERMINAL_PROMPT="0")
    run = run_command(  # the agent socket is kept: a remote may be reached over ssh
        git_argv(folder, "ls-remote", "--tags", "origin", f"refs/tags/{tag}"),
        timeout=LS_REMOTE_TIMEOUT_S,
        env=env,
    )
    if not run.ok:
        return "?"
    return "yes" if run.stdout.strip() else "no"


def release_state(local_tag: str, published: str) -> ReleaseState:
    if not local_tag:
        return ReleaseState.NO_TAGS
    if not published:
        return ReleaseState.UNPUBLISHED
    local, remote = version_key(local_tag), version_key(published)
    if local == remote:
        return ReleaseState.IN_SYNC
    return ReleaseState.NEEDS_UPDATE if remote < local else ReleaseState.LOCAL_STALE


def _row(p: Package, offline: bool, fetcher: Fetcher, sleep: Callable[[float], None]) -> PackagistRow:
    tag = latest_tag(p.path)
    if offline:
        return PackagistRow(
            name=p.name,
            dir=p.dir,
            local_tag=tag,
            pushed="?",
            packagist="",
            state=ReleaseState.SKIP_NET,
            error=None,
        )
    pushed = _pushed(p.path, tag)
    try:
        published = published_version(p.name, fetcher, sleep=sleep)
    except PackagistError as exc:
        return PackagistRow(
            name=p.name,
            dir=p.dir,
            local_tag=tag,
            pushed=pushed,
            packagist="",
            state=ReleaseState.UNKNOWN,
            error=str(exc),
        )
    return PackagistRow(
        name=p.name,
        dir=p.dir,
        local_tag=tag,
        pushed=pushed,
        packagist=published,
        state=release_state(tag, published),
        error=None,
    )


_DRIFT = {ReleaseState.NO_TAGS, ReleaseState.UNPUBLISHED, ReleaseState.NEEDS_UPDATE, ReleaseState.LOCAL_STALE}


def packagist_status(
    inp: PackagistInput, *, fetcher: Fetcher = httpx_fetcher, sleep: Callable[[float], None] = time.sleep
) -> PackagistResult:
    """Latest local tag vs pushed to origin vs published on Packagist, for every package under the root."""
    packages, _ = collect(root_dir(inp.root))
    rows = [_row(p, inp.offline, fetcher, sleep) for p in packages if p.name]
    return PackagistResult(
        packages=rows,
        drift=sum(r.state in _DRIFT for r in rows),
        unknown=sum(r.state == ReleaseState.UNKNOWN for r in rows),
    )


TOOLS: tuple[ContextTool, ...] = (
    ContextTool(
        "packagist_status",
        "For each composer package under a root: the latest local git tag, whether "
        "it is pushed to origin, and the highest stable version on Packagist, with a verdict (in-sync, "
        "needs-update, local-stale, unpublished, no-tags). offline=true skips the network.",
        PackagistInput,
        PackagistResult,
        packagist_status,
        ("packagist", "status"),
        annotations=ToolAnnotations(open_world=True),
        positional="root",
    ),
)
