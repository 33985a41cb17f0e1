"""A folder of a held tree replaced: renamed over an empty one or into a free name, exchanged
atomically with another (``RENAME_EXCHANGE``), mounted over with a bind mount and uncovered again
(no watch is told of a mount). Each time the next call sees the files as they are on disk.

The mounts are made in this process's mount namespace (the cache must see them) inside the test's
temporary folder, and unmounted after it; where this process may not mount (not root), those
cases are skipped, saying so.
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sofia_nb.context._support import tree_watch
from sofia_nb.context._support.tree_cache import TreeCache
from tests.context.support.test_tree_watch import _hits

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")

_AT_FDCWD, _RENAME_EXCHANGE = -100, 2


def _tree(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "a.py").write_text("needle = 'old'\n")
    (root / "top.py").write_text("other = 1\n")
    return root


def _staged(tmp_path: Path, text: str) -> Path:
    staged = tmp_path / "staged"
    staged.mkdir()
    (staged / "a.py").write_text(f"needle = '{text}'\n")
    return staged


def test_a_folder_renamed_over_is_seen(tmp_path: Path, held: TreeCache, walks: list[str]) -> None:
    root = _tree(tmp_path)
    assert _hits(root) == [("pkg/a.py", 1, "needle = 'old'")]
    (root / "pkg" / "a.py").rename(tmp_path / "kept.py")  # rename(2) replaces an empty folder only
    assert _hits(root) == []
    os.rename(_staged(tmp_path, "new"), root / "pkg")  # a staged folder renamed over the empty one
    assert _hits(root) == [("pkg/a.py", 1, "needle = 'new'")]
    assert _hits(root) == [("pkg/a.py", 1, "needle = 'new'")]
    assert len(walks) == 3, "the last call took the walk before it: nothing changed since"


def test_a_folder_renamed_into_a_free_name_is_seen(tmp_path: Path, held: TreeCache) -> None:
    root = _tree(tmp_path)
    (root / "pkg" / "a.py").unlink()
    (root / "pkg").rmdir()
    assert _hits(root) == []
    os.rename(_staged(tmp_path, "moved in"), root / "pkg")  # told to the tree's root alone (moved to)
    assert _hits(root) == [("pkg/a.py", 1, "needle = 'moved in'")]
    os.rename(tmp_path / "repo" / "top.py", tmp_path / "top.py")  # out, and a file in from outside
    (tmp_path / "b.py").write_text("needle = 'b'\n")
    os.rename(tmp_path / "b.py", root / "pkg" / "b.py")
    assert _hits(root) == [("pkg/a.py", 1, "needle = 'moved in'"), ("pkg/b.py", 1, "needle = 'b'")]


def test_a_folder_exchanged_with_another_is_seen(tmp_path: Path, held: TreeCache) -> None:
    root = _tree(tmp_path)
    staged = _staged(tmp_path, "exchanged")
    assert _hits(root) == [("pkg/a.py", 1, "needle = 'old'")]
    renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    done = renameat2(_AT_FDCWD, bytes(staged), _AT_FDCWD, bytes(root / "pkg"), _RENAME_EXCHANGE)
    if done != 0:
        pytest.skip(f"renameat2(RENAME_EXCHANGE) refused here: {os.strerror(ctypes.get_errno())}")
    assert _hits(root) == [("pkg/a.py", 1, "needle = 'exchanged'")]
    (staged / "a.py").write_text("needle = 'old, changed away'\n")  # the old folder, now out of the tree
    (root / "pkg" / "a.py").write_text("needle = 'exchanged, changed'\n")
    assert _hits(root) == [("pkg/a.py", 1, "needle = 'exchanged, changed'")]


@pytest.fixture
def bind_mount(tmp_path: Path) -> Iterator[list[Path]]:
    """Mount points made with ``mount --bind`` by the test, unmounted after it; skips where this
    process may not mount."""
    probe_source, probe_target = tmp_path / "probe-source", tmp_path / "probe-target"
    probe_source.mkdir()
    probe_target.mkdir()
    tried = subprocess.run(
        ["mount", "--bind", str(probe_source), str(probe_target)], capture_output=True, text=True
    )
    if tried.returncode != 0:
        pytest.skip(f"no bind mounts here: {tried.stderr.strip() or tried.returncode}")
    mounted = [probe_target]
    try:
        yield mounted
    finally:
        for target in reversed(mounted):
            subprocess.run(["umount", str(target)], check=False)


def _mount(mounted: list[Path], source: Path, target: Path) -> None:
    subprocess.run(["mount", "--bind", str(source), str(target)], check=True)
    mounted.append(target)


def test_a_folder_mounted_over_and_uncovered_again_is_seen(
    tmp_path: Path, held: TreeCache, bind_mount: list[Path]
) -> None:
    root = _tree(tmp_path)
    staged = _staged(tmp_path, "mounted")
    assert _hits(root) == [("pkg/a.py", 1, "needle = 'old'")]
    _mount(bind_mount, staged, root / "pkg")  # no event: no watched folder changed
    assert _hits(root) == [("pkg/a.py", 1, "needle = 'mounted'")]
    (staged / "a.py").write_text("needle = 'mounted, changed'\n")  # through the other name
    assert _hits(root) == [("pkg/a.py", 1, "needle = 'mounted, changed'")]
    subprocess.run(["umount", str(root / "pkg")], check=True)
    bind_mount.remove(root / "pkg")
    assert _hits(root) == [("pkg/a.py", 1, "needle = 'old'")]


def test_a_tree_mounted_over_its_root_is_seen(
    tmp_path: Path, held: TreeCache, bind_mount: list[Path]
) -> None:
    root = _tree(tmp_path)
    staged = _staged(tmp_path, "root mounted")
    assert _hits(root) == [("pkg/a.py", 1, "needle = 'old'")]
    _mount(bind_mount, staged, root)
    assert _hits(root) == [("a.py", 1, "needle = 'root mounted'")]


def test_a_mount_whose_path_is_not_utf8_does_not_stop_the_file_system_lookup(
    tmp_path: Path, bind_mount: list[Path]
) -> None:
    device = os.lstat(tmp_path).st_dev
    kind = tree_watch._file_system(device)
    target = os.path.join(os.fsencode(tmp_path), b"caf\xe9")  # Latin-1, as an old archive names it
    os.mkdir(target)
    subprocess.run([b"mount", b"--bind", os.fsencode(tmp_path / "probe-source"), target], check=True)
    bind_mount.append(Path(os.fsdecode(target)))
    assert tree_watch._file_system(device) == kind
