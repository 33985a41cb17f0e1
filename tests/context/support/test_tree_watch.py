"""A warm server reuses a tree's last walk only while the kernel has told of no change in it: every
change an agent makes is seen by its next call, and where the kernel cannot tell (a second hard
link, another file system, no inotify) every call walks the tree as before."""

from __future__ import annotations

import os
import random
import shutil
import sys
from pathlib import Path

import pytest

from sofia_nb.context._providers.grep import GrepInput
from sofia_nb.context._providers.grep import run as grep
from sofia_nb.context._support import tree_watch
from sofia_nb.context._support.tree_cache import TreeCache

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")


def _hits(root: Path, pattern: str = "needle") -> list[tuple[str, int, str]]:
    result = grep(GrepInput(patterns=[pattern], root=str(root), max_per_pattern=0))
    return [(h.file, h.line, h.text) for p in result.patterns for h in p.hits]


def _cold(cache: TreeCache, root: Path) -> list[tuple[str, int, str]]:
    """The hits on disk: the cache off for one call (ripgrep searches)."""
    limit, cache.limit = cache.limit, 0
    try:
        return _hits(root)
    finally:
        cache.limit = limit


def test_a_walk_is_reused_while_nothing_changed_and_made_again_after_a_change(
    tmp_path: Path, held: TreeCache, walks: list[str]
) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.py").write_text("needle = 1\n")
    assert _hits(tmp_path) == [("src/a.py", 1, "needle = 1")]
    assert _hits(tmp_path) == [("src/a.py", 1, "needle = 1")]
    assert len(walks) == 1, "the second call took the first walk: no event since"
    (tmp_path / "src" / "a.py").write_text("needle = 22\n")
    assert _hits(tmp_path) == [("src/a.py", 1, "needle = 22")]
    assert len(walks) == 2


def test_every_change_an_agent_makes_is_seen_by_its_next_call(tmp_path: Path, held: TreeCache) -> None:
    """A seeded run of the edits an agent and git make, each followed by a call compared with a
    search of the disk (the cache off): creations, appends, rewrites, truncations, renames and
    removals of files, folders made and filled at once, folders moved away and replaced."""
    rng = random.Random(32)
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    files: list[Path] = []
    folders = [root, root / "pkg"]
    actions = ["new", "new", "append", "rewrite", "truncate", "rename", "remove", "mkdir", "swap"]
    for step in range(160):
        action = rng.choice(actions)
        if action == "new" or not files:
            (rng.choice(folders) / f"f{step}.py").write_text(f"needle{step} = {step}\n")
        elif action == "append":
            with rng.choice(files).open("a") as handle:
                handle.write(f"needle_more{step}\n")
        elif action == "rewrite":  # a longer text: the size changes, whatever the clock's tick
            path = rng.choice(files)
            path.write_text(path.read_text() + f"# {step}\nneedle_rewritten{step}\n")
        elif action == "truncate":
            os.truncate(rng.choice(files), 0)
        elif action == "rename":
            rng.choice(files).rename(rng.choice(folders) / f"moved{step}.py")
        elif action == "remove":
            rng.choice(files).unlink()
        elif action == "mkdir":
            folder = rng.choice(folders) / f"d{step}"
            folder.mkdir()
            (folder / "inside.py").write_text(f"needle_inside{step}\n")  # before any call watches it
        elif action == "swap" and len(folders) > 2:
            old = folders[rng.randrange(2, len(folders))]
            shutil.move(old, tmp_path / f"away{step}")  # out of the tree, then one of the same name
            old.mkdir()
            (old / "new.py").write_text(f"needle_swapped{step}\n")
        assert _hits(root) == _cold(held, root), f"step {step}: {action}"
        files = sorted(root.rglob("*.py"))
        folders = [root, *sorted(p for p in root.rglob("*") if p.is_dir())]


def test_a_change_whose_event_the_full_queue_lost_is_still_seen(
    tmp_path: Path, held: TreeCache, walks: list[str]
) -> None:
    (tmp_path / "a.py").write_text("needle = 1\n")
    (tmp_path / "b.py").write_text("other = 1\n")
    assert _hits(tmp_path) == [("a.py", 1, "needle = 1")]
    queued = int(Path("/proc/sys/fs/inotify/max_queued_events").read_text())
    for i in range(queued // 2 + 64):  # two files in turn: like events in a row are merged
        os.utime(tmp_path / "a.py", ns=(i, i))
        os.utime(tmp_path / "b.py", ns=(i, i))
    (tmp_path / "b.py").write_text("needle = 2\n")  # its event is lost: the queue is full
    assert _hits(tmp_path) == [("a.py", 1, "needle = 1"), ("b.py", 1, "needle = 2")]


def test_an_ancestor_renamed_and_replaced_is_another_tree(tmp_path: Path, held: TreeCache) -> None:
    root = tmp_path / "work" / "proj"
    root.mkdir(parents=True)
    (root / "a.py").write_text("needle = 'old'\n")
    assert _hits(root) == [("a.py", 1, "needle = 'old'")]
    (tmp_path / "work").rename(tmp_path / "work-old")  # tells the tree's watches nothing
    root.mkdir(parents=True)
    (root / "a.py").write_text("needle = 'new'\n")
    assert _hits(root) == [("a.py", 1, "needle = 'new'")]


def test_a_hard_linked_file_keeps_its_tree_walked(tmp_path: Path, held: TreeCache, walks: list[str]) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text("needle = 1\n")
    os.link(root / "a.py", tmp_path / "elsewhere.py")
    assert _hits(root) == [("a.py", 1, "needle = 1")]
    with (tmp_path / "elsewhere.py").open("a") as other_name:  # told to tmp_path, not to the tree
        other_name.write("needle = 2\n")
    assert _hits(root) == [("a.py", 1, "needle = 1"), ("a.py", 2, "needle = 2")]
    assert len(walks) == 2


def test_another_file_system_keeps_its_tree_walked(
    tmp_path: Path, held: TreeCache, walks: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A network file system changed from another machine tells nothing; this machine has none.
    monkeypatch.setattr(tree_watch, "_file_system", lambda device: "nfs4")
    (tmp_path / "a.py").write_text("needle = 1\n")
    assert _hits(tmp_path) == _hits(tmp_path) == [("a.py", 1, "needle = 1")]
    assert len(walks) == 2


def test_without_inotify_every_call_walks(
    tmp_path: Path, held: TreeCache, walks: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "inotify_simple", None)  # not installed: the import fails
    cache = TreeCache()
    cache.enable(64 * 1024 * 1024)
    monkeypatch.setattr("sofia_nb.context._support.scan.TREE_CACHE", cache)
    (tmp_path / "a.py").write_text("needle = 1\n")
    assert _hits(tmp_path) == _hits(tmp_path) == [("a.py", 1, "needle = 1")]
    assert len(walks) == 2


def test_the_local_file_systems_are_read_from_mountinfo(tmp_path: Path) -> None:
    kind = tree_watch._file_system(os.lstat(tmp_path).st_dev)
    assert kind is not None and kind in Path("/proc/self/mountinfo").read_text()
