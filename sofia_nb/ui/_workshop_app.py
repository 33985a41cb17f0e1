"""WorkshopApp: the workshop in one widget — stepper, streamed chat, decisions, consent, log and meter.

Every button starts a task on the kernel's running loop and returns at once; no cell ever
blocks waiting for a click. The engine (``sofia_nb.workshop.Workshop``) does the work; this
class only turns clicks into engine calls and events into pixels.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Coroutine
from typing import Any

import ipywidgets as w

from ..session import Phase
from ..workshop import CONVERSATION_PHASES, NavigationError, Workshop
from ._consent_card import ConsentCard, WidgetConsent
from ._conversation import ConversationView
from ._current import use
from ._record import LIVE_STYLE, StaticRecord
from ._results import ResultsView
from ._stepper import PhaseStepper
from ._token_meter import TokenMeter
from ._toolcall_log import ToolCallLog


class WorkshopApp(w.VBox):
    """The facilitator's cockpit for one workshop session."""

    def __init__(self, workshop: Workshop, consent: WidgetConsent | None = None, **kwargs: Any) -> None:
        self.workshop = workshop
        bus = workshop.bus
        self.tasks: list[asyncio.Task[Any]] = []
        self.stepper = PhaseStepper(workshop.phase, bus=bus)
        self.chat = ConversationView(workshop)
        self.results = ResultsView(workshop)
        self.record = StaticRecord(workshop, self.chat, self.results)
        self.message = w.Textarea(placeholder="What the team says…", layout=w.Layout(width="100%"))
        self.send_button = w.Button(description="Send", button_style="primary", icon="paper-plane")
        self.continue_button = w.Button(
            description="Continue", tooltip="complete this phase and start the next"
        )
        self.refine_button = w.Button(description="Refine", tooltip="keep working on this phase")
        self.phase_choice = w.Dropdown(
            options=[p.value for p in CONVERSATION_PHASES],
            value=workshop.phase.value,
            layout=w.Layout(width="130px"),
        )
        self.choose_button = w.Button(description="Go to phase")
        self.pause_button = w.Button(description="Pause", button_style="warning")
        self.status = w.HTML()
        self.consent_area = w.VBox()
        self.tool_log = ToolCallLog(bus)
        self.meter = TokenMeter(bus)
        self.meter.phase = workshop.phase.value
        self._buttons = [
            self.send_button,
            self.continue_button,
            self.refine_button,
            self.choose_button,
            self.pause_button,
        ]
        self.send_button.on_click(lambda _b: self.send())
        self.continue_button.on_click(lambda _b: self.run(self._continue()))
        self.refine_button.on_click(lambda _b: self.run(self.workshop.refine()))
        self.choose_button.on_click(lambda _b: self.run(self._choose(Phase(self.phase_choice.value))))
        self.pause_button.on_click(lambda _b: self._pause())
        if consent is not None:
            consent.show = self._show_card
        decisions = w.HBox(
            [
                self.continue_button,
                self.refine_button,
                self.phase_choice,
                self.choose_button,
                self.pause_button,
            ]
        )
        super().__init__(
            [
                w.HTML(LIVE_STYLE),
                self.stepper,
                self.chat,
                self.message,
                self.send_button,
                decisions,
                self.consent_area,
                self.status,
                w.HBox([self.tool_log, self.meter]),
                self.results,
            ],
            **kwargs,
        )
        use(self)

    def close(self) -> None:
        self.record.close()
        for child in (self.stepper, self.chat, self.results, self.tool_log, self.meter):
            child.close()
        super().close()

    @property
    def transcript(self) -> list[tuple[str, str]]:
        """Every message shown, as (role, content)."""
        return self.chat.transcript

    # --- actions: each starts a task and returns ---------------------------------------------

    def start(self) -> asyncio.Task[Any]:
        """Open (or resume) the current phase: the model speaks first."""
        return self.run(self.workshop.start_phase())

    def send(self) -> asyncio.Task[Any] | None:
        """Send what is in the message box (what the Send button does)."""
        text = self.message.value.strip()
        if not text:
            self._say("type a message first")
            return None
        self.message.value = ""
        self.chat.sent(text)
        return self.run(self.workshop.send(text))

    async def _continue(self) -> None:
        step = await self.workshop.advance()
        if step.outcome.missing:
            self._say(f"{step.outcome.phase.title} ended without: {', '.join(step.outcome.missing)}")
        if step.ended:
            self._say("the workshop's plan is ready: run the develop notebook (the Ralph loop) next")

    async def _choose(self, target: Phase) -> None:
        current = self.workshop.phase
        try:
            if not await self.workshop.choose_phase(target):
                self._say(f"stayed in {current.title}: going back was not confirmed")
        except NavigationError as exc:
            self._say(str(exc))

    def _pause(self) -> None:
        self.workshop.pause()
        self._say("paused: the session is saved; open it again to resume")

    def run(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Start ``coro`` as a task after the ones already started (clicks and cells keep their order)."""
        for button in self._buttons:
            button.disabled = True
        previous = self.tasks[-1] if self.tasks else None
        task = asyncio.ensure_future(_after(previous, coro))
        self.tasks.append(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        if all(t.done() for t in self.tasks):
            for button in self._buttons:
                button.disabled = False
        self.phase_choice.value = self.workshop.phase.value
        error = None if task.cancelled() else task.exception()
        if error is not None:
            self.chat.error(error)

    # --- views ----------------------------------------------------------------------------

    def _show_card(self, card: ConsentCard) -> None:
        self.consent_area.children = [*self.consent_area.children, card]

    def _say(self, text: str) -> None:
        self.status.value = f"<small>{html.escape(text)}</small>"

    def as_text(self) -> str:
        return "\n".join(part for part in (self.stepper.as_text(), self.chat.as_text()) if part)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        data: dict[str, Any] = super()._repr_mimebundle_(**kwargs) or {}
        data["text/plain"] = self.as_text()
        return data

    def _ipython_display_(self) -> None:
        """The widget, then its static record (kept up to date; what a kernel-less notebook shows)."""
        from IPython.display import display

        display(self._repr_mimebundle_(), raw=True)
        self.record.show()


async def _after(previous: asyncio.Task[Any] | None, coro: Coroutine[Any, Any, Any]) -> Any:
    if previous is not None:
        await asyncio.gather(previous, return_exceptions=True)  # its failure is shown by its own task
    return await coro
