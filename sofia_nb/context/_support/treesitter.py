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
            "Go, TypeScript, Vue and PHP, and Python's scope labels, need the tree-sitter grammars: "
            "pip install 'sofia_nb[context]'"
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
# the source itself: an edited file is another key. A source passed as the same ``str`` object
# each time (a warm server's decoded file) is found without hashing or comparing its text again.
_TREES: OrderedDict[tuple[str, str | bytes], Parsed] = OrderedDict()
_TREES_HELD = [0]
_TREES_LIMIT = 32 * 1024 * 1024  # bytes of source whose trees are kept
_TREES_LOCK = threading.Lock()


class Parsed:
    """A source's tree, its lines, and the scope found above each node walked so far (per
    classifier and line offset): a hit next to an earlier one stops at the first node seen."""

    __slots__ = ("_lines", "root", "scopes", "source")

    def __init__(self, source: str | bytes, root: Node) -> None:
        self.source = source
        self.root = root
        self._lines: list[str] | None = None
        self.scopes: dict[tuple[Classifier, int], dict[int, Scope | None]] = {}

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            text = self.source if isinstance(self.source, str) else self.source.decode("utf-8", "replace")
            self._lines = text.split("\n")
        return self._lines


def parsed(grammar: str, source: str | bytes) -> Parsed:
    """``source`` parsed (the same :class:`Parsed` again while the source is unchanged)."""
    key = (grammar, source)
    with _TREES_LOCK:
        found = _TREES.get(key)
        if found is not None:
            _TREES.move_to_end(key)
            return found
    data = source.encode() if isinstance(source, str) else source
    found = Parsed(source, parser(grammar).parse(data).root_node)
    if len(source) <= _TREES_LIMIT // 8:
        with _TREES_LOCK:
            if key not in _TREES:
                _TREES[key] = found
                _TREES_HELD[0] += len(source)
            while _TREES_HELD[0] > _TREES_LIMIT:
                (_, old), _ = _TREES.popitem(last=False)
                _TREES_HELD[0] -= len(old)
    return found


def parse(grammar: str, source: str | bytes) -> Node:
    """The root node of ``source`` (the same tree again while the source is unchanged)."""
    return parsed(grammar, source).root


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
    # Depth first, children in order, as a recursion would go: a stack, not a nested function that
    # calls itself (its closure is a reference cycle, left for the garbage collector each call).
    stack: list[tuple[Iterator[Node], str]] = [(iter(root.named_children), "")]
    while stack:
        children, owner = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            continue
        found = classify(child)
        if found is None:
            stack.append((iter(child.named_children), owner))
            continue
        kind, name = found
        qualified = f"{owner}.{name}" if owner else name
        scopes.append(_scope(child, kind, qualified, line_offset))
        stack.append((iter(child.named_children), qualified))
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
    root: Node,
    row: int,
    column: int,
    classify: Classifier,
    line_offset: int = 0,
    memo: dict[int, Scope | None] | None = None,
) -> Scope | None:
    """The innermost declaration around the point (0-based ``row``, byte ``column``), named as
    :func:`collect_scopes` names it: a walk up from the point, so its cost is the tree's depth there,
    not the file's size. ``memo`` (node id -> its scope, for this tree, classifier and offset) ends
    the walk at the first node an earlier walk went through."""
    memo = {} if memo is None else memo
    node = root.descendant_for_point_range((row, column), (row, column))
    walked: list[Node] = []
    above: Scope | None = None  # the scope of the first node already known (None: the top)
    while node is not None:
        if node.id in memo:
            above = memo[node.id]
            break
        walked.append(node)
        node = node.parent
    for node in reversed(walked):  # outermost first, each named after the scope above it
        found = classify(node)
        if found is not None:
            kind, name = found
            above = _scope(node, kind, f"{above.name}.{name}" if above is not None else name, line_offset)
        memo[node.id] = above
    return above


def enclosing_lines(
    tree: Parsed, points: dict[int, int], classify: Classifier, line_offset: int = 0
) -> dict[int, Scope | None]:
    """:func:`enclosing_at` for each ``line: column`` of ``points`` (1-based, column in characters,
    both in the file; the parsed text starts ``line_offset`` lines in)."""
    memo = tree.scopes.setdefault((classify, line_offset), {})
    lines = tree.lines
    found: dict[int, Scope | None] = {}
    for line, col in points.items():
        row = line - 1 - line_offset
        text = lines[row] if 0 <= row < len(lines) else ""
        column = col - 1 if text.isascii() else len(text[: col - 1].encode())
        found[line] = enclosing_at(tree.root, row, column, classify, line_offset, memo)
    return found
