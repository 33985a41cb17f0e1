"""Only ``ui`` and ``cli`` talk to people (docs/architecture.md §1): no ``print`` call anywhere else.

The import-linter contract ``only-faces-talk`` (``make imports``) keeps ``rich``, ``IPython`` and
``ipywidgets`` out of the lower layers; this test covers the builtin, which no import reveals.
"""

from __future__ import annotations

import ast
from pathlib import Path

import sofia_nb

PACKAGE = Path(sofia_nb.__file__).parent
FACES = ("ui", "cli")


def _print_calls(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print"
    ]


def test_no_print_outside_ui_and_cli() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE.parent)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] not in FACES
        for line in _print_calls(path)
    ]
    assert offenders == [], "emit an event (or log) instead of printing: " + ", ".join(offenders)
