"""A warm server's memory of the trees it searches: each file's bytes, kept while it is unchanged.

An agent greps the same repository many times. For a tree of a few megabytes, most of a ``grep``
call's time went to starting ripgrep and reading files again, not to matching: ``sofia-nb mcp
serve`` keeps the files of the trees it searched (up to :data:`DEFAULT_LIMIT` bytes in all,
``SOFIA_TREE_CACHE_MB`` to change, ``0`` to turn off) and searches them in memory. Every call
still walks the tree and looks at each file's ``lstat`` (size, modification time in nanoseconds,
inode): a file that changed is read again, a new one is read, a removed one is gone, so an answer
is never older than the call. A tree bigger than the limit is not held at all (ripgrep searches
it, as before). The CLI does not turn it on: a process that answers once would only pay for it.

The walk is the one every context tool makes (:func:`.walk.walk_paths`): the skipped folder
names, no symlinks, only regular files (a FIFO, a socket or a device is never opened).
"""

from __future__ import annotations

import os
import stat
import threading
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .env import env_number

DEFAULT_LIMIT = 64 * 1024 * 1024
_BINARY_PROBE = 8000  # bytes checked for a NUL, as git, grep and the Python scan do


@dataclass(frozen=True, slots=True)
class CachedFile:
    """One file of a snapshot: its bytes (empty for a binary file, which is never searched)."""

    path: str
    rel: str
    data: bytes
    binary: bool


class TreeCache:
    """Files by path, each with the ``lstat`` key it was read under; least recently used go first."""

    def __init__(self) -> None:
        self.limit = 0  # bytes; 0 = off
        self._files: OrderedDict[str, tuple[tuple[int, int, int], bytes, bool]] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    def enable(self, limit: int | None = None) -> None:
        """Turn the cache on (``SOFIA_TREE_CACHE_MB``, default 64; 0 keeps it off)."""
        if limit is None:
            limit = env_number("SOFIA_TREE_CACHE_MB", DEFAULT_LIMIT // (1024 * 1024)) * 1024 * 1024
        self.limit = limit

    def clear(self) -> None:
        with self._lock:
            self._files.clear()
            self._held = 0

    def snapshot(
        self, root: Path, ignored: frozenset[str] | set[str], exts: frozenset[str]
    ) -> list[CachedFile] | None:
        """The tree's files in path order, current as of this call; ``None`` when the cache is off
        or the tree is bigger than its limit."""
        if not self.limit:
            return None
        listed = list(_regular_files(str(root), ignored, exts))
        if sum(st.st_size for _, _, st in listed) > self.limit:
            return None
        prefix = len(os.path.join(str(root), ""))
        files = []
        for path, _, st in listed:
            key = (st.st_mtime_ns, st.st_size, st.st_ino)
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
        return files

    def _store(self, path: str, held: tuple[tuple[int, int, int], bytes, bool]) -> None:
        with self._lock:
            old = self._files.pop(path, None)
            self._held += len(held[1]) - (len(old[1]) if old is not None else 0)
            self._files[path] = held
            while self._held > self.limit and self._files:
                _, (_, data, _) = self._files.popitem(last=False)
                self._held -= len(data)


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


def _regular_files(
    root: str, ignored: frozenset[str] | set[str], exts: frozenset[str]
) -> Iterator[tuple[str, str, os.stat_result]]:
    """(path, name, lstat) of every regular file below ``root``, as :func:`.walk.walk_paths` walks."""
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = list(it)
        except OSError:
            continue
        for entry in entries:
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISDIR(st.st_mode):
                if entry.name not in ignored:
                    stack.append(entry.path)
            elif stat.S_ISREG(st.st_mode) and (not exts or os.path.splitext(entry.name)[1].lower() in exts):
                yield entry.path, entry.name, st


TREE_CACHE = TreeCache()
"""The process's one cache; ``sofia-nb mcp serve`` turns it on."""
