"""Notes that cost no more than they say (issue 42): a grep answer through the server stays within
``grep -rn``'s tokens, a truncation note names the limit that applied, and each entry left out is
counted once."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from sofia_nb.context import allowed_roots, get_tool

bpe_openai = pytest.importorskip("bpe_openai")
_ENCODING = bpe_openai.get_encoding("o200k_base")


def _tokens(text: str) -> int:
    return len(_ENCODING.encode(text))


async def _served_grep(root: Path, arguments: dict[str, object]) -> str:
    """The text of one grep call through ``sofia-nb mcp serve`` (whose tree cache counts binaries)."""
    server = StdioServerParameters(
        command=sys.executable, args=["-m", "sofia_nb", "mcp", "serve", "--root", str(root)]
    )
    async with Client(server) as client:
        result = await client.call_tool("grep", {"root": str(root), **arguments})
    return "".join(block.text for block in result.content if block.type == "text")


def test_a_small_grep_answer_through_the_server_costs_no_more_than_grep_rn(tmp_path: Path) -> None:
    """Before: the server's answer ended with ``[skipped: 3 binary files]`` (the CLI's does not),
    which cost more than the one hit: 1.43x ``grep -rn``'s line. A binary file skipped matters only
    when nothing was found."""
    (tmp_path / "app.py").write_text("def run():\n    return needle\n", encoding="utf-8")
    for name in ("logo.png", "font.woff", "data.bin"):
        (tmp_path / name).write_bytes(b"\x89PNG\0\0needle\0")
    text = anyio.run(_served_grep, tmp_path, {"patterns": ["needle"]})
    peer = subprocess.run(
        ["grep", "-rnI", "needle", "."], cwd=tmp_path, capture_output=True, text=True
    ).stdout
    assert peer == "./app.py:2:    return needle\n"
    assert _tokens(text) <= _tokens(peer.replace("./", "")), text
    assert "binary" not in text
    nothing = anyio.run(_served_grep, tmp_path, {"patterns": ["absent"]})
    assert nothing == "no hits: absent\n[skipped: 3 binary files]\n"


def _needles(root: Path, files: int) -> None:
    for i in range(files):
        (root / f"mod_{i:02}.py").write_text(
            "".join(f"def f{j}():\n    return needle + {j}  # a line long enough\n" for j in range(5)),
            encoding="utf-8",
        )


def test_a_capped_grep_answer_names_the_limit_that_applied(tmp_path: Path) -> None:
    """Before: an answer cut by the budget with ``max_per_pattern=0`` advised "raise max_per_pattern
    (0 = all)", and a hit cut by the budget was counted in the pattern's note and again in the
    budget's."""
    _needles(tmp_path, 40)
    with allowed_roots([tmp_path]):
        _, by_budget = get_tool("grep").answer(
            {"patterns": ["needle"], "root": str(tmp_path), "max_per_pattern": 0, "budget": 600}
        )
        _, by_cap = get_tool("grep").answer(
            {"patterns": ["needle"], "root": str(tmp_path), "max_per_pattern": 3}
        )
        _, by_both = get_tool("grep").answer(
            {"patterns": ["needle"], "root": str(tmp_path), "max_per_pattern": 100, "budget": 600}
        )
    notes = [line for line in by_budget.splitlines() if re.match(r"\[\d", line)]  # not the scope lines
    assert len(notes) == 1 and "600-token budget" in notes[0] and "max_per_pattern" not in notes[0], notes
    (cap_note,) = [line for line in by_cap.splitlines() if re.match(r"\[\d", line)]
    assert cap_note == "[37 more hits over max_per_pattern (40 in 8 files)]" or (
        "more hits over max_per_pattern" in cap_note and "budget" not in cap_note
    ), cap_note
    shown = len(re.findall(r"^\d+:", by_both, re.M)) + len(re.findall(r"^mod_\d+\.py:\d+:", by_both, re.M))
    counted = sum(int(n) for n in re.findall(r"^\[(\d+)\+? (?:more )?hits", by_both, re.M))
    # Each hit shown or counted once: over the cap, or by the budget (the search stops one past the cap).
    total = int(re.search(r"\((\d+)\+? in", by_both)[1])  # type: ignore[index]
    assert shown + counted == total, by_both


def test_refs_notes_count_each_reference_once(tmp_path: Path) -> None:
    _needles(tmp_path, 40)
    with allowed_roots([tmp_path]):
        result, text = get_tool("refs").answer(
            {"symbol": "needle", "root": str(tmp_path), "max": 100, "budget": 500}
        )
    shown = len(result.refs)  # type: ignore[attr-defined]
    counted = [int(n) for n in re.findall(r"^\[(\d+) (?:more|references)", text, re.M)]
    assert shown + sum(counted) == 200, text
