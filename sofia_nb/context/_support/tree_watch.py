"""Whether a held tree may have changed since it was last walked, as the kernel tells it (inotify).

The tree cache (:mod:`.tree_cache`) makes every answer current by walking the tree and ``lstat``-ing
each file on every call: on a small repository that is a tenth of a warm ``grep`` call, on one of a
few thousand files most of it. With a watch on each folder it walked, a call finds out in one
``read`` whether anything changed since: the kernel queues an event for a write, a truncation, a
``touch``, a file created, removed or renamed, a folder moved or deleted, before the system call
that made the change returns, so a change an agent made before it asked is always in the queue
when the call looks. Any event, or a full queue, sends every tree back to the walk; so does a
mount or an unmount anywhere in the process's view (``/proc/self/mountinfo`` polled with the
queue): a folder mounted over, or uncovered again, changes every file in it and tells no watch.

The kernel's word is taken only where it sees every change, otherwise the tree is walked as before:

- Linux with ``inotify_simple`` (the ``context`` extra) and a watch for every folder of the tree
  (at most :data:`MAX_WATCHES` per process: the kernel's allowance is shared by the user's programs);
- folders on local file systems (:data:`LOCAL_FILE_SYSTEMS`): a network or FUSE file system changed
  by another machine or process tells nothing;
- no file with a second hard link: a write through a name in another folder is told to that folder.

Not told, and so not seen by a warm server either: a write through a shared memory map (``mmap``),
which editors, agents and ``git`` do not use to write files.
"""

from __future__ import annotations

import logging
import os
import select
import threading
from typing import Any, NamedTuple

log = logging.getLogger(__name__)

