"""NotebookWorkshop: the workshop set up for a notebook, the same in JupyterLab and under papermill.

With someone at the screen (``interactive=True``) consent questions become ConsentCards and
every step runs as a task on the kernel's loop, so no cell waits for a click. Headless
(``interactive=False``, which ``sofia-nb run`` always injects) consent comes from the
parameters and nothing is shown that waits. Either way the app keeps a static record of the
conversation, results, decisions, tool calls and tokens in its output, and ``show()``,
``export()`` and ``record()`` put the current session's results in any cell run at any time.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import Any

from ..config import SetupError
from ..consent import ConsentPolicy, ConsentProvider, PolicyConsent, PreapprovedThenAsk
from ..develop import DevelopmentOptions
from ..session import ExportResult, Phase, WorkshopSession
from ..workshop import WorkshopInputs, WorkshopOptions, WorkshopRun, open_workshop, run_inputs
from ..workshop.demo import demo_inputs
from ._consent_card import WidgetConsent
from ._notices import in_notebook_words
from ._record import RecordSnapshot, audit_text
from ._results import ExportLinks, show_results
from ._team_panel import TeamPanel
from ._workshop_app import WorkshopApp

DEMO = "demo"


class NotebookWorkshop:
    """A workshop, its MCP servers, its consent and its widgets, owned by one notebook."""

    def __init__(
        self,
        run: WorkshopRun,
        interactive: bool,
        cards: WidgetConsent | None,
        development: DevelopmentOptions | None = None,
        demo: bool = False,
    ) -> None:
        self.opened = run
        self.workshop = run.workshop
        self.interactive = interactive
        scripted = run if demo and interactive else None
        self.app = WorkshopApp(run.workshop, development=development, demo=scripted)
        if cards is not None:
            cards.show = self.app.show_card  # the cards appear in the app's consent area

    @classmethod
    async def open(
        cls,
        *,
        llm: str = DEMO,
        interactive: bool = True,
        consent_policy: str = "deny",
        preapproved_tools: Sequence[str] = (),
        consent_timeout_s: float = 600.0,
        session: str | None = None,
        mcp_config: str | Path | None = None,
        room_file: str | Path | None = None,
        phones_on_wifi: bool = False,
        face: str = "notebook",
        take_over: bool = False,
    ) -> NotebookWorkshop:
        """Set up a workshop from notebook parameters (``llm="demo"`` is the bundled company);
        ``room_file`` replays a team's input (docs/participants.md) as the workshop reaches each
        phase; ``phones_on_wifi`` makes "Invite the team" serve the team's phones on this
        computer's network address from the first click. The kernel holds the session until
        ``aclose`` (``face``: ``notebook`` or ``voila``, what a second opener is told); a session
        another live run holds raises ``SessionHeldError`` unless ``take_over``."""
        policy = ConsentPolicy.from_parameters(consent_policy, list(preapproved_tools))
        cards = WidgetConsent() if interactive else None
        consent: ConsentProvider = PreapprovedThenAsk(policy, cards) if cards else PolicyConsent(policy)
        demo = llm == DEMO
        options = WorkshopOptions(
            llm=None if demo else llm,
            demo=demo,
            session=session,
            mcp_config=Path(mcp_config) if mcp_config else None,
            consent_deadline_s=consent_timeout_s,
            face=face,
            take_over=take_over,
        )
        try:
            run = await open_workshop(options, consent=consent)
        except SetupError as exc:
            raise in_notebook_words(exc) from None
        # The app's Develop button runs the Ralph loop with the same model choice, store, bus and consent.
        development = DevelopmentOptions(
            llm=options.llm,
            demo=demo,
            consent_deadline_s=consent_timeout_s,
            mcp_config=options.mcp_config,
        )
        if room_file:
            from ..participants import ReplayedTeam, RoomScript

            script = RoomScript.from_file(room_file)
            run.workshop.team = ReplayedTeam(lambda: run.workshop.session, script)
        opened = cls(run, interactive, cards, development, demo=demo)
        opened.app.team_lan = phones_on_wifi
        return opened

    @property
    def session(self) -> WorkshopSession:
        return self.workshop.session

    def run(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Start ``coro`` after the steps already started; returns its task (await it to wait)."""
        return self.app.run(coro)

    def start(self) -> asyncio.Task[Any]:
        """Open (or resume) the current phase: the model speaks first."""
        return self.app.start()

    def say(self, text: str) -> asyncio.Task[Any]:
        """Send one facilitator message to the current phase."""
        return self.run(self.workshop.send(text))

    def play(
        self, inputs: WorkshopInputs | dict[str, list[str]] | str | Path | None = None
    ) -> asyncio.Task[Any]:
        """Run every phase from here through Plan with the facilitator's messages (default: the demo's)."""
        if inputs is None:
            inputs = demo_inputs()
        if isinstance(inputs, str | Path):
            inputs = WorkshopInputs.from_file(inputs)
        elif isinstance(inputs, dict):
            inputs = WorkshopInputs.model_validate(inputs)
        return self.run(run_inputs(self.workshop, inputs))

    def invite(self, *, lan: bool | str = False, port: int = 0) -> TeamPanel:
        """Invite the team (as the app's "Invite the team" button does): a participant server on
        127.0.0.1, or this machine's LAN address with ``lan=True``; returns its panel, whose
        ``server.url`` is the join link (docs/participants.md). It stops with the kernel."""
        return self.app.invite(lan=lan, port=port)

    def audit(self) -> str:
        """Decisions, tool calls and token totals as text (what a headless run prints at the end)."""
        return audit_text(self.session)

    def show(self, *phases: Phase | str) -> None:
        """Display the current results of ``phases`` (default: all): cards, diagrams, the chart as PNG."""
        show_results(self.session, *phases)

    def export(self) -> ExportLinks | None:
        """Write the session export (as the app's Export button does); returns links to its files."""
        result: ExportResult | None = self.app.results.export()
        return ExportLinks(result) if result else None

    def record(self) -> RecordSnapshot:
        """The app's static record now: conversation, results, consent decisions, tool calls, tokens."""
        return RecordSnapshot(self.app.record)

    def summary(self) -> dict[str, Any]:
        """What a run produced, without ids or times: the result JSON batch runs compare."""
        return self.opened.summary()

    def write_result(self, path: str | Path) -> None:
        """Write ``summary()`` as JSON (``sofia-nb run`` passes the path as ``result_path``)."""
        if path:
            Path(path).write_text(json.dumps(self.summary(), indent=2), encoding="utf-8")

    async def aclose(self) -> None:
        """Wait for started steps, then stop the MCP servers and release the model."""
        await asyncio.gather(*self.app.tasks, return_exceptions=True)
        self.app.stop_team()
        await self.opened.aclose()
