"""SessionStore: one pretty JSON file per session, written atomically under an OS lock."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from .._datafile import (
    MAX_DEPTH,
    MAX_SESSION_BYTES,
    BoundsError,
    first_error_validator,
    load_json,
    read_at_most,
)
from .._validation import describe
from ..redact import redact, redacted_head
from ._atomic import TMP_SUFFIX, write_atomically
from ._errors import (
    CorruptSessionError,
    SchemaVersionError,
    SessionError,
    SessionNotFoundError,
    StaleSessionError,
    UnreadableSessionError,
)
from ._holder import Holder, HoldLostError, SessionHold, aside_path, live_holder, saving, take_hold
from ._migrations import migrate
from ._models import (
    SCHEMA_VERSION,
    Phase,
    SessionStatus,
    WorkshopSession,
    is_safe_session_id,
    utcnow,
)

ID_RULE = "a letter or digit, then up to 79 letters, digits, '.', '_' or '-'"


def _shown(value: object) -> str:
    """A value from a file, shortened for an error message."""
    text = repr(value)
    # a long one is redacted before the cut (a key cut in two is no longer seen as one); the error
    # redacts its whole reason, so a short one needs nothing here
    return text if len(text) <= 60 else redacted_head(text, 57) + "..."


def _read_regular_file(path: Path) -> str:
    """The text of ``path`` if it is a regular file. Opened without blocking, so a FIFO named
    ``*.json`` is refused instead of waiting forever for a writer; a folder or a device likewise."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise SessionNotFoundError(f"no session file {path}") from None
    except OSError as exc:
        raise UnreadableSessionError(path, exc.strerror or type(exc).__name__) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise UnreadableSessionError(path, os.strerror(errno.EISDIR))
        if not stat.S_ISREG(mode):
            raise UnreadableSessionError(path, f"not a regular file but {_file_kind(mode)}")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            raw = read_at_most(handle, MAX_SESSION_BYTES)  # a bigger file is refused unread
    except OSError as exc:
        raise UnreadableSessionError(path, exc.strerror or type(exc).__name__) from None
    finally:
        os.close(fd)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorruptSessionError(path, f"not UTF-8 text at byte {exc.start}") from None


def _file_kind(mode: int) -> str:
    kinds = {stat.S_ISFIFO: "a FIFO", stat.S_ISSOCK: "a socket", stat.S_ISCHR: "a character device"}
    return next((name for test, name in kinds.items() if test(mode)), "a special file")


