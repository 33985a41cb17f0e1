"""``grep``: literal, whole-word or regex search over a tree, each hit labelled with its enclosing scope."""

from __future__ import annotations

import re
from operator import itemgetter

from pydantic import BaseModel, ConfigDict, Field

from ._errors import ContextError
from ._registry import ContextTool
from ._roots import resolve_path
from ._scan import ScannedFile, Skipped, compile_pattern, search
from ._walk import normalize_exts


class GrepInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    patterns: list[str] = Field(
        min_length=1, description="What to search for; each pattern is reported apart"
    )
    root: str = Field(".", description="Folder to search (default: the working directory / first root)")
    regex: bool = Field(False, description="Treat patterns as Python regular expressions (turns `word` off)")
    word: bool = Field(False, description="Whole words only (literal patterns)")
    case: bool = Field(True, description="Case-sensitive")
    exts: list[str] = Field(
        default_factory=list, description="Only these file extensions (`py`, `.ts`); empty means every file"
    )
    ignore_dirs: list[str] = Field(
        default_factory=list,
        description="Folder names to skip besides vendor, node_modules, .git, dist, build, ...",
    )
    max_per_pattern: int = Field(
        30, ge=0, description="Hits returned per pattern (0 = all); `truncated` counts the rest"
    )


class GrepHit(BaseModel):
    file: str = Field(description="path relative to root, with / separators")
    line: int
    col: int = Field(description="1-based column, in characters")
    enclosing: str = Field(
        "", description="innermost declaration around the hit, e.g. `method Widget.render`"
    )
    text: str = Field(description="the line, trimmed (at most 300 characters)")


class GrepPattern(BaseModel):
    pattern: str
    files: int = Field(description="files with at least one hit")
    total: int = Field(description="hits found")
    hits: list[GrepHit]
    truncated: int = Field(0, description="hits found but not returned (max_per_pattern)")


class GrepResult(BaseModel):
    root: str
    patterns: list[GrepPattern] = Field(description="patterns with hits, in the order asked")
    empty: list[str] = Field(default_factory=list, description="patterns without a hit")
    skipped: Skipped = Field(default_factory=Skipped)


def run(request: GrepInput) -> GrepResult:
    """Search ``root`` for every pattern; hits sorted by file and line, capped per pattern."""
    root = resolve_path(request.root)
    if not root.is_dir():
        raise ContextError(f"{request.root}: not a folder")
    try:
        compiled = [
            compile_pattern(
                p, regex=request.regex, word=request.word and not request.regex, case=request.case
            )
            for p in request.patterns
        ]
    except re.error as exc:
        raise ContextError(f"invalid pattern: {exc}") from None
    skipped = Skipped()
    found: list[list[tuple[str, int, int, str, ScannedFile]]] = [[] for _ in compiled]
    files = [0] * len(compiled)
    exts = normalize_exts(request.exts)
    for scanned, by_pattern in search(root, compiled, request.ignore_dirs, exts, skipped):
        for i, line_hits in by_pattern.items():
            files[i] += 1
            found[i].extend((scanned.rel, h.line, h.col, h.text, scanned) for h in line_hits)
    result = GrepResult(root=str(root), patterns=[], skipped=skipped)
    for pattern, hits, count in zip(request.patterns, found, files, strict=True):
        if not hits:
            result.empty.append(pattern)
            continue
        hits.sort(key=itemgetter(0, 1, 2))
        keep = hits if request.max_per_pattern == 0 else hits[: request.max_per_pattern]
        # Scopes are read only for the hits returned: a capped search of a big tree stays cheap.
        returned = [
            GrepHit(file=rel, line=line, col=col, enclosing=scanned.enclosing(line), text=text)
            for rel, line, col, text, scanned in keep
        ]
        result.patterns.append(
            GrepPattern(
                pattern=pattern, files=count, total=len(hits), hits=returned, truncated=len(hits) - len(keep)
            )
        )
    return result


TOOLS = (
    ContextTool(
        name="grep",
        description="Search a folder for literal strings, whole words or regular expressions; every hit "
        "comes "
        "with file, line, column and its enclosing function/class (Python, Go, TypeScript, Vue, PHP). "
        "Skips vendor, node_modules, .git, dist, build and binary files. Cheaper than grep -rn.",
        input_model=GrepInput,
        result_model=GrepResult,
        func=run,
        cli_path=("grep",),
        positional="patterns",
    ),
)
