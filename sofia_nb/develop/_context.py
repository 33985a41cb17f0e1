"""What one Ralph run carries from step to step.

``RunContext`` is made in one place, the façade (``DevelopmentRun``): the run's options as plain
data, the ``[develop]`` table, and its live parts (model, bus, the consented MCP caller, the store,
the stop signal). ``develop_session`` and ``fix_project`` add the ``Workspace`` the loop works on
(``context.on(workspace)``) and hand the context to ``RalphLoop(context)``. A new loop setting
is a field of ``LoopOptions`` and the line that reads it; nothing is copied on the way.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from ..consent import ConsentedTools
from ..events import Activity, EventBus, WaitFinished, WaitStarted
from ..llm import LLMClient
from ..session import Plan, PocState, SessionStore
from ._git import Git
from ._github import GitHubPublisher
from ._options import DevelopmentOptions, DevelopSettings, LoopOptions
from ._templates import Template


def _nothing() -> None:
    """The ``save`` of a run with no session to keep (``fix``, tests)."""


@dataclass
class Workspace:
    """What the loop works on: the folder and its git, the template, the PoC state it updates (in
    place), the goal, the plan and the workshop's decisions the prompt states, how to save,
    GitHub publishing, the branch."""

    root: Path
    template: Template
    poc: PocState
    goal: str
    git: Git
    plan: Plan | None = None
    decisions: str = ""
    """The workshop's decisions brief (``_scaffold.plan_brief``); "" for a repository of one's own."""
    save: Callable[[], object] = _nothing
    github: GitHubPublisher | None = None
    branch: str = ""


@dataclass(frozen=True)
class RunContext:
    """One ``dev`` or ``fix`` run as the façade opened it; ``workspace`` is set by ``on``."""

    llm: LLMClient
    options: DevelopmentOptions = field(default_factory=DevelopmentOptions)
    develop: DevelopSettings = field(default_factory=DevelopSettings)
    bus: EventBus = field(default_factory=EventBus)
    tools: ConsentedTools | None = None
    """The run's MCP calls, each asked for first (``ConsentedTools``); None without MCP servers."""
    store: SessionStore | None = None
    stop_event: threading.Event = field(default_factory=threading.Event)
    """Set from any thread (the notebook's Stop); the loop ends at its next step, resumable."""
    workspace: Workspace | None = None

    @property
    def loop(self) -> LoopOptions:
        """The loop's limits (``options.loop``)."""
        return self.options.loop

    @property
    def work(self) -> Workspace:
        """The workspace; a context without one cannot drive a loop."""
        if self.workspace is None:
            raise ValueError("this RunContext has no workspace yet: use context.on(Workspace(...))")
        return self.workspace

    def on(self, workspace: Workspace) -> RunContext:
        """The same run, working on ``workspace``."""
        return replace(self, workspace=workspace)

    def say(self, name: str, detail: str = "") -> None:
        """An ``Activity`` event: the progress line the faces show."""
        self.bus.emit(Activity(name=name, detail=detail))

    @contextmanager
    def waiting(self, what: Literal["model", "tests", "install"], detail: str = "") -> Iterator[None]:
        """``WaitStarted`` before the block and ``WaitFinished`` after it, however it ends: the
        faces show the wait live (nothing else shows progress while a request is not streamed)."""
        self.bus.emit(WaitStarted(what=what, detail=detail))
        started = time.perf_counter()
        try:
            yield
        finally:
            self.bus.emit(WaitFinished(what=what, duration_s=round(time.perf_counter() - started, 3)))
