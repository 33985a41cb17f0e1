"""What one Ralph run carries from step to step: the project, model, template, PoC state, git, the
bus, saving, the consented MCP caller, enrichment, GitHub and the stop signal."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field
from pathlib import Path

from ..events import Activity, EventBus
from ..llm import LLMClient
from ..session import Plan, PocState
from ._enrich import EnrichmentServers, ToolCaller
from ._git import Git
from ._github import GitHubPublisher
from ._loop_options import LoopOptions
from ._templates import Template


def _nothing() -> None:
    """The ``save`` of a run with no store (``fix``, tests)."""


@dataclass
class RunContext:
    """One run's context; ``RalphLoop(context)`` and the scaffold/resume steps read it."""

    project: Path
    llm: LLMClient
    template: Template
    poc: PocState
    _: KW_ONLY
    goal: str
    plan: Plan | None = None
    options: LoopOptions = field(default_factory=LoopOptions)
    git: Git | None = None
    bus: EventBus = field(default_factory=EventBus)
    save: Callable[[], object] = _nothing
    mcp: ToolCaller | None = None
    enrichment_servers: EnrichmentServers | None = None
    github: GitHubPublisher | None = None
    branch: str = ""
    stop_event: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.project = Path(self.project)
        self.git = self.git or Git(self.project)

    @property
    def repo(self) -> Git:
        """The project's git (made in ``__post_init__`` when none was given)."""
        assert self.git is not None
        return self.git

    def say(self, name: str, detail: str = "") -> None:
        self.bus.emit(Activity(name=name, detail=detail))
