"""A world for the real-process tests: the fixture sources, a git repository and a workshop session."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from sofia_nb.context import DEFAULT_BUDGET, allowed_roots, tools
from sofia_nb.session import Phase, SessionStore, WorkshopSession
from tests.context._trees import make_repo, write_executable, write_sources

# Stand-ins for the real CLIs, first on PATH: a logged-in `gh` on the test machine must never be
# reached (tests stay offline); the tools' answers to these are checked in tests/context/providers.
OFFLINE_GH = 'import sys\nsys.stderr.write("You are not logged into any GitHub hosts.\\n")\nsys.exit(4)\n'
OFFLINE_COMPOSER = 'import sys\nsys.stderr.write("composer: not available in this test\\n")\nsys.exit(1)\n'


def build_world(base: Path) -> dict[str, Path]:
    root = write_sources(base / "root")
    make_repo(root / "repo")
    home = base / "home"
    SessionStore(home / "sessions").save(
        WorkshopSession(id="20260102-090000-bbbb", name="Acme", phase=Phase.PLAN)
    )
    (base / "claude").mkdir()
    write_executable(base / "bin", "gh", OFFLINE_GH)
    write_executable(base / "bin", "composer", OFFLINE_COMPOSER)
    return {"root": root, "home": home, "claude": base / "claude", "bin": base / "bin"}


def server_env(world: dict[str, Path]) -> dict[str, str]:
    return {
        **os.environ,
        "SOFIA_HOME": str(world["home"]),
        "CC_PROJECTS_DIR": str(world["claude"]),
        "PATH": f"{world['bin']}{os.pathsep}{os.environ.get('PATH', '')}",
    }


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


def model_text(name: str, structured: dict[str, Any], root: Path) -> str:
    """The text block a call of ``name`` must carry: the tool's compact text of its structured result."""
    tool = tools()[name]
    with allowed_roots([root]):
        return tool.text_of(tool.result_model.model_validate(structured), DEFAULT_BUDGET)
