"""SessionPicker: which workshop a page works on — the latest one, another one, or a new one.

The facilitator's page (notebook 06, in JupyterLab or Voilà) opens on this instead of a new empty
session per load: **Continue** the newest workshop that has content (the store's ``"last"``),
**Open** another one from the list, or **Start a new workshop**. The picker only presents: a
click hands the choice (a session id, or None for a new session) to ``on_choice``, on the
page's loop; what opening it means is the page's business.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import UTC
from typing import Any

import ipywidgets as w

from ..inert import SafeHtml
from ..session import SessionNotFoundError, SessionStore, SessionSummary
from ._dispatch import Dispatcher
from ._notices import NoticeKind, notice_html

Choice = Callable[[str | None], object]
"""What a click calls: the chosen session's id, or None for a new session."""


def _when(summary: SessionSummary) -> str:
    return summary.updated_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def session_label(summary: SessionSummary) -> str:
    """One session in words: its name (or id), its phase and state, when it was last saved."""
    name = summary.name or summary.session_id
    return f"{name} · {summary.phase.title} · {summary.status.value} · saved {_when(summary)}"


def _button(description: str, style: str = "", icon: str = "") -> w.Button:
    return w.Button(description=description, button_style=style, icon=icon, layout=w.Layout(width="auto"))


class SessionPicker(w.VBox):
    """The choice a page opens on: continue the latest workshop, open another, or start a new one.

    ``store`` is where the sessions are; ``on_choice`` is called (on the loop the picker was built
    on) with a session id or None. The picker lists only sessions with content — a session whose
    first phase was never opened is nothing to continue.
    """

    def __init__(self, store: SessionStore, on_choice: Choice, **kwargs: Any) -> None:
        self.store = store
        self.on_choice = on_choice
        self.dispatch = Dispatcher.here(on_error=lambda exc: self.say(str(exc), "error"))
        self.sessions = [s for s in store.list() if s.has_content]
        self.latest = self._latest()
        self.heading = w.HTML("<h3>Which workshop?</h3>")
        self.continue_button = _button("Continue", "primary", "play")
        self.continue_note = w.HTML()
        self.choice = w.Dropdown(
            options=[(session_label(s), s.session_id) for s in self.sessions], layout=w.Layout(width="560px")
        )
        self.open_button = _button("Open", icon="folder-open")
        self.new_button = _button("Start a new workshop", "success" if self.latest is None else "", "plus")
        self.status = w.HTML()
        self.buttons = [self.continue_button, self.open_button, self.new_button]
        self.continue_button.on_click(self.dispatch.on_click(lambda: self.choose(self._latest_id())))
        self.open_button.on_click(self.dispatch.on_click(lambda: self.choose(self.choice.value)))
        self.new_button.on_click(self.dispatch.on_click(lambda: self.choose(None)))
        rows: list[w.Widget] = [self.heading]
        if self.latest is not None:
            self.continue_note.value = SafeHtml(
                f"the latest workshop: <b>{html.escape(session_label(self.latest))}</b>"
            )
            rows.append(w.HBox([self.continue_button, self.continue_note], layout=_ROW))
        else:
            rows.append(w.HTML("<p>No workshop with content is saved here yet.</p>"))
        if len(self.sessions) > 1:
            rows.append(w.HBox([w.HTML("or another one:"), self.choice, self.open_button], layout=_ROW))
        rows += [w.HBox([self.new_button], layout=_ROW), self.status]
        super().__init__(rows, **kwargs)
        self.add_class("sofia-nb-picker")

    def _latest(self) -> SessionSummary | None:
        """The store's ``"last"``: the newest session with content (None when none has any)."""
        try:
            latest = self.store.resolve("last")
        except SessionNotFoundError:
            return None
        return next((s for s in self.sessions if s.session_id == latest), None)

    def _latest_id(self) -> str | None:
        return self.latest.session_id if self.latest is not None else None

    def choose(self, session_id: str | None) -> None:
        """Hand the choice on (what each button does); the buttons stay off while it opens.

        A click that arrives while they are off does nothing: the page sends the second click of
        a double click before it hears the buttons were turned off, and it opened a second
        workshop (whose app replaced the first's)."""
        if self.new_button.disabled:  # the buttons go off and on together
            return
        for button in self.buttons:
            button.disabled = True
        self.say("opening the workshop…", "busy")
        self.on_choice(session_id)

    def reopen(self, text: str, kind: NoticeKind = "warning") -> None:
        """The choice did not open: say why, and offer the buttons again."""
        for button in self.buttons:
            button.disabled = False
        self.say(text, kind)

    def say(self, text: str, kind: NoticeKind = "info") -> None:
        self.status.value = notice_html(text, kind) if text else ""

    def as_text(self) -> str:
        latest = f"Continue: {session_label(self.latest)}" if self.latest else "no workshop saved yet"
        return f"Which workshop? {latest}; {len(self.sessions)} with content; or start a new one"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = super()._repr_mimebundle_(**kwargs) or {}
        bundle["text/plain"] = self.as_text()
        return bundle


_ROW = w.Layout(flex_flow="row wrap", align_items="center")
