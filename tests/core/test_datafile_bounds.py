"""Every file read from outside goes through the bounded reader (issue 45): a YAML alias bomb, a
file over its size, a list over 100,000 items, a string over 1 MB and nesting over 64 are refused
by every reader, each naming the file and the bound. In-process and cheap: the bombs here cost
nothing unless something walks them, and nothing does once they are refused."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sofia_nb import _datafile
from sofia_nb._datafile import BoundsError, load_json, load_yaml
from sofia_nb.batch import load_grid
from sofia_nb.config import load_settings
from sofia_nb.llm import ScriptedLLM
from sofia_nb.llm._record import _replies
from sofia_nb.mcp import load_config
from sofia_nb.participants import RoomScript
from sofia_nb.workshop import WorkshopInputs, load_deck

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
)
MERGES = "base: &m {k: 1}\n" + "".join(f"m{i}: {{<<: *m}}\n" for i in range(17))

YAML_READERS: dict[str, Callable[[Path], Any]] = {
    "parameters/grid file": load_grid,
    "room file": RoomScript.from_file,
    "inputs file": WorkshopInputs.from_file,
    "scripted model file": ScriptedLLM.from_file,
    "recording": _replies,
    "cards deck": load_deck,
}


EACH_BOUND = [
    (BOMB, "more than 16 YAML aliases"),
    (MERGES, "more than 16 YAML aliases"),
    ("x: " + "[" * 65 + "]" * 65, "nested more than 64 levels deep"),
    ("x: [" + "0," * 100_001 + "]", "a list of more than 100,000 items"),
    ("x: {" + "".join(f"k{i}: 0," for i in range(100_001)) + "}", "YAML nodes in 988,906 characters"),
    ("x: '" + "y" * 1_000_001 + "'", "a string of 1,000,001 characters, more than 1,000,000"),
]
CASES = [("parameters/grid file", *case) for case in EACH_BOUND] + [
    (r, BOMB, EACH_BOUND[0][1]) for r in YAML_READERS
]


@pytest.mark.parametrize(("reader", "text", "bound"), CASES)
def test_each_yaml_reader_refuses_a_file_past_a_bound_naming_it(
    tmp_path: Path, reader: str, text: str, bound: str
) -> None:
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(Exception) as caught:
        YAML_READERS[reader](path)
    assert str(path) in str(caught.value) and bound in str(caught.value), caught.value


@pytest.mark.parametrize("reader", [*YAML_READERS, "mcp config", "config file"])
def test_each_reader_refuses_a_file_over_its_size_before_reading_it(tmp_path: Path, reader: str) -> None:
    path = tmp_path / (
        "mcp.json" if reader == "mcp config" else "config.toml" if reader == "config file" else "f.yaml"
    )
    with path.open("wb") as sparse:
        sparse.truncate(_datafile.MAX_FILE_BYTES + 1)  # eight megabytes of nothing: costs no disk
    call = {"mcp config": load_config, "config file": load_settings, **YAML_READERS}[reader]
    with pytest.raises(Exception) as caught:
        call(path)
    assert str(path) in str(caught.value) and "larger than 8 MB" in str(caught.value), caught.value


def test_an_mcp_config_past_a_bound_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / ".vscode" / "mcp.json"
    path.parent.mkdir()
    path.write_text('{"servers": {}, "x": [' + "[]," * 20_000 + "[]]}", encoding="utf-8")
    with pytest.raises(Exception, match="more than 10,000 plus one per 32 characters") as caught:
        load_config(path)
    assert str(path) in str(caught.value)


def test_a_config_file_past_a_bound_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("x = '" + "y" * 1_000_001 + "'\n", encoding="utf-8")
    with pytest.raises(Exception, match="a string of 1,000,001 characters") as caught:
        load_settings(path)
    assert str(path) in str(caught.value)


def test_a_few_aliases_and_merge_keys_still_read() -> None:
    text = "base: &b {k: 1, j: [1, 2]}\none: *b\ntwo: {<<: *b, k: 2}\n"
    assert load_yaml(text) == {
        "base": {"k": 1, "j": [1, 2]},
        "one": {"k": 1, "j": [1, 2]},
        "two": {"k": 2, "j": [1, 2]},
    }


def test_brackets_inside_json_strings_are_text_not_structure() -> None:
    text = '{"a": "' + "[{" * 200_000 + '", "b": "\\"[{"}'
    assert load_json(text)["b"] == '"[{'


def test_an_alias_counts_as_its_whole_tree_in_the_structure() -> None:
    # eight aliases of a list of 4,000 lists: few aliases, but 32,000 lists when walked
    text = "a: &a [" + "[]," * 4_000 + "[]]\nb: [*a, *a, *a, *a, *a, *a, *a, *a]\n"
    with pytest.raises(BoundsError, match="objects and lists"):
        load_yaml(text)
