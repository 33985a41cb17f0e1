"""A warm server's memory of the trees it searches: each file's bytes, kept while it is unchanged.

An agent greps the same repository many times. For a tree of a few megabytes, most of a ``grep``
call's time went to starting ripgrep and reading files again, not to matching: ``sofia-nb mcp
serve`` keeps the files of the trees it searched (up to :data:`DEFAULT_LIMIT` bytes in all,
``SOFIA_TREE_CACHE_MB`` to change, ``0`` to turn off) and searches them in memory. An answer is
never older than the call: a call walks the tree and looks at each file's ``lstat`` (size,
modification time in nanoseconds, inode), so a file that changed is read again, a new one is read,
a removed one is gone; unless the kernel watches every folder of the tree and has told of no change
since the last walk (:mod:`.tree_watch`), when that walk is still the tree. A tree bigger than the
limit is not held at all (ripgrep searches it, as before). The CLI does not turn it on: a process
that answers once would only pay for it.

The walk is the one every context tool makes (:func:`.walk.walk_paths`): the skipped folder
names, no symlinks, only regular files (a FIFO, a socket or a device is never opened).
"""

from __future__ import annotations

import os
import stat
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from .env import env_number
from .tree_watch import TreeWatch

DEFAULT_LIMIT = 64 * 1024 * 1024
_BINARY_PROBE = 8000  # bytes checked for a NUL, as git, grep and the Python scan do
_LISTINGS = 8  # snapshots kept, by (root, skipped folders, extensions)
_Key = tuple[int, int, int]  # lstat's modification time (ns), size, inode
_ListingKey = tuple[str, frozenset[str], frozenset[str]]


class _Walk(NamedTuple):
    """A tree's last walk: each file's ``lstat`` key, the files, and, when the kernel watches every
    folder of it, the count of changes it was made at (:meth:`.tree_watch.TreeWatch.changes`) and
    the root it was made from (device, inode): an ancestor renamed tells its watches nothing."""

    keys: list[tuple[str, _Key]]
    files: list[CachedFile]
    changes: int | None
    root: tuple[int, int]


@dataclass(frozen=True, slots=True)
class CachedFile:
    """One file of a snapshot: its bytes (empty for a binary file, which is never searched)."""

    path: str
    rel: str
    data: bytes
    binary: bool


