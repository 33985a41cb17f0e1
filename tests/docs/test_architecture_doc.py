"""docs/architecture.md §1 says the layers as pyproject.toml's import contract enforces them."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _contract_layers() -> list[set[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    layers = next(c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "layers")["layers"]
    return [{name.strip() for name in layer.split("|")} for layer in layers]


def _table_layers() -> list[set[str]]:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text[text.index("| layer | packages |") :].split("\n\n")[0]
    rows = [line.split("|") for line in table.splitlines()[2:]]
    return [set(re.findall(r"`([\w.]+)`", row[2])) for row in rows]


def _diagram_base() -> list[str]:
    """The packages and arrows of the diagram's bottom lines (from ``sofia_nb.logs`` on), in order."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    start = text.index("```text")
    diagram = text[start : text.index("```", start + 3)]
    tail = diagram[diagram.index("sofia_nb.logs") :]
    return [name or arrow for name, arrow in re.findall(r"sofia_nb\.(\w+)|(->)", tail)]


def test_the_layer_table_is_the_import_contract() -> None:
    assert _table_layers() == _contract_layers()


def test_the_diagram_names_each_low_layer_once_in_the_contracts_order() -> None:
    words = _diagram_base()
    groups: list[set[str]] = [set()]
    for word in words:
        if word == "->":
            groups.append(set())
        else:
            groups[-1].add(word)
    assert groups == _contract_layers()[-len(groups) :], groups
