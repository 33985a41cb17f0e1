"""Parameter grids: a mapping of lists (all combinations) or an explicit list of parameter sets."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import yaml


class GridError(ValueError):
    """The grid file or value is malformed; the message says where."""


def expand_grid(grid: dict[str, Any] | list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``{"a": [1, 2], "b": "x"}`` → every combination; a list of mappings is taken as is."""
    if isinstance(grid, list):
        for i, item in enumerate(grid):
            if not isinstance(item, dict):
                raise GridError(f"grid entry {i} is {type(item).__name__}, expected a mapping of parameters")
        return [dict(item) for item in grid]
    if not isinstance(grid, dict):
        raise GridError(f"a grid is a mapping of lists or a list of mappings, not {type(grid).__name__}")
    keys = list(grid)
    values = [v if isinstance(v, list) else [v] for v in grid.values()]
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*values)]


def load_grid(path: str | Path) -> list[dict[str, Any]]:
    """Read a YAML/JSON grid file (``grid:`` key optional) and expand it."""
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise GridError(f"{path}: {exc}") from None
    if isinstance(data, dict) and set(data) == {"grid"}:
        data = data["grid"]
    try:
        return expand_grid(data)
    except GridError as exc:
        raise GridError(f"{path}: {exc}") from None
