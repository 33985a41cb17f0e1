"""The tree watch on its own: what it counts, which folders it takes, what it forgets, and what it
says when the kernel cannot tell it anything (then every walk is made)."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from sofia_nb.context._support import tree_watch
from sofia_nb.context._support.tree_watch import TreeWatch

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")


def test_each_look_after_a_change_counts_one_change(tmp_path: Path) -> None:
    watch = TreeWatch()
    assert watch.changes() == 0
    assert watch.watch(str(tmp_path)) is True  # tmp is local
    assert watch.changes() == 0
    (tmp_path / "a").write_text("1")
    (tmp_path / "b").write_text("2")
    assert watch.changes() == 1  # many events, one change
    assert watch.changes() == 1
    (tmp_path / "a").unlink()
    assert watch.changes() == 2


def test_only_a_folder_that_exists_is_watched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    watch = TreeWatch()
    watch.changes()
    (tmp_path / "file").write_text("x")
    (tmp_path / "folder").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "folder")
    assert watch.watch(str(tmp_path / "file")) is False
    assert watch.watch(str(tmp_path / "missing")) is False
    assert watch.watch(str(tmp_path / "link")) is False  # not followed: a link is not its folder
    assert watch.watch(str(tmp_path / "folder")) is True
    monkeypatch.setattr(tree_watch, "MAX_WATCHES", 2)
    assert watch.watch(str(tmp_path)) is True
    assert watch.watch(str(tmp_path / "folder")) is True  # known: no new watch needed
    (tmp_path / "third").mkdir()
    assert watch.watch(str(tmp_path / "third")) is False  # the allowance is spent


def test_a_folder_replaced_loses_its_watch(tmp_path: Path) -> None:
    watch = TreeWatch()
    watch.changes()
    folder = tmp_path / "pkg"
    folder.mkdir()
    assert watch.watch(str(folder))
    assert watch.still(str(folder), os.lstat(folder)) is True
    assert watch.still(str(tmp_path / "never watched"), os.lstat(folder)) is False
    assert watch.still(str(folder), os.lstat(tmp_path)) is False  # another folder in its place
    seen = watch.changes()  # the kernel's word that the watch is removed (IN_IGNORED)
    (folder / "a").write_text("1")  # its old watch is gone: nothing counted
    assert watch.changes() == seen
    assert watch.still(str(folder), os.lstat(folder)) is False  # until it is watched anew


def test_without_inotify_nothing_is_watched_and_it_is_said(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    class NoInstances:
        def __init__(self, **_: Any) -> None:
            raise OSError(24, "Too many open files")

    monkeypatch.setattr("inotify_simple.INotify", NoInstances)
    watch = TreeWatch()
    with caplog.at_level(logging.INFO, logger=tree_watch.__name__):
        assert watch.changes() is None
    assert watch.watch(str(tmp_path)) is False
    assert caplog.messages == ["no inotify ([Errno 24] Too many open files): the tree cache walks every tree"]


def test_a_mount_table_that_cannot_be_polled_turns_the_watch_off(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def refused(path: str, *args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(tree_watch, "open", refused, raising=False)
    watch = TreeWatch()
    with caplog.at_level(logging.INFO, logger=tree_watch.__name__):
        assert watch.changes() is None
        assert watch.changes() is None
    assert caplog.messages == [
        "mount table not pollable ([Errno 13] Permission denied: '/proc/self/mountinfo'): "
        "the tree cache walks every tree"
    ]


def test_a_queue_that_cannot_be_read_turns_the_watch_off(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    watch = TreeWatch()
    assert watch.changes() == 0

    def broken(**_: Any) -> Any:
        raise OSError(5, "Input/output error")

    watch._inotify.read = broken
    with caplog.at_level(logging.WARNING, logger=tree_watch.__name__):
        assert watch.changes() is None
        assert watch.changes() is None  # for good
    assert watch.watch(str(tmp_path)) is False
    assert caplog.messages == [
        "inotify read failed ([Errno 5] Input/output error): the tree cache walks every tree"
    ]
