"""The team in the room: rounds the facilitator opens, what participants send, and the results.

These are records: the participant server (``sofia_nb.participants``) keeps them and applies its
rules, the session stores them, the export shows them. Participants are named only by a
pseudonymous id (``p-`` and six hex digits); the device that joined is kept as a hash of its
secret, never the secret.

Everything a participant typed is untrusted text: it is stored as typed (less control
characters) and made inert where it is shown.
"""

from __future__ import annotations

import json
import statistics
from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, SerializeAsAny

from ._basics import Phase, utcnow

CRITERIA: tuple[str, ...] = ("feasibility", "value", "human_value")
"""What Design asks the team to score, each from 1 to 5."""

CRITERION_LABELS: dict[str, str] = {
    "feasibility": "Feasibility",
    "value": "Value",
    "human_value": "Human value",
}


_QUOTED = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "`": "\\u0060"})


def quoted(data: object) -> str:
    """``data`` as one line of JSON in which ``<``, ``>``, ``&`` and backticks are escaped: text
    a participant typed, put in a prompt this way, cannot write a marker, a tag or a fence that
    ends the block it is quoted in (``json.loads`` gives it back unchanged)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).translate(_QUOTED)


class _Record(BaseModel):
    model_config = ConfigDict(extra="allow")


def _declared(kind: str) -> str:
    """A declared kind of round; one the product ships stays a ``RoundKind`` (``.value`` and all)."""
    from ._rounds import round_kind

    name = str(round_kind(kind).kind)
    return RoundKind(name) if name in RoundKind.__members__.values() else name


KindName = Annotated[str, AfterValidator(_declared)]
"""A round's kind: any declared one (``sofia_nb.session.ROUND_KINDS``)."""


class RoundKind(StrEnum):
    """The kinds of round the product ships; each is declared in ``_rounds`` (``RoundSpec``)."""

    QUESTION = "question"
    IDEATE = "ideate"
    DESIGN = "design"
    SELECT = "select"


class RoundState(StrEnum):
    OPEN = "open"
    CLOSED = "closed"


class RoundItem(_Record):
    """A card offered in Ideate, or an idea the team scores (Design) or votes on (Select)."""

    id: str
    title: str
    description: str = ""


class TeamRound(_Record):
    """One round the facilitator opened: what it asks, and its state."""

    id: str
    kind: KindName
    phase: Phase | None = None
    prompt: str = ""
    items: list[RoundItem] = Field(default_factory=list)
    votes_per_person: int = 3
    state: RoundState = RoundState.OPEN
    revealed: bool = False
    opened_at: datetime = Field(default_factory=utcnow)
    closed_at: datetime | None = None
    ends_at: datetime | None = Field(None, description="the timer: answers after it are refused")

    def item(self, item_id: str) -> RoundItem | None:
        return next((i for i in self.items if i.id == item_id), None)


class TeamMember(_Record):
    """A participant, by pseudonymous id; ``name`` only if they gave one."""

    id: str
    name: str = ""
    device: str = Field(description="sha256 of the device's secret: a reconnecting phone is recognised")
    joined_at: datetime = Field(default_factory=utcnow)
    removed: bool = Field(
        False, description="the facilitator took them out: their device is refused, their entries removed"
    )


class TeamEntry(_Record):
    """What every entry a participant sent shares; its kind of round declares the rest
    (``sofia_nb.session._rounds``: ``Answer``, ``IdeaSubmission``, ``Scores``, ``Votes``)."""

    id: str
    round_id: str
    participant: str
    at: datetime = Field(default_factory=utcnow)
    removed: bool = False
    kind: str = Field(description="the entry's kind (``RoundSpec.entry_kind``): which model it is")


def _as_entries(value: Any) -> Any:
    """The record's entries, each as the model its kind declares (``RoundSpec.entry``)."""
    from ._rounds import entry_spec  # the declarations stand on these records

    if not isinstance(value, list):
        return value
    return [
        entry_spec(str(item.get("kind"))).entry.model_validate(item) if isinstance(item, dict) else item
        for item in value
    ]


class Mine(BaseModel):
    """A participant's own entries in the shown round (so a reconnecting phone shows them again)."""

    answers: list[dict[str, str]] = Field(default_factory=list)
    ideas: list[dict[str, str]] = Field(default_factory=list)
    scores: dict[str, dict[str, int]] = Field(default_factory=dict)
    dots: dict[str, int] = Field(default_factory=dict)


class TeamRoom(_Record):
    """Everything the team did in a workshop: members, rounds, contributions (removed ones kept,
    marked, so the record shows what the facilitator took out)."""

    members: list[TeamMember] = Field(default_factory=list)
    rounds: list[TeamRound] = Field(default_factory=list)
    contributions: Annotated[list[SerializeAsAny[TeamEntry]], BeforeValidator(_as_entries)] = Field(
        default_factory=list
    )
    landed: list[str] = Field(
        default_factory=list,
        description="submissions already put into Ideate's record, by id: the session's, never the room's",
    )
    joining_open: bool = Field(
        True, description="whether new phones may join; a closed room stays closed when invited again"
    )

    def member(self, member_id: str) -> TeamMember | None:
        return next((m for m in self.members if m.id == member_id), None)

    def round(self, round_id: str) -> TeamRound | None:
        return next((r for r in self.rounds if r.id == round_id), None)

    def of_round(self, round_id: str) -> list[TeamEntry]:
        """The round's contributions that the facilitator has not removed, in order."""
        return [c for c in self.contributions if c.round_id == round_id and not c.removed]

    def latest(self, kind: str, phase: Phase | None = None) -> TeamRound | None:
        """The last round of ``kind`` (in ``phase`` when given)."""
        for r in reversed(self.rounds):
            if r.kind == kind and (phase is None or r.phase == phase):
                return r
        return None


