"""tree-sitter parsers (the ``context`` extra) and the walk that turns a syntax tree into scopes."""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any

from .errors import ContextError
from .outline import Scope

Node = Any  # tree_sitter.Node; the package is an optional extra, so it is not imported at module level


@functools.cache
def language(grammar: str) -> Any:
    """The grammar ``go``, ``typescript``, ``tsx``, ``php`` or ``python``."""
    try:
        import tree_sitter
    except ImportError:
        raise ContextError(
            "Go, TypeScript, Vue and PHP need the tree-sitter grammars: pip install 'sofia_nb[context]'"
        ) from None
    if grammar == "go":
        import tree_sitter_go

        language = tree_sitter_go.language()
    elif grammar in ("typescript", "tsx"):
        import tree_sitter_typescript

        language = getattr(tree_sitter_typescript, f"language_{grammar}")()
    elif grammar == "php":
        import tree_sitter_php

        language = tree_sitter_php.language_php()
    elif grammar == "python":
        import tree_sitter_python

        language = tree_sitter_python.language()
    else:
        raise ValueError(grammar)
    return tree_sitter.Language(language)


_local = threading.local()  # a parser is not safe to share: tool calls run in threads


def parser(grammar: str) -> Any:
    """This thread's parser for ``grammar``."""
    parsers: dict[str, Any] = _local.__dict__.setdefault("parsers", {})
    if grammar not in parsers:
        import tree_sitter

        parsers[grammar] = tree_sitter.Parser(language(grammar))
    return parsers[grammar]


# The trees of the sources parsed last, so that a warm server's next grep or refs in the same files
# walks a tree instead of parsing again (an agent searches the same folder many times). Keyed by
# the source itself: an edited file is another key.
_TREES: OrderedDict[tuple[str, bytes], Node] = OrderedDict()
_TREES_HELD = [0]
_TREES_LIMIT = 32 * 1024 * 1024  # bytes of source whose trees are kept
_TREES_LOCK = threading.Lock()


def parse(grammar: str, source: bytes) -> Node:
    """The root node of ``source`` (the same tree again while the source is unchanged)."""
    key = (grammar, source)
    with _TREES_LOCK:
        root = _TREES.get(key)
        if root is not None:
            _TREES.move_to_end(key)
            return root
    root = parser(grammar).parse(source).root_node
    if len(source) <= _TREES_LIMIT // 8:
        with _TREES_LOCK:
            if key not in _TREES:
                _TREES[key] = root
                _TREES_HELD[0] += len(source)
            while _TREES_HELD[0] > _TREES_LIMIT:
                (_, old), _ = _TREES.popitem(last=False)
                _TREES_HELD[0] -= len(old)
    return root


def text(node: Node | None) -> str:
    return node.text.decode("utf-8", "replace") if node is not None else ""


def squash(value: str) -> str:
    """Whitespace runs (newlines included) collapsed to one space."""
    return " ".join(value.split())


def field_text(node: Node, name: str) -> str:
    return text(node.child_by_field_name(name))


def first_line(node: Node) -> int:
    """The 1-based line where the node's leading comments start (doc comments belong to a declaration)."""
    line = node.start_point[0]
    # A comment above ``export function f`` or ``type ( X struct``... sits before the wrapping node.
    while (
        node.parent is not None
        and node.parent.parent is not None
        and node.prev_named_sibling is None
        and node.parent.start_point[0] == line
    ):
        node = node.parent
    prev = node.prev_named_sibling
    while prev is not None and prev.type == "comment" and prev.end_point[0] >= line - 1:
        line = prev.start_point[0]
        prev = prev.prev_named_sibling
    return line + 1


def descendants(node: Node) -> Iterator[Node]:
    """Every named node below ``node``, depth first."""
    stack = list(reversed(node.named_children))
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.named_children))


# Given a node, return (kind, name) when it opens a scope, else None.
Classifier = Callable[[Node], "tuple[str, str] | None"]


def collect_scopes(root: Node, classify: Classifier, line_offset: int = 0) -> list[Scope]:
    """The scopes of a tree, nested names joined with ``.`` (``Widget.render``)."""
    scopes: list[Scope] = []

    def visit(node: Node, owner: str) -> None:
        for child in node.named_children:
            found = classify(child)
            if found is None:
                visit(child, owner)
                continue
            kind, name = found
            qualified = f"{owner}.{name}" if owner else name
            scopes.append(_scope(child, kind, qualified, line_offset))
            visit(child, qualified)

    visit(root, "")
    return scopes


def _scope(node: Node, kind: str, name: str, line_offset: int) -> Scope:
    return Scope(
        start=node.start_point[0] + 1 + line_offset,
        end=node.end_point[0] + 1 + line_offset,
        kind=kind,
        name=name,
        first=first_line(node) + line_offset,
    )


def enclosing_at(
    root: Node, row: int, column: int, classify: Classifier, line_offset: int = 0
) -> Scope | None:
    """The innermost declaration around the point (0-based ``row``, byte ``column``), named as
    :func:`collect_scopes` names it: a walk up from the point, so its cost is the tree's depth there,
    not the file's size."""
    node = root.descendant_for_point_range((row, column), (row, column))
    chain: list[tuple[str, str, Node]] = []
    while node is not None:
        found = classify(node)
        if found is not None:
            chain.append((*found, node))
        node = node.parent
    if not chain:
        return None
    kind, _, innermost = chain[0]
    name = ".".join(name for _, name, _ in reversed(chain))
    return _scope(innermost, kind, name, line_offset)


def enclosing_lines(
    root: Node, source_lines: list[str], points: dict[int, int], classify: Classifier, line_offset: int = 0
) -> dict[int, Scope | None]:
    """:func:`enclosing_at` for each ``line: column`` of ``points`` (1-based, column in characters,
    both in the file; ``source_lines`` are the parsed text's, which starts ``line_offset`` lines in)."""
    found: dict[int, Scope | None] = {}
    for line, col in points.items():
        row = line - 1 - line_offset
        text = source_lines[row] if 0 <= row < len(source_lines) else ""
        found[line] = enclosing_at(root, row, len(text[: col - 1].encode()), classify, line_offset)
    return found
