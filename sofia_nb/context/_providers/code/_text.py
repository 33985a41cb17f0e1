"""What the model reads of a ``code`` answer: never more tokens than the files (or lines) themselves.

A raw file is its text verbatim; slices are their lines verbatim, one after the other (each starts
with its declaration, so no label is needed); a summary is one line per symbol.
One file needs no header (the caller named it); several get ``==> path <==`` each, as ``tail -n +1
FILES`` prints them. A note for the model (a cut, a missing symbol) is one line in ``[...]``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..._support.outline import CodeSymbol, VueInfo
from ..._support.roots import resolve_path
from ..._support.tokens import estimate_tokens

if TYPE_CHECKING:
    from ._models import CodeFile, CodeResult


def display_path(file: str) -> str:
    """``file`` relative to the first root (or the working folder) when it is inside, else as is."""
    path, base = Path(file), resolve_path(None)
    return str(path.relative_to(base)) if path.is_relative_to(base) else file


def symbol_line(symbol: CodeSymbol, name: str = "") -> str:
    """One symbol on one line: ``kind name(signature) detail``, ``(private)`` when not exported.

    ``name`` replaces the symbol's own (a member under its owner is shown by its short name); a
    class's detail in brackets (Python's bases) follows the name as in the source: ``class Foo(Base)``, and
    an ``async`` signature reads ``async method name(...)``.
    """
    signature = symbol.signature.removeprefix("async ")
    line = f"{'async ' * (signature != symbol.signature)}{symbol.kind} {name or symbol.name}{signature}"
    if symbol.detail:
        bases = symbol.kind == "class" and symbol.detail.startswith("(")
        line += symbol.detail if bases else f" {symbol.detail}"
    return line if symbol.exported else line + " (private)"


def symbol_lines(symbols: list[CodeSymbol]) -> list[str]:
    """One line per symbol; a member right under its owner is indented one space, its owner's name left out.

    ``Widget.render`` after ``class Widget`` reads `` method render(...)``: the owner's name on every
    member line is most of what a long class costs, and one leading space costs no token (o200k_base
    joins it with the word). A member whose owner is not the line above it (or one of its owners)
    keeps its full name.
    """
    owners: list[str] = []
    lines = []
    for symbol in symbols:
        while owners and not symbol.name.startswith(owners[-1] + "."):
            owners.pop()
        short = symbol.name[len(owners[-1]) + 1 :] if owners else ""
        lines.append(" " * len(owners) + symbol_line(symbol, short))
        owners.append(symbol.name)
    return lines


def _vue_lines(vue: VueInfo) -> list[str]:
    names = (
        "props",
        "emits",
        "models",
        "slots",
        "exposes",
        "data",
        "computed",
        "methods",
        "watch",
        "mixins",
        "composables",
    )
    parts = [
        f"{name}: {('; ' if any(', ' in v for v in values) else ', ').join(values)}"
        for name in (*names, "components")
        if (values := getattr(vue, name))
    ]
    return [f"component {vue.component}{f'<{vue.generic}>' if vue.generic else ''}", *parts]


def _summary_lines(entry: CodeFile) -> list[str]:
    lines = [f"summary (no bodies; symbols=[NAME] slices one), ~{entry.raw_tokens} tokens whole"]
    if entry.package:
        lines.append(f"package {entry.package}")
    if entry.imports:
        lines.append("imports: " + "; ".join(entry.imports))
    symbols = entry.symbols
    if entry.vue is not None:
        lines += _vue_lines(entry.vue)
        # The Options API's methods and computed properties are named on their own lines already.
        named = {*entry.vue.methods, *entry.vue.computed}
        symbols = [s for s in symbols if not (s.kind in ("method", "computed") and s.name in named)]
    lines += symbol_lines(symbols)
    if entry.note:
        lines.append(f"[{entry.note}]")
    return lines


def file_lines(entry: CodeFile) -> list[str]:
    """The body of one entry, without its path header."""
    if entry.mode == "raw":
        body = entry.content.removesuffix("\n").split("\n") if entry.content else []
    elif entry.mode == "slice":
        body = [line for piece in entry.slices for line in piece.text.split("\n")]
        if entry.missing:
            body.append(f"[{entry.note}]")
    elif entry.mode == "summary":
        body = _summary_lines(entry)
    else:
        body = [f"[{entry.note}]"]
    return body + [f"[{entry.truncated}]"] * bool(entry.truncated)


def entry_text(entry: CodeFile, header: bool) -> str:
    """One entry as the model reads it, with its ``==> path <==`` header when ``header``."""
    lines = file_lines(entry)
    if header:
        lines.insert(0, f"==> {display_path(entry.file)} <==")
    return "\n".join(lines) + "\n"


def entry_tokens(entry: CodeFile) -> int:
    """Estimated tokens of the entry as the model reads it (its text, path header included)."""
    return estimate_tokens(entry_text(entry, header=True), entry.lang)


def code_text(result: CodeResult) -> str:
    """The whole answer: one entry as is, several each under its path; then the files left out."""
    several = len(result.files) + len(result.left_out) > 1
    text = "".join(entry_text(e, several) for e in result.files)
    if result.left_out:
        named = [display_path(f) for f in result.left_out[:_NAMED]]
        more = len(result.left_out) - len(named)
        text += (
            f"[budget spent: {len(result.left_out)} more files not shown: {', '.join(named)}"
            + (f" and {more} more" if more else "")
            + "; ask for them by name or raise budget]\n"
        )
    return text


_NAMED = 40  # files named in the note of what the budget left out
