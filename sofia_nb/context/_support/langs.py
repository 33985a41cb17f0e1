"""Which backend reads which file: one entry per language, chosen by file extension."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath

from . import lang_go, lang_php, lang_python, lang_ts
from . import treesitter as ts
from .outline import Outline, Scope

# Lines (1-based) with the column (1-based, characters) of a hit on each -> the innermost declaration.
Enclosing = Callable[[str, PurePath, dict[int, int]], dict[int, Scope | None]]


@dataclass(frozen=True)
class Language:
    """A backend: ``outline`` for summaries, ``definitions`` for slices, ``scopes`` for every
    declaration's span (``changed``), ``enclosing`` for the declarations around given points (``grep``,
    ``refs``: a walk up from each point, not over the whole tree)."""

    name: str
    outline: Callable[[str, bool, PurePath], Outline]
    definitions: Callable[[str, PurePath], list[Scope]]
    scopes: Callable[[str, PurePath], list[Scope]]
    enclosing: Enclosing


def _by_tree(grammar: str, classify: ts.Classifier) -> Enclosing:
    def enclosing(source: str, path: PurePath, points: dict[int, int]) -> dict[int, Scope | None]:
        return ts.enclosing_lines(ts.parsed(grammar, source), points, classify)

    return enclosing


PYTHON = Language(
    "python",
    lambda s, b, p: lang_python.outline(s, b),
    lambda s, p: lang_python.definitions(s),
    lambda s, p: lang_python.scopes(s),
    lambda s, p, points: lang_python.enclosing(s, points),
)
GO = Language(
    "go",
    lambda s, b, p: lang_go.outline(s, b),
    lambda s, p: lang_go.definitions(s),
    lambda s, p: lang_go.scopes(s),
    _by_tree("go", lang_go.classify),
)
TYPESCRIPT = Language("ts", lang_ts.outline, lang_ts.scopes, lang_ts.scopes, lang_ts.enclosing)
JAVASCRIPT = Language("js", lang_ts.outline, lang_ts.scopes, lang_ts.scopes, lang_ts.enclosing)
VUE = Language("vue", lang_ts.outline, lang_ts.scopes, lang_ts.scopes, lang_ts.enclosing)
PHP = Language(
    "php",
    lambda s, b, p: lang_php.outline(s, b),
    lambda s, p: lang_php.definitions(s),
    lambda s, p: lang_php.scopes(s),
    _by_tree("php", lang_php.classify),
)

BY_SUFFIX: dict[str, Language] = {
    ".py": PYTHON,
    ".pyi": PYTHON,
    ".go": GO,
    ".ts": TYPESCRIPT,
    ".tsx": TYPESCRIPT,
    ".mts": TYPESCRIPT,
    ".cts": TYPESCRIPT,
    ".js": JAVASCRIPT,
    ".jsx": JAVASCRIPT,
    ".mjs": JAVASCRIPT,
    ".cjs": JAVASCRIPT,
    ".vue": VUE,
    ".php": PHP,
}


def language_for(path: str | os.PathLike[str]) -> Language | None:
    """The backend that reads a file, by its extension in any case; ``None`` when none does. A
    string will do: building a path object costs more than most of a search hit's handling."""
    return BY_SUFFIX.get(os.path.splitext(path)[1].lower())