def _parse(path: Path, text: str) -> dict[str, Any]:
    """The top-level object of a session file; too deep nesting and numbers too long to convert are
    the file's fault, named as such, never an error that escapes the store."""
    try:
        data: Any = load_json(text)  # within the bounds of _datafile: size, depth, items, strings
    except BoundsError as exc:
        raise CorruptSessionError(path, str(exc)) from None
    except json.JSONDecodeError as exc:
        raise CorruptSessionError(
            path, f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise CorruptSessionError(path, f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:  # an integer of more digits than Python converts (4,300 by default)
        raise CorruptSessionError(path, f"a value cannot be read: {exc}") from None
    if not isinstance(data, dict):
        raise CorruptSessionError(path, "the top level is not an object")
    return data


class SessionSummary(BaseModel):
    """One line of ``SessionStore.list()``."""

    session_id: str
    name: str
    phase: Phase
    status: SessionStatus
    updated_at: datetime
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = None
    has_content: bool = True
    """Whether anything was said or recorded in it (``has_content``); ``"last"`` skips empty ones."""


def has_content(session: WorkshopSession) -> bool:
    """Whether a person did anything in ``session``: a line of the facilitator's (not the
    product's kickoff cue), the team's contribution, a record, or a phase past Discover. A session
    opened and left (a page loaded, a command stopped at once) has none."""
    said = any(t.role == "user" and not t.metadata.get("kickoff") for t in session.turns)
    recorded = session.business_context is not None or session.workflow is not None
    return said or recorded or bool(session.team.contributions) or session.phase != Phase.DISCOVER


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
    file, all while holding ``flock`` on that session's lock file (``_holder.py``), so a crash at
    any moment leaves either the old or the new file and a lock never outlives its process. Each
    save bumps ``revision``; saving a copy older than the file is refused. A run holds its session
    for the whole run (``hold``); a save of a session another live run holds is refused.
    """

    def __init__(self, root: str | os.PathLike[str] | None = None) -> None:
        if root is None:
            from ..config import sofia_home

            root = sofia_home() / "sessions"
        self.root = Path(root)
        self._holds: dict[str, SessionHold] = {}  # the holds taken through this store

    def path_for(self, session_id: str) -> Path:
        """The file of ``session_id``; an id that is not safe (``SESSION_ID_PATTERN``) is refused."""
        if not is_safe_session_id(session_id):
            raise SessionNotFoundError(f"not a valid session id: {session_id!r}")
        return self.root / f"{session_id}.json"

    def _read(self, path: Path) -> WorkshopSession:
        """The session in ``path``; raises only ``SessionError``s, each naming the file and the fault."""
        data = _parse(path, _read_regular_file(path))
        version = data.get("schema_version", 1)
        if not isinstance(version, int):
            raise CorruptSessionError(path, f"schema_version is {version!r}, not an integer")
        if version > SCHEMA_VERSION:
            raise SchemaVersionError(path, version, SCHEMA_VERSION)
        stored_id = data.get("id")
        if not is_safe_session_id(stored_id):
            raise CorruptSessionError(path, f"its id {_shown(stored_id)} is not a session id ({ID_RULE})")
        if stored_id != path.stem:
            # A session is named by its file: the id inside never chooses a path (an export or PoC folder).
            raise CorruptSessionError(
                path,
                f"its id {stored_id!r} is not its file name {path.stem!r}; a copy must keep its "
                f"session's file name (or be renamed to {stored_id}.json)",
            )
        try:
            return first_error_validator(WorkshopSession)(migrate(data))  # one error, not millions
        except ValidationError as exc:
            raise CorruptSessionError(path, describe(exc, root="(root)")) from None

    def resolve(self, session_id: str) -> str:
        """The id ``session_id`` names: itself, or for ``"last"`` the most recently updated session
        with content (``has_content``; the newest of all when none has any)."""
        if session_id != "last":
            return session_id
        summaries = self.list()
        if not summaries:
            raise SessionNotFoundError(f"no sessions in {self.root}")
        candidates = [s for s in summaries if s.has_content] or summaries
        return max(candidates, key=lambda s: (s.updated_at, s.session_id)).session_id

    def load(self, session_id: str) -> WorkshopSession:
        """Load a session by id; ``"last"`` is the newest with content (``resolve``). Loading never waits
        for a holder: a session another run holds can be read (watched) at any time."""
        return self._read(self.path_for(self.resolve(session_id)))

    def hold(self, session_id: str, face: str, *, take_over: bool = False) -> SessionHold:
        """Hold ``session_id`` for this run (``face``: ``workshop``, ``dev``, ``notebook``,
        ``voila``, ``script``) until ``release()`` or the end of a ``with`` block.

        A holder that is gone (its process dead on this host, or its heartbeat stale on another)
        is replaced silently, and so is an earlier hold of this same process. A live holder raises
        ``SessionHeldError`` (``.holder`` says who and since when), unless ``take_over``: the hold
        is then this run's, and the other run is told at its next save (``HoldLostError``, its
        copy written aside). Take the hold before loading the session, so what is loaded is what
        the previous holder last saved.
        """
        self.path_for(session_id)  # an unsafe id is refused before any file is named by it
        hold = self._holds[session_id] = take_hold(self.root, session_id, face, take_over=take_over)
        return hold

    def holder(self, session_id: str) -> Holder | None:
        """The live run holding ``session_id``, or None; reads one small file, never waits."""
        self.path_for(session_id)
        return live_holder(self.root, session_id)

    def exists(self, session_id: str) -> bool:
        return self.path_for(session_id).is_file()

    def save(self, session: WorkshopSession) -> Path:
        """Write ``session`` atomically and bump its revision; refuse to overwrite a newer or corrupt
        file, or a session another live run holds (``SessionHeldError``). When this run's hold was
        taken over, the copy goes aside instead and ``HoldLostError`` names where."""
        path = self.path_for(session.id)
        with saving(self.root, session.id, self._holds.get(session.id)) as hold:
            self._remove_stale_temps(path)
            if hold is not None and hold.lost:
                raise HoldLostError(session.id, hold.taken_by, self._aside(session))
            if path.exists():
                on_disk = self._read(path)  # raises on a corrupt or newer file: never overwritten
                if on_disk.revision > session.revision:
                    raise StaleSessionError(session.id, session.revision, on_disk.revision)
            new = session.model_copy(update={"revision": session.revision + 1, "updated_at": utcnow()})
            payload = json.dumps(redact(new.model_dump(mode="json")), indent=2, ensure_ascii=False) + "\n"
            write_atomically(path, payload, durable=True)
        session.revision = new.revision
        session.updated_at = new.updated_at
        return path

    def _remove_stale_temps(self, path: Path) -> None:
        # Called under the session's lock: any temp file of this session present now was left by a
        # writer that died (another session's saves hold their own lock, and their own temps).
        for stale in self.root.glob(f".{path.name}.*{TMP_SUFFIX}"):
            with contextlib.suppress(FileNotFoundError):
                stale.unlink()

    def _aside(self, session: WorkshopSession) -> Path | None:
        """A taken-over run's copy, written where ``status`` does not look; None if even that fails."""
        path = aside_path(self.root, session.id)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            payload = json.dumps(redact(session.model_dump(mode="json")), indent=2, ensure_ascii=False)
            write_atomically(path, payload + "\n", durable=True)
        except (OSError, SessionError):
            return None
        return path

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
                        session_id=s.id,
                        name=s.name,
                        phase=s.phase,
                        status=s.status,
                        updated_at=s.updated_at,
                        input_tokens=s.tokens.input_tokens,
                        output_tokens=s.tokens.output_tokens,
                        cost_usd=s.tokens.cost_usd,
                        has_content=has_content(s),
                    )
                )
        sessions.sort(key=lambda s: (s.updated_at, s.session_id), reverse=True)
        return SessionScan(sessions=sessions, unreadable=unreadable)

    def list(self) -> list[SessionSummary]:
        """Summaries of every readable session, newest first; ``scan()`` also names the unreadable files."""
        return self.scan().sessions

    def delete(self, session_id: str) -> None:
        path = self.path_for(session_id)
        with saving(self.root, session_id):
            try:
                path.unlink()
            except FileNotFoundError:
                raise SessionNotFoundError(f"no session file {path}") from None
