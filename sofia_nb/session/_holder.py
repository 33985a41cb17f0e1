"""One holder at a time: a run holds its session for the whole run, and a second opener is told.

A hold is a small record, ``<sessions>/.holds/<id>.holder`` (who: the face, pid, host, when it
started, a heartbeat), written atomically, so a reader (``status``) never waits and never sees
half of it. Changing it (taking a hold, taking it over, releasing it, a heartbeat) and saving the
session happen under ``flock`` on ``<sessions>/.holds/<id>.lock``, a lock per session held for
milliseconds — not the whole sessions folder, and never while the run waits for a person or a model.

A holder is **gone** when its process is dead on this host (its pid is not running, or is running
a process that started later: the pid was reused), or when it is on another host and its heartbeat
is older than ``STALE_AFTER_S`` (a lost machine). A gone holder's hold is taken without asking.

A live holder's hold is taken only on request (``take_over=True``), or when it is this same process
(a notebook cell run again opens the session anew): the record then names the new
holder, and the first holder is told at its next save (``HoldLostError``), its copy written aside
first (``HoldLostError.aside``) so no word it had not saved is lost. A process that holds no hold
may still save a session nobody holds (a script, a test); a session a live run holds refuses its
save (``SessionHeldError``).

The public API (``sofia_nb.session``):

- ``SessionStore.hold(session_id, face, *, take_over=False) -> SessionHold``: take the hold (a gone
  holder's silently; a live one's only with ``take_over``), else ``SessionHeldError`` naming who
  holds it and since when. ``with store.hold(...) as hold:`` releases it at the end.
- ``SessionStore.holder(session_id) -> Holder | None``: the live holder, if any; never waits.
- ``SessionHold.check()``: raises ``HoldLostError`` once the hold was taken over (``save`` calls it);
  ``SessionHold.lost`` says so without raising; ``SessionHold.release()`` gives it up.
- ``Holder``: ``face``, ``pid``, ``host``, ``started_at``, ``heartbeat_at``, ``alive()``,
  ``words()`` ("the workshop in process 123 on host, since 05:40 UTC").
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import secrets
import socket
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Self

from pydantic import BaseModel, ValidationError

from ._atomic import TMP_SUFFIX, write_atomically
from ._errors import SessionError, SessionWriteError

HOLDS_DIR = ".holds"
HEARTBEAT_S = 15.0
"""How often a live hold says so (a daemon thread rewrites ``heartbeat_at``)."""
STALE_AFTER_S = 120.0
"""A holder on another host whose heartbeat is older than this is gone (its machine was lost)."""

FACES = ("workshop", "dev", "notebook", "voila", "script")
"""What a holder says it is; ``Holder.words`` names it."""


def _now() -> datetime:
    return datetime.now(UTC)


def _process_start(pid: int) -> str | None:
    """The start time of process ``pid`` in clock ticks since boot (``/proc``), or None where not
    readable: with the pid it names one process, so a reused pid does not pass for the holder."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2 :].split()  # the name in parentheses may hold spaces
    return fields[19] if len(fields) > 19 else None


def _pid_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # running, as another user
        return True
    except OSError:
        return False
    return True


class Holder(BaseModel):
    """Who holds a session: the record in its hold file."""

    token: str
    """Random, this hold's own: a holder whose token is no longer the record's was taken over."""
    face: str
    """``workshop``, ``dev`` (terminal), ``notebook``, ``voila``, ``script``."""
    pid: int
    host: str
    process_start: str | None = None
    started_at: datetime
    heartbeat_at: datetime

    def alive(self, now: datetime | None = None) -> bool:
        """Whether the holder still runs: on this host its process (the same one, not a reused pid);
        elsewhere a heartbeat newer than ``STALE_AFTER_S``."""
        if self.host == socket.gethostname():
            if not _pid_running(self.pid):
                return False
            start = _process_start(self.pid)
            return self.process_start is None or start is None or start == self.process_start
        age = (now or _now()) - self.heartbeat_at
        return age < timedelta(seconds=STALE_AFTER_S)

    def words(self) -> str:
        """Who, in words: ``the workshop in process 123 on host, since 2026-12-07 05:40 UTC``."""
        face = {"dev": "Ralph loop", "voila": "Voilà app"}.get(self.face, self.face)
        since = self.started_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
        return f"the {face} in process {self.pid} on {self.host}, since {since}"


