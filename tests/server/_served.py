"""A world for the real-process tests: the fixture sources, a git repository and a workshop session."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from sofia_nb.session import Phase, SessionStore, WorkshopSession
from tests.context._trees import make_repo, write_sources


def build_world(base: Path) -> dict[str, Path]:
    root = write_sources(base / "root")
    make_repo(root / "repo")
    home = base / "home"
    SessionStore(home / "sessions").save(
        WorkshopSession(id="20260102-090000-bbbb", name="Acme", phase=Phase.PLAN)
    )
    (base / "claude").mkdir()
    return {"root": root, "home": home, "claude": base / "claude"}


def server_env(world: dict[str, Path]) -> dict[str, str]:
    return {**os.environ, "SOFIA_HOME": str(world["home"]), "CC_PROJECTS_DIR": str(world["claude"])}


def serve_argv(*roots: Path) -> list[str]:
    return [sys.executable, "-m", "sofia_nb", "mcp", "serve", *(a for r in roots for a in ("--root", str(r)))]


def calls(root: Path) -> dict[str, dict[str, Any]]:
    """Arguments for a meaningful call of each of this package's tools (all relative to the root)."""
    return {
        "code": {"files": ["go/server.go", "py/widgets.py"], "brief": True},
        "grep": {"patterns": ["Server"], "max_per_pattern": 2},
        "refs": {"symbol": "Widget"},
        "changed": {"root": "repo"},
        "vue_routes": {"root": "web"},
        "workshop_sessions": {},
        "workshop_session": {"session": "last"},
        "workshop_plan": {},
    }


# The other tools run too, with arguments that stay offline; their own tests check their answers.
OTHER_CALLS: dict[str, dict[str, Any]] = {
    "cc_ls": {},
    "cc_show": {},
    "cc_resume": {},
    "cc_prompts": {},
    "cc_bash": {},
    "cc_candidates": {},
    "composer_ls": {"root": "php"},
    "composer_show": {"package": "acme/app", "root": "php"},
    "composer_check": {"root": "php"},
    "packagist_status": {"root": "php", "offline": True},
    "github_ci": {"root": "repo"},
    "github_pr": {},
    "github_branches": {},
}
