"""Round kinds, each declared once: what a phone sends, the rules it must pass, what the record
keeps, how the round is aggregated, and the words the page, the faces and the export show.

A ``RoundSpec`` is the whole of a kind. The room (``sofia_nb.participants``) validates and applies
what a phone sends with it, the session parses the record's entries and aggregates rounds with it,
the page and the faces (the team panel, the terminal, the export) take their labels from it. The
four kinds the product ships (question, ideate, design, select) are declared at the end of this
module; ``register_round_kind`` adds another (docs/participants.md, "A new kind of round").

Everything a participant typed is untrusted: ``clean_text`` is what every kind's rules apply.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from ._basics import Phase
from ._team import (
    CRITERIA,
    CRITERION_LABELS,
    ItemScores,
    ItemVotes,
    Mine,
    RoundKind,
    RoundResults,
    TeamEntry,
    TeamIdea,
    TeamRound,
    stats,
    team_scores,
    team_votes,
)

if TYPE_CHECKING:
    from ._models import WorkshopSession

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


class FormField(BaseModel):
    """One field of a kind's text form on the participant's page (a kind with none draws its own)."""

    id: str
    name: str
    label: str
    max: int
    multiline: bool = False
    required: bool = False


_E = TypeVar("_E", bound=TeamEntry)


@dataclass
class Taking:
    """What a kind's rules see when a member sends an entry to the open round: the round, the
    member's own entries in it, the time, and the id a new entry takes (``new`` makes one)."""

    round: TeamRound
    member: str
    mine: list[TeamEntry]
    at: datetime
    entry_id: str

    def new(self, model: type[_E], **fields: Any) -> _E:
        """A new entry of ``model`` from this member in this round."""
        return model(id=self.entry_id, round_id=self.round.id, participant=self.member, at=self.at, **fields)


def _no_record(session: WorkshopSession) -> bool:
    return False


@dataclass(frozen=True)
class RoundSpec:
    """One kind of round, declared once; everything that differs between kinds is here.

    ``accept`` holds the kind's rules: it returns the entry to record (a new one, made with
    ``Taking.new``, or one of ``Taking.mine`` changed in place) or raises ``RoomRefusal``.
    ``aggregate`` fills the round's ``RoundResults`` from its entries (nothing in them names a
    participant). ``record`` puts the team's numbers into the session's phase records (True when
    one changed). ``counted``: each entry counts against ``entries_per_member`` and
    ``entries_per_round`` (a kind whose entry replaces the member's last one is not counted)."""

    kind: str
    """The round's kind, as the record, the API and a room file name it."""
    entry: type[TeamEntry]
    """What the record keeps of one entry; its ``kind`` field (a literal) names it."""
    sent: type[BaseModel]
    """What a phone sends: ``round_id``, ``kind`` (the entry's) and the kind's own fields."""
    accept: Callable[[Taking, Any], TeamEntry]
    aggregate: Callable[[TeamRound, list[Any], RoundResults], None]
    describe: Callable[[Any, Callable[[str], str]], str]
    """One entry in a line, as the facilitator's list shows it (``title`` names an item by id)."""
    mine: Callable[[Any, Mine], None]
    """Add one of a participant's own entries to what their page shows them."""
    title: str
    """The round's heading on the participant's page."""
    label: str
    """The facilitator's name for it (the panel's choice of round)."""
    noun: str
    """What the export calls what the round gathered ("ideas", "scores")."""
    phase: Phase
    """Where a replayed round of this kind opens when its room file names no phase."""
    needs: str = ""
    """Set for a round on the record's ideas: what the team does with them ("score"); such a round
    is not opened without ideas."""
    cards: bool = False
    """The round offers the workshop's selected cards."""
    counted: bool = True
    form: tuple[FormField, ...] = ()
    """The page's text form, with ``send`` its button; empty for a kind the page draws itself."""
    send: str = "Send"
    record: Callable[[WorkshopSession], bool] = field(default=_no_record)

    @property
    def entry_kind(self) -> str:
        """The ``kind`` of this round's entries (``"answer"`` for a question)."""
        return str(self.entry.model_fields["kind"].default)


ROUND_KINDS: dict[str, RoundSpec] = {}
"""Every kind of round the room takes, by name, in the order they were declared."""


def register_round_kind(spec: RoundSpec) -> Callable[[], None]:
    """Declare a kind of round (refused when its name or its entry's kind is taken); returns the
    call that takes it back out."""
    taken = {s.entry_kind for s in ROUND_KINDS.values()}
    if spec.kind in ROUND_KINDS or spec.entry_kind in taken:
        raise ValueError(f"a round kind {spec.kind!r} (or an entry kind {spec.entry_kind!r}) is declared")
    ROUND_KINDS[spec.kind] = spec

    def forget() -> None:
        ROUND_KINDS.pop(spec.kind, None)

    return forget


def round_kind(kind: str) -> RoundSpec:
    """The declaration of ``kind``; ``ValueError`` naming the kinds there are when it has none."""
    found = ROUND_KINDS.get(str(kind))
    if found is None:
        raise ValueError(f"no round kind {str(kind)!r}: one of {', '.join(ROUND_KINDS)}")
    return found


