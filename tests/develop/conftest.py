"""Shared fixtures for the develop tests: a small buggy project, a fixture session; the fake MCP
caller (``FakeCaller``, ``allowed``) comes from ``tests.support.fake_host``."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from sofia_nb.session import BusinessContext, Idea, Milestone, Plan, Selection, WorkshopSession
from tests.support.fake_host import FakeCaller, allowed

CALC = "def add(a, b):\n    return a - b\n"
CALC_TEST = (
    "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n\n\n"
    "def test_zero():\n    assert add(0, 0) == 0\n"
)


def sr(path: str, search: str, replace: str, prose: str = "A fix.") -> str:
    """A reply holding one SEARCH/REPLACE block."""
    return (
        f"{prose}\n\n{path}\n```python\n<<<<<<< SEARCH\n{search}\n=======\n{replace}\n>>>>>>> REPLACE\n```\n"
    )


def fix(search: str, replace: str, prose: str = "A fix.") -> dict[str, Any]:
    return {"purpose": "fix", "text": sr("calc.py", search, replace, prose)}


RIGHT = fix("    return a - b", "    return a + b", "Use addition.")
WRONG = fix("    return a - b", "    return a * b", "Try multiplication.")


def write_calc(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "calc.py").write_text(CALC)
    (root / "test_calc.py").write_text(CALC_TEST)
    return root


@pytest.fixture(autouse=True)
def _fast_child_pytest(monkeypatch: pytest.MonkeyPatch) -> None:
    """Test runs of `fix` keep the user's plugins; here that would only add seconds per run."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")


@pytest.fixture
def no_git_identity(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path_factory.mktemp("empty-home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
        env={
            "GIT_AUTHOR_NAME": "u",
            "GIT_AUTHOR_EMAIL": "u@x",
            "GIT_COMMITTER_NAME": "u",
            "GIT_COMMITTER_EMAIL": "u@x",
            "PATH": "/usr/bin:/bin",
            "HOME": str(root),
        },
    ).stdout


def fixture_session(**plan: Any) -> WorkshopSession:
    return WorkshopSession(
        name="Fixture",
        business_context=BusinessContext(description="A grocery wholesaler", challenges=["slow quotes"]),
        ideas=[Idea(id="idea-1", title="Quote calculator", description="Price a basket of items")],
        selection=Selection(idea_id="idea-1", rationale="fast to build, clear value"),
        plan=Plan(
            milestones=[Milestone(id="m1", title="Core", items=["price a basket"])],
            architecture_notes=plan.get("notes", "A small Python library with pytest tests"),
            dependencies=plan.get("dependencies", ["pytest"]),
            tech_stack=plan.get("tech_stack", ["Python"]),
        ),
    )


__all__ = ["FakeCaller", "allowed"]
