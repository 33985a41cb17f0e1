"""The envisioning cards deck: the packaged deck is valid, bad decks fail naming the card, search ranks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import ValidationError

from sofia_nb.workshop._cards import Deck, DeckError, load_deck, render_card_list, search_cards


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_deck()


def _card(card_id: str, category: str = "alpha", scenarios: int = 2) -> dict[str, Any]:
    return {
        "id": card_id,
        "title": card_id.title(),
        "category": category,
        "description": f"What {card_id} does.",
        "scenarios": [f"Case {i} - something happens." for i in range(scenarios)],
        "services": ["Azure Machine Learning"],
    }


def _write(tmp_path: Path, cards: list[dict[str, Any]], categories: tuple[str, ...] = ("alpha",)) -> Path:
    raw = {
        "categories": [{"id": c, "title": c.title(), "description": "A category."} for c in categories],
        "cards": cards,
    }
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    return path


# --- the packaged deck -----------------------------------------------------------------------


def test_packaged_deck_has_sixty_cards_across_twelve_categories(deck: Deck) -> None:
    assert len(deck.cards) >= 60
    assert len(deck.categories) == 12
    used = {card.category for card in deck.cards}
    assert used == {cat.id for cat in deck.categories}
    assert len({card.id for card in deck.cards}) == len(deck.cards)


def test_every_packaged_card_is_complete(deck: Deck) -> None:
    for card in deck.cards:
        assert len(card.scenarios) == 2, card.id
        assert card.services, card.id
        assert card.title and card.description, card.id
        assert "\n" not in card.description, card.id  # one line: it goes into prompts


def test_packaged_deck_is_cached_and_immutable(deck: Deck) -> None:
    assert load_deck() is deck
    with pytest.raises(ValidationError, match="frozen"):
        deck.cards[0].title = "changed"  # type: ignore[misc]


def test_a_deck_file_loads_from_a_path(tmp_path: Path) -> None:
    loaded = load_deck(_write(tmp_path, [_card("one"), _card("two")]))
    assert [c.id for c in loaded.cards] == ["one", "two"]
    assert loaded.get("two") is loaded.cards[1]
    assert loaded.get("three") is None


# --- validation names the card ---------------------------------------------------------------


def test_one_scenario_is_refused_naming_the_card(tmp_path: Path) -> None:
    path = _write(tmp_path, [_card("fine"), _card("lonely", scenarios=1)])
    with pytest.raises(DeckError) as info:
        load_deck(path)
    message = str(info.value)
    assert str(path) in message
    assert "card 'lonely' (cards[1]) scenarios: needs exactly 2 scenarios, has 1" in message


def test_three_scenarios_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match=r"card 'crowded'.*exactly 2 scenarios, has 3"):
        load_deck(_write(tmp_path, [_card("crowded", scenarios=3)]))


def test_duplicate_card_ids_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="duplicate card id 'twin'"):
        load_deck(_write(tmp_path, [_card("twin"), _card("twin")]))


def test_unknown_category_is_refused_naming_the_card(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="card 'stray' names unknown category 'beta'"):
        load_deck(_write(tmp_path, [_card("stray", category="beta")]))


def test_a_category_without_cards_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="categories without any card: beta"):
        load_deck(_write(tmp_path, [_card("one")], categories=("alpha", "beta")))


def test_a_missing_field_names_the_card_and_the_field(tmp_path: Path) -> None:
    card = _card("bare")
    del card["services"]
    with pytest.raises(DeckError, match=r"card 'bare' \(cards\[0\]\) services: Field required"):
        load_deck(_write(tmp_path, [card]))


def test_a_bad_id_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match=r"card 'Not A Slug' \(cards\[0\]\) id: String should match pattern"):
        load_deck(_write(tmp_path, [_card("Not A Slug")]))


def test_unreadable_and_malformed_files_give_a_deck_error(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="cannot read"):
        load_deck(tmp_path / "absent.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("cards: [unclosed", encoding="utf-8")
    with pytest.raises(DeckError, match="not valid YAML"):
        load_deck(broken)
    listing = tmp_path / "list.yaml"
    listing.write_text("- just a list\n", encoding="utf-8")
    with pytest.raises(DeckError, match="expected a mapping"):
        load_deck(listing)


# --- search ----------------------------------------------------------------------------------


def test_search_ranks_the_obvious_card_first(deck: Deck) -> None:
    assert search_cards("route planning for delivery vans", deck=deck)[0].id == "route-optimization"
    assert search_cards("temperature of goods in trucks", deck=deck)[0].id == "cold-chain-monitoring"
    assert search_cards("invoice", deck=deck)[0].id == "invoice-reconciliation"


def test_search_matches_word_forms_and_prefixes(deck: Deck) -> None:
    forecasts = [c.id for c in search_cards("forecasts", deck=deck)]
    assert "demand-forecasting" in forecasts
    # British and American spellings, and a prefix, reach the same cards.
    british = {c.id for c in search_cards("optimisation", deck=deck)}
    american = {c.id for c in search_cards("optimization", deck=deck)}
    assert british == american
    assert "route-optimization" in {c.id for c in search_cards("optim", deck=deck)}


def test_search_respects_limit_and_category(deck: Deck) -> None:
    assert len(search_cards("customer", limit=3, deck=deck)) == 3
    assert search_cards("customer", limit=0, deck=deck) == []
    in_vision = search_cards("damage", category="vision", deck=deck)
    assert in_vision and all(c.category == "vision" for c in in_vision)
    by_title = search_cards("damage", category="Visual perception", deck=deck)
    assert by_title == in_vision


def test_empty_query_lists_the_category_in_deck_order(deck: Deck) -> None:
    listed = search_cards("", category="speech", limit=100, deck=deck)
    assert listed == [c for c in deck.cards if c.category == "speech"]


def test_no_match_and_stopwords_only(deck: Deck) -> None:
    assert search_cards("zzzqx", deck=deck) == []
    assert len(search_cards("the and of", limit=5, deck=deck)) == 5  # nothing to match: deck order


def test_unknown_category_is_a_clear_error(deck: Deck) -> None:
    with pytest.raises(ValueError, match=r"unknown card category 'poetry'; known: forecasting"):
        search_cards("anything", category="poetry", deck=deck)


# --- rendering -------------------------------------------------------------------------------


def test_compact_list_has_one_line_per_card(deck: Deck) -> None:
    text = render_card_list(deck=deck)
    lines = text.splitlines()
    assert len(lines) == len(deck.cards)
    assert lines[0] == f"{deck.cards[0].id}: {deck.cards[0].title} [{deck.cards[0].category}]"
    # Terse: the whole deck fits in a few thousand characters (about a thousand tokens).
    assert len(text) < 6000


def test_compact_list_of_a_subset_with_descriptions(deck: Deck) -> None:
    hits = search_cards("invoice", limit=2, deck=deck)
    lines = render_card_list(hits, descriptions=True).splitlines()
    assert len(lines) == 2
    assert lines[0].endswith(f" - {hits[0].description}")
