"""Running the GitHub CLI: no prompts, no shell, a timeout, and only the credentials ``gh`` needs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ....redact import redact_text, redacted_head
from ..._support.errors import ContextError
from ..._support.exec import child_env, run_command

# gh reads its token from these (or from its own config file); every other secret stays behind.
_GH_CREDENTIALS = frozenset({"GH_TOKEN", "GITHUB_TOKEN", "GH_ENTERPRISE_TOKEN", "GITHUB_ENTERPRISE_TOKEN"})
_NOT_LOGGED_IN = ("gh auth login", "authentication required", "not logged into")
_GH_EXIT_AUTH = 4  # gh's exit code when it needs a login


class GhUnavailable(ContextError):
    """``gh`` is missing or not logged in: nothing any call can do about it."""


class GhError(ContextError):
    """One ``gh`` call failed (an API error, a folder that is no GitHub repository, a timeout)."""


def gh_env() -> dict[str, str]:
    return child_env(_GH_CREDENTIALS, GH_PROMPT_DISABLED="1", NO_COLOR="1", GH_NO_UPDATE_NOTIFIER="1")


def run_gh(args: list[str], *, timeout: float, cwd: Path | None = None) -> str:
    """``gh <args>``'s stdout; raises :class:`GhUnavailable` or :class:`GhError` with a clear message."""
    run = run_command(["gh", *args], cwd=cwd, timeout=timeout, env=gh_env())
    shown = "gh " + " ".join(args[:2])  # the command, not its (long) query or field list
    if run.not_found:
        raise GhUnavailable("the GitHub CLI `gh` is not installed or not on PATH (https://cli.github.com)")
    if run.timed_out:
        raise GhError(f"{shown}: timed out after {timeout:g}s")
    if not run.ok:
        stderr = run.stderr.strip()
        if run.returncode == _GH_EXIT_AUTH or any(s in stderr.lower() for s in _NOT_LOGGED_IN):
            raise GhUnavailable("gh is not logged in: run `gh auth login` (or set GH_TOKEN)")
        raise GhError(
            f"{shown}: {redact_text(stderr.splitlines()[-1] if stderr else f'exit {run.returncode}')}"
        )
    return run.stdout


def gh_json(args: list[str], *, timeout: float, cwd: Path | None = None) -> Any:
    out = run_gh(args, timeout=timeout, cwd=cwd)
    try:
        return json.loads(out)
    except ValueError as exc:
        raise GhError(f"gh {args[0]} {args[1] if len(args) > 1 else ''}: output is not JSON ({exc})") from exc


def login(timeout: float = 10.0) -> str:
    """The logged-in user's login."""
    name = run_gh(["api", "user", "--jq", ".login"], timeout=timeout).strip()
    if not name:
        raise GhUnavailable("gh is not logged in: run `gh auth login` (or set GH_TOKEN)")
    return name


def graphql(query: str, *, timeout: float, **variables: str | int) -> dict[str, Any]:
    """``gh api graphql`` with ``variables`` (ints typed with -F, strings with -f); returns ``data``."""
    args = ["api", "graphql", "-f", f"query={query}"]
    for key, value in variables.items():
        args += ["-F" if isinstance(value, int) else "-f", f"{key}={value}"]
    reply = gh_json(args, timeout=timeout)
    data = reply.get("data") if isinstance(reply, dict) else None
    if not isinstance(data, dict):
        errors = reply.get("errors") if isinstance(reply, dict) else None
        said = redacted_head(json.dumps(errors), 200) if errors else "empty reply"
        raise GhError(f"gh api graphql: no data ({said})")
    return data
