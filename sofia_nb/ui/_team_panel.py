"""TeamPanel: the facilitator's side of the team in the room — the join link and its QR code, the
"phones on this Wi-Fi" switch, the server's controls (stop, close joining, new link), who joined
and who waits to (let in, remove a person with their entries), the rounds (open, close, timer,
reveal, remove an entry) and the live counts and aggregate.

The participant server calls back from its own thread; the panel follows the room through the
workshop's one hand-off (``follow_team`` with the app's ``Dispatcher``): on the app's loop the
session takes the change and is saved, and only there are the widgets touched.
Everything a participant typed is escaped before it reaches a widget's HTML.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..session import ROUND_KINDS
from ..session._sections import one_line
from ..session._team import CRITERIA, CRITERION_LABELS, RoundKind, RoundResults, RoundState
from ..workshop import Workshop
from ..workshop._team import follow_team, round_items
from ._countdown import Countdown
from ._dispatch import Dispatcher

if TYPE_CHECKING:
    from ..participants import Interface, ParticipantServer


_LABEL_CHARS = 48
"""An entry's or a person's label in a dropdown, cut at a word with "…" beyond this: a native
select cuts what does not fit its width mid-letter, with no sign that more was said."""


def _offer(dropdown: w.Dropdown, options: list[tuple[str, str]]) -> None:
    """Set ``dropdown``'s options, keeping the one chosen while it is still offered, else
    choosing the first: ipywidgets leaves a dropdown that had none blank (nothing to act on)
    and moves one that had a choice to its first option at every refresh."""
    chosen = dropdown.value
    if list(dropdown.options) != options:
        dropdown.options = options
    values = [value for _, value in options]
    dropdown.value = chosen if chosen in values else (values[0] if values else None)


def _button(description: str, style: str = "", icon: str = "", tooltip: str = "") -> w.Button:
    return w.Button(
        description=description, button_style=style, icon=icon, tooltip=tooltip, layout=w.Layout(width="auto")
    )


def aggregate_html(results: RoundResults | None) -> str:
    """The round's aggregate as an escaped HTML table (answers and ideas as a list)."""
    if results is None:
        return "<em>No round yet.</em>"
    e = html.escape
    parts = [
        f"<strong>Round {e(results.round_id)}</strong> ({e(results.kind)}): {results.contributors} answered"
    ]
    items = [
        *results.answers,
        *(f"{i.title} — {i.description}" if i.description else i.title for i in results.ideas),
    ]
    if items:
        parts.append("<ul>" + "".join(f"<li>{e(t)}</li>" for t in items) + "</ul>")
    if results.scores:
        head = "".join(f"<th>{e(CRITERION_LABELS[c])}</th>" for c in CRITERIA)
        rows = "".join(
            f"<tr><td>{e(s.title)}</td>"
            + "".join(
                f"<td>{c.mean:g} ± {c.spread:g} ({c.count})</td>" if c.mean is not None else "<td>–</td>"
                for c in (s.criteria[name] for name in CRITERIA)
            )
            + "</tr>"
            for s in results.scores
        )
        parts.append(f"<table><tr><th>Idea</th>{head}</tr>{rows}</table>")
    if results.votes:
        rows = "".join(
            f"<tr><td>{e(v.title)}</td><td>{v.dots}</td><td>{v.voters}</td></tr>" for v in results.votes
        )
        parts.append(f"<table><tr><th>Idea</th><th>Dots</th><th>Voters</th></tr>{rows}</table>")
    return "".join(parts)


