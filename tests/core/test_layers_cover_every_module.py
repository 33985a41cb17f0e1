"""import-linter checks only the modules its contracts name: every top-level module of sofia_nb is
in the layer table, and every one but the two faces (and ``__main__``) may not talk to people."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "sofia_nb"


def _top_level() -> set[str]:
    modules = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    return modules | {p.parent.name for p in PACKAGE.glob("*/__init__.py")}


def _contracts() -> dict[str, dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {c["id"]: c for c in config["tool"]["importlinter"]["contracts"]}


def test_every_top_level_module_is_in_the_layer_table() -> None:
    layers = _contracts()["layers"]["layers"]
    named = {name.strip() for line in layers for name in str(line).split("|")}  # type: ignore[attr-defined]
    assert _top_level() - named == set(), "add these to [tool.importlinter] layers and architecture.md §1"
    assert named - _top_level() == set(), "the layer table names modules that do not exist"


def test_every_module_below_the_faces_is_barred_from_talking_to_people() -> None:
    sources = _contracts()["only-faces-talk"]["source_modules"]
    barred = {str(name).removeprefix("sofia_nb.") for name in sources}  # type: ignore[attr-defined]
    assert barred == _top_level() - {"cli", "ui", "__main__"}