def member_label(room: TeamRoom, member_id: str) -> str:
    """How the facilitator sees a member: the name they gave, else "Person N" (in joining order)."""
    for n, m in enumerate(room.members, 1):
        if m.id == member_id:
            return m.name or f"Person {n}"
    return member_id


def entry_label(room: TeamRoom, entry: TeamEntry) -> str:
    """One entry as the facilitator's list shows it: who sent it and what, ideas by title (its
    kind's ``RoundSpec.describe``)."""
    from ._rounds import entry_spec

    found = room.round(entry.round_id)

    def title(item_id: str) -> str:
        item = found.item(item_id) if found is not None else None
        return item.title if item is not None else item_id

    said = entry_spec(entry.kind).describe(entry, title)
    return f"{member_label(room, entry.participant)}: {' '.join(said.split())}"


class CriterionStats(BaseModel):
    """The team's scores on one criterion: mean and spread (population standard deviation)."""

    mean: float | None = None
    spread: float | None = None
    count: int = 0


class ItemScores(BaseModel):
    item_id: str
    title: str
    criteria: dict[str, CriterionStats]
    scorers: int = 0


class ItemVotes(BaseModel):
    item_id: str
    title: str
    dots: int = 0
    voters: int = 0


class TeamIdea(BaseModel):
    id: str
    title: str
    description: str = ""


class RoundResults(BaseModel):
    """What a round produced, aggregated; nothing in it names a participant."""

    round_id: str
    kind: KindName
    prompt: str = ""
    contributors: int = 0
    answers: list[str] = Field(default_factory=list)
    ideas: list[TeamIdea] = Field(default_factory=list)
    scores: list[ItemScores] = Field(default_factory=list)
    votes: list[ItemVotes] = Field(default_factory=list)


def stats(values: list[int]) -> CriterionStats:
    """Mean, spread and count of ``values`` (rounded to two places)."""
    if not values:
        return CriterionStats()
    return CriterionStats(
        mean=round(statistics.fmean(values), 2), spread=round(statistics.pstdev(values), 2), count=len(values)
    )


def round_results(room: TeamRoom, round_id: str) -> RoundResults:
    """The aggregate of one round: who took part (a count), and what its kind's
    ``RoundSpec.aggregate`` makes of the entries the facilitator kept (answers and ideas as sent,
    scores per item and criterion, dot votes per item, items in the round's order)."""
    from ._rounds import round_kind

    found = room.round(round_id)
    if found is None:
        raise KeyError(round_id)
    entries = room.of_round(round_id)
    results = RoundResults(
        round_id=found.id,
        kind=found.kind,
        prompt=found.prompt,
        contributors=len({c.participant for c in entries}),
    )
    spec = round_kind(found.kind)
    spec.aggregate(found, [c for c in entries if c.kind == spec.entry_kind], results)
    return results


# --- the team's numbers in the records -------------------------------------------------------


class TeamIdeaScores(BaseModel):
    """The team's scores for one idea, kept in Design's record beside the model's: per criterion
    the mean, spread and count, from the latest Design round in which the team scored the idea."""

    idea_id: str
    round_id: str
    feasibility: CriterionStats = Field(default_factory=CriterionStats)
    value: CriterionStats = Field(default_factory=CriterionStats)
    human_value: CriterionStats = Field(default_factory=CriterionStats)
    scorers: int = 0

    def criteria(self) -> dict[str, CriterionStats]:
        """The stats by criterion name (``CRITERIA``)."""
        return {name: getattr(self, name) for name in CRITERIA}


class TeamIdeaVotes(BaseModel):
    """The team's dot votes for one idea, kept in Select's record: dots and voters, from the latest
    Select round in which the team voted (an idea nobody gave a dot there has 0)."""

    idea_id: str
    round_id: str
    dots: int = 0
    voters: int = 0


def _rounds_of(room: TeamRoom, kind: str) -> list[RoundResults]:
    """The results of every ``kind`` round the team answered, newest first."""
    rounds = [r for r in reversed(room.rounds) if r.kind == kind]
    return [res for r in rounds if (res := round_results(room, r.id)).contributors]


def team_scores(room: TeamRoom, idea_ids: list[str]) -> list[TeamIdeaScores]:
    """The team's scores for each of ``idea_ids`` (in that order) that the team scored: per idea
    the latest round that has a score for it, so re-scoring one idea in a new round replaces only
    that idea's numbers."""
    latest: dict[str, TeamIdeaScores] = {}
    for results in _rounds_of(room, RoundKind.DESIGN):
        for item in results.scores:
            if item.scorers and item.item_id not in latest:
                latest[item.item_id] = TeamIdeaScores(
                    idea_id=item.item_id, round_id=results.round_id, scorers=item.scorers, **item.criteria
                )
    return [latest[i] for i in idea_ids if i in latest]


def team_votes(room: TeamRoom, idea_ids: list[str]) -> list[TeamIdeaVotes]:
    """The team's dot votes for each of ``idea_ids`` offered in the latest Select round anyone
    voted in (a vote is an allocation across the round, so rounds are never mixed)."""
    rounds = [res for res in _rounds_of(room, RoundKind.SELECT) if res.votes]
    if not rounds:
        return []
    offered = {v.item_id: v for v in rounds[0].votes}
    return [
        TeamIdeaVotes(idea_id=i, round_id=rounds[0].round_id, dots=offered[i].dots, voters=offered[i].voters)
        for i in idea_ids
        if i in offered
    ]
