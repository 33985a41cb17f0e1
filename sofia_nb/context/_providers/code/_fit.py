"""Holding a ``code`` entry to its token budget: raw files and pages by lines, summaries by symbols.

The cut is structural, so ``structuredContent`` is bounded as well as the text, and the entry's
``truncated`` says what was left out and which call gets it (a page, a slice, a shorter summary).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._support.budget import cost, fitting, head_lines
from ..._support.source import MAX_WHOLE
from ._text import entry_text, entry_tokens, symbol_lines

if TYPE_CHECKING:
    from ._models import CodeFile, CodeSlice


def page_note(entry: CodeFile, why: str) -> str:
    """What a raw entry cut short shows, and the page that comes next."""
    shown = entry.content.count("\n") + 1
    return (
        f"{why}: lines 1-{shown} of {'~' if entry.size > MAX_WHOLE else ''}{entry.lines} shown; "
        f"lines={shown + 1}-{shown + 400} reads the next page, grep finds a symbol's line"
    )


def fit(entry: CodeFile, budget: int) -> CodeFile:
    """``entry`` cut to ``budget`` tokens (0 = no limit); ``truncated`` says what is left out and how.

    Line costs are rounded one by one, so a cut may still be a little over: then it is cut again,
    with a tenth less room each time.
    """
    bare = entry.model_copy(update={"content": "", "symbols": [], "slices": [], "imports": []})
    room = budget - cost(entry_text(bare, True)) - 70  # 70: the note that says what was cut
    cut = entry
    while budget and cost(entry_text(cut, header=True)) > budget:
        cut = _cut(entry.model_copy(deep=True), budget, max(room, 0))
        if room <= 0:
            break
        room = room * 9 // 10
    return cut


_PART_MIN = 200  # tokens: less room than this is not worth a piece of a line


def _part(line: str, room: int) -> str:
    """The longest start of ``line`` (a long one: minified code, a data URI) that costs at most
    ``room`` tokens; empty when there is too little room for it to be worth reading."""
    if room < _PART_MIN:
        return ""
    low, high = 0, len(line)
    while low < high:  # the cost grows with the length: a binary search
        middle = (low + high + 1) // 2
        if cost(line[:middle] + "\n") <= room:
            low = middle
        else:
            high = middle - 1
    return line[:low]


def _cut(entry: CodeFile, budget: int, room: int) -> CodeFile:
    if entry.mode == "raw":
        lines = entry.content.split("\n")
        entry.content = "\n".join(lines[: head_lines(lines, room)])
        why = f"cut to the {budget}-token budget"
        entry.truncated = page_note(entry, f"{entry.note}; {why}" if entry.size > MAX_WHOLE else why)
    elif entry.mode == "summary":
        imports = cost("imports: " + "; ".join(entry.imports)) if entry.imports else 0
        if imports > room // 2:  # a long import list yields first
            entry.imports = []
        else:
            room -= imports
        widths = [cost(line + "\n") for line in symbol_lines(entry.symbols)]
        kept = fitting(widths, room)
        left = entry.symbols[kept:]
        entry.symbols = entry.symbols[:kept]
        entry.truncated = (
            f"cut to the {budget}-token budget: "
            + (f"{len(left)} more symbols from {left[0].name} on" if left else "imports left out")
            + "; brief=true or exported=true shortens, symbols=[NAME] slices one, lines=A-B reads a part"
        )
    else:  # slices (or a page): the lines that fit, in order; the next one in part when it is long
        kept_slices: list[CodeSlice] = []
        for piece in entry.slices:
            lines = piece.text.split("\n")
            kept = head_lines(lines, room)
            room -= sum(cost(line + "\n") for line in lines[:kept])
            if kept == len(lines):
                kept_slices.append(piece)
                continue
            number = piece.start_line + kept  # the first line left out
            shown, part = lines[:kept], _part(lines[kept], room)
            if part:
                shown.append(part)
                entry.truncated = (
                    f"cut to the {budget}-token budget in line {number} after column {len(part)}; "
                    f"lines={number}-{number} cols={len(part) + 1}- reads the rest of it"
                    + (
                        f", lines={number + 1}-{piece.end_line} the lines after"
                        if number < piece.end_line
                        else ""
                    )
                )
            else:
                entry.truncated = (
                    f"cut to the {budget}-token budget at line {number - 1}; "
                    f"lines={number}-{piece.end_line} reads the rest"
                    + (
                        f" (line {number} is long: lines={number}-{number} cols=1-2000 reads a piece)"
                        if cost(lines[kept]) > budget // 2
                        else ""
                    )
                )
            if shown:
                end = piece.start_line + len(shown) - 1
                kept_slices.append(piece.model_copy(update={"text": "\n".join(shown), "end_line": end}))
            break
        entry.slices = kept_slices
    entry.tokens = entry_tokens(entry)
    return entry
