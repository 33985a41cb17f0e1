"""Parameter grids: a mapping of lists (all combinations) or an explicit list of parameter sets."""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Any

from .._datafile import DataFileError, read_json_or_yaml

MAX_GRID_ROWS = 1000
"""The most runs one grid may ask for unless ``[batch] max_grid_rows`` says otherwise: each run is
a kernel, minutes of work and an executed notebook on disk, and a mapping of lists multiplies."""


class GridError(ValueError):
    """The grid file or value is malformed, or too large; the message says where."""


def grid_rows(grid: dict[str, Any] | list[dict[str, Any]]) -> int:
    """How many runs ``grid`` asks for, counted without expanding it."""
    if isinstance(grid, list):
        return len(grid)
    if not isinstance(grid, dict):
        raise GridError(f"a grid is a mapping of lists or a list of mappings, not {type(grid).__name__}")
    return math.prod(len(v) if isinstance(v, list) else 1 for v in grid.values())


def expand_grid(
    grid: dict[str, Any] | list[dict[str, Any]], max_rows: int = MAX_GRID_ROWS
) -> list[dict[str, Any]]:
    """``{"a": [1, 2], "b": "x"}`` → every combination; a list of mappings is taken as is. A grid
    of more than ``max_rows`` runs is refused before anything is expanded."""
    rows = grid_rows(grid)
    if rows > max_rows:
        raise GridError(
            f"the grid asks for {rows:,} runs; the limit is {max_rows:,} "
            "(set [batch] max_grid_rows in config.toml to allow more)"
        )
    if isinstance(grid, list):
        wrong = [
            f"grid entry {i} is {type(item).__name__}"
            for i, item in enumerate(grid)
            if not isinstance(item, dict)
        ]
        if wrong:
            raise GridError(f"{'; '.join(wrong[:20])}: each entry must be a mapping of parameters")
        return [dict(item) for item in grid]
    keys = list(grid)
    values = [v if isinstance(v, list) else [v] for v in grid.values()]
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*values)]


def load_grid(path: str | Path, max_rows: int = MAX_GRID_ROWS) -> list[dict[str, Any]]:
    """Read a YAML/JSON grid file (``grid:`` key optional) and expand it."""
    path = Path(path)
    try:
        data = read_json_or_yaml(path, "grid file")
    except DataFileError as exc:
        raise GridError(str(exc)) from None
    if isinstance(data, dict) and set(data) == {"grid"}:
        data = data["grid"]
    try:
        return expand_grid(data, max_rows)
    except GridError as exc:
        raise GridError(f"{path}: {exc}") from None
