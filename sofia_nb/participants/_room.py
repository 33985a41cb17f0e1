"""The room: rounds, members and contributions, with the rules both sides follow.

One ``Room`` is shared by the participant server's thread (what phones send) and the
facilitator's thread (the app, the CLI, a replay), so every change happens under one lock and
listeners are called after it is released. The facilitator decides what is shared: a
participant's view holds the open (or last) round, their own entries, and the results only once
revealed — never another participant's id, name or unrevealed entry.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from ..session import Phase
from ..session._rounds import (
    ID_MAX,
    NAME_MAX,
    TEXT_MAX,
    TITLE_MAX,
    AnswerIn,
    FormField,
    IdeaIn,
    RoomRefusal,
    ScoresIn,
    SentEntry,
    Taking,
    VotesIn,
    clean_text,
    parse_sent,
    round_kind,
)
from ..session._team import (
    CRITERIA,
    Mine,
    RoundItem,
    RoundResults,
    RoundState,
    TeamMember,
    TeamRoom,
    TeamRound,
    entry_label,
    member_label,
    round_results,
)

__all__ = [
    "ID_MAX",
    "NAME_MAX",
    "TEXT_MAX",
    "TITLE_MAX",
    "AnswerIn",
    "IdeaIn",
    "JoinIn",
    "Mine",
    "ParticipantView",
    "Person",
    "Room",
    "RoomLimits",
    "RoomRefusal",
    "ScoresIn",
    "SentEntry",
    "VotesIn",
    "Waiting",
    "clean_text",
    "parse_sent",
]

Clock = Callable[[], float]
"""Seconds since the epoch; the room's timer and the rate limits read it (tests inject one)."""


class JoinWaiting(RoomRefusal):
    """A join from an address that has its share of members: it waits for the facilitator's OK
    (``Room.admit``); ``secret`` is the device's, so the phone is recognised once admitted."""

    def __init__(self, secret: str) -> None:
        super().__init__(
            "waiting", "this network address has joined enough people: the facilitator will let you in"
        )
        self.secret = secret


class Person(BaseModel):
    """A member as the facilitator's panel lists them."""

    id: str
    label: str
    connected: bool
    removed: bool


class Waiting(BaseModel):
    """A join that waits for the facilitator's OK (kept in memory only, never in the session)."""

    id: str
    name: str = ""
    address: str
    device: str
    since: datetime


class RoomLimits(BaseModel):
    """How much a room takes: sizes, counts, rates (a bucket of ``burst`` requests refilled at
    ``per_second``) and deadlines, per device and per network address. docs/participants.md lists
    them with their values ("Limits")."""

    model_config = ConfigDict(frozen=True)

    max_body_bytes: int = 16_384
    max_members: int = 100
    members_per_address: int = Field(
        3,
        description="members who may join from one network address (loopback included); further joins "
        "from it wait for the facilitator's OK. Raise it for many browsers on one machine",
    )
    max_waiting: int = Field(20, description="joins waiting for the facilitator's OK, in all")
    entries_per_member: int = Field(5, description="answers or ideas one participant may send in one round")
    entries_per_round: int = Field(
        60, description="answers or ideas all participants together may send in one round"
    )
    device_burst: int = 20
    device_per_second: float = 0.5
    address_burst: int = 60
    address_per_second: float = 2.0
    connections_per_address: int = Field(
        32, description="connections one network address may hold open; more are closed at once"
    )
    header_seconds: float = Field(10.0, description="a request's line and headers must arrive within this")
    body_seconds: float = Field(10.0, description="a request's body must arrive within this")
    streams_per_address: int = 6
    max_streams: int = 200
    stream_seconds: float = Field(600.0, description="an update stream ends then; the page reconnects")


class JoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, StringConstraints(max_length=NAME_MAX)] = ""


