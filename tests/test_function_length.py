"""No function in sofia_nb runs past 80 lines (issue 48): a longer one is set up in named parts.

A method or a nested function counts on its own; a function's lines run from its ``def`` to its
last line, its docstring included.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "sofia_nb"
MOST_LINES = 80


def _functions(node: ast.AST, prefix: str = "") -> Iterator[tuple[str, int]]:
    """Each function below ``node`` as its dotted name and its length in lines."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            assert child.end_lineno is not None
            yield prefix + child.name, child.end_lineno - child.lineno + 1
            yield from _functions(child, f"{prefix}{child.name}.")
        elif isinstance(child, ast.ClassDef):
            yield from _functions(child, f"{prefix}{child.name}.")
        else:
            yield from _functions(child, prefix)


def long_functions() -> dict[str, int]:
    """Every function of the package over the limit, as ``path:name`` (path below sofia_nb) and lines."""
    found: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = path.relative_to(PACKAGE).as_posix()
        for name, lines in _functions(tree):
            if lines > MOST_LINES:
                found[f"{where}:{name}"] = lines
    return found


def test_no_function_runs_past_80_lines() -> None:
    too_long = long_functions()
    assert too_long == {}, f"functions over {MOST_LINES} lines (set them up in named parts): {too_long}"
