"""``open_workshop``: the one way every face (terminal, notebook, papermill, batch) sets up a workshop.

A face chooses only the consent provider and how it renders events; the model, the MCP servers,
the enrichment, the model's tools and the session come from one ``WorkshopOptions`` and the
config file here, so every face runs the same workshop for the same inputs. Its shape is
``open_development``'s: plain-data options, then the live objects (consent, bus, store, a model
client) as arguments; an opened run, closed by ``aclose`` or ``async with``; ``SetupError``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from .._validation import describe
from ..config import Settings, SetupError, load_settings
from ..consent import DEFAULT_DEADLINE_S, ConsentProvider
from ..events import EventBus, WarningIssued
from ..llm import LLMClient, ScriptedLLM, choose_llm, resolve_llm_spec
from ..mcp import McpConfig, McpConfigError, McpManager, load_config
from ..session import Phase, RunSettings, SessionHold, SessionStore, WorkshopSession, new_session_id
from ._engine import PhaseOutcome, Workshop
from ._inputs import InputsError, WorkshopInputs, run_inputs
from ._navigation import NavigationError
from ._setup import WorkshopSettings, build_workshop
from .demo import demo_enrichment, demo_inputs, demo_mcp_config, demo_script


class WorkshopOptions(BaseModel):
    """Everything a workshop run is set up from, whichever face starts it."""

    model_config = ConfigDict(extra="forbid")

    llm: str | None = None
    """An LLM spec (``openai:gpt-4o``, ``scripted:FILE``…); without one (and no client given to
    ``open_workshop``) the demo's script (``demo``), else ``SOFIA_LLM`` or the config file's ``llm``."""
    demo: bool = False
    """The bundled scripted company, its offline search server and its inputs."""
    session: str | None = None
    """Resume this session (an id or ``"last"``); None starts a new one."""
    phase: Phase | None = None
    """Go to this phase first (the navigation rule applies: back after confirmation, forward only
    over complete phases)."""
    inputs: Path | None = None
    """The facilitator's messages per phase for a run without a person (default with ``demo``: its own)."""
    mcp_config: Path | None = None
    """The MCP config file (default: ``.vscode/mcp.json`` and the user's)."""
    consent_deadline_s: float = DEFAULT_DEADLINE_S
    face: str = "workshop"
    """Who holds the session for the run (``workshop``: the terminal, ``notebook``, ``voila``),
    as a second opener is told (``SessionStore.hold``)."""
    take_over: bool = False
    """Take the session over from a live run that holds it (that run is told at its next save,
    its unsaved words kept aside); without it such a session raises ``SessionHeldError``."""


class WorkshopRun:
    """An open workshop with the MCP servers and the model it owns; ``aclose`` (or ``async with``)
    stops them."""

    def __init__(
        self,
        workshop: Workshop,
        mcp: McpManager,
        inputs: WorkshopInputs,
        *,
        owns_model: bool = True,
        hold: SessionHold | None = None,
    ) -> None:
        self.workshop = workshop
        self._mcp = mcp  # raw: only the façade holds it; the tools get it gated
        self.inputs = inputs
        self._owns_model = owns_model
        self.hold = hold
        """The run's hold on its session (released by ``aclose``)."""

    @property
    def session(self) -> WorkshopSession:
        """The session the workshop runs (saved as it goes)."""
        return self.workshop.session

    async def play(self, on_message: Callable[[str], None] | None = None) -> list[PhaseOutcome]:
        """Every phase from here through Plan with the options' inputs (no person needed)."""
        return await run_inputs(self.workshop, self.inputs, on_message=on_message)

    def off_script(self) -> bool:
        """Whether the last chat reply came from a scripted model's fallback (the person's own
        words in a demo): the faces then say how to connect a real model."""
        llm = self.workshop.llm
        chats = [r for r in llm.requests if r.purpose == "chat"] if isinstance(llm, ScriptedLLM) else []
        return bool(chats) and chats[-1].fallback

    def next_line(self) -> str | None:
        """The facilitator's next scripted line for the current phase (from the options' inputs;
        the demo's by default), for a face to offer; None when the phase's lines are all sent or
        the run has no inputs. Derived from the session's turns, so it holds after a resume."""
        return self.inputs.next_line(self.session)

    def summary(self) -> dict[str, Any]:
        """``session_summary`` of the run's session."""
        return session_summary(self.session)

    async def aclose(self) -> None:
        """Stop the MCP servers, release the model (a client the caller brought stays open) and
        give up the session's hold."""
        try:
            await self._mcp.aclose()
        finally:
            try:
                if self._owns_model:
                    await self.workshop.llm.aclose()
            finally:
                if self.hold is not None:
                    self.hold.release()

    async def __aenter__(self) -> WorkshopRun:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


