"""One way into ``dev`` and ``fix`` for every face: ``open_development(options, consent=...)`` builds
the model, the run's one MCP manager, the consent broker and the enrichment from one options model;
the face only chooses the consent provider and renders the events. Its shape is
``open_workshop``'s: plain-data options, then the live objects (consent, bus, store, a model
client) as arguments; an opened run, closed by ``aclose`` or ``async with``; ``SetupError``."""

from __future__ import annotations

import threading
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .._validation import describe
from ..config import Settings, SetupError, load_settings
from ..consent import DEFAULT_DEADLINE_S as DEFAULT_CONSENT_DEADLINE_S
from ..consent import ConsentBroker, ConsentedTools, ConsentPolicy, ConsentProvider, PreapprovedThenAsk
from ..events import EventBus
from ..llm import LLMClient, choose_llm
from ..mcp import McpConfigError, McpManager, load_config
from ..session import SessionStore, WorkshopSession
from ._github import WRITE_TOOLS as GITHUB_WRITE_TOOLS
from ._loop import LoopOptions, RalphResult
from ._run import DEMO_DEV_SCRIPT, DevelopSettings, develop_session, fix_project


class DevelopmentOptions(BaseModel):
    """Everything a ``dev`` or ``fix`` run is made of, as plain data; the ``[develop]`` table of
    config.toml fills ``develop`` when it is not given."""

    model_config = ConfigDict(extra="forbid")

    llm: str | None = None
    """A model spec (``openai:gpt-4o-mini``); None: a client given to ``open_development``, else
    ``demo``, else ``$SOFIA_LLM`` / config.toml."""
    demo: bool = False
    """With no model given, play the bundled scripted replies for the demo workshop's plan (before
    ``$SOFIA_LLM`` and config.toml are read: a face passes what its user chose)."""
    mcp_config: Path | None = None
    """The MCP configuration file; None finds the nearest ``.vscode/mcp.json``."""
    consent_deadline_s: float = DEFAULT_CONSENT_DEADLINE_S
    output: Path | None = None
    force: bool = False
    github: bool = False
    init_git: bool = False
    allow_dirty: bool = False
    loop: LoopOptions = Field(default_factory=LoopOptions)
    develop: DevelopSettings | None = None


class DevelopmentRun:
    """An open run: its model, MCP manager and consent, closed together by ``aclose`` (or
    ``async with``); ``develop(session)`` or ``fix(project)`` runs the loop, ``stop()`` ends it
    resumable from any thread."""

    def __init__(
        self,
        options: DevelopmentOptions,
        *,
        llm: LLMClient,
        mcp: McpManager,
        consent: ConsentProvider,
        bus: EventBus,
        store: SessionStore | None,
        settings: Settings,
        develop_settings: DevelopSettings,
        owns_model: bool,
    ) -> None:
        self.options = options
        self.llm = llm
        self.mcp = mcp
        self.consent = consent
        self.bus = bus
        self.store = store
        self.settings = settings
        self.develop_settings = develop_settings
        self._owns_model = owns_model
        self._stop = threading.Event()

    def stop(self) -> None:
        """Ask the loop to stop at its next step (the notebook's Stop button); the run stays resumable."""
        self._stop.set()

    async def aclose(self) -> None:
        """Stop the MCP servers and release the model (a client the caller brought stays open)."""
        try:
            await self.mcp.aclose()
        finally:
            if self._owns_model:
                await self.llm.aclose()

    async def __aenter__(self) -> DevelopmentRun:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def caller(self, session: WorkshopSession | None = None) -> ConsentedTools | None:
        """The run's MCP calls, each asked for first; with ``github`` its writes are approved."""
        if not self.mcp.servers:
            return None
        provider = self.consent
        if self.options.github:
            server = self.develop_settings.github_server
            tools = tuple(f"{server}/{tool}" for tool in GITHUB_WRITE_TOOLS)
            provider = PreapprovedThenAsk(ConsentPolicy(mode="allow-listed", tools=tools), provider)
        broker = ConsentBroker(
            provider, bus=self.bus, session=session, deadline_s=self.options.consent_deadline_s
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
            store=self.store or SessionStore(),
            output=output,
            options=o.loop,
            force=o.force,
            mcp=self.caller(session),
            github=o.github,
            bus=self.bus,
            enrichment_servers=d.enrichment,
            author=d.author,
            stop_event=self._stop,
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
            stop_event=self._stop,
        )


async def open_development(
    options: DevelopmentOptions,
    *,
    consent: ConsentProvider,
    bus: EventBus | None = None,
    store: SessionStore | None = None,
    settings: Settings | None = None,
    llm: LLMClient | None = None,
) -> DevelopmentRun:
    """Open the run ``options`` describe; ``consent`` answers its questions (the MCP calls).

    ``bus`` carries its events (a new one when None), ``store`` keeps the session a ``develop``
    run changes (the ``SOFIA_HOME`` store when None; ``fix`` has no session to keep),
    ``settings`` is the config file (read when None) and ``llm`` a model client the caller brings
    instead of ``options.llm`` (the caller closes it). Raises ``SetupError`` naming the setting
    that stops it (``llm``, ``mcp_config``).
    """
    bus = bus or EventBus()
    settings = settings or load_settings()
    develop_settings = options.develop or _develop_settings(settings)
    try:
        config = load_config(options.mcp_config)
    except McpConfigError as exc:
        raise SetupError(str(exc), "mcp_config") from None
    demo = DEMO_DEV_SCRIPT if options.demo else None
    model = choose_llm(options.llm, llm, demo=demo, settings=settings, bus=bus)
    return DevelopmentRun(
        options,
        llm=model,
        mcp=McpManager(config, bus=bus),
        consent=consent,
        bus=bus,
        store=store,
        settings=settings,
        develop_settings=develop_settings,
        owns_model=llm is None,
    )


def _develop_settings(settings: Settings) -> DevelopSettings:
    try:
        return DevelopSettings.model_validate(settings.section("develop"))
    except ValidationError as exc:
        raise SetupError(f"config.toml, table develop: {describe(exc)}") from None
