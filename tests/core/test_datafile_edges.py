"""The bounded reader at each bound's edge: the bound itself is read, one past it is refused with
the message that names it. The bounds are made small here (they are read when a file is), so each
edge costs a few bytes; ``test_datafile_bounds`` tries the real numbers on every reader."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel, ConfigDict

from sofia_nb import _datafile
from sofia_nb._datafile import (
    BoundsError,
    DataFileError,
    check_structure,
    first_error_validator,
    load_json,
    load_yaml,
    read_at_most,
    read_json_or_yaml,
    read_model,
    read_text,
)


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bounds of a few units: depth 3, 3 items, strings of 5, 2 aliases, 2 free containers and one
    more per 8 characters."""
    for name, value in {
        "MAX_DEPTH": 3,
        "MAX_ITEMS": 3,
        "MAX_STRING": 5,
        "MAX_ALIASES": 2,
        "FREE_CONTAINERS": 2,
        "BYTES_PER_CONTAINER": 8,
        "MAX_YAML_BYTES": 64,
    }.items():
        monkeypatch.setattr(_datafile, name, value)


def _refused(call: Any, *args: Any) -> str:
    with pytest.raises(BoundsError) as caught:
        call(*args)
    return str(caught.value)


def test_read_at_most_reads_the_limit_and_refuses_one_byte_more() -> None:
    limit = 1024 * 1024
    assert read_at_most(io.BytesIO(b"x" * limit), limit) == b"x" * limit
    handle = io.BytesIO(b"x" * (limit + 10))
    with pytest.raises(OSError) as caught:
        read_at_most(handle, limit)
    assert caught.value.strerror == "larger than 1 MB, the most such a file may hold"
    assert handle.tell() == limit + 1  # never more


def test_read_text_names_the_file_and_what_went_wrong(tmp_path: Path) -> None:
    path = tmp_path / "in.yaml"
    path.write_bytes(b"k: \xc3\xa9\n")
    assert read_text(path, "inputs file") == "k: é\n"
    assert read_text(path, "inputs file", limit=6) == "k: é\n"
    with pytest.raises(DataFileError) as caught:
        read_text(path, "inputs file", limit=5)
    limit = f"{5 / 1048576:g} MB"
    assert (
        str(caught.value)
        == f"cannot read the inputs file {path}: larger than {limit}, the most such a file may hold"
    )
    path.write_bytes(b"ok\n\xff")
    with pytest.raises(DataFileError) as caught:
        read_text(path, "inputs file")
    assert str(caught.value) == f"the inputs file {path} is not UTF-8 text at byte 3"
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # no writer: a blocking open would wait for ever
    with pytest.raises(DataFileError) as caught:
        read_text(fifo, "room file")
    assert str(caught.value) == f"cannot read the room file {fifo}: not a regular file"
    with pytest.raises(DataFileError) as caught:
        read_text(tmp_path, "room file")
    assert str(caught.value) == f"cannot read the room file {tmp_path}: Is a directory"


def test_json_containers_are_counted_before_parsing(small: None) -> None:
    # a budget of 2 free plus one per 8 characters: 16 characters pay for 4
    assert load_json("[[], [], []]    ") == [[], [], []]
    assert _refused(load_json, "[[], [], [], []]") == (
        "5 objects and lists in 16 characters, more than 2 plus one per 8 characters"
    )
    assert load_json('["[[[[[", {}]') == ["[[[[[", {}]  # brackets in a string are text


def test_the_structure_at_each_edge(small: None) -> None:
    check_structure([[["abcde"]]], 3)  # depth 3, a string of 5, 3 containers
    check_structure({"abcde": [1, 2, 3], 7: "x"}, 2)
    assert _refused(check_structure, [[[[]]]], 9) == "nested more than 3 levels deep"
    assert _refused(check_structure, [1, 2, 3, 4], 9) == "a list of 4 items, more than 3"
    assert _refused(check_structure, dict.fromkeys("abcd", 0), 9) == "an object of 4 items, more than 3"
    assert _refused(check_structure, ["abcdef"], 9) == "a string of 6 characters, more than 5"
    assert _refused(check_structure, {"abcdef": 1}, 9) == "a string of 6 characters, more than 5"  # a key
    assert _refused(check_structure, [[], [], []], 3) == "more than 3 objects and lists"
    check_structure([[], []], 3)
    check_structure({1: [2], (1, 2): 3}, 9)  # keys that are not strings are not text
    assert _refused(check_structure, [[[[]]], "x"], 9) == "nested more than 3 levels deep"  # after a string


