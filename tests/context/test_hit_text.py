"""What a hit's text shows (issue 32): on a long line, the match and what is around it, not the
line's first 300 characters; a line holding several hits is printed once; control characters in a
file name or a line are escaped, never sent raw."""

from __future__ import annotations

from pathlib import Path

from sofia_nb.context import allowed_roots, get_tool
from sofia_nb.context._providers.grep import GrepInput
from sofia_nb.context._providers.grep import run as grep


def _grep(root: Path, pattern: str) -> tuple[list[tuple[int, int, str]], str]:
    with allowed_roots([root]):
        result, text = get_tool("grep").answer({"patterns": [pattern], "root": str(root)})
    return [(h.line, h.col, h.text) for p in result.patterns for h in p.hits], text  # type: ignore[attr-defined]


def test_a_hit_at_column_30000_is_shown_with_its_match(tmp_path: Path) -> None:
    line = "x" * 30_000 + "needle(42)" + "y" * 5_000
    (tmp_path / "bundle.js").write_text(f"var a = 1\n{line}\n", encoding="utf-8")
    (hit,), text = _grep(tmp_path, "needle")
    number, col, shown = hit
    assert (number, col) == (2, 30_001)
    assert "needle(42)" in shown and shown.startswith("...") and shown.endswith("...")
    assert len(shown) <= 306
    assert text == f"bundle.js:2:{shown}\n"


def test_the_start_and_end_of_a_long_line_are_cut_on_one_side_only(tmp_path: Path) -> None:
    (tmp_path / "a.ts").write_text(
        "needle" + "z" * 1000 + "\n" + "w" * 1000 + "tail_needle\n", encoding="utf-8"
    )
    hits, _ = _grep(tmp_path, "needle")
    assert hits[0][2].startswith("needle") and hits[0][2].endswith("...")
    assert hits[1][2].startswith("...") and hits[1][2].endswith("tail_needle")


def test_a_line_with_several_hits_is_printed_once(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("x = needle + needle + needle\n", encoding="utf-8")
    hits, text = _grep(tmp_path, "needle")
    assert [(h[0], h[1]) for h in hits] == [(1, 5), (1, 14), (1, 23)]
    assert text == "m.py:1:x = needle + needle + needle\n"  # as grep -rn prints it


def test_control_characters_are_escaped_in_the_text(tmp_path: Path) -> None:
    (tmp_path / "odd\nname.py").write_text("needle = '\x1b[31mred'\n", encoding="utf-8")
    with allowed_roots([tmp_path]):
        result = grep(GrepInput(patterns=["needle"], root=str(tmp_path)))
    _, text = _grep(tmp_path, "needle")
    assert result.patterns[0].hits[0].file == "odd\nname.py"  # the data is the name as it is
    assert text == "odd\\nname.py:1:needle = '\\x1b[31mred'\n"
