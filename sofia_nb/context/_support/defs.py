"""Where an identifier is *declared* in a file, by syntax tree: the positions of its defining names.

``refs`` asks this per occurrence, so a line holding a definition and uses of the same name (zod's
``const a = z.object(...), b = a.extend(...)``) gets one ``def`` and the rest ``use``.
"""

from __future__ import annotations

import ast
import bisect
import functools
import re
from collections.abc import Iterable, Iterator

from . import treesitter as ts

# A line that could declare the name, per grammar: a loose superset of what the syntax tree says,
# so that a file none of whose hit lines could is not parsed at all (parsing is most of the cost).
_COULD_DECLARE = {
    # `def`/`class` it; `for` it `in`; `as` it (not an import's alias); it, annotated or among other
    # targets, before an (augmented) `=` but not right after `.`, `:` or `=` (an attribute, a type, a
    # keyword argument's value); an annotation without a value (a dataclass or NamedTuple field);
    # or a bare line of targets (inside a parenthesised target list).
    "python": rb"\b(?:def|class)\s+{name}\b|\bfor\b.*(?<![\w.]){name}\b.*\bin\b|^\s*{name}\s*:(?!=)"
    rb"|^(?!\s*(?:from|import)\b).*\bas\s+{name}\b"
    rb"|(?<![\w.:=])(?<!= ){name}\b\s*(?::[^=\n]*)?(?:\s*,\s*[\w*.\[\]()]+)*\s*"
    rb"(?:[-+*/%&|^@]|//|\*\*|<<|>>)?(?<![=!<>])=(?!=)"
    rb"|^(?!.*\w\s+\w)[\s\w,*()\[\]]*$",
    "go": rb"\b(?:func|type|var|const)\b|:=|^\s*{name}\b",
    "typescript": rb"\b(?:class|function|const|let|var|interface|type|enum|namespace|module|declare|get|set"
    rb"|export"
    rb"|static|async|readonly|public|private|protected|abstract|override|accessor)\b"
    rb"|^\s*(?:@\S+\s+)*#?{name}\b|<{name}\b",
    "php": rb"\b(?:class|interface|trait|enum|function|fn|const|public|protected|private|static|var"
    rb"|readonly|abstract|final)\b|^\s*\$?{name}\b",
}
_COULD_DECLARE["tsx"] = _COULD_DECLARE["typescript"]
# Parent node types whose ``name`` field declares the name (a call's or a member's ``name`` is a use).
# Of the ``*_element`` nodes only PHP's declare: Go's ``keyed_element``/``literal_element`` are the
# keys of a struct literal (``Config{ParseDuration: 1}``), uses of a field.
_DECLARING_SUFFIXES = ("declaration", "definition", "declarator", "_spec", "signature")
_DECLARING_ELEMENTS = frozenset({"property_element", "const_element"})
_FUNCTIONS = frozenset({"function_expression", "function", "arrow_function", "generator_function"})


def could_declare(grammar: str, symbol: str) -> re.Pattern[bytes]:
    """A pattern that matches every line on which ``symbol`` may be declared (and some others)."""
    return re.compile(_COULD_DECLARE[grammar].replace(b"{name}", re.escape(symbol.encode())))


def definition_positions(
    source: str, symbol: str, grammar: str, hits: list[tuple[int, int]]
) -> set[tuple[int, int]]:
    """Which of ``hits`` (``(line, column)``, 1-based, column in characters) declare ``symbol``.

    ``grammar`` is ``python`` (the ``ast`` module; ``SyntaxError`` when the source does not parse)
    or a tree-sitter grammar: ``go``, ``typescript``, ``tsx``, ``php``.
    """
    if grammar == "python":
        lines = _split(source)
        found: Iterable[tuple[int, int]] = list(_python(source, symbol, sorted(line for line, _ in hits)))
    else:
        tree = ts.parsed(grammar, source)  # its lines are cut at "\n" only, as the hits' numbers are
        lines = tree.lines
        at = [(line, _byte_col(lines, line, col)) for line, col in hits]
        found = _tree(tree.root, symbol.lstrip("$"), at)
    # Both report UTF-8 byte columns; hits count characters.
    return {(line, _char_col(lines, line, byte_col)) for line, byte_col in found} & set(hits)


def _byte_col(lines: list[str], line: int, col: int) -> int:
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return len(text[: col - 1].encode())


def _char_col(lines: list[str], line: int, byte_col: int) -> int:
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return len(text.encode()[:byte_col].decode("utf-8", "replace")) + 1


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@functools.lru_cache(maxsize=64)  # a warm server's refs read the same files again; the trees are only read
def _parsed(source: str) -> ast.Module:
    return ast.parse(source)


@functools.lru_cache(maxsize=64)  # the lines of the same sources as :func:`_parsed`, as ``ast`` counts them
def _split(source: str) -> list[str]:
    return source.splitlines()


def _python(source: str, symbol: str, lines: list[int]) -> Iterator[tuple[int, int]]:
    """Declarations of ``symbol`` on ``lines`` (sorted): only the nodes that span one are visited."""
    tree = _parsed(source)
    text = _split(source)
    stack: list[ast.AST] = [tree]
    while stack:
        for node in ast.iter_child_nodes(stack.pop()):
            start = getattr(node, "lineno", None)
            if start is not None:
                i = bisect.bisect_left(lines, start)
                if i == len(lines) or lines[i] > (getattr(node, "end_lineno", None) or start):
                    continue
            stack.append(node)
            if isinstance(node, _DEFINITIONS) and node.name == symbol:
                # The node starts at its keyword; the name is the first occurrence after it.
                yield node.lineno, text[node.lineno - 1].encode().find(symbol.encode(), node.col_offset)
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
    if parent.type == "pair":  # an object's `save: function () {}` (Vue's Options API): a method
        key, value = parent.child_by_field_name("key"), parent.child_by_field_name("value")
        return key is not None and key.id == node.id and value is not None and value.type in _FUNCTIONS
    if parent.type == "export_specifier":  # `export { default as Button }`: the alias is declared here
        return (
            parent.child_by_field_name("alias") is not None
            and parent.child_by_field_name("alias").id == node.id
        )
    if (
        parent.type.endswith(_DECLARING_SUFFIXES) or parent.type in _DECLARING_ELEMENTS
    ) and "call" not in parent.type:
        named = parent.child_by_field_name("name")
        if named is not None:
            return named.id == node.id
        return parent.named_child_count > 0 and parent.named_children[0].id == node.id
    # Go's `a, b := f()`: every name on the left is declared.
    if parent.type == "expression_list" and parent.parent is not None:
        left = parent.parent.child_by_field_name("left")
        return parent.parent.type == "short_var_declaration" and left is not None and left.id == parent.id
    return False
