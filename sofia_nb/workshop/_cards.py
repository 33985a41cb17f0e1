"""The AI envisioning cards: the deck's models, loading with validation, keyword search, prompt rendering.

The deck ships as package data (``data/cards.yaml``). Ideate offers it to the model twice: as a
compact list in the prompt (:func:`render_card_list`) and as a search tool (:func:`search_cards`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    field_validator,
    model_validator,
)

from .._datafile import BoundsError, DataFileError, load_yaml, read_text, yaml_problem
from ._keywords import KeywordIndex

_DECK_RESOURCE = "data/cards.yaml"
_SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"

Slug = Annotated[str, StringConstraints(pattern=_SLUG)]
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


class DeckError(ValueError):
    """The deck file is unreadable or invalid; the message names the file and the card."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CardCategory(_Frozen):
    id: Slug
    title: Text
    description: Text


class Card(_Frozen):
    """One envisioning card: an AI capability, two typical scenarios and services that can build it."""

    id: Slug
    title: Text
    category: Slug
    description: Text
    scenarios: tuple[Text, ...]
    services: tuple[Text, ...] = Field(min_length=1)

    @field_validator("scenarios")
    @classmethod
    def _two_scenarios(cls, scenarios: tuple[str, ...]) -> tuple[str, ...]:
        if len(scenarios) != 2:
            raise ValueError(f"needs exactly 2 scenarios, has {len(scenarios)}")
        return scenarios


class Deck(_Frozen):
    """The whole deck. Valid by construction: unique ids, every category declared and used."""

    version: int = 1
    categories: tuple[CardCategory, ...] = Field(min_length=1)
    # No min_length here: an empty deck is caught as "categories without any card", and a
    # min_length would add a confusing second error whenever a single card fails.
    cards: tuple[Card, ...]

    @model_validator(mode="after")
    def _consistent(self) -> Deck:
        _unique("category", [c.id for c in self.categories])
        _unique("card", [c.id for c in self.cards])
        declared = {c.id for c in self.categories}
        for card in self.cards:
            if card.category not in declared:
                raise ValueError(f"card {card.id!r} names unknown category {card.category!r}")
        used = {c.category for c in self.cards}
        empty = [c.id for c in self.categories if c.id not in used]
        if empty:
            raise ValueError(f"categories without any card: {', '.join(empty)}")
        return self

    def get(self, card_id: str) -> Card | None:
        """The card with this id, or None."""
        return next((c for c in self.cards if c.id == card_id), None)

    def category(self, name: str) -> CardCategory:
        """A category by id or title (case-insensitive); ValueError names the known ids."""
        wanted = name.strip().lower()
        for cat in self.categories:
            if wanted in (cat.id, cat.title.lower()):
                return cat
        known = ", ".join(c.id for c in self.categories)
        raise ValueError(f"unknown card category {name!r}; known: {known}")


def _unique(kind: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            raise ValueError(f"duplicate {kind} id {item!r}")
        seen.add(item)


def load_deck(path: str | Path | None = None) -> Deck:
    """Load and validate a deck; without ``path`` the packaged deck (parsed once, then cached).

    Raises :class:`DeckError` naming the file and the offending card.
    """
    if path is None:
        return _packaged_deck()
    path = Path(path)
    try:
        text = read_text(path, "cards deck")
    except DataFileError as exc:
        raise DeckError(str(exc)) from None
    return _parse(text, str(path))


@functools.cache
def _packaged_deck() -> Deck:
    resource = resources.files("sofia_nb.workshop").joinpath(_DECK_RESOURCE)
    return _parse(resource.read_text(encoding="utf-8"), f"sofia_nb/workshop/{_DECK_RESOURCE}")


def _parse(text: str, source: str) -> Deck:
    try:
        raw = load_yaml(text)
    except BoundsError as exc:
        raise DeckError(f"{source}: refused: {exc}") from None
    except yaml.YAMLError as exc:
        raise DeckError(f"{source}: not valid YAML: {yaml_problem(exc)}") from None
    if not isinstance(raw, dict):
        raise DeckError(f"{source}: expected a mapping with 'categories' and 'cards'")
    try:
        return Deck.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(_describe(err, raw) for err in exc.errors(include_url=False))
        raise DeckError(f"{source}: {problems}") from None


def _describe(err: Any, raw: dict[str, Any]) -> str:
    """One validation error as text that names the card (by id when it has one)."""
    loc = list(err["loc"])
    msg = str(err["msg"]).removeprefix("Value error, ")
    if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
        cards = raw.get("cards") or []
        entry = cards[loc[1]] if loc[1] < len(cards) else None
        card_id = entry.get("id") if isinstance(entry, dict) else None
        where = f"card {card_id!r} (cards[{loc[1]}])" if card_id else f"cards[{loc[1]}]"
        field = ".".join(str(part) for part in loc[2:])
        return f"{where} {field}: {msg}" if field else f"{where}: {msg}"
    field = ".".join(str(part) for part in loc)
    return f"{field}: {msg}" if field else msg


# --- search ----------------------------------------------------------------------------------

# A hit in the title says more about a card than one in a scenario or a service name.
_FIELD_WEIGHTS = {"title": 4.0, "category": 2.0, "description": 2.0, "scenarios": 1.0, "services": 1.0}


@functools.cache
def _index(deck: Deck) -> KeywordIndex[Card]:
    def fields(card: Card) -> dict[str, str]:
        category = deck.category(card.category)
        return {
            "title": f"{card.title} {card.id}",
            "category": f"{category.title} {category.id}",
            "description": card.description,
            "scenarios": " ".join(card.scenarios),
            "services": " ".join(card.services),
        }

    return KeywordIndex(deck.cards, fields, _FIELD_WEIGHTS)


def search_cards(
    query: str, category: str | None = None, limit: int = 10, deck: Deck | None = None
) -> list[Card]:
    """Cards ranked by keyword relevance to ``query``, best first, at most ``limit``.

    ``category`` (id or title) restricts the search; an empty query lists that category (or the
    deck) in deck order. Ties keep deck order. An unknown category raises ``ValueError``.
    """
    deck = deck or load_deck()
    wanted = deck.category(category).id if category else None
    return _index(deck).search(query, limit, where=lambda c: wanted is None or c.category == wanted)


# --- rendering for prompts -------------------------------------------------------------------


def render_card_list(
    cards: Iterable[Card] | None = None, *, descriptions: bool = False, deck: Deck | None = None
) -> str:
    """One line per card, ``id: Title [category]``, optionally with the one-line description.

    Without ``cards`` the whole deck is listed. Kept terse because it goes into every Ideate prompt.
    """
    chosen = (deck or load_deck()).cards if cards is None else cards
    lines = []
    for card in chosen:
        line = f"{card.id}: {card.title} [{card.category}]"
        lines.append(f"{line} - {card.description}" if descriptions else line)
    return "\n".join(lines)
