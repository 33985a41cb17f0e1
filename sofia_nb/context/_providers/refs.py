"""``refs``: where an identifier is defined and used, each reference with its enclosing scope."""

from __future__ import annotations

import os
import re
from operator import itemgetter
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from .._registry import ContextTool, first
from .._support.budget import Allowance, BudgetInput
from .._support.defs import could_declare, definition_positions
from .._support.hits_text import notes, scoped_lines
from .._support.imports import imported_names, qualifier
from .._support.lang_ts import grammar_for
from .._support.langs import BY_SUFFIX
from .._support.roots import resolve_folder
from .._support.scan import (
    LineHit,
    ScannedFile,
    Skipped,
    compile_query,
    enclosings,
    held_memo,
    held_text,
    read_window,
    search,
)
from .._support.source import MAX_WHOLE, lenient
from .._support.walk import normalize_exts

# Vue only (its blocks are not one syntax tree): bindings that are not declarations with a body.
_VUE_BINDING = r"\b(?:const|let|var|type|interface|enum|function|class)\s+{name}\b"
# A line this long is minified or generated: its parse would cost more than the search.
MINIFIED_LINE = 5000
_FAMILY = {"python": "python", "go": "go", "ts": "ts", "js": "ts", "vue": "ts", "php": "php"}


class RefsInput(BudgetInput):
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
    truncated: int = Field(0, description="references found but not returned (max or the budget)")
    elsewhere: int = Field(
        0,
        description="occurrences qualified by an imported package or module (`time.ParseDuration`): "
        "another declaration's, so neither counted nor returned",
    )
    skipped: Skipped = Field(default_factory=Skipped)
    note: str = Field("", description="what the budget left out, and how to get it (empty when nothing)")
    over_max: int = Field(
        0, description="of truncated, the references over max (the rest the budget left out: see note)"
    )
    # What each reference's text was trimmed of, in order: grep -rnw's line, the text's bound (beside
    # the refs, not a private attribute of each, which costs every one made a third of its making).
    _indents: list[str] = PrivateAttr(default_factory=list)


def _grammar(path: str, family: str) -> str | None:
    """The parser :func:`definition_positions` uses for a file; ``None`` for Vue (blocks, not one tree)."""
    return grammar_for(os.path.splitext(path)[1]) if family == "ts" else family


def _local(scanned: ScannedFile, hits: list[LineHit]) -> list[LineHit]:
    """The hits that may name this repository's declaration: not those qualified by a package or
    module the file imports (``time.ParseDuration`` is Go's, ``os.path.join`` Python's)."""
    language = scanned.language
    family = _FAMILY.get(language.name, "") if language is not None else ""
    if family not in ("go", "python", "ts"):
        return hits
    lines = dict(scanned.lines)
    qualified = [(h, qualifier(lenient(lines[h.line]), h.col)) for h in hits]
    if not any(q for _, q in qualified):
        return hits
    if scanned.data is not None:  # held by a warm server: the names are worked out once
        memo = held_memo(scanned.data)
        if (imported := memo.get(("imports", family))) is None:
            imported = memo[("imports", family)] = imported_names(held_text(scanned.data), family)
    else:
        try:
            source = lenient(Path(scanned.path).read_bytes()[:MAX_WHOLE])
        except OSError:
            return hits
        imported = imported_names(source, family)
    return [h for h, q in qualified if q not in imported]


def _definitions(scanned: ScannedFile, symbol: str, hits: list[LineHit]) -> set[tuple[int, int]]:
    """The ``(line, col)`` of the hits that declare ``symbol``: by syntax tree, per occurrence. A
    file the tree cache holds keeps the answer with its text: a warm server's next ``refs`` of the
    same name walks no tree there."""
    if scanned.data is None:
        return _declared(scanned, symbol, hits)
    key = ("defs", symbol, tuple((h.line, h.col) for h in hits))
    memo = held_memo(scanned.data)
    if (found := memo.get(key)) is None:
        found = memo[key] = frozenset(_declared(scanned, symbol, hits))
    return set(found)


def _declared(scanned: ScannedFile, symbol: str, hits: list[LineHit]) -> set[tuple[int, int]]:
    """:func:`_definitions` worked out."""
    language = scanned.language
    if language is None:
        return set()
    family = _FAMILY[language.name]
    grammar = _grammar(scanned.path, family)
    if grammar is not None:
        lines = dict(scanned.lines)
        could = could_declare(grammar, symbol)
        hits = [
            h for h in hits if could.search(lines[h.line]) and not _commented(lines[h.line], h.col, family)
        ]
        if not hits:
            return set()
        if any(len(lines[h.line]) > MINIFIED_LINE for h in hits):
            return _keyword_rule(lines, symbol, hits)
        positions = [(h.line, h.col) for h in hits]
        try:
            window = read_window(scanned.path, {h.line for h in hits}, family, scanned.data)
            try:
                return definition_positions(window, symbol, grammar, positions)
            except SyntaxError:  # a block boundary inside a string: the whole file, unless it is huge
                if os.path.getsize(scanned.path) > MAX_WHOLE:
                    return _keyword_rule(lines, symbol, hits)
                source = lenient(Path(scanned.path).read_bytes())
                return definition_positions(source, symbol, grammar, positions)
        except Exception:  # a grammar that chokes: the line rule below
            pass
    # Vue (or a failed parse): the line rule, for each line's first occurrence only.
    binding = re.compile(_VUE_BINDING.format(name=re.escape(symbol)))
    found: dict[int, tuple[int, int]] = {}
    scopes = scanned.scopes({h.line for h in hits})
    for hit in hits:
        if hit.line not in found and (
            any(s.name.rsplit(".", 1)[-1] == symbol for s in scopes.starting_at(hit.line))
            or binding.search(hit.shown()[0])
        ):
            found[hit.line] = (hit.line, hit.col)
    return set(found.values())


