"""``refs``: where an identifier is defined and used, each reference with its enclosing scope."""

from __future__ import annotations

import re
from pathlib import Path, PurePath
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ._defs import definition_positions
from ._lang_ts import grammar_for
from ._langs import BY_SUFFIX, language_for
from ._registry import ContextTool, first
from ._roots import resolve_folder
from ._scan import LineHit, ScannedFile, Skipped, compile_pattern, search
from ._walk import normalize_exts

# Vue only (its blocks are not one syntax tree): bindings that are not declarations with a body.
_VUE_BINDING = r"\b(?:const|let|var|type|interface|enum|function|class)\s+{name}\b"
_FAMILY = {"python": "python", "go": "go", "ts": "ts", "js": "ts", "vue": "ts", "php": "php"}


class RefsInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    symbol: str = Field(
        pattern=r"^[^\W\d][\w$]*$|^\$[\w$]+$", description="A bare identifier, e.g. `UserService`"
    )
    root: str = Field(".", description="Folder to search (default: the working directory / first root)")
    exts: list[str] = Field(
        default_factory=list, description="Only these extensions (default: every language `code` reads)"
    )
    ignore_dirs: list[str] = Field(
        default_factory=list, description="Folder names to skip besides the defaults"
    )
    max: int = Field(30, ge=0, description="References returned, definitions first (0 = all)")


class Ref(BaseModel):
    kind: Literal["def", "use"]
    file: str = Field(description="path relative to root, with / separators")
    line: int
    col: int = Field(description="1-based column, in characters")
    enclosing: str = ""
    text: str


class RefsResult(BaseModel):
    symbol: str
    root: str
    refs: list[Ref]
    defs: int = Field(description="definitions found")
    uses: int = Field(description="uses found")
    truncated: int = Field(0, description="references found but not returned (max)")
    skipped: Skipped = Field(default_factory=Skipped)


def _grammar(path: PurePath, family: str) -> str | None:
    """The parser :func:`definition_positions` uses for a file; ``None`` for Vue (blocks, not one tree)."""
    if family == "ts":
        return None if path.suffix.lower() == ".vue" else grammar_for(path.suffix)
    return family


class _Classifier:
    """Tells definitions from uses in one file, per occurrence: the syntax tree where there is one."""

    def __init__(self, scanned: ScannedFile, symbol: str) -> None:
        self.scanned, self.symbol = scanned, symbol
        language = language_for(PurePath(scanned.path))
        self.family = _FAMILY[language.name] if language else None
        self._positions: set[tuple[int, int]] | None = None
        self._seen_lines: set[int] = set()

    def is_definition(self, hit: LineHit) -> bool:
        if self.family is None:
            return False
        grammar = _grammar(PurePath(self.scanned.path), self.family)
        if grammar is not None:
            try:
                return (hit.line, hit.col) in self._tree_positions(grammar)
            except Exception:  # a grammar that chokes: the line rule below
                pass
        # Vue: the line rule, for the line's first occurrence only.
        if hit.line in self._seen_lines:
            return False
        self._seen_lines.add(hit.line)
        if any(s.name.rsplit(".", 1)[-1] == self.symbol for s in self.scanned.scopes.starting_at(hit.line)):
            return True
        binding = _VUE_BINDING.format(name=re.escape(self.symbol))
        return re.search(binding, hit.text) is not None

    def _tree_positions(self, grammar: str) -> set[tuple[int, int]]:
        if self._positions is None:
            source = Path(self.scanned.path).read_text(encoding="utf-8", errors="replace")
            self._positions = definition_positions(source, self.symbol, grammar)
        return self._positions


def run(request: RefsInput) -> RefsResult:
    """Every whole-word occurrence of ``symbol``, classified as a definition or a use."""
    root = resolve_folder(request.root)
    exts = normalize_exts(request.exts) or frozenset(BY_SUFFIX)
    pattern = compile_pattern(request.symbol, regex=False, word=True, case=True)
    skipped = Skipped()
    refs: list[Ref] = []
    for scanned, _ in search(root, [pattern], request.ignore_dirs, exts, skipped):
        classifier = _Classifier(scanned, request.symbol)
        for hit in scanned.line_hits(pattern):
            kind: Literal["def", "use"] = "def" if classifier.is_definition(hit) else "use"
            refs.append(
                Ref(
                    kind=kind,
                    file=scanned.rel,
                    line=hit.line,
                    col=hit.col,
                    enclosing=scanned.enclosing(hit.line),
                    text=hit.text,
                )
            )
    refs.sort(key=lambda r: (r.kind != "def", r.file, r.line, r.col))
    keep = first(refs, request.max)
    defs = sum(1 for r in refs if r.kind == "def")
    return RefsResult(
        symbol=request.symbol,
        root=str(root),
        refs=keep,
        defs=defs,
        uses=len(refs) - defs,
        truncated=len(refs) - len(keep),
        skipped=skipped,
    )


TOOLS = (
    ContextTool(
        name="refs",
        description="Definitions and uses of one identifier across a folder (Python, Go, "
        "TypeScript/JavaScript, Vue, PHP), definitions first, each with file, line, column and "
        "enclosing function/class.",
        input_model=RefsInput,
        result_model=RefsResult,
        func=run,
        cli_path=("refs",),
        positional="symbol",
    ),
)
