"""The room: rounds, members and contributions, with the rules both sides follow.

One ``Room`` is shared by the participant server's thread (what phones send) and the
facilitator's thread (the app, the CLI, a replay), so every change happens under one lock and
listeners are called after it is released. The facilitator decides what is shared: a
participant's view holds the open (or last) round, their own entries, and the results only once
revealed — never another participant's id, name or unrevealed entry.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter

from ..session import Phase
from ..session._team import (
    CRITERIA,
    Answer,
    IdeaSubmission,
    RoundItem,
    RoundKind,
    RoundResults,
    RoundState,
    Scores,
    TeamMember,
    TeamRoom,
    TeamRound,
    Votes,
    entry_label,
    member_label,
    round_results,
)

Clock = Callable[[], float]
"""Seconds since the epoch; the room's timer and the rate limits read it (tests inject one)."""

NAME_MAX = 40
TITLE_MAX = 120
TEXT_MAX = 1000
ID_MAX = 64

# What is taken out of everything a participant sends (docs/participants.md, "What is cleaned"):
# C0 controls but tab and newline, DEL and the C1 controls; zero-width space (U+200B), word joiner
# (U+2060) and byte-order mark (U+FEFF), which hide text; the bidirectional marks, embeddings,
# overrides and isolates, which reorder what is shown; the tag characters (U+E0000-U+E007F), which
# carry text no screen shows. ZWNJ and ZWJ (U+200C, U+200D) stay: scripts and emoji need them.
_INVISIBLE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b\u2060\ufeff\u200e\u200f\u202a-\u202e\u2066-\u2069"
    "\U000e0000-\U000e007f]"
)
# the line and paragraph separators, and a carriage return, are line breaks a person typed
_NEWLINES = re.compile("\r\n|[\r\u2028\u2029]")
_LINE_BREAKS = re.compile(r"\s*[\n\t]+\s*")


def clean_text(text: str, *, one_line: bool) -> str:
    """``text`` as the room keeps it: without invisible and control characters (tab and newline
    kept in free text), the line separators made newlines, on one line when ``one_line``, trimmed."""
    text = _INVISIBLE.sub("", _NEWLINES.sub("\n", text))
    if one_line:
        text = _LINE_BREAKS.sub(" ", text)
    return text.strip()


