"""A room file: the team's input written down, replayed as each round opens.

Batch runs, papermill and tests include the team this way (``--room FILE``, the notebook's
``room_file`` parameter). The file names its members by labels of its own; the replay joins
each as a participant (a pseudonymous id, as a phone would get) and sends every entry through
the room's own rules, so a replayed room is held to the same limits as a live one.

```yaml
members:
  - {id: ana, name: Ana}
  - {id: ben}
rounds:
  - kind: ideate
    ideas:
      - {by: ana, title: Shift handover notes, description: Drafted from the ward's log}
  - kind: design
    scores:            # item: the idea's id or its title
      - {by: ana, item: Shift handover notes, feasibility: 4, value: 5, human_value: 4}
  - kind: select
    votes:
      - {by: ben, dots: {Shift handover notes: 2}}
```
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from .._datafile import DataFileError, read_model
from ..session import Phase, WorkshopSession
from ..session._rounds import round_kind
from ..session._team import RoundKind, TeamMember, TeamRoom, TeamRound
from ._room import NAME_MAX, TEXT_MAX, TITLE_MAX, AnswerIn, IdeaIn, Room, RoomRefusal, ScoresIn, VotesIn

_Label = Annotated[str, StringConstraints(min_length=1, max_length=64)]


class RoomFileError(ValueError):
    """A room file that cannot be read, does not have the documented shape, or that the room
    refuses; the message names the file (or the entry)."""


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    by: _Label


class ScriptAnswer(_Entry):
    text: Annotated[str, StringConstraints(max_length=TEXT_MAX)]


class ScriptIdea(_Entry):
    title: Annotated[str, StringConstraints(max_length=TITLE_MAX)]
    description: Annotated[str, StringConstraints(max_length=TEXT_MAX)] = ""


class ScriptScores(_Entry):
    item: _Label = Field(description="the idea's id or title")
    feasibility: int | None = Field(None, ge=1, le=5)
    value: int | None = Field(None, ge=1, le=5)
    human_value: int | None = Field(None, ge=1, le=5)


class ScriptVotes(_Entry):
    dots: dict[_Label, int] = Field(description="idea id or title -> dots")


class ScriptMember(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: _Label
    name: Annotated[str, StringConstraints(max_length=NAME_MAX)] = ""


class ScriptRound(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: RoundKind
    phase: Phase | None = Field(None, description="only a round opened in this phase takes these entries")
    prompt: Annotated[str, StringConstraints(max_length=TEXT_MAX)] = Field(
        "", description="what the round asks (a replayed round opens with it)"
    )
    answers: list[ScriptAnswer] = Field(default_factory=list)
    ideas: list[ScriptIdea] = Field(default_factory=list)
    scores: list[ScriptScores] = Field(default_factory=list)
    votes: list[ScriptVotes] = Field(default_factory=list)


class RoomScript(BaseModel):
    """The whole file: members, then the entries of each round, in the order rounds open."""

    model_config = ConfigDict(extra="forbid")
    members: list[ScriptMember] = Field(default_factory=list)
    rounds: list[ScriptRound] = Field(default_factory=list)

    @model_validator(mode="after")
    def _known_members(self) -> RoomScript:
        labels = [m.id for m in self.members]
        if len(set(labels)) != len(labels):
            raise ValueError("two members share an id")
        for n, r in enumerate(self.rounds):
            for entry in (*r.answers, *r.ideas, *r.scores, *r.votes):
                if entry.by not in labels:
                    raise ValueError(f"rounds.{n}: {entry.by!r} is not among the members")
        return self

    @classmethod
    def from_file(cls, path: str | Path) -> RoomScript:
        """Read a JSON or YAML room file; errors name the file and the bad key."""
        try:
            return read_model(cls, path, "room file")
        except DataFileError as exc:
            raise RoomFileError(str(exc)) from None


class Replay:
    """Plays a ``RoomScript`` into a room: ``play(round)`` after the facilitator opens a round
    sends the entries of the script's next round of that kind (and phase, when it names one)."""

    def __init__(self, room: Room, script: RoomScript) -> None:
        self.room = room
        self.script = script
        self._played: set[int] = set()
        self._members: dict[str, TeamMember] = {}
        for m in script.members:
            member, _ = room.join(m.name)
            self._members[m.id] = member

    def member(self, label: str) -> TeamMember:
        return self._members[label]

    def play(self, opened: TeamRound) -> list[str]:
        """Send the entries for ``opened``; the ids of the entries made (none when the script has
        no round left for it)."""
        for n, scripted in enumerate(self.script.rounds):
            if n in self._played or scripted.kind != opened.kind:
                continue
            if scripted.phase is not None and scripted.phase != opened.phase:
                continue
            self._played.add(n)
            return self._send(n, scripted, opened)
        return []

    def _item(self, opened: TeamRound, ref: str) -> str:
        for item in opened.items:
            if ref == item.id or ref.casefold() == item.title.casefold():
                return item.id
        return ref  # the room refuses it and names it

    def _send(self, n: int, scripted: ScriptRound, opened: TeamRound) -> list[str]:
        made = []
        sent: list[tuple[str, AnswerIn | IdeaIn | ScoresIn | VotesIn]] = []
        for a in scripted.answers:
            sent.append((a.by, AnswerIn(kind="answer", round_id=opened.id, text=a.text)))
        for i in scripted.ideas:
            sent.append(
                (i.by, IdeaIn(kind="idea", round_id=opened.id, title=i.title, description=i.description))
            )
        for s in scripted.scores:
            scores = ScoresIn(
                kind="scores",
                round_id=opened.id,
                item_id=self._item(opened, s.item),
                feasibility=s.feasibility,
                value=s.value,
                human_value=s.human_value,
            )
            sent.append((s.by, scores))
        for v in scripted.votes:
            dots = {self._item(opened, ref): count for ref, count in v.dots.items()}
            sent.append((v.by, VotesIn(kind="votes", round_id=opened.id, dots=dots)))
        for label, entry in sent:
            try:
                made.append(self.room.contribute(self._members[label], entry))
            except RoomRefusal as exc:
                raise RoomFileError(
                    f"room file, rounds.{n} ({scripted.kind.value}), {label}: {exc.message}"
                ) from None
        return made


