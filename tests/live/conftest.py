"""The live suite reaches the real services with the user's own credentials: only with SOFIA_LIVE=1."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

NPM_BIN = Path(__file__).resolve().parents[2] / "tools" / "npm" / "node_modules" / ".bin"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if os.environ.get("SOFIA_LIVE") == "1":
        return
    skip = pytest.mark.skip(reason="live services: set SOFIA_LIVE=1 (see docs/mcp.md, 'The live suite')")
    for item in items:
        if "tests/live/" in str(item.path).replace(os.sep, "/"):
            item.add_marker(skip)


def need_env(*names: str) -> None:
    """Skip with the reason unless one of ``names`` is set."""
    if not any(os.environ.get(n) for n in names):
        pytest.skip(f"set {' or '.join(names)}")


def local_bin(name: str) -> str:
    """A server installed like the tests' (the project-local npm folder, or PATH); never ``npx -y``."""
    found = NPM_BIN / name
    if found.exists():
        return str(found)
    on_path = shutil.which(name)
    if on_path is None:
        pytest.skip(f"{name} is not installed (see docs/mcp.md, 'The live suite')")
    return on_path