class SharedRound(BaseModel):
    """The round as a participant sees it."""

    id: str
    kind: str
    title: str = Field(description="the round's heading (its kind's ``RoundSpec.title``)")
    prompt: str
    items: list[RoundItem]
    votes_per_person: int
    open: bool
    seconds_left: int | None = None
    criteria: list[str] = Field(default_factory=lambda: list(CRITERIA))
    entry: str = Field(description="the kind of entry the round takes (what the page sends)")
    form: list[FormField] = Field(
        default_factory=list, description="the round's text form; empty for a kind the page draws itself"
    )
    send: str = Field("Send", description="the text form's button")


class ParticipantView(BaseModel):
    """Everything one participant is shown; built fresh for each update."""

    joined: bool
    waiting: bool = Field(False, description="joined from a busy address: waits for the facilitator's OK")
    removed: bool = Field(False, description="the facilitator took this device out of the room")
    you: dict[str, str] | None = None
    joining_open: bool = True
    round: SharedRound | None = None
    mine: Mine | None = None
    results: RoundResults | None = None


def device_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class Room:
    """The rounds, members and contributions of one workshop's team, and the rules for them.

    ``record`` continues a stored room (a restarted kernel); ``on_change`` listeners are called
    with no lock held, from whichever thread made the change.
    """

    def __init__(
        self, record: TeamRoom | None = None, *, limits: RoomLimits | None = None, clock: Clock = time.time
    ) -> None:
        self._record = record.model_copy(deep=True) if record is not None else TeamRoom()
        self.limits = limits or RoomLimits()
        self.clock = clock
        self._lock = threading.RLock()
        self._listeners: tuple[Callable[[], None], ...] = ()
        self._by_device = {m.device: m for m in self._record.members}
        self._presence: dict[str, int] = {}
        self._from_address: dict[str, set[str]] = {}  # address -> ids of members who joined from it
        self._waiting: dict[str, Waiting] = {}  # device hash -> a join waiting for the facilitator
        self.version = 0

    # -- listening ---------------------------------------------------------------------------

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` after every change; returns an unsubscribe."""
        with self._lock:
            self._listeners = (*self._listeners, listener)

        def unsubscribe() -> None:
            with self._lock:
                self._listeners = tuple(x for x in self._listeners if x is not listener)

        return unsubscribe

    def _changed(self) -> None:
        with self._lock:
            self.version += 1
            listeners = self._listeners
        for listener in listeners:
            listener()

    # -- reading -----------------------------------------------------------------------------

    def snapshot(self) -> TeamRoom:
        """A copy of the whole record (the session stores it)."""
        with self._lock:
            return self._record.model_copy(deep=True)

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)

    @property
    def current(self) -> TeamRound | None:
        """The round participants are shown: the last one opened."""
        with self._lock:
            return self._record.rounds[-1] if self._record.rounds else None

    def results(self, round_id: str | None = None) -> RoundResults | None:
        """The aggregate of a round (the current one by default)."""
        with self._lock:
            shown = self._record.round(round_id) if round_id else self.current
            return round_results(self._record, shown.id) if shown is not None else None

    @property
    def joining_open(self) -> bool:
        """Whether new phones may join (kept in the record: a restart does not reopen it)."""
        return self._record.joining_open

    def member_for(self, secret: str | None) -> TeamMember | None:
        """The member whose device holds ``secret`` (None for a removed one)."""
        if not secret:
            return None
        with self._lock:
            found = self._by_device.get(device_hash(secret))
            return found if found is not None and not found.removed else None

    def entries(self, round_id: str | None = None) -> list[tuple[str, str]]:
        """A round's entries (the current one's by default) as ``(id, label)``: who sent what,
        ideas by title, for every kind of round (``/remove`` and the panel's list)."""
        with self._lock:
            shown = self._record.round(round_id) if round_id else self.current
            if shown is None:
                return []
            return [(c.id, entry_label(self._record, c)) for c in self._record.of_round(shown.id)]

    def people(self) -> list[Person]:
        """Who joined, in joining order: label (their name, else "Person N"), whether connected
        now, whether removed."""
        with self._lock:
            return [
                Person(
                    id=m.id,
                    label=member_label(self._record, m.id),
                    connected=self._presence.get(m.id, 0) > 0,
                    removed=m.removed,
                )
                for m in self._record.members
            ]

    def waiting(self) -> list[Waiting]:
        """The joins waiting for the facilitator's OK, oldest first."""
        with self._lock:
            return [w.model_copy() for w in self._waiting.values()]

    def counts(self) -> dict[str, int]:
        """Live numbers for the facilitator: members, members connected now, and the current
        round's contributors and entries."""
        with self._lock:
            current = self.current
            entries = self._record.of_round(current.id) if current else []
            return {
                "members": sum(1 for m in self._record.members if not m.removed),
                "waiting": len(self._waiting),
                "connected": sum(1 for n in self._presence.values() if n > 0),
                "contributors": len({c.participant for c in entries}),
                "entries": len(entries),
            }

    def seconds_left(self, shown: TeamRound) -> int | None:
        if shown.ends_at is None:
            return None
        return max(0, int((shown.ends_at - self.now()).total_seconds() + 0.999))

    def view_for(self, member: TeamMember | None, secret: str | None = None) -> ParticipantView:
        """What ``member`` is shown (a stranger sees only whether joining is open; the device
        ``secret`` of one who is not a member tells whether it waits or was removed)."""
        with self._lock:
            if member is None:
                device = device_hash(secret) if secret else ""
                known = self._by_device.get(device)
                return ParticipantView(
                    joined=False,
                    joining_open=self.joining_open,
                    waiting=device in self._waiting,
                    removed=known is not None and known.removed,
                )
            view = ParticipantView(joined=True, you={"id": member.id, "name": member.name})
            view.joining_open = self.joining_open
            shown = self.current
            if shown is None:
                return view
            spec = round_kind(shown.kind)
            view.round = SharedRound(
                id=shown.id,
                kind=shown.kind,
                title=spec.title,
                entry=spec.entry_kind,
                form=list(spec.form),
                send=spec.send,
                prompt=shown.prompt,
                items=[i.model_copy() for i in shown.items],
                votes_per_person=shown.votes_per_person,
                open=shown.state == RoundState.OPEN,
                seconds_left=self.seconds_left(shown),
            )
            view.mine = self._mine(shown, member.id)
            if shown.revealed:
                view.results = round_results(self._record, shown.id)
            return view

    def _mine(self, shown: TeamRound, member_id: str) -> Mine:
        mine = Mine()
        spec = round_kind(shown.kind)
        for c in self._record.of_round(shown.id):
            if c.participant == member_id:
                spec.mine(c, mine)
        return mine

    # -- the facilitator ---------------------------------------------------------------------

    def open_round(
        self,
        kind: str,
        *,
        prompt: str = "",
        items: Iterable[RoundItem | dict[str, str]] = (),
        votes_per_person: int = 3,
        phase: Phase | None = None,
        seconds: float | None = None,
    ) -> TeamRound:
        """Open a round (closing the one before): ``items`` are the cards offered (Ideate) or the
        ideas to score (Design) or vote on (Select); ``seconds`` starts its timer."""
        spec = round_kind(kind)
        listed = [RoundItem.model_validate(i) if isinstance(i, dict) else i.model_copy() for i in items]
        if spec.needs and not listed:
            raise ValueError(f"a {spec.kind} round needs the ideas to {spec.needs}")
        if len({i.id for i in listed}) != len(listed):
            raise ValueError("two items of the round share an id")
        if votes_per_person < 1:
            raise ValueError("votes_per_person must be at least 1")
        with self._lock:
            self._close_current()
            opened = TeamRound(
                id=f"r{len(self._record.rounds) + 1}",
                kind=spec.kind,
                phase=phase,
                prompt=prompt,
                items=listed,
                votes_per_person=votes_per_person,
                opened_at=self.now(),
            )
            self._record.rounds.append(opened)
            if seconds is not None:
                opened.ends_at = self.now() + timedelta(seconds=seconds)
        self._changed()
        return opened.model_copy(deep=True)

    def _close_current(self) -> bool:
        current = self.current
        if current is None or current.state == RoundState.CLOSED:
            return False
        current.state = RoundState.CLOSED
        current.closed_at = self.now()
        return True

    def close_round(self) -> None:
        """Close the open round: no more answers; participants keep seeing it."""
        with self._lock:
            changed = self._close_current()
        if changed:
            self._changed()

    def set_timer(self, seconds: float | None) -> None:
        """Give the open round ``seconds`` from now (None clears the timer)."""
        with self._lock:
            current = self._open_round()
            current.ends_at = None if seconds is None else self.now() + timedelta(seconds=seconds)
        self._changed()

    def reveal(self, revealed: bool = True, round_id: str | None = None) -> None:
        """Show (or hide again) a round's results to the participants."""
        with self._lock:
            shown = self._record.round(round_id) if round_id else self.current
            if shown is None:
                raise RoomRefusal("no-round", "no round has been opened")
            shown.revealed = revealed
        self._changed()

    def remove(self, contribution_id: str) -> None:
        """Take an entry out: it no longer counts or shows; the record keeps it, marked removed."""
        with self._lock:
            found = next((c for c in self._record.contributions if c.id == contribution_id), None)
            if found is None:
                raise RoomRefusal("not-found", f"no entry {contribution_id!r}")
            found.removed = True
        self._changed()

    def set_joining(self, open_: bool) -> None:
        """Open or close joining: members already in keep taking part. Kept in the record, so a
        room invited again after a restart stays as the facilitator left it."""
        with self._lock:
            self._record.joining_open = open_
            if not open_:
                self._waiting.clear()
        self._changed()

    def admit(self, waiting_id: str) -> TeamMember:
        """Let a waiting join in: it becomes a member (its phone is recognised by its cookie)."""
        with self._lock:
            found = next((w for w in self._waiting.values() if w.id == waiting_id), None)
            if found is None:
                raise RoomRefusal("not-found", f"nobody waits as {waiting_id!r}")
            del self._waiting[found.device]
            member = self._add_member(found.name, found.device, found.address)
        self._changed()
        return member

    def remove_member(self, member_id: str) -> None:
        """Take a member out with their entries: their device is refused from then on; the record
        keeps them and their entries, marked removed."""
        with self._lock:
            found = self._record.member(member_id)
            if found is None:
                raise RoomRefusal("not-found", f"no member {member_id!r}")
            found.removed = True
            for c in self._record.contributions:
                if c.participant == member_id:
                    c.removed = True
            for members in self._from_address.values():
                members.discard(member_id)
        self._changed()

    def _open_round(self) -> TeamRound:
        current = self.current
        if current is None or current.state != RoundState.OPEN:
            raise RoomRefusal("round-closed", "no round is open")
        return current

    # -- participants ------------------------------------------------------------------------

    def join(
        self, name: str = "", secret: str | None = None, address: str | None = None
    ) -> tuple[TeamMember, str]:
        """Join, or rejoin when ``secret`` is a known device's (keeping every entry it made, and
        taking a new name if one is given): the member and the device secret.

        A new join from an ``address`` that already has ``members_per_address`` members waits
        for the facilitator (``JoinWaiting``, holding the device secret); None (the room file's
        replay, the facilitator's own) is not counted."""
        name = clean_text(name, one_line=True)[:NAME_MAX]
        waits = False
        with self._lock:
            known = self._by_device.get(device_hash(secret)) if secret else None
            if known is not None and secret is not None:
                if known.removed:
                    raise RoomRefusal("removed", "the facilitator has taken this device out of the room")
                renamed = bool(name) and name != known.name
                if renamed:
                    known.name = name
                member = known.model_copy()
            else:
                if not self.joining_open:
                    raise RoomRefusal("joining-closed", "the facilitator has closed joining")
                if secret and device_hash(secret) in self._waiting:
                    raise JoinWaiting(secret)
                if sum(1 for m in self._record.members if not m.removed) >= self.limits.max_members:
                    raise RoomRefusal("room-full", "the room is full")
                secret = secrets.token_urlsafe(24)
                if address is not None and len(self._from_address.get(address, ())) >= (
                    self.limits.members_per_address
                ):
                    self._wait(name, device_hash(secret), address)
                    waits = True
                else:
                    member = self._add_member(name, device_hash(secret), address).model_copy()
                    renamed = True
        if waits:
            self._changed()  # news for the facilitator's panel
            raise JoinWaiting(secret)
        if renamed:
            self._changed()
        return member, secret

    def _wait(self, name: str, device: str, address: str) -> None:
        if len(self._waiting) >= self.limits.max_waiting:
            raise RoomRefusal("room-busy", "too many people are waiting to join; ask the facilitator")
        self._waiting[device] = Waiting(
            id=f"w-{secrets.token_hex(3)}", name=name, address=address, device=device, since=self.now()
        )

    def _add_member(self, name: str, device: str, address: str | None) -> TeamMember:
        taken = {m.id for m in self._record.members}
        member_id = next(i for i in (f"p-{secrets.token_hex(3)}" for _ in range(100)) if i not in taken)
        member = TeamMember(id=member_id, name=name, device=device, joined_at=self.now())
        self._record.members.append(member)
        self._by_device[device] = member
        if address is not None:
            self._from_address.setdefault(address, set()).add(member_id)
        return member

    def present(self, member_id: str, delta: int) -> None:
        """Count an update stream of ``member_id`` opening (+1) or closing (-1)."""
        with self._lock:
            self._presence[member_id] = self._presence.get(member_id, 0) + delta
        self._changed()

    def contribute(self, member: TeamMember, sent: SentEntry) -> str:
        """Record what ``member`` sent to the open round; returns the entry's id.

        Refused (``RoomRefusal``) when no round or another round is open, the timer has run
        out, the entry does not fit the round, or the participant has sent their share.
        """
        with self._lock:
            current = self._open_round()
            if sent.round_id != current.id:
                raise RoomRefusal("wrong-round", "that round is over; the page shows the current one")
            if current.ends_at is not None and self.now() >= current.ends_at:
                raise RoomRefusal("time-up", "time is up for this round")
            entry_id = self._apply(current, member.id, sent)
        self._changed()
        return entry_id

    def _apply(self, current: TeamRound, member_id: str, sent: SentEntry) -> str:
        """``sent`` through the rules its round's kind declares (``RoundSpec.accept``), after the
        room's own: the kind of entry, and the per-member and per-round limits of a counted kind."""
        spec = round_kind(current.kind)
        given = str(getattr(sent, "kind", ""))
        if given != spec.entry_kind:
            raise RoomRefusal("wrong-kind", f"this round takes {spec.entry_kind}, not {given}")
        entries = self._record.of_round(current.id)
        mine = [c for c in entries if c.participant == member_id]
        if spec.counted and len(mine) >= self.limits.entries_per_member:
            raise RoomRefusal("too-many", f"at most {self.limits.entries_per_member} entries each per round")
        if spec.counted and len(entries) >= self.limits.entries_per_round:
            raise RoomRefusal(
                "round-full", f"this round has its {self.limits.entries_per_round} entries: thank you"
            )
        entry_id = f"c{len(self._record.contributions) + 1}"
        entry = spec.accept(Taking(current, member_id, mine, self.now(), entry_id), sent)
        if entry.id == entry_id:
            self._record.contributions.append(entry)
        return entry.id