def entry_spec(entry_kind: str) -> RoundSpec:
    """The kind of round whose entries are of ``entry_kind``."""
    for spec in ROUND_KINDS.values():
        if spec.entry_kind == entry_kind:
            return spec
    raise ValueError(
        f"no entry kind {entry_kind!r}: one of {', '.join(s.entry_kind for s in ROUND_KINDS.values())}"
    )


# --- what phones send -------------------------------------------------------------------------

_Id = Annotated[str, StringConstraints(min_length=1, max_length=ID_MAX)]
_Score = Annotated[int, Field(ge=1, le=5)]


class SentEntry(BaseModel):
    """The part every entry a phone sends shares: the round it answers."""

    model_config = ConfigDict(extra="forbid")
    round_id: _Id


def parse_sent(data: Any) -> SentEntry:
    """What a phone sent, checked against the model its ``kind`` declares (``ValidationError``
    when it does not fit; ``RoomRefusal`` for a kind no round takes)."""
    kind = data.get("kind") if isinstance(data, dict) else None
    if not isinstance(kind, str):
        raise RoomRefusal("invalid", "kind: the entry's kind is missing")
    try:
        spec = entry_spec(kind)
    except ValueError as exc:
        raise RoomRefusal("invalid", f"kind: {exc}") from None
    sent = spec.sent.model_validate(data)
    assert isinstance(sent, SentEntry)
    return sent


# --- question: free-text answers --------------------------------------------------------------


class Answer(TeamEntry):
    """A free-text answer to an open question."""

    kind: Literal["answer"] = "answer"
    text: str


class AnswerIn(SentEntry):
    kind: Literal["answer"]
    text: Annotated[str, StringConstraints(max_length=TEXT_MAX)]


def _accept_answer(taking: Taking, sent: AnswerIn) -> Answer:
    text = clean_text(sent.text, one_line=False)
    if not text:
        raise RoomRefusal("empty", "the answer is empty")
    return taking.new(Answer, text=text)


def _aggregate_answers(found: TeamRound, entries: list[Answer], results: RoundResults) -> None:
    results.answers = [c.text for c in entries]


def _mine_answer(entry: Answer, mine: Mine) -> None:
    mine.answers.append({"id": entry.id, "text": entry.text})


QUESTION = RoundSpec(
    kind=RoundKind.QUESTION.value,
    entry=Answer,
    sent=AnswerIn,
    accept=_accept_answer,
    aggregate=_aggregate_answers,
    describe=lambda entry, title: entry.text,
    mine=_mine_answer,
    title="Question",
    label="Open question",
    noun="question",
    phase=Phase.DISCOVER,
    form=(
        FormField(
            id="answer-text", name="text", label="Your answer", max=TEXT_MAX, multiline=True, required=True
        ),
    ),
    send="Send answer",
)


# --- ideate: ideas ----------------------------------------------------------------------------


class IdeaSubmission(TeamEntry):
    """An idea a participant submitted in Ideate."""

    kind: Literal["idea"] = "idea"
    title: str
    description: str = ""


class IdeaIn(SentEntry):
    kind: Literal["idea"]
    title: Annotated[str, StringConstraints(max_length=TITLE_MAX)]
    description: Annotated[str, StringConstraints(max_length=TEXT_MAX)] = ""


def _accept_idea(taking: Taking, sent: IdeaIn) -> IdeaSubmission:
    title = clean_text(sent.title, one_line=True)
    if not title:
        raise RoomRefusal("empty", "the idea needs a title")
    return taking.new(IdeaSubmission, title=title, description=clean_text(sent.description, one_line=False))


def _aggregate_ideas(found: TeamRound, entries: list[IdeaSubmission], results: RoundResults) -> None:
    results.ideas = [TeamIdea(id=c.id, title=c.title, description=c.description) for c in entries]


def _mine_idea(entry: IdeaSubmission, mine: Mine) -> None:
    mine.ideas.append({"id": entry.id, "title": entry.title, "description": entry.description})


IDEATE = RoundSpec(
    kind=RoundKind.IDEATE.value,
    entry=IdeaSubmission,
    sent=IdeaIn,
    accept=_accept_idea,
    aggregate=_aggregate_ideas,
    describe=lambda entry, title: entry.title,
    mine=_mine_idea,
    title="Ideate: add ideas",
    label="Ideas (Ideate)",
    noun="ideas",
    phase=Phase.IDEATE,
    cards=True,
    form=(
        FormField(id="idea-title", name="title", label="Idea (a short title)", max=TITLE_MAX, required=True),
        FormField(
            id="idea-description",
            name="description",
            label="What it does and for whom (optional)",
            max=TEXT_MAX,
            multiline=True,
        ),
    ),
    send="Submit idea",
)


# --- design: scores per idea and criterion ----------------------------------------------------


class Scores(TeamEntry):
    """One participant's scores for one item in Design (a new score replaces the old one)."""

    kind: Literal["scores"] = "scores"
    item_id: str
    feasibility: int | None = Field(None, ge=1, le=5)
    value: int | None = Field(None, ge=1, le=5)
    human_value: int | None = Field(None, ge=1, le=5)