class TeamPanel(w.VBox):
    """The invitation and the room's controls, in the app (``WorkshopApp.invite``)."""

    interfaces: Callable[[], Iterable[Interface]] | None = None
    """Where the switch finds this machine's addresses (None: read them; tests inject a list)."""

    def __init__(
        self, workshop: Workshop, server: ParticipantServer, dispatch: Dispatcher, **kwargs: Any
    ) -> None:
        self.workshop = workshop
        self.server = server
        self.room = server.room
        self.dispatch = dispatch
        self.on_stop: list[Callable[[], None]] = []
        """Called after Stop (the app offers "Invite the team" again)."""
        self._make_link_controls()
        self._make_round_controls()
        self._make_people_controls()
        self._wire()
        super().__init__(self._rows(), **kwargs)
        self.add_class("sofia-nb-team")
        self._show_link()
        self.refresh()

    # -- set-up ---------------------------------------------------------------------------------

    def _make_link_controls(self) -> None:
        """The link, its QR code, the Wi-Fi switch and the server's buttons."""
        self.link = w.HTML()
        self.qr = w.HTML()
        self.lan = w.Checkbox(
            value=self.server.lan is not False,
            description="Phones on this Wi-Fi",
            indent=False,
            tooltip="serve on this computer's network address so the team's phones can join",
        )
        self.note = w.HTML()
        self.stop_button = _button("Stop", "danger", "stop", "stop the participant server")
        self.joining_button = _button("Close joining", tooltip="members already in keep taking part")
        self.rotate_button = _button("New link", icon="refresh", tooltip="the old link stops working")
        self.counts = w.HTML()
        self.countdown = Countdown()

    def _make_round_controls(self) -> None:
        """The choice of round (as each kind declares it), its prompt, timer and dots, the round's
        buttons, its entries and its aggregate."""
        kinds = [(spec.label, spec.kind) for spec in ROUND_KINDS.values()]
        self.kind = w.Dropdown(options=kinds, value=RoundKind.IDEATE.value, description="Round")
        self.prompt = w.Text(placeholder="What to ask the team", description="Prompt")
        self.seconds = w.BoundedIntText(value=0, min=0, max=3600, description="Timer (s)")
        self.votes = w.BoundedIntText(value=3, min=1, max=20, description="Dots")
        self.kind.observe(lambda _: self._show_dots(), names="value")
        self._show_dots()
        self.open_button = _button("Open round", "primary", "play")
        self.close_button = _button("Close round")
        self.timer_button = _button("Set timer", icon="clock-o")
        self.reveal_button = _button("Reveal results", icon="eye")
        self.entries = w.Dropdown(
            options=[], description="Entry", layout=w.Layout(width="32em", max_width="100%")
        )
        self.remove_button = _button("Remove entry", "warning", "trash")
        self.aggregate = w.HTML()
        self.status = w.HTML()

    def _make_people_controls(self) -> None:
        """Who joined, who waits for the facilitator's OK, and the buttons for them."""
        self.people = w.HTML()
        self.waiting = w.Dropdown(options=[], description="Waiting")
        self.admit_button = _button("Let in", "success", "check", "this person joins the room")
        self.member = w.Dropdown(options=[], description="Person")
        self.remove_member_button = _button(
            "Remove person", "warning", "user-times", "they leave the room with everything they sent"
        )

    def _wire(self) -> None:
        """Every control to its action on the app's loop; the room followed through the
        workshop's hand-off (``follow_team``), the panel shown after the session took each change."""
        dispatch = self.dispatch
        self.lan.observe(lambda change: dispatch.call(self._guarded(self._switch_lan)), names="value")
        for button, action in (
            (self.stop_button, self.stop),
            (self.joining_button, self._toggle_joining),
            (self.rotate_button, self._rotate),
            (self.open_button, self._open_round),
            (self.close_button, self.room.close_round),
            (self.timer_button, self._set_timer),
            (self.reveal_button, self._toggle_reveal),
            (self.remove_button, self._remove),
            (self.admit_button, self._admit),
            (self.remove_member_button, self._remove_member),
        ):
            button.on_click(dispatch.on_click(self._guarded(action)))
        self._unsubscribe = follow_team(self.workshop, self.room, dispatch.call, then=self.show)

    def _rows(self) -> list[w.Widget]:
        wrap = w.Layout(flex_flow="row wrap")
        return [
            w.HTML("<strong>The team in the room</strong>"),
            w.HBox(
                [self.qr, w.VBox([self.lan, self.link, self.note, w.HBox([self.counts, self.countdown])])],
                layout=wrap,
            ),
            w.HBox([self.stop_button, self.joining_button, self.rotate_button], layout=wrap),
            w.HBox([self.kind, self.prompt, self.seconds, self.votes, self.open_button], layout=wrap),
            w.HBox([self.close_button, self.timer_button, self.reveal_button], layout=wrap),
            w.HBox([self.entries, self.remove_button], layout=wrap),
            self.people,
            w.HBox([self.waiting, self.admit_button, self.member, self.remove_member_button], layout=wrap),
            self.aggregate,
            self.status,
        ]

    # -- actions (on the app's loop) ------------------------------------------------------------

    def _guarded(self, action: Any) -> Any:
        def run() -> None:
            try:
                action()
            except Exception as exc:  # a refusal (no round open, ...) is said, never raised into the kernel
                self.status.value = f"<span class='sofia-nb-team-error'>{html.escape(str(exc))}</span>"
            else:
                self.status.value = ""

        return run

    def _open_round(self) -> None:
        kind = self.kind.value
        self.room.open_round(
            kind,
            prompt=self.prompt.value.strip(),
            items=round_items(self.workshop.session, kind),
            votes_per_person=self.votes.value,
            phase=self.workshop.phase,
            seconds=self.seconds.value or None,
        )

    def _show_dots(self) -> None:
        """The dots each person gets: a control of Select's dot vote only."""
        self.votes.layout.display = "" if self.kind.value == RoundKind.SELECT.value else "none"

    def _set_timer(self) -> None:
        self.room.set_timer(self.seconds.value or None)

    def _toggle_reveal(self) -> None:
        current = self.room.current
        self.room.reveal(not (current is not None and current.revealed))

    def _toggle_joining(self) -> None:
        self.room.set_joining(not self.room.joining_open)

    def _rotate(self) -> None:
        self.server.rotate_token()
        self._show_link()

    def _remove(self) -> None:
        if self.entries.value:
            self.room.remove(self.entries.value)

    def _admit(self) -> None:
        if self.waiting.value:
            self.room.admit(self.waiting.value)

    def _remove_member(self) -> None:
        if self.member.value:
            self.room.remove_member(self.member.value)

    def _switch_lan(self) -> None:
        """Serve the room on the other address (a new link: the old one stops working)."""
        from ..participants import ParticipantServer

        if self.lan.value == (self.server.lan is not False) or not self.server.running:
            return
        try:
            if self.interfaces is None:
                new = ParticipantServer(self.room, lan=self.lan.value).start()
            else:
                new = ParticipantServer(self.room, lan=self.lan.value, interfaces=self.interfaces).start()
        except Exception:
            self.lan.value = self.server.lan is not False  # stays as it was; the error is said
            raise
        old, self.server = self.server, new
        old.stop()
        self._show_link()

    def stop(self) -> None:
        """Stop the participant server (the room and what the team sent stay in the session)."""
        self._unsubscribe()
        self.server.stop()
        self.workshop.take_team()
        for button in (self.joining_button, self.rotate_button, self.stop_button):
            button.disabled = True
        for listener in self.on_stop:
            listener()
        self.link.value = "<em>The participant server is stopped.</em>"
        self.qr.value = ""

    # -- showing --------------------------------------------------------------------------------

    def _show_link(self) -> None:
        from ..participants import GUEST_WIFI_NOTE, LOOPBACK_NOTE

        url = html.escape(self.server.url)
        self.link.value = f'Join link: <a href="{url}" target="_blank" rel="noopener">{url}</a>'
        self.qr.value = self.server.qr_svg()  # drawn by segno from our own link, nothing typed in it
        where = (
            f"Serving on {self.server.host} (this computer on its network). {GUEST_WIFI_NOTE}"
            if self.server.lan is not False
            else LOOPBACK_NOTE
        )
        self.note.value = f"<small>{html.escape(where)}</small>"

    def refresh(self) -> None:
        """Take the room's record into the session and show it (``show``)."""
        self.workshop.take_team()
        self.show()

    def show(self) -> None:
        """Show the counts, the entries and the aggregate, as the room has them now."""
        counts = self.room.counts()
        current = self.room.current
        state = (
            "no round"
            if current is None
            else f"round {current.id} {current.kind} "
            + ("open" if current.state == RoundState.OPEN else "closed")
        )
        running = current is not None and current.state == RoundState.OPEN
        waits = f" · {counts['waiting']} waiting to join" if counts["waiting"] else ""
        self.countdown.show(current.ends_at if running and current else None, self.room.now())
        self.counts.value = (
            f"<span class='sofia-nb-team-counts'>{counts['members']} joined · "
            f"{counts['connected']} connected · "
            f"{html.escape(state)}: {counts['contributors']} answered, {counts['entries']} entries"
            f"{'' if self.room.joining_open else ' · joining closed'}"
            f"{waits}</span>"
        )
        self.joining_button.description = "Close joining" if self.room.joining_open else "Open joining"
        self.reveal_button.description = (
            "Hide results" if current is not None and current.revealed else "Reveal results"
        )
        self.aggregate.value = aggregate_html(self.room.results())
        _offer(
            self.entries,
            [
                (f"{one_line(label, _LABEL_CHARS)} ({entry_id})", entry_id)
                for entry_id, label in self.room.entries()
            ],
        )
        people = [p for p in self.room.people() if not p.removed]
        waiting = self.room.waiting()
        self.people.value = people_html(people, waiting)
        _offer(  # the oldest first: "Let in" is one click
            self.waiting,
            [
                (one_line(w_.name, _LABEL_CHARS) or f"waiting since {w_.since:%H:%M:%S}", w_.id)
                for w_ in waiting
            ],
        )
        _offer(self.member, [(one_line(p.label, _LABEL_CHARS), p.id) for p in people])

    def as_text(self) -> str:
        counts = self.room.counts()
        return f"team: {counts['members']} joined, {counts['entries']} entries in the current round"


def people_html(people: list[Any], waiting: list[Any]) -> str:
    """Who joined (names as given, else "Person N") and who is connected, and who waits to join;
    every name escaped."""
    e = html.escape
    joined = ", ".join(f"{e(p.label)} ({'connected' if p.connected else 'not connected'})" for p in people)
    parts = [f"<strong>Joined:</strong> {joined or 'nobody yet'}"]
    if waiting:
        names = ", ".join(e(w_.name or "no name") for w_ in waiting)
        parts.append(f"<strong>Waiting for your OK</strong> (from an address with 3 people in): {names}")
    return "<br>".join(parts)