_COMMENT = {"python": re.compile(rb"^[^'\"]*#"), "other": re.compile(rb"^[^'\"`]*//|^\s*/?\*")}


def _commented(line: bytes, col: int, family: str) -> bool:
    """Whether the hit at ``col`` (characters) sits in a line comment: it cannot declare anything there."""
    before = lenient(line)[: col - 1].encode()
    return _COMMENT["python" if family == "python" else "other"].search(before) is not None


def _keyword_rule(lines: dict[int, bytes], symbol: str, hits: list[LineHit]) -> set[tuple[int, int]]:
    """Minified code (a line longer than MINIFIED_LINE): a declaration keyword right before the name."""
    before = re.compile(rb"\b(?:const|let|var|type|interface|enum|function|class|func|def)\s+$")
    found = set()
    for hit in hits:
        line = lenient(lines[hit.line])
        if before.search(line[max(0, hit.col - 41) : hit.col - 1].encode()):
            found.add((hit.line, hit.col))
    return found


def run(request: RefsInput) -> RefsResult:
    """Every whole-word occurrence of ``symbol``, classified as a definition or a use."""
    root = resolve_folder(request.root)
    exts = normalize_exts(request.exts) or frozenset(BY_SUFFIX)
    query, (pattern,) = compile_query([request.symbol], regex=False, word=True, case=True)
    skipped = Skipped()
    files = search(root, query, [pattern], request.ignore_dirs, exts, skipped)  # every hit: defs come first
    found: list[tuple[bool, str, int, int, LineHit, ScannedFile]] = []
    elsewhere = 0
    for scanned in files:
        hits = scanned.line_hits(pattern)
        kept = _local(scanned, hits)
        elsewhere += len(hits) - len(kept)
        hits = kept
        defined = _definitions(scanned, request.symbol, hits)
        found += [((h.line, h.col) not in defined, scanned.rel, h.line, h.col, h, scanned) for h in hits]
    found.sort(key=itemgetter(0, 1, 2, 3))  # definitions first
    chosen = first(found, request.max)
    # Enclosing scopes cost a parse per file: worked out for the references returned only.
    wanted: dict[str, tuple[ScannedFile, dict[int, int]]] = {}
    for _, rel, line, col, _, scanned in chosen:
        wanted.setdefault(rel, (scanned, {}))[1].setdefault(line, col)
    labels = {rel: enclosings(scanned, points) for rel, (scanned, points) in wanted.items()}
    defs = sum(1 for f in found if not f[0])
    result = RefsResult(
        symbol=request.symbol,
        root=str(root),
        refs=[],
        defs=defs,
        uses=len(found) - defs,
        elsewhere=elsewhere,
        skipped=skipped,
    )
    allowance = Allowance(request.budget, [result.model_dump(mode="json"), "x" * 130])  # and the note
    indents = result._indents
    for is_use, rel, line, col, hit, _ in chosen:
        text, indent = hit.shown()
        ref = Ref(
            kind="use" if is_use else "def",
            file=rel,
            line=line,
            col=col,
            enclosing=labels[rel][line],
            text=text,
        )
        if not allowance.take(ref):
            break
        result.refs.append(ref)
        indents.append(indent)
    result.truncated = len(found) - len(result.refs)
    result.over_max = len(found) - len(chosen)
    if allowance.full:
        result.note = (
            f"{len(chosen) - len(result.refs)} references left out by the {request.budget}-token budget: "
            "narrow root or exts, or raise budget"
        )
    return result


def refs_text(result: RefsResult) -> str:
    """Definitions, then uses, each grouped by file; a note when some were left out."""
    if not result.refs:
        found = bool(result.defs or result.uses)
        return (
            "\n".join([f"no references to {result.symbol}", *notes(result.skipped, result.note, found)])
            + "\n"
        )
    note = [
        f"[{result.over_max} more of {result.defs} defs and {result.uses} uses over max: "
        "narrow root or exts, or raise max]"
    ] * bool(result.over_max)
    note += [f"[{result.elsewhere} qualified by an imported package or module: left out]"] * bool(
        result.elsewhere
    )
    sections: dict[str, tuple[list[Ref], list[str]]] = {"def": ([], []), "use": ([], [])}
    indents = result._indents  # read once: a private attribute is looked up through pydantic's __getattr__
    for i, ref in enumerate(result.refs):
        sections[ref.kind][0].append(ref)
        sections[ref.kind][1].append(indents[i] if i < len(indents) else "")
    # Each section is held to its own plain lines; the two headings cost what the counts line saves.
    lines: list[str] = []
    for kind, heading in (("def", "defs:"), ("use", "uses:")):
        refs, trimmed = sections[kind]
        if refs:
            lines += scoped_lines(refs, [heading], [], trimmed)
    return "\n".join(lines + note + notes(result.skipped, result.note, found=True)) + "\n"


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
        text=refs_text,
        more="narrow root or exts, or lower max",
        positional="symbol",
    ),
)