class RoomRefusal(Exception):
    """A request the room's rules refuse; ``kind`` is kebab-case, the message says why in words."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


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


_Id = Annotated[str, StringConstraints(min_length=1, max_length=ID_MAX)]
_Score = Annotated[int, Field(ge=1, le=5)]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")
    round_id: _Id


class AnswerIn(_In):
    kind: Literal["answer"]
    text: Annotated[str, StringConstraints(max_length=TEXT_MAX)]


class IdeaIn(_In):
    kind: Literal["idea"]
    title: Annotated[str, StringConstraints(max_length=TITLE_MAX)]
    description: Annotated[str, StringConstraints(max_length=TEXT_MAX)] = ""


class ScoresIn(_In):
    kind: Literal["scores"]
    item_id: _Id
    feasibility: _Score | None = None
    value: _Score | None = None
    human_value: _Score | None = None


class VotesIn(_In):
    kind: Literal["votes"]
    dots: dict[_Id, Annotated[int, Field(ge=0, le=100)]] = Field(max_length=100)


ContributionIn = Annotated[AnswerIn | IdeaIn | ScoresIn | VotesIn, Field(discriminator="kind")]
CONTRIBUTION_IN: TypeAdapter[AnswerIn | IdeaIn | ScoresIn | VotesIn] = TypeAdapter(ContributionIn)


class JoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, StringConstraints(max_length=NAME_MAX)] = ""


class SharedRound(BaseModel):
    """The round as a participant sees it."""

    id: str
    kind: RoundKind
    prompt: str
    items: list[RoundItem]
    votes_per_person: int
    open: bool
    seconds_left: int | None = None
    criteria: list[str] = Field(default_factory=lambda: list(CRITERIA))


class Mine(BaseModel):
    """A participant's own entries in the shown round (so a reconnecting phone shows them again)."""

    answers: list[dict[str, str]] = Field(default_factory=list)
    ideas: list[dict[str, str]] = Field(default_factory=list)
    scores: dict[str, dict[str, int]] = Field(default_factory=dict)
    dots: dict[str, int] = Field(default_factory=dict)


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
            view.round = SharedRound(
                id=shown.id,
                kind=shown.kind,
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
        for c in self._record.of_round(shown.id):
            if c.participant != member_id:
                continue
            if isinstance(c, Answer):
                mine.answers.append({"id": c.id, "text": c.text})
            elif isinstance(c, IdeaSubmission):
                mine.ideas.append({"id": c.id, "title": c.title, "description": c.description})
            elif isinstance(c, Scores):
                mine.scores[c.item_id] = {n: v for n in CRITERIA if (v := getattr(c, n)) is not None}
            elif isinstance(c, Votes):
                mine.dots = dict(c.dots)
        return mine

    # -- the facilitator ---------------------------------------------------------------------

    def open_round(
        self,
        kind: RoundKind | str,
        *,
        prompt: str = "",
        items: Iterable[RoundItem | dict[str, str]] = (),
        votes_per_person: int = 3,
        phase: Phase | None = None,
        seconds: float | None = None,
    ) -> TeamRound:
        """Open a round (closing the one before): ``items`` are the cards offered (Ideate) or the
        ideas to score (Design) or vote on (Select); ``seconds`` starts its timer."""
        kind = RoundKind(kind)
        listed = [RoundItem.model_validate(i) if isinstance(i, dict) else i.model_copy() for i in items]
        if kind in (RoundKind.DESIGN, RoundKind.SELECT) and not listed:
            raise ValueError(
                f"a {kind.value} round needs the ideas to {'score' if kind == 'design' else 'vote on'}"
            )
        if len({i.id for i in listed}) != len(listed):
            raise ValueError("two items of the round share an id")
        if votes_per_person < 1:
            raise ValueError("votes_per_person must be at least 1")
        with self._lock:
            self._close_current()
            opened = TeamRound(
                id=f"r{len(self._record.rounds) + 1}",
                kind=kind,
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

    def contribute(self, member: TeamMember, sent: AnswerIn | IdeaIn | ScoresIn | VotesIn) -> str:
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

    def _next_id(self) -> str:
        return f"c{len(self._record.contributions) + 1}"

    def _apply(self, current: TeamRound, member_id: str, sent: AnswerIn | IdeaIn | ScoresIn | VotesIn) -> str:
        mine = [c for c in self._record.of_round(current.id) if c.participant == member_id]
        expected = {
            RoundKind.QUESTION: "answer",
            RoundKind.IDEATE: "idea",
            RoundKind.DESIGN: "scores",
            RoundKind.SELECT: "votes",
        }[current.kind]
        if sent.kind != expected:
            raise RoomRefusal("wrong-kind", f"this round takes {expected}, not {sent.kind}")
        at = self.now()
        if isinstance(sent, AnswerIn | IdeaIn):
            if len(mine) >= self.limits.entries_per_member:
                raise RoomRefusal(
                    "too-many", f"at most {self.limits.entries_per_member} entries each per round"
                )
            if len(self._record.of_round(current.id)) >= self.limits.entries_per_round:
                raise RoomRefusal(
                    "round-full", f"this round has its {self.limits.entries_per_round} entries: thank you"
                )
            if isinstance(sent, AnswerIn):
                text = clean_text(sent.text, one_line=False)
                if not text:
                    raise RoomRefusal("empty", "the answer is empty")
                entry: Answer | IdeaSubmission = Answer(
                    id=self._next_id(), round_id=current.id, participant=member_id, at=at, text=text
                )
            else:
                title = clean_text(sent.title, one_line=True)
                if not title:
                    raise RoomRefusal("empty", "the idea needs a title")
                entry = IdeaSubmission(
                    id=self._next_id(),
                    round_id=current.id,
                    participant=member_id,
                    at=at,
                    title=title,
                    description=clean_text(sent.description, one_line=False),
                )
            self._record.contributions.append(entry)
            return entry.id
        if isinstance(sent, ScoresIn):
            if current.item(sent.item_id) is None:
                raise RoomRefusal("unknown-item", f"no idea {sent.item_id!r} in this round")
            given = {n: getattr(sent, n) for n in CRITERIA if getattr(sent, n) is not None}
            if not given:
                raise RoomRefusal("empty", "no score was given")
            old = next((c for c in mine if isinstance(c, Scores) and c.item_id == sent.item_id), None)
            if old is not None:
                for name, value in given.items():
                    setattr(old, name, value)
                old.at = at
                return old.id
            scores = Scores(
                id=self._next_id(), round_id=current.id, participant=member_id, at=at, item_id=sent.item_id
            )
            for name, value in given.items():
                setattr(scores, name, value)
            self._record.contributions.append(scores)
            return scores.id
        dots = {k: v for k, v in sent.dots.items() if v}
        unknown = sorted(k for k in dots if current.item(k) is None)
        if unknown:
            raise RoomRefusal("unknown-item", f"no idea {unknown[0]!r} in this round")
        if sum(dots.values()) > current.votes_per_person:
            raise RoomRefusal("too-many-votes", f"{current.votes_per_person} votes each")
        ballot = next((c for c in mine if isinstance(c, Votes)), None)
        if ballot is not None:
            ballot.dots, ballot.at = dots, at
            return ballot.id
        ballot = Votes(id=self._next_id(), round_id=current.id, participant=member_id, at=at, dots=dots)
        self._record.contributions.append(ballot)
        return ballot.id