async def open_workshop(
    options: WorkshopOptions,
    *,
    consent: ConsentProvider,
    bus: EventBus | None = None,
    store: SessionStore | None = None,
    settings: Settings | None = None,
    llm: LLMClient | None = None,
) -> WorkshopRun:
    """Open the workshop ``options`` describe; ``consent`` answers its questions (tools, going back).

    ``bus`` carries its events (a new one when None), ``store`` keeps its session (the
    ``SOFIA_HOME`` store when None), ``settings`` is the config file (read when None) and ``llm``
    a model client the caller brings instead of ``options.llm`` (the caller closes it). Raises
    ``SetupError`` naming the setting that stops it (``llm``, ``inputs``, ``mcp_config``, ``phase``).

    The run holds its session from here until ``aclose`` (``options.face`` says who it is); a
    session another live run holds raises ``SessionHeldError`` (who, since when) unless
    ``options.take_over``.
    """
    bus = bus or EventBus()
    settings = settings or load_settings()
    store = store or SessionStore()
    workshop_settings = _workshop_settings(settings)
    session_id = store.resolve(options.session) if options.session else new_session_id()
    hold = store.hold(session_id, options.face, take_over=options.take_over)  # before the load
    try:
        session = store.load(session_id) if options.session else WorkshopSession(id=session_id)
        options, changed = _as_run_before(options, session.run_settings, given_client=llm is not None)
        inputs = _inputs(options)
        config = _mcp_config(options)
        demo = demo_script() if options.demo else None
        model = choose_llm(options.llm, llm, demo=demo, settings=settings, bus=bus)
    except BaseException:
        hold.release()
        raise
    session.run_settings = RunSettings(
        llm=options.llm or (None if llm is not None or options.demo else resolve_llm_spec(None, settings)),
        demo=options.demo,
        inputs=str(options.inputs) if options.inputs else None,
        mcp_config=str(options.mcp_config) if options.mcp_config else None,
    )
    mcp = McpManager(config, bus=bus)
    enrichment = demo_enrichment() if options.demo else workshop_settings.enrichment(list(config.servers))
    workshop = build_workshop(
        model,
        session,
        store=store,
        bus=bus,
        consent=consent,
        consent_deadline_s=options.consent_deadline_s,
        host=mcp,
        enrichment=enrichment,
        tool_servers=[] if options.demo else workshop_settings.tool_servers,
        max_tools_per_server=workshop_settings.max_tools_per_server,
        tool_result_chars=workshop_settings.tool_result_chars,
    )
    run = WorkshopRun(workshop, mcp, inputs, owns_model=llm is None, hold=hold)
    for words in changed:  # an option given again that differs is used, and said
        bus.emit(WarningIssued(message=words, source="workshop"))
    try:
        workshop.save()  # a new session exists from its first moment
        if options.phase is not None:
            await _go_to(workshop, options.phase)
    except BaseException:
        await run.aclose()
        raise
    return run


def _as_run_before(
    options: WorkshopOptions, before: RunSettings | None, *, given_client: bool
) -> tuple[WorkshopOptions, list[str]]:
    """``options`` completed with how the session was run before (what the face did not give:
    the model, demo or not, inputs, MCP config), and in words each one given that differs."""
    if before is None:
        return options, []
    said: list[str] = []
    update: dict[str, Any] = {}
    if options.llm is None and not options.demo and not given_client:
        update = {"llm": before.llm, "demo": before.demo}
    else:
        if options.llm is not None and options.llm != before.llm:
            was = before.llm or ("the demo's scripted model" if before.demo else "the configured model")
            said.append(f"this run uses the model {options.llm}; the session was run with {was}")
        if options.demo != before.demo and options.llm is None and not given_client:
            said.append("this run is the demo" if options.demo else "this run is not the demo")
        update["demo"] = options.demo or before.demo
    for key in ("inputs", "mcp_config"):
        given, was = getattr(options, key), getattr(before, key)
        if given is None and was is not None:
            update[key] = Path(was)
        elif given is not None and was is not None and str(given) != was:
            said.append(f"this run uses {key.replace('_', ' ')} {given}; the session was run with {was}")
    return options.model_copy(update=update), said


async def _go_to(workshop: Workshop, phase: Phase) -> None:
    """``options.phase``, by the navigation rule; a refusal is a ``SetupError`` naming ``phase``."""
    try:
        confirmed = await workshop.choose_phase(phase, open_it=False)
    except NavigationError as exc:
        raise SetupError(str(exc), "phase") from None
    if not confirmed:
        raise SetupError(
            f"going back to {phase.value} clears the later phases and was not confirmed", "phase"
        )


def _workshop_settings(settings: Settings) -> WorkshopSettings:
    try:
        return WorkshopSettings.model_validate(settings.section("workshop"))
    except ValidationError as exc:
        raise SetupError(f"config.toml [workshop]: {describe(exc)}") from None


def _mcp_config(options: WorkshopOptions) -> McpConfig:
    if options.demo:
        return demo_mcp_config()
    try:
        return load_config(options.mcp_config)
    except McpConfigError as exc:
        raise SetupError(str(exc), "mcp_config") from None


def _inputs(options: WorkshopOptions) -> WorkshopInputs:
    path = options.inputs or (demo_inputs() if options.demo else None)
    if path is None:
        return WorkshopInputs()
    try:
        return WorkshopInputs.from_file(path)
    except InputsError as exc:
        raise SetupError(str(exc), "inputs") from None


def session_summary(session: WorkshopSession) -> dict[str, Any]:
    """What a run produced, without ids or times: the result every face's run can be compared by."""
    s = session
    return {
        "name": s.name,
        "phase": s.phase.value,
        "status": s.status.value,
        "business_context": s.business_context is not None,
        "ideas": len(s.ideas),
        "selected": s.selection.idea_id if s.selection else None,
        "milestones": len(s.plan.milestones) if s.plan else 0,
        "consent": [f"{c.tool}: {c.decision}" for c in s.consent_decisions],
        "tool_calls": [
            f"{c.server}/{c.tool}: {'ok' if c.ok and not c.is_error else 'failed'}" for c in s.tool_calls
        ],
        "input_tokens": s.tokens.input_tokens,
        "output_tokens": s.tokens.output_tokens,
    }
