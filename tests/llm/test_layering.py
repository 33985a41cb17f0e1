"""architecture.md §1: the LLM layer knows nothing of workshops and never imports ``mcp``."""

from __future__ import annotations

import ast
from pathlib import Path

import sofia_nb.llm

HIGHER_OR_SIDEWAYS = {"mcp", "consent", "workshop", "develop", "context", "server", "ui", "batch", "cli"}


def test_llm_imports_no_higher_or_sibling_layer() -> None:
    package = Path(sofia_nb.llm.__file__).parent
    offenders = []
    for path in sorted(package.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                top = parts[0] if node.level == 2 else parts[1] if parts[0] == "sofia_nb" else None
                if top in HIGHER_OR_SIDEWAYS:
                    offenders.append(f"{path.name}: from {'.' * node.level}{node.module}")
            elif isinstance(node, ast.Import):
                offenders += [
                    f"{path.name}: import {a.name}" for a in node.names if a.name.startswith("sofia_nb.")
                ]
    assert offenders == []