def test_yaml_events_at_each_edge(small: None) -> None:
    assert load_yaml("a: &x [1]\nb: *x\nc: *x\n# sixteen bytes\n") == {"a": [1], "b": [1], "c": [1]}
    assert (
        _refused(load_yaml, "[&x 1, [*x, *x], *x]")
        == "more than 2 YAML aliases (*name or <<: *name) (line 1)"
    )
    assert load_yaml("[1, 2, 3]") == [1, 2, 3]
    assert _refused(load_yaml, "[1, 2, 3, 4]") == "a list of more than 3 items (line 1)"
    assert load_yaml("{a: 1, b: 2, c: 3}") == {"a": 1, "b": 2, "c": 3}
    assert _refused(load_yaml, "{a: 1, b: 2, c: 3, d: 4}") == "an object of more than 3 items (line 1)"
    assert load_yaml("[[[abcde]]]") == [[["abcde"]]]
    assert _refused(load_yaml, "[[[[x]]]]") == "nested more than 3 levels deep (line 1)"
    assert _refused(load_yaml, "[abcdef]") == "a string of 6 characters, more than 5 (line 1)"
    # nodes: the container budget (2 + 17 // 8 = 4) and MAX_ITEMS (3) = 7 nodes
    assert load_yaml("[[1, 2], [3, 4]]") == [[1, 2], [3, 4]]
    assert _refused(load_yaml, "[[1, 2], [3], [4]]") == "more than 7 YAML nodes in 18 characters (line 1)"
    assert _refused(load_yaml, "x" * 65) == "a YAML text larger than 6.10352e-05 MB, the most that is parsed"
    assert (
        _refused(load_yaml, "é" * 32) == "a string of 32 characters, more than 5 (line 1)"
    )  # 64 bytes: parsed


def test_the_structure_built_from_yaml_counts_an_alias_as_its_tree(small: None) -> None:
    assert _refused(load_yaml, "a: &x [[1]]\nb: *x\n") == "more than 4 objects and lists"


def test_a_file_over_the_callers_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text('{"k": 1}', encoding="utf-8")
    assert read_json_or_yaml(path, "session file", limit=8) == {"k": 1}
    with pytest.raises(DataFileError, match=r"^cannot read the session file .*: larger than "):
        read_json_or_yaml(path, "session file", limit=7)
    with pytest.raises(DataFileError, match=r"^cannot read the inputs file .*nope\.yaml: "):
        read_model(Model, tmp_path / "nope.yaml", "inputs file")