class SessionHeldError(SessionError):
    """The session is held by another live run; nothing was taken or written."""

    def __init__(self, session_id: str, holder: Holder) -> None:
        super().__init__(f"session {session_id} is held by {holder.words()}")
        self.session_id = session_id
        self.holder = holder


class HoldLostError(SessionError):
    """This run's hold was taken over: its save was not written to the session, and its copy (with
    every word it had not saved) was written to ``aside`` instead (None when even that failed)."""

    def __init__(self, session_id: str, by: Holder | None, aside: Path | None) -> None:
        who = by.words() if by is not None else "another run"
        kept = f"; this run's copy, with what it had not saved, is in {aside}" if aside else ""
        super().__init__(f"session {session_id} was taken over by {who}; nothing more was saved to it{kept}")
        self.session_id = session_id
        self.by = by
        self.aside = aside


class _Files:
    """The hold files of one session in a sessions folder."""

    def __init__(self, root: Path, session_id: str) -> None:
        self.folder = root / HOLDS_DIR
        self.record = self.folder / f"{session_id}.holder"
        self.lock_path = self.folder / f"{session_id}.lock"

    def read(self) -> Holder | None:
        """The record, or None when there is none (or it is not one: it is then nobody's)."""
        try:
            return Holder.model_validate_json(self.record.read_bytes())
        except (OSError, ValidationError, ValueError):
            return None

    def write(self, holder: Holder) -> None:
        """Under the lock: the record, whole (a reader without the lock sees the old or the new)."""
        for stale in self.folder.glob(f".{self.record.name}.*{TMP_SUFFIX}"):  # a writer killed mid-write
            with contextlib.suppress(FileNotFoundError):
                stale.unlink()
        write_atomically(self.record, holder.model_dump_json(indent=2) + "\n")

    def remove(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.record.unlink()

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """The session's own lock (milliseconds: a record change or a save); released by the OS
        when the process dies, so a killed run never leaves it held."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError as exc:
            raise SessionWriteError(self.lock_path, exc) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)


# The holds this process has, by (sessions folder, id): every SessionStore of the process on that
# folder saves under them, so a second store object in the same run is not refused as a stranger.
_HELD: dict[tuple[Path, str], SessionHold] = {}
_HELD_LOCK = threading.Lock()


class SessionHold:
    """A hold this process has on one session (from ``SessionStore.hold``); ``release`` (or the end
    of a ``with`` block) gives it up. A daemon thread refreshes its heartbeat while it is held."""

    def __init__(self, files: _Files, key: tuple[Path, str], holder: Holder) -> None:
        self._files = files
        self._key = key
        self.session_id = key[1]
        self.holder = holder
        self.taken_by: Holder | None = None
        """Who took it over, once seen (``check`` or a heartbeat); None when that run has already
        released it (or its record was removed)."""
        self._lost = False
        self._released = False
        self._stop = threading.Event()
        self._beat = threading.Thread(target=self._heartbeat, name=f"sofia-hold-{key[1]}", daemon=True)
        self._beat.start()

    @property
    def released(self) -> bool:
        """True once ``release`` was called."""
        return self._released

    @property
    def lost(self) -> bool:
        """True once another run took this hold over (seen at a save, a ``check`` or a heartbeat)."""
        return self._lost

    def check(self) -> None:
        """Raise ``HoldLostError`` when the hold was taken over (without an aside copy: a caller
        that has unsaved work saves, and the save writes it aside)."""
        with self._files.locked():
            self._still_ours()
        if self._lost:
            raise HoldLostError(self.session_id, self.taken_by, None)

    def _still_ours(self) -> bool:
        """Under the lock: whether the record still names this hold; notes who took it over."""
        if self._released or self._lost:
            return False
        record = self._files.read()
        if record is None or record.token != self.holder.token:
            # Taken over (and, with no record, since released by the run that took it): this run
            # must never write over what that run saved.
            self._lost, self.taken_by = True, record
            return False
        return True

    def _heartbeat(self) -> None:
        while not self._stop.wait(HEARTBEAT_S) and self.beat():
            pass

    def beat(self) -> bool:
        """Say the hold is alive (``heartbeat_at`` now); False once it is released or taken over.
        The hold's thread calls it every ``HEARTBEAT_S``."""
        try:
            with self._files.locked():
                if not self._still_ours():
                    return False
                self.holder = self.holder.model_copy(update={"heartbeat_at": _now()})
                self._files.write(self.holder)
        except SessionError:  # a full disk: the next beat tries again; pid and host still tell
            pass
        return True

    def release(self) -> None:
        """Give the hold up (its record removed, unless another run took it over); idempotent."""
        if self._released:
            return
        self._stop.set()
        if self._beat is not threading.current_thread():
            self._beat.join()
        with contextlib.suppress(SessionError), self._files.locked():
            if self._still_ours():
                self._files.remove()
        self._released = True
        with _HELD_LOCK:
            if _HELD.get(self._key) is self:
                del _HELD[self._key]

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def take_hold(root: Path, session_id: str, face: str, *, take_over: bool) -> SessionHold:
    """``SessionStore.hold``'s work (see there)."""
    key = (root.resolve(), session_id)
    files = _Files(root, session_id)
    now = _now()
    pid = os.getpid()
    holder = Holder(
        token=secrets.token_hex(8),
        face=face,
        pid=pid,
        host=socket.gethostname(),
        process_start=_process_start(pid),
        started_at=now,
        heartbeat_at=now,
    )
    with files.locked():
        current = files.read()
        # A run of this same process (a notebook cell run again) is taken over without asking.
        mine = current is not None and current.pid == pid and current.host == holder.host
        if current is not None and current.alive() and not (take_over or mine):
            raise SessionHeldError(session_id, current)
        files.write(holder)
    hold = SessionHold(files, key, holder)
    with _HELD_LOCK:
        _HELD[key] = hold
    return hold


def live_holder(root: Path, session_id: str) -> Holder | None:
    """``SessionStore.holder``'s work: the record if its holder is alive; no lock taken."""
    record = _Files(root, session_id).read()
    return record if record is not None and record.alive() else None


def held_here(root: Path, session_id: str) -> SessionHold | None:
    """This process's latest hold on the session, if it has one."""
    with _HELD_LOCK:
        hold = _HELD.get((root.resolve(), session_id))
    return hold if hold is not None and not hold.released else None


@contextlib.contextmanager
def saving(root: Path, session_id: str, own: SessionHold | None = None) -> Iterator[SessionHold | None]:
    """The session's lock for a save, after checking who may save: the saving store's own hold
    (``own``), else this process's, else none. Raises ``SessionHeldError`` when another live run
    holds it and this process does not; yields the hold (``lost`` set once taken over) otherwise."""
    files = _Files(root, session_id)
    hold = own if own is not None and not own.released else held_here(root, session_id)
    with files.locked():
        if hold is not None:
            hold._still_ours()
        else:
            record = files.read()
            if record is not None and record.alive() and record.pid != os.getpid():
                raise SessionHeldError(session_id, record)
        yield hold


def aside_path(root: Path, session_id: str) -> Path:
    """Where a taken-over run's copy goes: ``<sessions>/.aside/<id>.<UTC time>.json`` (a folder
    ``status`` does not list)."""
    stamp = _now().strftime("%Y%m%dT%H%M%S%fZ")
    return root / ".aside" / f"{session_id}.{stamp}.json"