class ReplayedTeam:
    """The team of a room file, for runs nobody facilitates live (``--room FILE``, the notebook's
    ``room_file``): the engine asks it for the room before every request (``Workshop.team``); the
    first request in a phase opens that phase's rounds of the file — with the record's ideas to
    score or vote on, the cards offered in Ideate — plays their entries through the room's rules,
    closes and reveals them. A round of that phase and kind already in the record (a resumed
    session) is not played again."""

    def __init__(self, session_of: Callable[[], WorkshopSession], script: RoomScript) -> None:
        self.session_of = session_of
        session = session_of()
        self.room = Room(session.team if session.team.members or session.team.rounds else None)
        self.script = script
        self._replay: Replay | None = None
        self._due = [
            (scripted.phase or round_kind(scripted.kind).phase, scripted) for scripted in script.rounds
        ]

    def snapshot(self) -> TeamRoom:
        self._open_due()
        return self.room.snapshot()

    def _open_due(self) -> None:
        session = self.session_of()
        phase = session.phase
        done = [(r.phase, r.kind) for r in self.room.snapshot().rounds]
        for target, scripted in [d for d in self._due if d[0] == phase]:
            items = _items(session, scripted.kind)
            if round_kind(scripted.kind).needs and not items:
                continue  # nothing to score or vote on yet: played once the record has ideas
            self._due.remove((target, scripted))
            if (phase, scripted.kind) in done:
                done.remove((phase, scripted.kind))  # played before the session was resumed
                continue
            if self._replay is None:
                self._replay = Replay(self.room, self.script)
            opened = self.room.open_round(scripted.kind, prompt=scripted.prompt, items=items, phase=phase)
            self._replay.play(opened)
            self.room.close_round()
            self.room.reveal()


def _items(session: WorkshopSession, kind: RoundKind) -> list[dict[str, str]]:
    spec = round_kind(kind)
    if spec.needs:
        return [{"id": i.id, "title": i.title, "description": i.description} for i in session.ideas]
    if spec.cards and session.cards:
        return [{"id": c.id, "title": c.title, "description": c.notes} for c in session.cards.selected]
    return []
