"""``refs``: where an identifier is defined and used, each reference with its enclosing scope."""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ._langs import BY_SUFFIX, language_for
from ._registry import ContextTool, first
from ._roots import resolve_folder
from ._scan import ScannedFile, Skipped, compile_pattern, search
from ._walk import normalize_exts

# Bindings that are not declarations with a body (those come from the language backends' scopes).
_BINDINGS = {
    "python": r"^\s*{name}\s*(?::[^=]*)?=(?!=)",
    "go": r"^\s*(?:const|var|type)\s+{name}\b|^\s*{name}\s*(?:,\s*\w+\s*)*:=",
    "ts": r"\b(?:const|let|var|type|interface|enum|function|class)\s+{name}\b",
    "php": r"\b(?:const|function|class|interface|trait|enum)\s+&?{name}\b",
}
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


def _is_definition(scanned: ScannedFile, symbol: str, line: int, text: str) -> bool:
    language = language_for(PurePath(scanned.path))
    if language is None:
        return False
    if any(s.name.rsplit(".", 1)[-1] == symbol for s in scanned.scopes.starting_at(line)):
        return True
    binding = _BINDINGS[_FAMILY[language.name]].format(name=re.escape(symbol))
    return re.search(binding, text) is not None


def run(request: RefsInput) -> RefsResult:
    """Every whole-word occurrence of ``symbol``, classified as a definition or a use."""
    root = resolve_folder(request.root)
    exts = normalize_exts(request.exts) or frozenset(BY_SUFFIX)
    pattern = compile_pattern(request.symbol, regex=False, word=True, case=True)
    skipped = Skipped()
    refs: list[Ref] = []
    for scanned, _ in search(root, [pattern], request.ignore_dirs, exts, skipped):
        for hit in scanned.line_hits(pattern):
            kind: Literal["def", "use"] = (
                "def" if _is_definition(scanned, request.symbol, hit.line, hit.text) else "use"
            )
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
