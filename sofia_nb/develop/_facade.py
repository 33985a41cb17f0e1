"""One way into ``dev`` and ``fix`` for every face: ``open_development(options)`` builds the model,
the run's one MCP manager, the consent broker and the enrichment from one options model; the face
only chooses the consent provider and renders the events."""

from __future__ import annotations

import threading
from pathlib import Path
from types import TracebackType

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .._validation import describe
from ..config import Settings, load_settings
from ..consent import DEFAULT_DEADLINE_S as DEFAULT_CONSENT_DEADLINE_S
from ..consent import (
    ConsentBroker,
    ConsentedTools,
    ConsentPolicy,
    ConsentProvider,
    PolicyConsent,
    PreapprovedThenAsk,
)
from ..events import EventBus
from ..llm import LLMClient, LLMError, create_llm, resolve_llm_spec
from ..mcp import McpConfigError, McpManager, load_config
from ..session import SessionStore, WorkshopSession
from ._errors import SetupError
from ._github import WRITE_TOOLS as GITHUB_WRITE_TOOLS
from ._loop import LoopOptions, RalphResult
from ._run import DEMO_DEV_SCRIPT, DevelopSettings, develop_session, fix_project


class DevelopmentOptions(BaseModel):
    """Everything a ``dev`` or ``fix`` run is made of; the ``[develop]`` table of config.toml fills
    ``develop`` when it is not given."""

    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    llm: str | LLMClient | None = None
    """A model spec (``openai:gpt-4o-mini``), a client, or None for ``$SOFIA_LLM`` / config.toml."""
    demo: bool = False
    """With no ``llm`` given, play the bundled scripted replies for the demo workshop's plan (before
    ``$SOFIA_LLM`` and config.toml are read: a face passes what its user chose)."""
    settings: Settings | None = None
    mcp_config: Path | None = None
    """The MCP configuration file; None finds the nearest ``.vscode/mcp.json``."""
    consent: ConsentProvider | None = None
    """Who answers consent questions; None denies every call that leaves the process."""
    consent_timeout_s: float = DEFAULT_CONSENT_DEADLINE_S
    store: SessionStore | None = None
    output: Path | None = None
    force: bool = False
    github: bool = False
    init_git: bool = False
    allow_dirty: bool = False
    loop: LoopOptions = Field(default_factory=LoopOptions)
    develop: DevelopSettings | None = None
    bus: EventBus | None = None
    stop_event: threading.Event | None = None


class DevelopmentRun:
    """An open run: its model, MCP manager and consented caller, closed together on exit.

    Use as ``async with open_development(options) as run: await run.develop(session)``.
    """

    def __init__(self, options: DevelopmentOptions) -> None:
        self.options = options
        self.settings = options.settings or load_settings()
        self.develop_settings = options.develop or _develop_settings(self.settings)
        self.bus = options.bus or EventBus()
        self.llm = _model(options, self.settings, self.bus)
        self.mcp: McpManager | None = None

    async def __aenter__(self) -> DevelopmentRun:
        try:
            config = load_config(self.options.mcp_config)
        except McpConfigError as exc:
            await self.llm.aclose()
            raise SetupError(str(exc), "mcp_config") from None
        if config.servers:
            self.mcp = McpManager(config, bus=self.bus)
            await self.mcp.__aenter__()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        try:
            if self.mcp is not None:
                await self.mcp.__aexit__(kind, exc, tb)
        finally:
            await self.llm.aclose()

    def caller(self, session: WorkshopSession | None = None) -> ConsentedTools | None:
        """The run's MCP calls, each asked for first; with ``github`` its writes are approved."""
        if self.mcp is None:
            return None
        provider = self.options.consent or PolicyConsent("deny")
        if self.options.github:
            server = self.develop_settings.github_server
            tools = tuple(f"{server}/{tool}" for tool in GITHUB_WRITE_TOOLS)
            provider = PreapprovedThenAsk(ConsentPolicy(mode="allow-listed", tools=tools), provider)
        broker = ConsentBroker(
            provider, bus=self.bus, session=session, deadline_s=self.options.consent_timeout_s
        )
        return ConsentedTools(self.mcp, broker)

    async def develop(self, session: WorkshopSession) -> RalphResult:
        """A workshop's plan to a tested PoC (scaffold unless resuming, then the loop)."""
        o, d = self.options, self.develop_settings
        output = o.output
        if output is None and self.settings.poc_dir:
            output = Path(self.settings.poc_dir) / session.id
        return await develop_session(
            session,
            self.llm,
            store=o.store,
            output=output,
            options=o.loop,
            force=o.force,
            mcp=self.caller(session),
            github=o.github,
            bus=self.bus,
            enrichment_servers=d.enrichment,
            author=d.author,
            stop_event=o.stop_event,
            github_server=d.github_server,
        )

    async def fix(
        self, project: Path, *, test_cmd: str | None = None, goal: str | None = None
    ) -> RalphResult:
        """The loop on an existing repository, on a new branch ``sofia/fix-<time>``."""
        o, d = self.options, self.develop_settings
        return await fix_project(
            project,
            self.llm,
            test_cmd=test_cmd,
            goal=goal,
            options=o.loop,
            allow_dirty=o.allow_dirty,
            init_git=o.init_git,
            bus=self.bus,
            mcp=self.caller(),
            enrichment_servers=d.enrichment,
            author=d.author,
            stop_event=o.stop_event,
        )


def open_development(options: DevelopmentOptions | None = None) -> DevelopmentRun:
    """The run for ``options`` (an async context manager); raises ``SetupError`` for a bad setting."""
    return DevelopmentRun(options or DevelopmentOptions())


def _develop_settings(settings: Settings) -> DevelopSettings:
    try:
        return DevelopSettings.model_validate(settings.section("develop"))
    except ValidationError as exc:
        raise SetupError(f"config.toml, table develop: {describe(exc)}") from None


def _model(options: DevelopmentOptions, settings: Settings, bus: EventBus) -> LLMClient:
    if options.llm is not None and not isinstance(options.llm, str):
        return options.llm
    demo = f"scripted:{DEMO_DEV_SCRIPT}" if options.demo else None
    try:
        return create_llm(options.llm or demo or resolve_llm_spec(None, settings), settings, bus)
    except LLMError as exc:
        raise SetupError(str(exc), "llm", "demo") from None
