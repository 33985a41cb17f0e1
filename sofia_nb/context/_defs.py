"""Where an identifier is *declared* in a file, by syntax tree: the positions of its defining names.

``refs`` asks this per occurrence, so a line holding a definition and uses of the same name (zod's
``const a = z.object(...), b = a.extend(...)``) gets one ``def`` and the rest ``use``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator

from . import _treesitter as ts

# Parent node types whose ``name`` field declares the name (a call's or a member's ``name`` is a use).
# A line that could bind the name in Python: `def`/`class`/`for` it, or it before an `=`.
_PY_BINDING = r"\b(?:def|class|for)\s+{name}\b|\b{name}\s*(?::[^=\n]*)?(?:,[^=\n]*)?=(?!=)"
_DECLARING_SUFFIXES = ("declaration", "definition", "declarator", "_spec", "signature", "_element")


def definition_positions(
    source: str, symbol: str, grammar: str, hits: list[tuple[int, int]]
) -> set[tuple[int, int]]:
    """Which of ``hits`` (``(line, column)``, 1-based, column in characters) declare ``symbol``.

    ``grammar`` is ``python`` (the ``ast`` module) or a tree-sitter grammar: ``go``, ``typescript``,
    ``tsx``, ``php``.
    """
    lines = source.splitlines()
    if grammar == "python":
        # Parsing is most of the cost: a file where no line could bind the name is not parsed.
        if not re.search(_PY_BINDING.format(name=re.escape(symbol)), source, re.M):
            return set()
        found: Iterable[tuple[int, int]] = _python(source, symbol)
    else:
        at = [(line, _byte_col(lines, line, col)) for line, col in hits]
        found = _tree(ts.parse(grammar, source.encode()), symbol.lstrip("$"), at)
    # Both report UTF-8 byte columns; hits count characters.
    return {(line, _char_col(lines, line, byte_col)) for line, byte_col in found} & set(hits)


def _byte_col(lines: list[str], line: int, col: int) -> int:
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return len(text[: col - 1].encode())


def _char_col(lines: list[str], line: int, byte_col: int) -> int:
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return len(text.encode()[:byte_col].decode("utf-8", "replace")) + 1


def _python(source: str, symbol: str) -> Iterator[tuple[int, int]]:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return
    lines = source.splitlines()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.name == symbol:
            # The node starts at its keyword; the name is the first occurrence after it.
            line = lines[node.lineno - 1].encode()
            yield node.lineno, line.find(symbol.encode(), node.col_offset)
        elif isinstance(node, ast.Name) and node.id == symbol and isinstance(node.ctx, ast.Store):
            yield node.lineno, node.col_offset


def _tree(root: ts.Node, symbol: str, at: list[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """The positions in ``at`` whose token is a declared name (a point query each, not a walk)."""
    wanted = symbol.encode()
    for line, byte_col in at:
        node = root.descendant_for_point_range((line - 1, byte_col), (line - 1, byte_col + len(wanted)))
        if node is not None and node.text.lstrip(b"$") == wanted and _declares(node):
            yield line, byte_col


def _declares(node: ts.Node) -> bool:
    parent = node.parent
    if parent is None:
        return False
    if parent.type in ("name", "variable_name"):  # PHP wraps the token: `name` > `$`/identifier
        node, parent = parent, parent.parent
        if parent is None:
            return False
    if parent.type.endswith(_DECLARING_SUFFIXES) and "call" not in parent.type:
        named = parent.child_by_field_name("name")
        if named is not None:
            return named.id == node.id
        return parent.named_child_count > 0 and parent.named_children[0].id == node.id
    # Go's `a, b := f()`: every name on the left is declared.
    if parent.type == "expression_list" and parent.parent is not None:
        left = parent.parent.child_by_field_name("left")
        return parent.parent.type == "short_var_declaration" and left is not None and left.id == parent.id
    return False