class ScoresIn(SentEntry):
    kind: Literal["scores"]
    item_id: _Id
    feasibility: _Score | None = None
    value: _Score | None = None
    human_value: _Score | None = None


def _accept_scores(taking: Taking, sent: ScoresIn) -> Scores:
    if taking.round.item(sent.item_id) is None:
        raise RoomRefusal("unknown-item", f"no idea {sent.item_id!r} in this round")
    given = {n: getattr(sent, n) for n in CRITERIA if getattr(sent, n) is not None}
    if not given:
        raise RoomRefusal("empty", "no score was given")
    old = next((c for c in taking.mine if isinstance(c, Scores) and c.item_id == sent.item_id), None)
    scores = old if old is not None else taking.new(Scores, item_id=sent.item_id)
    for name, value in given.items():
        setattr(scores, name, value)
    scores.at = taking.at
    return scores


def _aggregate_scores(found: TeamRound, entries: list[Scores], results: RoundResults) -> None:
    for item in found.items:
        mine = [c for c in entries if c.item_id == item.id]
        criteria = {
            name: stats([v for c in mine if (v := getattr(c, name)) is not None]) for name in CRITERIA
        }
        results.scores.append(
            ItemScores(item_id=item.id, title=item.title, criteria=criteria, scorers=len(mine))
        )


def _describe_scores(entry: Scores, title: Callable[[str], str]) -> str:
    marks = ", ".join(f"{CRITERION_LABELS[n]} {v}" for n in CRITERIA if (v := getattr(entry, n)) is not None)
    return f"{title(entry.item_id)}: {marks}"


def _mine_scores(entry: Scores, mine: Mine) -> None:
    mine.scores[entry.item_id] = {n: v for n in CRITERIA if (v := getattr(entry, n)) is not None}


def _record_scores(session: WorkshopSession) -> bool:
    if session.evaluation is None:
        return False
    scores = team_scores(session.team, [i.id for i in session.ideas])
    changed = scores != session.evaluation.team_scores
    session.evaluation.team_scores = scores
    return changed


DESIGN = RoundSpec(
    kind=RoundKind.DESIGN.value,
    entry=Scores,
    sent=ScoresIn,
    accept=_accept_scores,
    aggregate=_aggregate_scores,
    describe=_describe_scores,
    mine=_mine_scores,
    title="Design: score the ideas",
    label="Scores (Design)",
    noun="scores",
    phase=Phase.DESIGN,
    needs="score",
    counted=False,
    record=_record_scores,
)


# --- select: dot votes ------------------------------------------------------------------------


class Votes(TeamEntry):
    """One participant's dot votes in Select: item id -> dots (the whole allocation, replaced)."""

    kind: Literal["votes"] = "votes"
    dots: dict[str, int] = Field(default_factory=dict)


class VotesIn(SentEntry):
    kind: Literal["votes"]
    dots: dict[_Id, Annotated[int, Field(ge=0, le=100)]] = Field(max_length=100)


def _accept_votes(taking: Taking, sent: VotesIn) -> Votes:
    current = taking.round
    dots = {k: v for k, v in sent.dots.items() if v}
    unknown = sorted(k for k in dots if current.item(k) is None)
    if unknown:
        raise RoomRefusal("unknown-item", f"no idea {unknown[0]!r} in this round")
    if sum(dots.values()) > current.votes_per_person:
        raise RoomRefusal("too-many-votes", f"{current.votes_per_person} votes each")
    ballot = next((c for c in taking.mine if isinstance(c, Votes)), None)
    if ballot is None:
        return taking.new(Votes, dots=dots)
    ballot.dots, ballot.at = dots, taking.at
    return ballot


def _aggregate_votes(found: TeamRound, entries: list[Votes], results: RoundResults) -> None:
    for item in found.items:
        dots = [b.dots.get(item.id, 0) for b in entries]
        results.votes.append(
            ItemVotes(item_id=item.id, title=item.title, dots=sum(dots), voters=sum(1 for d in dots if d))
        )


def _describe_votes(entry: Votes, title: Callable[[str], str]) -> str:
    return ", ".join(f"{title(k)} ×{v}" for k, v in entry.dots.items()) or "no dots"


def _mine_votes(entry: Votes, mine: Mine) -> None:
    mine.dots = dict(entry.dots)


def _record_votes(session: WorkshopSession) -> bool:
    if session.selection is None:
        return False
    votes = team_votes(session.team, [i.id for i in session.ideas])
    changed = votes != session.selection.team_votes
    session.selection.team_votes = votes
    return changed


SELECT = RoundSpec(
    kind=RoundKind.SELECT.value,
    entry=Votes,
    sent=VotesIn,
    accept=_accept_votes,
    aggregate=_aggregate_votes,
    describe=_describe_votes,
    mine=_mine_votes,
    title="Select: vote",
    label="Dot votes (Select)",
    noun="dot votes",
    phase=Phase.SELECT,
    needs="vote on",
    counted=False,
    record=_record_votes,
)

for _spec in (QUESTION, IDEATE, DESIGN, SELECT):
    register_round_kind(_spec)
