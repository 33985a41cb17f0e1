"""Project templates: how to install and test a PoC of a given stack. Adding one is one registry entry.

A template is chosen from the plan's words (tech stack, dependencies, architecture notes) matched as
whole words, so "ts" no longer matches "requests" as it did in the reference loop. The registry is
ordered from specific to general and the first template with a matching word wins; with no match
the default, python-pytest, is used.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel

from ..session import Plan, TechStack
from ._results import ResultFormat
from ._runner import DEFAULT_GRACE_S, TEST_TIMEOUT_S, TestRunner

DEFAULT_TEMPLATE = "python-pytest"

_PYTEST = [
    "{python}",
    "-m",
    "pytest",
    "-q",
    "-rfE",
    "--tb=short",
    "-p",
    "no:cacheprovider",
    "--junitxml={report}",
]
# Plugins installed beside sofia_nb must not change (or slow: 4 s against 0.3 s here) a PoC's run;
# a PoC that needs one names it in its own pytest.ini (`addopts = -p pytest_asyncio`).
_PYTEST_ENV = {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
_PIP = ["{python}", "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r", "requirements.txt"]


class Template(BaseModel):
    """A stack the loop knows how to install and test."""

    id: str
    display_name: str
    language: str
    framework: str = ""
    words: tuple[str, ...]
    install_command: list[str] = []
    install_when: str = ""  # run the install only when this file exists in the project
    env: dict[str, str] = {}  # set for the test run
    test_command: list[str]
    result_format: ResultFormat

    def runner(self, *, timeout_s: float = TEST_TIMEOUT_S, grace_s: float = DEFAULT_GRACE_S) -> TestRunner:
        """A runner for this template's test command."""
        return TestRunner(
            self.test_command,
            self.result_format,
            timeout_s=timeout_s,
            grace_s=grace_s,
            extra_env=self.env,
        )

    @property
    def uses_python(self) -> bool:
        """Whether its commands run the PoC's own interpreter (``{python}``: its ``.venv``)."""
        return "{python}" in self.test_command or "{python}" in self.install_command

    def tech_stack(self) -> TechStack:
        return TechStack(
            template=self.id,
            language=self.language,
            framework=self.framework,
            test_command=self.test_command,
            install_command=self.install_command,
        )


TEMPLATES: dict[str, Template] = {
    t.id: t
    for t in (
        Template(
            id="python-fastapi",
            display_name="Python + FastAPI + pytest",
            language="python",
            framework="fastapi",
            words=("fastapi", "uvicorn", "starlette"),
            install_command=_PIP,
            install_when="requirements.txt",
            test_command=_PYTEST,
            result_format="junit",
            env=_PYTEST_ENV,
        ),
        Template(
            id="node-ts-vitest",
            display_name="TypeScript + Node + vitest",
            language="typescript",
            framework="vitest",
            words=("typescript", "ts", "node", "nodejs", "vitest", "javascript", "npm"),
            install_command=["npm", "install", "--no-audit", "--no-fund"],
            install_when="package.json",
            test_command=["node_modules/.bin/vitest", "run", "--reporter=json", "--outputFile={report}"],
            result_format="vitest-json",
        ),
        Template(
            id="python-pytest",
            display_name="Python + pytest",
            language="python",
            framework="pytest",
            words=("python", "pytest", "py", "flask", "django"),
            install_command=_PIP,
            install_when="requirements.txt",
            test_command=_PYTEST,
            result_format="junit",
            env=_PYTEST_ENV,
        ),
    )
}


def plan_words(plan: Plan | None) -> list[str]:
    """The lower-case words of a plan's stack, dependencies and architecture notes."""
    if plan is None:
        return []
    text = " ".join([*plan.tech_stack, *plan.dependencies, plan.architecture_notes]).lower()
    return re.findall(r"[a-z0-9+#]+", text.replace(".js", "js"))


def select_template(words: Iterable[str], registry: dict[str, Template] | None = None) -> Template:
    """The first template (registry order) with one of its words among ``words``; else the default."""
    registry = registry or TEMPLATES
    present = set(words)
    return next((t for t in registry.values() if present.intersection(t.words)), registry[DEFAULT_TEMPLATE])
