"""One way into ``dev`` and ``fix`` for every face: ``open_development(options, consent=...)`` builds
the model, the run's one MCP manager, the consent broker and the enrichment from one options model;
the face only chooses the consent provider and renders the events. Its shape is
``open_workshop``'s: plain-data options, then the live objects (consent, bus, store, a model
client) as arguments; an opened run, closed by ``aclose`` or ``async with``; ``SetupError``."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from pathlib import Path

from pydantic import ValidationError

from .._validation import describe
from ..config import Settings, SetupError, load_settings
from ..consent import ConsentBroker, ConsentedTools, ConsentPolicy, ConsentProvider, PreapprovedThenAsk
from ..events import EventBus
from ..llm import LLMClient, choose_llm
from ..mcp import McpConfigError, McpManager, load_config
from ..session import SessionStore, WorkshopSession, session_folder
from ._context import RunContext
from ._github import WRITE_TOOLS as GITHUB_WRITE_TOOLS
from ._loop import RalphResult
from ._options import DevelopmentOptions, DevelopSettings
from ._run import develop_session, fix_project

DEMO_DEV_SCRIPT = Path(__file__).parent / "demo" / "dev-replies.yaml"
"""The scripted replies ``sofia-nb dev --demo`` plays for the demo workshop's plan."""


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
        self._mcp = mcp  # raw: only the façade holds it; the loop gets it gated (tools())
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
            await self._mcp.aclose()
        finally:
            if self._owns_model:
                await self.llm.aclose()

    async def __aenter__(self) -> DevelopmentRun:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def tools(self, session: WorkshopSession | None = None) -> ConsentedTools | None:
        """The run's MCP calls, each asked for first (decisions recorded in ``session``); with
        ``github`` its two writes are approved; None without MCP servers."""
        if not self._mcp.servers:
            return None
        provider = self.consent
        if self.options.github:
            server = self.develop_settings.github_server
            tools = tuple(f"{server}/{tool}" for tool in GITHUB_WRITE_TOOLS)
            provider = PreapprovedThenAsk(ConsentPolicy(mode="allow-listed", tools=tools), provider)
        broker = ConsentBroker(
            provider, bus=self.bus, session=session, deadline_s=self.options.consent_deadline_s
        )
        return ConsentedTools(self._mcp, broker)

    def context(
        self, session: WorkshopSession | None = None, store: SessionStore | None = None
    ) -> RunContext:
        """The one ``RunContext`` of a ``develop`` (``session``, saved to ``store``) or ``fix`` run:
        every setting and live part the loop reads, made here and nowhere else."""
        options = self.options
        if session is not None and options.output is None and self.settings.poc_dir:
            options = options.model_copy(update={"output": session_folder(self.settings.poc_dir, session.id)})
        return RunContext(
            llm=self.llm,
            options=options,
            develop=self.develop_settings,
            bus=self.bus,
            tools=self.tools(session),
            store=(store or self.store or SessionStore()) if session is not None else None,
            stop_event=self._stop,
        )

    async def develop(self, session: WorkshopSession | str) -> RalphResult:
        """A workshop's plan to a tested PoC (scaffold unless resuming, then the loop); the session
        is saved to the run's store as it goes.

        The run holds the session (and so its PoC) for its whole length: the one place a ``dev``
        run takes the hold. Given an id, the session is loaded once the hold is taken, so it is what
        the previous holder last saved; a live holder raises ``SessionHeldError``."""
        store = self.store or SessionStore()
        session_id = store.resolve(session) if isinstance(session, str) else session.id
        holder = store.holder(session_id)
        ours = holder is not None and (holder.pid, holder.host) == (os.getpid(), socket.gethostname())
        # A face of this process that holds the session already (the facilitator app) keeps its hold.
        with contextlib.nullcontext() if ours else store.hold(session_id, "dev"):
            if isinstance(session, str):
                session = store.load(session_id)
            return await develop_session(self.context(session, store), session)

    async def fix(
        self, project: Path, *, test_cmd: str | None = None, goal: str | None = None
    ) -> RalphResult:
        """The loop on an existing repository, on a new branch ``sofia/fix-<time>``; ``test_cmd``
        replaces the detected test command, ``goal`` what the prompt asks for."""
        return await fix_project(self.context(), project, test_cmd=test_cmd, goal=goal)


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
