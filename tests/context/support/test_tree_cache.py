"""The warm server's memory of a tree: an answer is never older than the call, and the held files,
searched joined, give exactly the hits ripgrep gives file by file."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sofia_nb.context._providers import refs as refs_module
from sofia_nb.context._providers.grep import GrepInput
from sofia_nb.context._providers.grep import run as grep
from sofia_nb.context._providers.refs import RefsInput
from sofia_nb.context._providers.refs import run as refs
from sofia_nb.context._support import scan, tree_cache
from sofia_nb.context._support.tree_cache import TREE_CACHE


@pytest.fixture
def held() -> Iterator[None]:
    TREE_CACHE.clear()
    TREE_CACHE.enable(64 * 1024 * 1024)
    yield
    TREE_CACHE.clear()
    TREE_CACHE.limit = 0


def _hits(root: Path, *patterns: str, **options: object) -> list[tuple[str, str, int, int, str, str]]:
    result = grep(GrepInput(patterns=list(patterns), root=str(root), max_per_pattern=0, **options))  # type: ignore[arg-type]
    return [(p.pattern, h.file, h.line, h.col, h.enclosing, h.text) for p in result.patterns for h in p.hits]


def _settle(folder: Path) -> None:
    """As if the folder had last changed a minute ago: its listing is then reused while it stays so."""
    then = time.time() - 60
    os.utime(folder, (then, then))


def test_files_added_removed_or_edited_in_a_settled_folder_are_seen(tmp_path: Path, held: None) -> None:
    (tmp_path / "a.py").write_text("x = 'needle'\n")
    _settle(tmp_path)
    assert [h[1:3] for h in _hits(tmp_path, "needle")] == [("a.py", 1)]
    assert [h[1:3] for h in _hits(tmp_path, "needle")] == [("a.py", 1)]  # now from the kept listing
    (tmp_path / "b.py").write_text("needle\n")
    assert [h[1:3] for h in _hits(tmp_path, "needle")] == [("a.py", 1), ("b.py", 1)]
    (tmp_path / "a.py").unlink()
    _settle(tmp_path)
    assert [h[1:3] for h in _hits(tmp_path, "needle")] == [("b.py", 1)]
    # The same size, in place: only the modification time tells.
    edited = tmp_path / "b.py"
    before = edited.stat().st_mtime_ns
    edited.write_text("NEEDLE\n")
    os.utime(edited, ns=(before + 10**9, before + 10**9))
    assert _hits(tmp_path, "needle") == []
    assert [h[1:3] for h in _hits(tmp_path, "needle", case=False)] == [("b.py", 1)]


def _mixed_tree(root: Path) -> None:
    """Files whose edges and lines test a search over files joined by line ends."""
    (root / "pkg").mkdir()
    (root / "pkg" / "start.py").write_text("token = 1\ndef f():\n    return token\n")
    (root / "pkg" / "end.go").write_bytes(b"package pkg\n\nfunc g() int { return token }\n// token")
    (root / "pkg" / "tail.ts").write_bytes(b"export const tokenizer = 1;\r\nlet token = 2;\r\n")
    (root / "latin.php").write_bytes(b"<?php\n// Soci\xe9t\xe9 token\nfunction token() {}\n")
    (root / "empty.py").write_bytes(b"")
    (root / "blob.bin").write_bytes(b"\0token\0")
    (root / "many.py").write_text("".join(f"def f{i}():\n    return Token{i} + token\n" for i in range(200)))
    (root / "zz.vue").write_text(
        "<template>\n  <p>{{ token }}</p>\n</template>\n<script setup>\nconst token = 1\n</script>\n"
    )


@pytest.mark.parametrize(
    "patterns,options",
    [
        (["token"], {}),
        (["TOKEN"], {"case": False}),
        (["token"], {"word": True}),
        (["token", "return", "Token1"], {}),
        (["f1", "token", "Token1"], {"word": True}),
        ([r"return \w+"], {"regex": True}),
        ([r"tok(en)?\b", r"f\d+", r"Soci\S+"], {"regex": True}),
    ],
    ids=["literal", "any case", "word", "three", "word parts", "regex", "three regexes"],
)
def test_the_joined_search_finds_what_ripgrep_finds(
    tmp_path: Path,
    held: None,
    patterns: list[str],
    options: dict[str, object],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _mixed_tree(tmp_path)
    TREE_CACHE.limit = 0
    by_ripgrep = _hits(tmp_path, *patterns, **options)
    TREE_CACHE.limit = 64 * 1024 * 1024
    monkeypatch.setattr(scan, "_RUN", 64)  # many runs of files, so their edges are crossed too
    monkeypatch.setattr(scan, "_PIECE", 64)
    assert by_ripgrep, "the case finds something"
    assert _hits(tmp_path, *patterns, **options) == by_ripgrep
    assert _hits(tmp_path, *patterns, **options) == by_ripgrep  # warm: the kept joined files


def test_refs_over_the_held_files_match_refs_by_ripgrep(tmp_path: Path, held: None) -> None:
    _mixed_tree(tmp_path)
    TREE_CACHE.limit = 0
    cold = refs(RefsInput(symbol="token", root=str(tmp_path), max=0))
    TREE_CACHE.limit = 64 * 1024 * 1024
    assert cold.defs and cold.uses
    for _ in range(2):
        warm = refs(RefsInput(symbol="token", root=str(tmp_path), max=0))
        assert (warm.refs, warm.defs, warm.uses) == (cold.refs, cold.defs, cold.uses)


def test_a_tree_too_big_to_hold_leaves_no_folder_listing_behind(tmp_path: Path, held: None) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.py").write_text("needle = 1\n" * 100)
    _settle(tmp_path / "sub")
    _settle(tmp_path)
    TREE_CACHE.limit = 100  # bytes: the tree is bigger, so ripgrep searches it
    assert [h[1:3] for h in _hits(tmp_path, "needle")][:1] == [("sub/a.py", 1)]
    assert not [f for f in tree_cache._FOLDERS if f.startswith(str(tmp_path))]
    TREE_CACHE.limit = 64 * 1024 * 1024  # now held: its listings are kept for the next call
    _hits(tmp_path, "needle")
    assert {str(tmp_path), str(tmp_path / "sub")} <= set(tree_cache._FOLDERS)


def test_a_warm_call_with_the_same_hits_walks_no_tree(
    tmp_path: Path, held: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The labels and definitions worked out for a held file are kept with its text: the next call
    with hits on the same lines (the same search again, ``refs`` after ``grep``) reads them there."""
    _mixed_tree(tmp_path)
    first = _hits(tmp_path, "token", word=True)
    defined = refs(RefsInput(symbol="token", root=str(tmp_path), max=0))
    assert any(h[4] for h in first) and defined.defs

    def no_walk(*args: object) -> None:
        raise AssertionError("a tree walked again")

    monkeypatch.setattr(scan, "read_window", no_walk)
    monkeypatch.setattr(refs_module, "_declared", no_walk)
    assert _hits(tmp_path, "token", word=True) == first
    again = refs(RefsInput(symbol="token", root=str(tmp_path), max=0))
    assert (again.refs, again.defs, again.uses) == (defined.refs, defined.defs, defined.uses)


def test_the_labels_and_definitions_kept_follow_the_file_when_it_changes(tmp_path: Path, held: None) -> None:
    source = tmp_path / "a.py"
    source.write_text("def thing():\n    return 1\n\n\ndef other():\n    return 2\n")
    assert [(h[2], h[4]) for h in _hits(tmp_path, "return")] == [(2, "function thing"), (6, "function other")]
    assert refs(RefsInput(symbol="thing", root=str(tmp_path))).defs == 1
    # The same hits at the same lines and columns, in other declarations; the same size in place,
    # so only the modification time tells the cache.
    before = source.stat().st_mtime_ns
    source.write_text("def thang():\n    return 1\n\n\ndef athor():\n    return 2\n")
    os.utime(source, ns=(before + 10**9, before + 10**9))
    assert [(h[2], h[4]) for h in _hits(tmp_path, "return")] == [(2, "function thang"), (6, "function athor")]
    source.write_text("x = thing\n")
    assert refs(RefsInput(symbol="thing", root=str(tmp_path))).defs == 0
