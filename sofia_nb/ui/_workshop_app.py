"""WorkshopApp: the workshop in one widget — stepper, streamed chat, decisions, consent, log and meter.

Every button hands its click to the app's loop (``Dispatcher``: the kernel's main loop, captured
when the app is built), where it starts a task and returns; no cell ever blocks waiting for a
click, and no click is run on the thread or loop the kernel happened to deliver it on. The
engine (``sofia_nb.workshop.Workshop``) does the work; this class only turns clicks into engine
calls and events into pixels.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Coroutine
from typing import Any

import ipywidgets as w

from ..consent import PolicyConsent
from ..develop import DevelopmentOptions
from ..inert import SafeHtml
from ..session import Phase, PhaseReview, SessionStatus
from ..workshop import CONVERSATION_PHASES, NavigationError, Workshop, WorkshopRun
from ._consent_card import ConsentCard
from ._consent_log import ConsentLog
from ._conversation import ConversationView
from ._current import use
from ._develop import PocDevelopment
from ._dispatch import Dispatcher
from ._message_box import MessageBox
from ._notices import NoticeKind, notice_html
from ._record import APP_CLASS, LIVE_STYLE, StaticRecord
from ._results import ResultsView
from ._stepper import PhaseStepper
from ._team_panel import TeamPanel
from ._text import TextForm
from ._token_meter import TokenMeter
from ._toolcall_log import ToolCallLog


def _button(description: str, style: str = "", icon: str = "", tooltip: str = "") -> w.Button:
    # width auto: a fixed width cuts long labels off ("Allow for this ses…").
    return w.Button(
        description=description, button_style=style, icon=icon, tooltip=tooltip, layout=w.Layout(width="auto")
    )


OFF_SCRIPT = (
    "The demo follows a script, so it cannot talk about your own words. To run the workshop on your "
    'own business, open it with a real model: NotebookWorkshop.open(llm="openai:MODEL") (see docs/llm.md).'
)


APP_STYLE = (
    "<style>"
    ".sofia-nb-thinking { animation: sofia-nb-pulse 1.4s ease-in-out infinite; color: #57606a; }"
    "@keyframes sofia-nb-pulse { 0%, 100% { opacity: 1; } 50% { opacity: 0.35; } }"
    ".sofia-nb-disconnected { display: none; }"
    ".jupyter-widgets-disconnected .sofia-nb-disconnected { display: block; }"
    # the banner says the app has lost its kernel: no broken-link icon on each of its widgets
    f".{APP_CLASS}.jupyter-widgets-disconnected::before, .{APP_CLASS} .jupyter-widgets-disconnected::before"
    " { content: none; display: none; }"
    "</style>"
)
DISCONNECTED = (
    '<div class="sofia-nb-disconnected" style="border:1px solid #cf222e;background:#ffebe9;'
    'padding:6px 10px;margin:4px 0">'
    "<b>This app has lost its kernel</b> (it was restarted or shut down): its buttons and Send do "
    'nothing now. To go on, run this cell again: with <code>session="last"</code> the workshop '
    "continues where it was saved. What you type in the message box is kept in this browser and put "
    "back in the new app's box (it is not sent).</div>"
)
"""Shown only when the widget manager marks the app disconnected (``jupyter-widgets-disconnected``):
a kernel-less app says so, and how to resume, instead of looking alive."""


def _show(widget: w.Widget, visible: bool) -> None:
    widget.layout.display = "" if visible else "none"


def _shown(widget: w.Widget) -> bool:
    return widget.layout.display != "none"


def _not_offered(buttons: list[w.Button]) -> str:
    """A click that will not run: the state no longer offers its button (never silently lost)."""
    names = " and ".join(b.description for b in buttons)
    return f"{names} was not started again: the step before it is done and no longer offers it"


class WorkshopApp(TextForm, w.VBox):
    """The facilitator's cockpit for one workshop session, from Start to Develop.

    ``development`` is how the Develop button runs the Ralph loop (with the workshop's store, bus
    and consent); without it Develop says where to run the loop instead. ``demo`` (a scripted demo's
    ``WorkshopRun``) offers the facilitator's next scripted line in the message box and says how
    to connect a real model when the person's own words got the script's fallback. Consent cards
    go where ``show_card`` puts them (``NotebookWorkshop`` points its ``WidgetConsent`` there).
    Building the app changes nothing else; showing it makes it the one ``%%sofia`` talks to.
    """

    team_lan: bool | str = False
    """Where "Invite the team" serves first: True for the team's phones on this Wi-Fi (the
    notebook's ``phones_on_wifi`` parameter); the panel's switch changes it after."""

    def __init__(
        self,
        workshop: Workshop,
        *,
        development: DevelopmentOptions | None = None,
        demo: WorkshopRun | None = None,
        **kwargs: Any,
    ) -> None:
        self.workshop = workshop
        self.development = development
        self.demo = demo
        self._offered: str | None = None
        self.poc: PocDevelopment | None = None
        self.dispatch = Dispatcher.here(on_error=self._fail)
        self.tasks: list[asyncio.Task[Any]] = []
        self._unsettled: set[asyncio.Task[Any]] = set()  # started, and their end not yet handled
        self._build_views()
        self._build_controls()
        self._build_panels()
        self._wire_clicks()
        super().__init__(self._children(), **kwargs)
        self.add_class(APP_CLASS)  # what LIVE_STYLE looks for: the app is drawn, its record hidden
        self._refresh()
        if workshop.session.status is SessionStatus.PAUSED:
            self._say_paused()

    def _build_views(self) -> None:
        """The stepper, the conversation, the results, their static record and the message box."""
        workshop = self.workshop
        self.stepper = PhaseStepper(workshop.phase, bus=workshop.bus)
        self.chat = ConversationView(workshop)
        self.results = ResultsView(workshop)
        self.record = StaticRecord(workshop, self.chat, self.results)
        self.message = MessageBox(
            placeholder="What the team says…", draft_key=workshop.session.id, layout=w.Layout(width="100%")
        )

    def _build_controls(self) -> None:
        """The buttons and fields a facilitator decides with (each button in ``_buttons``)."""
        workshop = self.workshop
        self.start_button = _button("Start", "primary", "play", "the model opens this phase")
        self.send_button = _button("Send", "primary", "paper-plane")
        self.continue_button = _button("Continue", tooltip="complete this phase and start the next")
        self.refine_button = _button(
            "Refine", tooltip="revise this phase's results; what you type in the box says what to change"
        )
        self.phase_choice = w.Dropdown(
            options=[p.value for p in CONVERSATION_PHASES],
            value=workshop.phase.value if workshop.phase in CONVERSATION_PHASES else Phase.PLAN.value,
            layout=w.Layout(width="130px"),
        )
        self.choose_button = _button("Go to phase")
        self.reason = w.Text(
            placeholder="going back: what the team wants to change",
            layout=w.Layout(width="280px"),
        )
        self.start_over = w.Checkbox(value=False, description="start it over", indent=False)
        self.keep_button = _button(
            "Keep as is", tooltip="keep the next phase as it is: no review by the model"
        )
        self.review_note = w.HTML()
        self.pause_button = _button("Pause", "warning", "pause")
        self.resume_button = _button("Resume", "success", "play", "go on where the workshop was paused")
        self.develop_button = _button("Develop", "success", "cogs", "build the plan's proof of concept")
        self.invite_button = _button(
            "Invite the team", icon="users", tooltip="a join link for the team's phones"
        )
        self._buttons = [
            self.start_button,
            self.send_button,
            self.continue_button,
            self.refine_button,
            self.choose_button,
            self.keep_button,
            self.pause_button,
            self.resume_button,
            self.develop_button,
        ]

    def _build_panels(self) -> None:
        """The team's area, the status line, the develop area, and the tool, consent and token logs
        (restored from the session)."""
        workshop = self.workshop
        bus = workshop.bus
        session = workshop.session
        self.team_area = w.VBox()
        self.team: TeamPanel | None = None
        self.status = w.HTML()
        self._status_kind: NoticeKind | None = None
        self._refused: list[w.Button] = []  # clicks refused while the running step lasts
        self.consent_area = self.chat.cards  # the cards wait in the conversation, at the question
        self.develop_area = w.VBox()
        self.tool_log = ToolCallLog(bus, layout=w.Layout(flex="1 1 auto", min_width="0"))
        self.tool_log.restore(session.tool_calls)
        self.consent_log = ConsentLog(bus)
        self.consent_log.restore(session.consent_decisions)
        self.meter = TokenMeter(
            bus, context_window=workshop.llm.context_window, layout=w.Layout(flex="0 0 380px", width="380px")
        )
        self.meter.restore(session)

    def _wire_clicks(self) -> None:
        """Each button's click handed to the app's loop."""
        self._on_click(self.start_button, self.start)
        self._on_click(self.send_button, self.send)
        self._on_click(self.continue_button, lambda: self.run(self._continue()))
        self._on_click(self.refine_button, self.refine)
        self._on_click(self.choose_button, lambda: self.run(self._choose(Phase(self.phase_choice.value))))
        self._on_click(self.keep_button, lambda: self.run(self._keep()))
        self._on_click(self.pause_button, lambda: self.run(self._pause()))
        self._on_click(self.resume_button, self._resume)
        self._on_click(self.develop_button, lambda: self.run(self._develop()))
        self.invite_button.on_click(self.dispatch.on_click(self._invite_clicked))

    def _children(self) -> list[w.Widget]:
        """The app from top to bottom: the conversation, the decisions, the team, the logs, the results."""
        wrap = w.Layout(flex_flow="row wrap")
        decisions = w.HBox(
            [
                self.continue_button,
                self.keep_button,
                self.refine_button,
                self.phase_choice,
                self.reason,
                self.start_over,
                self.choose_button,
                self.pause_button,
                self.resume_button,
                self.develop_button,
                self.invite_button,
            ],
            layout=wrap,
        )
        return [
            w.HTML(LIVE_STYLE + APP_STYLE),
            w.HTML(DISCONNECTED),
            self.stepper,
            self.chat,
            self.chat.cards,
            self.message,
            w.HBox([self.start_button, self.send_button], layout=wrap),
            decisions,
            self.review_note,
            self.team_area,
            self.status,
            w.HBox(
                [
                    w.VBox(
                        [self.tool_log, self.consent_log], layout=w.Layout(flex="1 1 auto", min_width="0")
                    ),
                    self.meter,
                ],
                layout=w.Layout(width="100%"),
            ),
            self.develop_area,
            self.results,
        ]

    def invite(self, *, lan: bool | str = False, port: int = 0) -> TeamPanel:
        """Start the participant server for this workshop's team (the room continues what the
        session holds) and show its panel in the app; a second call returns the running panel."""
        if self.team is not None and self.team.server.running:
            return self.team
        from ..participants import ParticipantServer, Room

        room = Room(self.workshop.session.team)
        self.workshop.team = room
        server = ParticipantServer(room, lan=lan, port=port).start()
        self.team = TeamPanel(self.workshop, server, self.dispatch)
        self.team.on_stop.append(lambda: setattr(self.invite_button, "disabled", False))
        self.team_area.children = [self.team]
        self.invite_button.disabled = True
        return self.team

    def _invite_clicked(self) -> None:
        try:
            self.invite(lan=self.team_lan)
        except Exception as exc:  # the extra missing, no LAN address: said in the app
            self._say(f"Could not invite the team: {exc}", "error")

    def stop_team(self) -> None:
        """Stop the participant server, if one runs (what the team sent stays in the session)."""
        if self.team is not None and self.team.server.running:
            self.team.stop()
        self.invite_button.disabled = False

    def close(self) -> None:
        self.stop_team()
        self.record.close()
        for child in (self.stepper, self.chat, self.results, self.tool_log, self.consent_log, self.meter):
            child.close()
        super().close()

    @property
    def transcript(self) -> list[tuple[str, str]]:
        """Every message shown, as (role, content)."""
        return self.chat.transcript

    # --- clicks: handed to the app's loop, refused visibly while a step runs ----------------

    def _on_click(self, button: w.Button, action: Callable[[], object]) -> None:
        button.on_click(self.dispatch.on_click(lambda: self._clicked(button, action)))

    def _clicked(self, button: w.Button, action: Callable[[], object]) -> None:
        # A click that arrives while a step runs (the browser had not yet greyed the button out)
        # is refused out loud; the message box keeps its text, so nothing typed is lost.
        if self.busy and button is self.pause_button and self.chat.cards.children:
            # Pause while a card waits: the question is answered no, then the pause follows the step
            for card in list(self.chat.cards.children):
                if isinstance(card, ConsentCard):
                    card.decline("the facilitator paused the workshop")
            action()
            return
        if self.busy:
            self._refused.append(button)
            self._say(
                f"{button.description} was not started: sofia is still working on the current step; "
                f"click {button.description} again when the buttons are back",
                "busy",
            )
            return
        if not _shown(button):  # clicked before the last step hid it (a double click on Start)
            self._say(_not_offered([button]))
            return
        action()

    @property
    def busy(self) -> bool:
        """A step is running (its buttons are disabled)."""
        # Until its done callback has run, a finished step still counts: in between, the buttons
        # are still disabled and the state not redrawn, and a click arriving there (a double click
        # on Start with the demo's quick reply) would start the step again.
        return bool(self._unsettled)

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
        task = self.run(self.workshop.send(text))
        if self.demo is not None:
            task.add_done_callback(self._after_demo_send)
        return task

    def refine(self) -> asyncio.Task[Any]:
        """Ask sofia to revise this phase's results (what the Refine button does): the message box
        says what to change (a scripted line the demo offered there is not the facilitator's);
        empty, sofia picks what is thinnest."""
        text = self.message.value.strip()
        if text and text != (self._offered or "").strip():
            self.message.value = ""  # the conversation shows the words with sofia's answer
        else:
            text = ""
        return self.run(self.workshop.refine(text))

    def _after_demo_send(self, _task: asyncio.Task[Any]) -> None:
        if self.demo is not None and self.demo.off_script():
            self.chat.notice(OFF_SCRIPT)

    async def _continue(self) -> None:
        step = await self.workshop.advance()  # asks first (a card) when the phase lacks something
        if not step.moved:
            self._say(f"stayed in {step.phase.title}: continuing was not confirmed")
            return
        notes = []
        if step.outcome.missing:
            notes.append(f"{step.outcome.phase.title} ended without: {', '.join(step.outcome.missing)}")
        if step.ended:
            notes.append(
                "the workshop's conversation is over and the plan is ready: "
                "Develop builds its proof of concept here (or run 02_develop.ipynb)"
            )
        if notes:
            self._say("; ".join(notes), "warning" if step.outcome.missing else "info")

    async def _choose(self, target: Phase) -> None:
        current = self.workshop.phase
        try:
            if not await self.workshop.choose_phase(
                target, reason=self.reason.value, start_over=self.start_over.value
            ):
                self._say(f"stayed in {current.title}: going back was not confirmed")
                return
        except NavigationError as exc:
            self._say(str(exc), "warning")
            return
        self.reason.value, self.start_over.value = "", False

    async def _keep(self) -> None:
        review = self.workshop.next_review()
        step = await self.workshop.advance(keep_as_is=True)
        if not step.moved:
            self._say(f"stayed in {step.phase.title}: continuing was not confirmed")
        elif review is not None:
            self._say(f"kept {review.phase.title} as it is; Continue goes on from there")
        elif step.outcome.missing:
            self._say(
                f"{step.outcome.phase.title} ended without: {', '.join(step.outcome.missing)}", "warning"
            )

    async def _develop(self) -> None:
        if self.development is None:
            self._say(
                "Develop needs the Ralph loop's model: open the workshop with ui.NotebookWorkshop.open(…) "
                "or run 02_develop.ipynb",
                "warning",
            )
            return
        consent = self.workshop.consent
        self.poc = PocDevelopment(
            self.development,
            consent=consent.provider if consent is not None else PolicyConsent("deny"),
            bus=self.workshop.bus,
            store=self.workshop.store,
        )
        self.develop_area.children = [self.poc.panel]
        self._say("developing the proof of concept: the panel below follows the Ralph loop", "busy")
        result = await self.poc.develop(self.workshop.session)
        self._say(self.poc.panel.outcome_text(), "info" if result.status == "success" else "warning")

    async def _pause(self) -> None:
        await self.workshop.pause()
        self._say_paused()

    def _say_paused(self) -> None:
        self._say(
            "paused: the session is saved. Resume goes on here; after a kernel restart open it with "
            'session="last"',
            "warning",
        )

    def _resume(self) -> None:
        self.workshop.resume()
        self._say(f"resumed: {self.workshop.phase.title} goes on where it stopped")
        self._refresh()

    def run(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Start ``coro`` as a task after the ones already started (clicks and cells keep their order).

        Call it on the app's loop (a notebook cell or a click does); the buttons are disabled
        until the task ends.
        """
        if not self.dispatch.on_loop():
            coro.close()
            raise RuntimeError("WorkshopApp.run was called off the kernel's loop; call it from a cell")
        for button in self._buttons:
            button.disabled = True
        self._say("")  # what the last notice said belonged to the state before this step
        self.chat.working(True)
        previous = self.tasks[-1] if self.tasks else None
        task = asyncio.ensure_future(_after(previous, coro))
        self.tasks.append(task)
        self._unsettled.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._unsettled.discard(task)
        if not task.cancelled() and task.exception() is not None:
            self._fail(task.exception())  # type: ignore[arg-type]
        self._refresh()
        if not self.busy:
            self.chat.working(False)
            # "click … again when the buttons are back": they are back, or the step took away the
            # button clicked (a double click on Start), and the notice says that click is not run.
            refused, self._refused = self._refused, []
            if self._status_kind == "busy":
                gone = [b for b in dict.fromkeys(refused) if not _shown(b)]
                self._say(_not_offered(gone) if gone else "")

    def _refresh(self) -> None:
        """Which actions the workshop's state offers, and whether a step is running."""
        phase = self.workshop.phase
        talking = phase in CONVERSATION_PHASES
        opened = talking and bool(self.workshop.session.turns_of(phase))
        paused = self.workshop.session.status is SessionStatus.PAUSED
        _show(self.start_button, talking and not opened)
        for widget in (self.send_button, self.message):
            _show(widget, talking)
        for widget in (self.continue_button, self.refine_button):
            _show(widget, opened)
        waiting = ("pending", "reviewing")
        self.stepper.set_review(
            frozenset(r.phase for r in self.workshop.session.reviews if r.state in waiting)
        )
        review = self.workshop.next_review() if opened else None
        _show(self.keep_button, review is not None)
        self.review_note.value = _review_html(review) if review is not None else ""
        _show(self.pause_button, not paused)
        _show(self.resume_button, paused)
        _show(self.develop_button, not talking)
        busy = self.busy
        for button in self._buttons:
            button.disabled = busy or (paused and button is not self.resume_button)
        if self.chat.cards.children:  # a question waits: the facilitator can still pause
            self.pause_button.disabled = paused
        if talking:
            self.phase_choice.value = phase.value
        self._offer_demo_line(talking and opened and not busy)

    def _offer_demo_line(self, open_for_talk: bool) -> None:
        """Prefill the scripted demo's next line (Send sends it; typing over it is the person's own)."""
        if self.demo is None:
            return
        line = self.demo.next_line() if open_for_talk else None
        if self.message.value.strip() in ("", (self._offered or "").strip()):  # never over own words
            self.message.value = line or ""
        self._offered = line

    def _fail(self, exc: BaseException) -> None:
        self.chat.error(exc)  # in the conversation, where the facilitator is looking

    # --- views ----------------------------------------------------------------------------

    def show_card(self, card: ConsentCard) -> None:
        """Put a consent card in the conversation, at the question (a ``WidgetConsent``'s ``show``);
        while it waits, Pause stays available (it answers the card no, then pauses)."""
        self.chat.show_card(card)
        card.on_settled.append(lambda _card: self._refresh())
        self.pause_button.disabled = False

    def _say(self, text: str, kind: NoticeKind = "info") -> None:
        """The app's one status line; an empty ``text`` clears it."""
        self.status.value = notice_html(text, kind) if text else ""
        self._status_kind = kind if text else None

    def as_text(self) -> str:
        return "\n".join(part for part in (self.stepper.as_text(), self.chat.as_text()) if part)

    def _ipython_display_(self) -> None:
        """The widget, then its static record (kept up to date; what a kernel-less notebook shows);
        the app shown last is the one ``%%sofia`` cells talk to."""
        from IPython.display import display

        use(self)
        display(self._repr_mimebundle_(), raw=True)
        self.record.show()


async def _after(previous: asyncio.Task[Any] | None, coro: Coroutine[Any, Any, Any]) -> Any:
    # Every task lives on the app's loop, so waiting for the previous one never crosses loops.
    if previous is not None:
        await asyncio.gather(previous, return_exceptions=True)  # its failure is shown by its own task
    return await coro


def _review_html(review: PhaseReview) -> SafeHtml:
    """What Continue does to the next phase when an earlier one was reopened, and what changed."""
    why = f" ({review.reason})" if review.reason else ""
    head = notice_html(
        f"{review.phase.title} was recorded before {review.because.title} was reopened{why}: Continue has "
        f"the model review it, Keep as is skips the review. What changed in {review.because.title}:"
    )
    items = "".join(f"<li>{html.escape(c)}</li>" for c in review.changes or ["nothing in its record, so far"])
    return SafeHtml(f"{head}<ul>{items}</ul>")  # the note escapes its text, each item is escaped