class TreeCache:
    """Files by path, each with the ``lstat`` key it was read under; least recently used go first.

    The last few snapshots are kept too, by (root, skipped folders, extensions): a call whose walk
    finds every file as the last one did gets the same list back, not rebuilt and sorted again.
    """

    def __init__(self) -> None:
        self.limit = 0  # bytes; 0 = off
        self._files: OrderedDict[str, tuple[_Key, bytes, bool]] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()
        self._listings: OrderedDict[_ListingKey, _Walk] = OrderedDict()
        self._watch = TreeWatch()

    def enable(self, limit: int | None = None) -> None:
        """Turn the cache on (``SOFIA_TREE_CACHE_MB``, default 64; 0 keeps it off)."""
        if limit is None:
            limit = env_number("SOFIA_TREE_CACHE_MB", DEFAULT_LIMIT // (1024 * 1024)) * 1024 * 1024
        self.limit = limit

    def clear(self) -> None:
        with self._lock:
            self._files.clear()
            self._listings.clear()
            self._held = 0

    def snapshot(
        self, root: Path, ignored: frozenset[str] | set[str], exts: frozenset[str]
    ) -> list[CachedFile] | None:
        """The tree's files in path order, current as of this call; ``None`` when the cache is off
        or the tree is bigger than its limit."""
        if not self.limit:
            return None
        listing_key = (str(root), frozenset(ignored), exts)
        changes = self._watch.changes()  # before the walk: a change made during it is told to the next call
        try:
            st = os.lstat(root)
        except OSError:
            return None
        root_id = (st.st_dev, st.st_ino)
        with self._lock:
            last = self._listings.get(listing_key)
            if last is not None and changes is not None and (last.changes, last.root) == (changes, root_id):
                self._listings.move_to_end(listing_key)
                return last.files
        folders: _Listings = {}
        told = _Told(self._watch if changes is not None else None, self.limit)
        listed = [
            (path, (st.st_mtime_ns, st.st_size, st.st_ino), st.st_size)
            for path, st in _regular_files(str(root), ignored, exts, folders, told)
        ]
        if sum(size for _, _, size in listed) > self.limit:
            return None  # its folders' listings are not kept either: a tree that is not held
        _remember(folders)
        keys = [(path, key) for path, key, _ in listed]
        watched = changes if told.everything else None
        with self._lock:
            last = self._listings.get(listing_key)
            if last is not None and last.keys == keys and self._still_held(keys):
                self._listings[listing_key] = last._replace(changes=watched, root=root_id)
                self._listings.move_to_end(listing_key)
                return last.files
        prefix = len(os.path.join(str(root), ""))
        files = []
        for path, key in keys:
            with self._lock:
                held = self._files.get(path)
                if held is not None:
                    self._files.move_to_end(path)
            if held is None or held[0] != key:
                read = _read(path)
                if read is None:
                    continue
                held = (key, *read)
                self._store(path, held)
            files.append(CachedFile(path, path[prefix:].replace(os.sep, "/"), held[1], held[2]))
        files.sort(key=lambda f: f.rel.split("/"))  # rg --sort=path's order
        with self._lock:
            self._listings[listing_key] = _Walk(keys, files, watched, root_id)
            while len(self._listings) > _LISTINGS:
                self._listings.popitem(last=False)
        return files

    def _still_held(self, keys: list[tuple[str, _Key]]) -> bool:
        """Whether every file is held under its key (marked as just used); the lock is held."""
        for path, key in keys:
            held = self._files.get(path)
            if held is None or held[0] != key:
                return False
            self._files.move_to_end(path)
        return True

    def _store(self, path: str, held: tuple[_Key, bytes, bool]) -> None:
        with self._lock:
            old = self._files.pop(path, None)
            self._held += len(held[1]) - (len(old[1]) if old is not None else 0)
            self._files[path] = held
            while self._held > self.limit and self._files:
                _, (_, data, _) = self._files.popitem(last=False)
                self._held -= len(data)
                self._listings.clear()  # they hold the bytes let go of


def _read(path: str) -> tuple[bytes, bool] | None:
    """The file's bytes and whether it is binary (a NUL in its first 8000 bytes: then no bytes)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(_BINARY_PROBE)
            if b"\0" in head:
                return b"", True
            return head + handle.read(), False
    except OSError:
        return None


class _Told:
    """Whether the kernel tells every change of the tree being walked: each folder watched before
    it is listed and still the folder watched, each file on a local file system with one name."""

    def __init__(self, watch: TreeWatch | None, limit: int) -> None:
        self.watch = watch
        self.everything = watch is not None
        self.room = limit  # past the cache's limit the tree is not held: its other folders go unwatched

    def before_listing(self, folder: str) -> None:
        if self.watch is not None and self.everything and not self.watch.watch(folder):
            self.everything = False

    def folder(self, folder: str, st: os.stat_result) -> None:
        if self.watch is not None and self.everything and not self.watch.still(folder, st):
            self.everything = False

    def file(self, st: os.stat_result) -> None:
        self.room -= st.st_size
        if self.watch is not None and self.everything and (self.room < 0 or not self.watch.tells(st)):
            self.everything = False


def _regular_files(
    root: str, ignored: frozenset[str] | set[str], exts: frozenset[str], listed: _Listings, told: _Told
) -> Iterator[tuple[str, os.stat_result]]:
    """(path, lstat) of every regular file below ``root``, as :func:`.walk.walk_paths` walks;
    ``listed`` gets the folders listed anew (:func:`_entries`); ``told`` learns whether the kernel
    watches all of it.

    A file is ``lstat``-ed only when its extension is wanted: one system call per file searched,
    and one per folder.
    """
    stack = [root]
    while stack:
        for name, path, is_dir in _entries(stack.pop(), listed, told):
            if is_dir:
                if name not in ignored:
                    stack.append(path)
                continue
            if exts and os.path.splitext(name)[1].lower() not in exts:
                continue
            try:
                st = os.lstat(path)
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                told.file(st)
                yield path, st


# A folder's entries as last listed: (mtime ns, inode, when listed, [(name, path, is a folder)]).
_Listing = tuple[int, int, int, list[tuple[str, str, bool]]]
_Listings = dict[str, _Listing]
_FOLDERS: _Listings = {}
_FOLDERS_HELD = [0]  # entries in _FOLDERS
_FOLDERS_MAX = 100_000  # entries (about 30 MB): past it, the listings start again
_FOLDERS_LOCK = threading.Lock()
_SETTLED_NS = 2_000_000_000  # a listing is trusted once the folder was last changed this long before


def _entries(folder: str, listed: _Listings, told: _Told) -> list[tuple[str, str, bool]]:
    """The folder's entries, each with whether it is a folder (by the entry's type: no ``lstat``;
    a symlink to a folder is not one); a new listing goes into ``listed``.

    Adding, removing or renaming an entry changes the folder's modification time, so a listing is
    reused while the folder's ``lstat`` is the same; as git does for its index, only a listing made
    at least :data:`_SETTLED_NS` after that time, so that a change within one tick of a coarse
    clock is never missed.
    """
    told.before_listing(folder)
    try:
        st = os.lstat(folder)
    except OSError:
        return []
    told.folder(folder, st)
    known = _FOLDERS.get(folder)
    if known is not None and known[:2] == (st.st_mtime_ns, st.st_ino) and known[2] - known[0] >= _SETTLED_NS:
        return known[3]
    listed_at = time.time_ns()
    try:
        with os.scandir(folder) as it:
            entries = [(e.name, e.path, e.is_dir(follow_symlinks=False)) for e in it]
    except OSError:
        return []
    listed[folder] = (st.st_mtime_ns, st.st_ino, listed_at, entries)
    return entries


def _remember(listed: _Listings) -> None:
    """Keep the listings of a tree the cache holds (a bigger tree's are let go with its walk)."""
    with _FOLDERS_LOCK:
        for folder, listing in listed.items():
            old = _FOLDERS.pop(folder, None)
            _FOLDERS_HELD[0] += len(listing[3]) - (len(old[3]) if old is not None else 0)
            if _FOLDERS_HELD[0] > _FOLDERS_MAX:
                _FOLDERS.clear()
                _FOLDERS_HELD[0] = len(listing[3])
            _FOLDERS[folder] = listing


TREE_CACHE = TreeCache()
"""The process's one cache; ``sofia-nb mcp serve`` turns it on."""
