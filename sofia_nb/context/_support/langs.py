"""Which backend reads which file: one entry per language, chosen by file extension."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath

from . import lang_go, lang_php, lang_python, lang_ts
from .outline import Outline, Scope


@dataclass(frozen=True)
class Language:
    """A backend: ``outline`` for summaries, ``definitions`` for slices, ``scopes`` for enclosing labels."""

    name: str
    outline: Callable[[str, bool, PurePath], Outline]
    definitions: Callable[[str, PurePath], list[Scope]]
    scopes: Callable[[str, PurePath], list[Scope]]


PYTHON = Language(
    "python",
    lambda s, b, p: lang_python.outline(s, b),
    lambda s, p: lang_python.definitions(s),
    lambda s, p: lang_python.scopes(s),
)
GO = Language(
    "go",
    lambda s, b, p: lang_go.outline(s, b),
    lambda s, p: lang_go.definitions(s),
    lambda s, p: lang_go.scopes(s),
)
TYPESCRIPT = Language("ts", lang_ts.outline, lang_ts.scopes, lang_ts.scopes)
JAVASCRIPT = Language("js", lang_ts.outline, lang_ts.scopes, lang_ts.scopes)
VUE = Language("vue", lang_ts.outline, lang_ts.scopes, lang_ts.scopes)
PHP = Language(
    "php",
    lambda s, b, p: lang_php.outline(s, b),
    lambda s, p: lang_php.definitions(s),
    lambda s, p: lang_php.scopes(s),
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


def language_for(path: PurePath) -> Language | None:
    return BY_SUFFIX.get(path.suffix.lower())
