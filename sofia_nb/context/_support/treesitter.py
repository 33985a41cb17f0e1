"""tree-sitter parsers (the ``context`` extra) and the walk that turns a syntax tree into scopes."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

from .errors import ContextError
from .outline import Scope

Node = Any  # tree_sitter.Node; the package is an optional extra, so it is not imported at module level


@functools.cache
def parser(grammar: str) -> Any:
    """A parser for ``go``, ``typescript``, ``tsx`` or ``php``."""
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
    else:
        raise ValueError(grammar)
    return tree_sitter.Parser(tree_sitter.Language(language))


def parse(grammar: str, source: bytes) -> Node:
    """The root node of ``source``."""
    return parser(grammar).parse(source).root_node


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
            scopes.append(
                Scope(
                    start=child.start_point[0] + 1 + line_offset,
                    end=child.end_point[0] + 1 + line_offset,
                    kind=kind,
                    name=qualified,
                    first=first_line(child) + line_offset,
                )
            )
            visit(child, qualified)

    visit(root, "")
    return scopes
