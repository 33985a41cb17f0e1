"""SessionWatch: a workshop that another window holds, watched read-only until it is free.

A second page on a session that another live run holds (another Voilà tab, a notebook, the
terminal) is told who holds it and since when, and shows the workshop as its record holds it —
the phases and the conversation — redrawn whenever the session file changes (its modification
time is looked at every ``POLL_S`` while the watch is open; the file is read without waiting for
any lock). When the holder goes (its page closed, its kernel stopped), the watch says so and
offers **Continue here**; **Take it over** takes the hold at once (the other run is told at its
next save, and what it had not saved is kept aside: ``SessionStore.hold``).
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..inert import SafeHtml
from ..session import Holder, SessionError, SessionStore, WorkshopSession
from ._conversation import replayed
from ._dispatch import Dispatcher
from ._notices import NoticeKind, notice_html
from ._stepper import PhaseStepper

POLL_S = 1.0
"""How often the watch looks at the session file and its holder (a stat and a small read)."""

Choice = Callable[[bool], object]
"""What Continue here (False) and Take it over (True) call: open the session here."""


def _button(description: str, style: str = "", icon: str = "") -> w.Button:
    return w.Button(description=description, button_style=style, icon=icon, layout=w.Layout(width="auto"))


def watch_html(session: WorkshopSession) -> SafeHtml:
    """The workshop as its record holds it: its name and every message."""
    title = html.escape(session.name or "Workshop")
    messages = ["".join(block.html() for block in blocks) for _, blocks in replayed(session) if blocks]
    body = "".join(f'<div class="sofia-nb-entry">{m}</div>' for m in messages)
    body = body or "<p><i>no messages yet</i></p>"
    return SafeHtml(f"<h3>{title}</h3>{body}")


class SessionWatch(w.VBox):
    """A read-only view of ``session_id``, held by ``holder`` when the watch opened.

    ``on_choice`` opens the session here: ``False`` once it is free (Continue here), ``True`` to
    take it over from a live holder. ``refresh()`` looks once; the watch looks by itself every
    ``POLL_S`` from the loop it was built on until it is closed.
    """

    def __init__(
        self, store: SessionStore, session_id: str, holder: Holder, on_choice: Choice, **kwargs: Any
    ) -> None:
        self.store = store
        self.session_id = session_id
        self.holder: Holder | None = holder
        self.on_choice = on_choice
        self.dispatch = Dispatcher.here(on_error=lambda exc: self._say(str(exc), "error"))
        self.notice = w.HTML()
        self.stepper = PhaseStepper()
        # column-reverse, as the app's conversation: the box stays scrolled to the newest message
        box = w.Layout(display="flex", flex_flow="column-reverse", max_height="560px", overflow="auto")
        box.border = "1px solid #d0d7de"
        self.record = w.HTML(layout=box)
        self.continue_button = _button("Continue here", "primary", "play")
        self.take_over_button = _button("Take it over", "warning", "hand-paper-o")
        self.continue_button.on_click(self.dispatch.on_click(lambda: self._choose(False)))
        self.take_over_button.on_click(self.dispatch.on_click(lambda: self._choose(True)))
        self._stamp: int | None = None
        super().__init__(
            [self.notice, w.HBox([self.continue_button, self.take_over_button]), self.stepper, self.record],
            **kwargs,
        )
        self.add_class("sofia-nb-watch")
        self.refresh()
        self._task: asyncio.Task[None] | None = None
        if self.dispatch.loop is not None:
            self._task = self.dispatch.loop.create_task(self._follow())

    async def _follow(self) -> None:
        while True:
            await asyncio.sleep(POLL_S)
            self.refresh()

    def refresh(self) -> None:
        """Redraw the record if the file changed, and say whether it is still held."""
        try:
            stamp = self.store.path_for(self.session_id).stat().st_mtime_ns
            if stamp != self._stamp:
                session = self.store.load(self.session_id)
                self.record.value = watch_html(session)
                self.stepper.set_phase(session.phase)
                self._stamp = stamp
            self.holder = self.store.holder(self.session_id)
        except (OSError, SessionError) as exc:  # deleted or being replaced: the next look tells
            self._say(f"the workshop could not be read now ({type(exc).__name__}); looking again", "warning")
            return
        held = self.holder is not None
        if self.holder is not None:
            self._say(
                f"This workshop is open in another window: {self.holder.words()}. This page watches it "
                "(what is said there appears here; nothing can be sent from here). Take it over to work "
                "on it here: the other window is told at its next step, and keeps what it had not saved.",
                "warning",
            )
        else:
            self._say("The other window has let the workshop go: Continue here goes on with it on this page.")
        self.continue_button.layout.display = "none" if held else ""
        self.take_over_button.layout.display = "" if held else "none"

    def _choose(self, take_over: bool) -> None:
        for button in (self.continue_button, self.take_over_button):
            button.disabled = True
        self.on_choice(take_over)

    def reopen(self, text: str) -> None:
        """Opening here did not work: say why, and offer the buttons again."""
        for button in (self.continue_button, self.take_over_button):
            button.disabled = False
        self._say(text, "warning")

    def _say(self, text: str, kind: NoticeKind = "info") -> None:
        self.notice.value = notice_html(text, kind)

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.stepper.close()
        super().close()

    def as_text(self) -> str:
        who = self.holder.words() if self.holder is not None else "nobody now"
        return f"watching session {self.session_id}, held by {who}"
