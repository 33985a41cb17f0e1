"""Salvage: a block keeps every field that validates; each one left out is named with pydantic's reason."""

from __future__ import annotations

from pydantic import BaseModel

from sofia_nb.workshop import Rejection, Salvaged, all_valid, salvaged_values
from sofia_nb.workshop._extract import salvage


class Item(BaseModel):
    id: str
    score: int


class Block(BaseModel):
    name: str = ""
    count: int = 0
    items: list[Item] = []


class Named(BaseModel):
    name: str


def test_a_bad_field_is_left_out_with_its_reason_and_the_rest_is_kept() -> None:
    got = salvage({"name": "a", "count": "many", "items": [{"id": "1", "score": 1}]}, Block)
    assert got.output == Block(name="a", items=[Item(id="1", score=1)])
    assert got.rejected == [
        Rejection(
            field="count", reason="Input should be a valid integer, unable to parse string as an integer"
        )
    ]


def test_an_item_missing_a_required_field_is_left_out_and_its_neighbours_kept() -> None:
    items = [{"id": "1", "score": 1}, {"score": 2}, {"id": "3", "score": 3}]
    got = salvage({"items": items}, Block)
    assert got.output == Block(items=[Item(id="1", score=1), Item(id="3", score=3)])
    assert got.rejected == [Rejection(field="items.1.id", reason="Field required")]


def test_later_items_go_first_so_no_neighbour_is_lost_and_only_the_first_reasons_are_named() -> None:
    # items.1.score goes, then items.0 (which has no id); the next pass takes items.0 again, now the
    # item that lost its score. Deleting items.0 first would shift items.1 onto c and lose it.
    items = [{"score": 1}, {"id": "b", "score": "x"}, {"id": "c", "score": 3}]
    got = salvage({"name": "n", "items": items}, Block)
    assert got.output == Block(name="n", items=[Item(id="c", score=3)])
    assert [r.field for r in got.rejected] == ["items.0.id", "items.1.score"]


def test_a_field_failing_inside_a_kept_item_takes_only_that_item_when_required() -> None:
    got = salvage({"items": [{"id": "a", "score": "x"}, {"id": "b", "score": 2}]}, Block)
    assert got.output == Block(items=[Item(id="b", score=2)])
    assert got.rejected == [
        Rejection(
            field="items.0.score",
            reason="Input should be a valid integer, unable to parse string as an integer",
        )
    ]


def test_a_missing_top_level_field_gives_no_output_and_says_which() -> None:
    got = salvage({"other": 1}, Named)
    assert got == Salvaged[Named](output=None, rejected=[Rejection(field="name", reason="Field required")])


def test_a_value_that_is_not_an_object_is_the_whole_block() -> None:
    got = salvage([1, 2], Named)
    assert got.output is None
    assert got.rejected == [
        Rejection(field="(the whole block)", reason="Input should be a valid dictionary or instance of Named")
    ]


def test_the_model_s_value_is_never_changed() -> None:
    value = {"name": "a", "count": "many", "items": [{"score": 2}]}
    salvage(value, Block)
    assert value == {"name": "a", "count": "many", "items": [{"score": 2}]}


def test_salvaged_values_salvages_blocks_meant_for_the_model_and_keeps_the_others_only_if_valid() -> None:
    text = 'First {"name": "a", "count": "x"}, then [1, 2], {"unrelated": true} and {"name": "b"}.'
    got = list(salvaged_values(text, Named))
    assert got == [
        Salvaged[Named](output=Named(name="a")),
        Salvaged[Named](output=Named(name="b")),
    ]
    blocks = list(salvaged_values(text, Block))
    assert [b.output for b in blocks] == [Block(name="a"), Block(), Block(name="b")]
    assert [[r.field for r in b.rejected] for b in blocks] == [["count"], [], []]


def test_all_valid_is_every_valid_value_in_order() -> None:
    text = '{"name": "a"} {"count": "x"} {"name": "b"} {"name": 3}'
    assert all_valid(text, Named) == [Named(name="a"), Named(name="b")]
    assert all_valid("nothing here", Named) == []