def test_a_file_refused_or_unparsed_is_named(tmp_path: Path) -> None:
    deep = tmp_path / "deep.JSON"  # upper case: JSON all the same
    deep.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")  # Python's recursion limit, not ours
    with pytest.raises(DataFileError) as caught:
        read_json_or_yaml(deep, "grid file")
    assert str(caught.value) == f"the grid file {deep} is refused: nested more than 64 levels deep"
    bad = tmp_path / "bad.json"
    bad.write_text("{'k': 1}", encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_json_or_yaml(bad, "grid file")
    assert str(caught.value).startswith(f"the grid file {bad} does not parse: Expecting property name")
    bad_yaml = tmp_path / "bad.yaml"
    bad_yaml.write_text("k: [1\n", encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_json_or_yaml(bad_yaml, "grid file")
    assert str(caught.value) == (
        f"the grid file {bad_yaml} does not parse: while parsing a flow sequence at line 1, column 4; "
        "did not find expected ',' or ']' at line 2, column 1"
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("a: 1\nb: [\n", "while parsing a flow node at line 3, column 1"),
        ("a: 1\n  b: 2\n", "mapping values are not allowed in this context at line 2, column 4"),
        ("a: *nowhere\n", "found undefined alias 'nowhere' at line 1, column 4"),
        (
            "one: 1\n---\ntwo: 2\n",
            "expected a single document in the stream; but found another document at line 2",
        ),
    ],
)
def test_a_yaml_file_that_does_not_parse_is_told_by_line_never_as_a_unicode_string(
    tmp_path: Path, text: str, said: str
) -> None:
    path = tmp_path / "room.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_json_or_yaml(path, "room file")
    message = str(caught.value)
    assert message.startswith(f"the room file {path} does not parse: ") and said in message
    assert "<unicode string>" not in message and "\n" not in message


def test_a_bound_broken_deep_in_a_yaml_file_says_its_line(tmp_path: Path) -> None:
    path = tmp_path / "inputs.yaml"
    anchors = "".join(f"k{i}: &a{i} {{x: {i}}}\n" for i in range(17))
    path.write_text(
        "intro: fine\n" + anchors + "m:\n" + "".join(f"  - *a{i}\n" for i in range(17)), encoding="utf-8"
    )
    with pytest.raises(DataFileError) as caught:
        read_json_or_yaml(path, "inputs file")
    assert str(caught.value) == (
        f"the inputs file {path} is refused: more than 16 YAML aliases (*name or <<: *name) (line 36)"
    )


class Item(BaseModel):
    model_config = ConfigDict(extra="forbid")
    n: int = 0


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")
    items: list[Item] = []
    counts: dict[str, int] = {}
    tags: set[int] = set()
    frozen: frozenset[int] = frozenset()
    pair: tuple[int, ...] = ()
    name: str = ""
    numbers: dict[int, int] = {}


def test_every_collection_stops_at_its_first_bad_item() -> None:
    bad = ["x"] * 1000
    data = {"items": [{"n": "x"}] * 1000, "counts": dict.fromkeys(map(str, range(1000)), "x")}
    data |= {"tags": bad, "frozen": bad, "pair": bad}
    first_error_validator.cache_clear()  # made here, not taken from an earlier test's cache
    with pytest.raises(Exception) as caught:
        first_error_validator(Model)(data)
    assert caught.value.error_count() == 5  # type: ignore[attr-defined]
    good = {"items": [{"n": 1}], "counts": {"a": 1}, "tags": [1], "frozen": [2], "pair": [3], "name": "x"}
    assert first_error_validator(Model)(good) == Model.model_validate(good)


def test_a_model_file_says_every_problem_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text("", encoding="utf-8")
    assert read_model(Model, path, "inputs file") == Model()  # empty: an empty object
    path.write_text("name: x\nitems:\n  - n: 1\n  - n: x\n", encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_model(Model, path, "inputs file")
    assert str(caught.value) == (
        f"{path}: line 4, items.1.n: Input should be a valid integer, unable to parse string as an integer"
    )
    path.write_text("name: [1]\nextra: 1\nitems:\n  - n: 1\n    m: 2\n", encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_model(Model, path, "inputs file")
    assert str(caught.value) == (
        f"{path} has 3 problems:\n"
        "  line 5, items.0.m: Extra inputs are not permitted\n"
        "  line 1, name: Input should be a valid string\n"
        "  line 2, extra: Extra inputs are not permitted"
    )
    path.write_text("".join(f"x{i}: 1\n" for i in range(23)), encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_model(Model, path, "inputs file")
    said = str(caught.value).splitlines()
    assert said[0] == f"{path} has 23 problems:" and len(said) == 22
    assert said[20] == "  line 20, x19: Extra inputs are not permitted" and said[21] == "  and 3 more"
    path.write_text("".join(f"x{i}: 1\n" for i in range(20)), encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_model(Model, path, "inputs file")
    assert len(str(caught.value).splitlines()) == 21  # all twenty, and no "and 0 more"


class Required(BaseModel):
    needed: str
    inner: Item = Item()


class Nest(BaseModel):
    req: Required


def test_a_missing_key_has_no_line_and_its_neighbours_keep_theirs(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text("inner:\n  n: x\n", encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_model(Required, path, "inputs file")
    assert str(caught.value) == (
        f"{path} has 2 problems:\n"
        "  needed: Field required\n"
        "  line 2, inner.n: Input should be a valid integer, unable to parse string as an integer"
    )


def test_a_place_the_file_does_not_reach_has_the_line_of_the_nearest_one(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text("req:\n  inner: {n: 1}\n", encoding="utf-8")  # req.needed is missing
    with pytest.raises(DataFileError) as caught:
        read_model(Nest, path, "inputs file")
    assert str(caught.value) == f"{path}: line 2, req.needed: Field required"
    path.write_text("numbers:\n  a: 1\n", encoding="utf-8")  # a key that is not a number: past the scalar
    with pytest.raises(DataFileError) as caught:
        read_model(Model, path, "inputs file")
    assert str(caught.value).startswith(f"{path}: line 2, numbers.a.[key]: Input should be a valid integer")


def test_a_problem_whose_place_cannot_be_found_has_no_line(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text("items: 3\n", encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_model(Model, path, "inputs file")
    assert str(caught.value) == f"{path}: line 1, items: Input should be a valid list"
    path.write_text("- 1\n", encoding="utf-8")  # the root is a list: no key to find
    with pytest.raises(DataFileError) as caught:
        read_model(Model, path, "inputs file")
    assert str(caught.value) == f"{path}: (root): Input should be a valid dictionary or instance of Model"
    path.write_text("items: [{n: x}]\n", encoding="utf-8")
    assert yaml.safe_load(path.read_text()) == {"items": [{"n": "x"}]}
    with pytest.raises(DataFileError) as caught:
        read_model(Model, path, "inputs file")
    assert str(caught.value).startswith(f"{path}: line 1, items.0.n: ")
