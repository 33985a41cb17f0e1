"""The team in the room from the terminal: ``workshop --invite`` (a join link and a text QR code
for the team's phones), ``--room FILE`` (a room file replayed), and the facilitator's slash
commands for rounds while the workshop runs."""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..session import ROUND_KINDS, SessionError, round_kind
from ..session._team import CRITERIA, CRITERION_LABELS
from ..workshop import Workshop
from ..workshop._team import follow_team, round_items
from . import _exit
from ._context import CliContext

if TYPE_CHECKING:
    from ..participants import ParticipantServer, RoomScript

HELP = (
    "team: /round {kinds} [PROMPT]  /timer SECONDS  /close  /reveal  "
    "/remove ENTRY  /team  /admit ID|all  /remove-person ID  /joining on|off  /new-link  /stop"
)


def help_line() -> str:
    """The slash commands, with the kinds of round there are (``ROUND_KINDS``)."""
    return HELP.format(kinds="|".join(ROUND_KINDS))


def add_team_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--room", metavar="FILE", help="replay the team's input from a room file (docs/participants.md)"
    )
    p.add_argument(
        "--invite", action="store_true", help="invite the team: a join link and QR code for phones"
    )
    p.add_argument(
        "--lan", action="store_true", help="with --invite: serve on this machine's LAN address, not 127.0.0.1"
    )


def read_room(ctx: CliContext) -> RoomScript:
    """``--room FILE``, read and checked before any session is opened (a refused file leaves no
    empty session behind); a bad file is a usage error that names it."""
    from ..participants import RoomFileError, RoomScript

    try:
        return RoomScript.from_file(ctx.args.room)
    except RoomFileError as exc:
        raise _exit.UsageError(f"--room: {exc}") from None


def room_file_errors() -> tuple[type[Exception], ...]:
    """What a room file's replay raises when the room refuses one of its entries (a score for an
    idea this run's record does not have): a file to correct, not a failure of the program."""
    from ..participants import RoomFileError

    return (RoomFileError,)


def replay_room(script: RoomScript, workshop: Workshop) -> None:
    """The room file's team joins and answers as the workshop reaches each phase."""
    from ..participants import ReplayedTeam

    workshop.team = ReplayedTeam(lambda: workshop.session, script)


class TeamCommands:
    """``--invite``: the participant server for this workshop, and the slash commands driving it."""

    def __init__(self, ctx: CliContext, workshop: Workshop) -> None:
        try:
            from ..participants import ParticipantServer, Room
        except ImportError:
            raise _exit.UsageError(
                '--invite needs the participants extra: pip install "sofia_nb[participants]"'
            ) from None
        self.ctx = ctx
        self.workshop = workshop
        self.room = Room(workshop.session.team)
        self._unfollow = follow_team(workshop, self.room, self._hand_off())
        self.server: ParticipantServer = ParticipantServer(self.room, lan=ctx.args.lan).start()
        self.show_link()

    def _hand_off(self) -> Callable[[Callable[[], None]], None]:
        """How a room change reaches the session: on the running loop (the workshop's, which the
        terminal runs), from whichever thread; in place when there is none (a script, a test). A
        save refused there (the session taken over) is said; the run hears it at its next save."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None

        def take(call: Callable[[], None]) -> None:
            try:
                call()
            except SessionError as exc:
                self.ctx.out.info(f"team: {exc}")

        def hand_off(call: Callable[[], None]) -> None:
            if loop is None:
                take(call)
            elif not loop.is_closed():  # a change after the run ended: its end saved the session
                loop.call_soon_threadsafe(take, call)

        return hand_off

    def show_link(self) -> None:
        from ..participants import GUEST_WIFI_NOTE

        self.ctx.out.info(f"join link for the team: {self.server.url}")
        self.ctx.out.info(self.server.qr_text())
        if self.server.lan:
            self.ctx.out.info(GUEST_WIFI_NOTE)
        else:
            self.ctx.out.info(
                "(127.0.0.1 only: browsers on this computer; --lan serves phones on this network)"
            )
        self.ctx.out.info(help_line())

    def stop(self) -> None:
        self.server.stop()
        self._unfollow()
        self.workshop.take_team()

    def command(self, line: str) -> None:
        """Run one slash command; a refusal is said, never raised."""
        name, _, rest = line[1:].strip().partition(" ")
        rest = rest.strip()
        try:
            self._run(name.lower(), rest)
        except Exception as exc:  # RoomRefusal, a bad number, a round without ideas
            self.ctx.out.info(f"team: {exc}")
        self.workshop.take_team()

    def _run(self, name: str, rest: str) -> None:
        room = self.room
        if name == "round":
            kind_name, _, prompt = rest.partition(" ")
            kind = round_kind(kind_name or "question").kind
            items = round_items(self.workshop.session, kind)
            opened = room.open_round(kind, prompt=prompt.strip(), items=items, phase=self.workshop.phase)
            self.ctx.out.info(f"team: round {opened.id} ({kind}) open")
        elif name == "timer":
            room.set_timer(float(rest) if rest else None)
        elif name == "close":
            room.close_round()
        elif name == "reveal":
            room.reveal()
        elif name == "remove":
            room.remove(rest)
        elif name == "admit":
            for waiting in room.waiting():
                if rest in ("all", waiting.id):
                    room.admit(waiting.id)
        elif name == "remove-person":
            room.remove_member(rest)
        elif name == "joining":
            room.set_joining(rest.lower() != "off")
        elif name == "new-link":
            self.server.rotate_token()
            self.show_link()
        elif name == "stop":
            self.stop()
            self.ctx.out.info("team: the participant server is stopped")
            return
        elif name != "team":
            self.ctx.out.info(help_line())
            return
        self.ctx.out.info(self.summary())

    def summary(self) -> str:
        """The live counts, who joined and who waits, the current round's entries (labelled, with
        their ids for /remove) and its aggregate, as lines."""
        counts = self.room.counts()
        lines = [
            f"team: {counts['members']} joined, {counts['connected']} connected; "
            f"{counts['contributors']} answered, {counts['entries']} entries"
        ]
        people = [
            f"{p.label} ({p.id}{', connected' if p.connected else ''})"
            for p in self.room.people()
            if not p.removed
        ]
        if people:
            lines.append(f"  joined: {'; '.join(people)}")
        waiting = self.room.waiting()
        if waiting:
            lines.append(
                "  waiting for your OK (/admit ID|all): "
                + "; ".join(f"{w.name or 'no name'} ({w.id})" for w in waiting)
            )
        results = self.room.results()
        if results is not None:
            lines += [f"  {entry_id}: {label}" for entry_id, label in self.room.entries()]
            for s in results.scores:
                means = ", ".join(
                    f"{CRITERION_LABELS[c].lower()} {s.criteria[c].mean:g}±{s.criteria[c].spread:g}"
                    for c in CRITERIA
                    if s.criteria[c].mean
                )
                lines.append(f"  - {s.title}: {means or 'no scores'} ({s.scorers} scored)")
            lines += [f"  - {v.title}: {v.dots} dots from {v.voters}" for v in results.votes]
        return "\n".join(lines)