MAX_WATCHES = 8192
LOCAL_FILE_SYSTEMS = frozenset(
    {"ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "f2fs", "zfs", "jfs", "reiserfs", "bcachefs"}
)
# inotify(7)'s event bits: what changes a folder's entries or a file's content or lstat, and the
# events the kernel adds (a watch gone with its folder, a full queue).
_MODIFY, _ATTRIB, _CLOSE_WRITE = 0x2, 0x4, 0x8
_MOVED_FROM, _MOVED_TO, _CREATE, _DELETE, _DELETE_SELF, _MOVE_SELF = 0x40, 0x80, 0x100, 0x200, 0x400, 0x800
_UNMOUNT, _IGNORED = 0x2000, 0x8000
_ONLYDIR, _DONT_FOLLOW = 0x01000000, 0x02000000
_MASK = (
    _MODIFY | _ATTRIB | _CLOSE_WRITE | _MOVED_FROM | _MOVED_TO | _CREATE | _DELETE | _DELETE_SELF | _MOVE_SELF
)
_GONE = _DELETE_SELF | _MOVE_SELF | _UNMOUNT | _IGNORED  # the watch no longer stands for its path


class _Watched(NamedTuple):
    wd: int
    inode: int  # of the folder the watch was put on: a folder put in its place is another
    local: bool  # on a local file system


class TreeWatch:
    """One inotify instance for the process, a watch per folder walked, and a count of the changes
    seen: a walk made at count ``n`` whose folders were all watched is current while the count is ``n``."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._inotify: Any = None
        self._mounts: Any = None  # /proc/self/mountinfo, open: poll() tells a mount or an unmount
        self._mount_table: select.poll | None = None
        self._started = False
        self._changes = 0
        self._by_folder: dict[str, _Watched] = {}
        self._by_watch: dict[int, set[str]] = {}  # one folder, or several names of it (a bind mount)
        self._local: dict[int, bool] = {}  # st_dev -> on a local file system

    def changes(self) -> int | None:
        """How many times something changed in a watched folder so far (what the kernel queued is
        read first); ``None`` when there is no inotify, and every walk must be made."""
        with self._lock:
            if not self._started:
                self._start()
            if self._inotify is None:
                return None
            try:
                remounted = self._remounted()  # first: a mount made before the events are read is seen
                events = self._inotify.read(timeout=0)
            except OSError as exc:  # the queue cannot be read: trust nothing from here on
                log.warning("inotify read failed (%s): the tree cache walks every tree", exc)
                self._inotify = None
                return None
            if events or remounted:
                self._changes += 1
                for event in events:
                    if event.mask & _GONE:
                        self._forget(event.wd)
            return self._changes

    def watch(self, folder: str) -> bool:
        """Watch ``folder``, before it is looked at (so a change made while it is listed is queued);
        ``False`` when its changes cannot all be told, and a walk that took it must not be trusted."""
        with self._lock:
            if (known := self._by_folder.get(folder)) is not None:
                return known.local
            if self._inotify is None or len(self._by_folder) >= MAX_WATCHES:
                return False
            try:
                wd = self._inotify.add_watch(folder, _MASK | _ONLYDIR | _DONT_FOLLOW)
                st = os.lstat(folder)
            except OSError:  # gone meanwhile, not a folder any more, or the kernel's allowance spent
                return False
            local = self._is_local(st.st_dev)
            self._by_folder[folder] = _Watched(wd, st.st_ino, local)
            self._by_watch.setdefault(wd, set()).add(folder)
            return local

    def still(self, folder: str, st: os.stat_result) -> bool:
        """Whether the folder ``folder`` now is (its ``lstat`` ``st``) is the one watched: another
        folder put in its place loses the watch, and is watched anew by the next walk."""
        with self._lock:
            known = self._by_folder.get(folder)
            if known is not None and known.inode == st.st_ino:
                return True
            if known is not None:
                self._forget(known.wd)
            return False

    def tells(self, st: os.stat_result) -> bool:
        """Whether a change to the file whose ``lstat`` is ``st`` reaches its folder's watch: it is on
        a local file system and has no other name (a hard link elsewhere)."""
        with self._lock:
            return st.st_nlink == 1 and self._is_local(st.st_dev)

    def _start(self) -> None:
        self._started = True
        try:
            from inotify_simple import INotify
        except ImportError:  # not Linux, or the context extra without it
            return
        try:
            self._inotify = INotify(nonblocking=True)
        except OSError as exc:  # the user's inotify instances are all in use
            log.info("no inotify (%s): the tree cache walks every tree", exc)
            return
        try:
            self._mounts = open("/proc/self/mountinfo", "rb")  # noqa: SIM115 -- polled for the process's life
            self._mount_table = select.poll()
            self._mount_table.register(self._mounts, select.POLLPRI)
        except OSError as exc:  # mounts cannot be told: neither can what a mount hides
            log.info("mount table not pollable (%s): the tree cache walks every tree", exc)
            self._inotify.close()
            self._inotify = None

    def _remounted(self) -> bool:  # the lock is held
        """Whether anything was mounted or unmounted since the last look (the kernel marks the open
        mount table once per change, and each poll takes the mark)."""
        assert self._mount_table is not None
        return any(mask & (select.POLLPRI | select.POLLERR) for _, mask in self._mount_table.poll(0))

    def _forget(self, wd: int) -> None:  # the lock is held
        """Drop the watch (a folder moved away keeps it, which would then speak for another path)."""
        for folder in self._by_watch.pop(wd, ()):
            if (known := self._by_folder.get(folder)) is not None and known.wd == wd:
                del self._by_folder[folder]
        try:
            self._inotify.rm_watch(wd)
        except OSError:  # already gone with its folder
            pass

    def _is_local(self, device: int) -> bool:  # the lock is held
        if device not in self._local:
            self._local[device] = _file_system(device) in LOCAL_FILE_SYSTEMS
        return self._local[device]


def _file_system(device: int) -> str | None:
    """The type of the file system mounted from ``device`` (``ext4``), from /proc/self/mountinfo."""
    wanted = f"{os.major(device)}:{os.minor(device)}"
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as mounts:
            for line in mounts:
                fields = line.split()
                if len(fields) > 2 and fields[2] == wanted and " - " in line:
                    return line.split(" - ", 1)[1].split()[0]
    except OSError:
        pass
    return None
