"""SessionStore: one pretty JSON file per session, written atomically under an OS lock."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import tempfile
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from .._validation import describe
from ..redact import redact
from ._errors import (
    CorruptSessionError,
    SchemaVersionError,
    SessionNotFoundError,
    StaleSessionError,
    UnreadableSessionError,
)
from ._migrations import migrate
from ._models import SCHEMA_VERSION, Phase, SessionStatus, WorkshopSession, utcnow

_TMP_SUFFIX = ".tmp"


class SessionSummary(BaseModel):
    """One line of ``SessionStore.list()``."""

    session_id: str
    name: str
    phase: Phase
    status: SessionStatus
    updated_at: datetime


class UnreadableSession(BaseModel):
    """A session file that could not be read; it is reported, never changed."""

    path: str
    session_id: str  # the file stem: the id the file would have if it were readable
    error: str  # names the file and what is wrong with it


class SessionScan(BaseModel):
    """Everything in the sessions folder: the readable sessions and the files that are not."""

    sessions: list[SessionSummary]
    unreadable: list[UnreadableSession]


class SessionStore:
    """Sessions in ``root`` (default ``$SOFIA_HOME/sessions``).

    Writes go to a temp file in the same folder, are fsynced, then ``os.replace``d over the old
    file, all while holding ``flock`` on the folder, so a crash at any moment leaves either the
    old or the new file and a lock never outlives its process. Each save bumps ``revision``;
    saving a copy older than the file is refused.
    """

    def __init__(self, root: str | os.PathLike[str] | None = None) -> None:
        if root is None:
            from ..config import sofia_home

            root = sofia_home() / "sessions"
        self.root = Path(root)

    def path_for(self, session_id: str) -> Path:
        if not session_id or "/" in session_id or "\\" in session_id or session_id.startswith("."):
            raise SessionNotFoundError(f"not a valid session id: {session_id!r}")
        return self.root / f"{session_id}.json"

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.root.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.root, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing the descriptor releases the lock; so does the process dying

    def _read(self, path: Path) -> WorkshopSession:
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SessionNotFoundError(f"no session file {path}") from None
        except UnicodeDecodeError as exc:
            raise CorruptSessionError(path, f"not UTF-8 text at byte {exc.start}") from None
        except OSError as exc:
            raise UnreadableSessionError(path, exc.strerror or type(exc).__name__) from None
        try:
            data: Any = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CorruptSessionError(
                path, f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
            ) from None
        if not isinstance(data, dict):
            raise CorruptSessionError(path, "the top level is not an object")
        version = data.get("schema_version", 1)
        if not isinstance(version, int):
            raise CorruptSessionError(path, f"schema_version is {version!r}, not an integer")
        if version > SCHEMA_VERSION:
            raise SchemaVersionError(path, version, SCHEMA_VERSION)
        try:
            return WorkshopSession.model_validate(migrate(data))
        except ValidationError as exc:
            raise CorruptSessionError(path, describe(exc, root="(root)")) from None

    def load(self, session_id: str) -> WorkshopSession:
        """Load a session by id; ``"last"`` is the most recently updated one."""
        if session_id == "last":
            summaries = self.list()
            if not summaries:
                raise SessionNotFoundError(f"no sessions in {self.root}")
            session_id = max(summaries, key=lambda s: (s.updated_at, s.session_id)).session_id
        return self._read(self.path_for(session_id))

    def exists(self, session_id: str) -> bool:
        return self.path_for(session_id).is_file()

    def save(self, session: WorkshopSession) -> Path:
        """Write ``session`` atomically and bump its revision; refuse to overwrite a newer or corrupt file."""
        path = self.path_for(session.id)
        with self._locked():
            self._remove_stale_temps()
            if path.exists():
                on_disk = self._read(path)  # raises on a corrupt or newer file: never overwritten
                if on_disk.revision > session.revision:
                    raise StaleSessionError(session.id, session.revision, on_disk.revision)
            new = session.model_copy(update={"revision": session.revision + 1, "updated_at": utcnow()})
            payload = json.dumps(redact(new.model_dump(mode="json")), indent=2, ensure_ascii=False) + "\n"
            self._write_atomically(path, payload)
        session.revision = new.revision
        session.updated_at = new.updated_at
        return path

    def _write_atomically(self, path: Path, payload: str) -> None:
        # The order is the promise. The temp file is in the same folder, so os.replace is one
        # rename on one filesystem (atomic). Its data is fsynced before the rename, so the name
        # never points at a file whose data did not reach the disk. The folder is fsynced after,
        # so the rename itself survives a power loss. A crash at any step leaves the old file or
        # the new one, and a temp file that the next save (holding the lock) removes.
        fd, tmp = tempfile.mkstemp(dir=self.root, prefix=f".{path.stem}.", suffix=_TMP_SUFFIX)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(payload)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise
        dir_fd = os.open(self.root, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)

    def _remove_stale_temps(self) -> None:
        # Called under the lock: any temp file present now was left by a writer that died.
        for stale in self.root.glob(f".*{_TMP_SUFFIX}"):
            with contextlib.suppress(FileNotFoundError):
                stale.unlink()

    def scan(self) -> SessionScan:
        """Summaries of every readable session, newest first, and every unreadable file with its error."""
        sessions: list[SessionSummary] = []
        unreadable: list[UnreadableSession] = []
        if self.root.is_dir():
            for path in sorted(self.root.glob("*.json")):
                try:
                    s = self._read(path)
                except (CorruptSessionError, SchemaVersionError, UnreadableSessionError) as exc:
                    unreadable.append(UnreadableSession(path=str(path), session_id=path.stem, error=str(exc)))
                    continue
                except SessionNotFoundError:
                    continue  # deleted between the glob and the read: nothing to report
                sessions.append(
                    SessionSummary(
                        session_id=s.id, name=s.name, phase=s.phase, status=s.status, updated_at=s.updated_at
                    )
                )
        sessions.sort(key=lambda s: (s.updated_at, s.session_id), reverse=True)
        return SessionScan(sessions=sessions, unreadable=unreadable)

    def list(self) -> list[SessionSummary]:
        """Summaries of every readable session, newest first; ``scan()`` also names the unreadable files."""
        return self.scan().sessions

    def delete(self, session_id: str) -> None:
        path = self.path_for(session_id)
        with self._locked():
            try:
                path.unlink()
            except FileNotFoundError:
                raise SessionNotFoundError(f"no session file {path}") from None
