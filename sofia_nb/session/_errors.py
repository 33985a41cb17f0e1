"""The session errors: one small hierarchy, each message naming the file and what was wrong."""

from __future__ import annotations

import os
from pathlib import Path

from ..redact import redact_text


class SessionError(Exception):
    """Base of every session-store error."""


class SessionNotFoundError(SessionError, LookupError):
    """No session with that id (or no session at all for ``last``)."""


class CorruptSessionError(SessionError):
    """The file exists but is not a valid session; it is left untouched."""

    def __init__(self, path: Path, reason: str) -> None:
        reason = redact_text(reason)  # it quotes the file, whose values are anyone's (an id, a version)
        super().__init__(f"{path}: not a valid session file ({reason}); it was left untouched")
        self.path = path
        self.reason = reason


class UnreadableSessionError(SessionError):
    """The file exists but the operating system refuses to read it (permissions, a folder, I/O)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: cannot be read ({reason}); it was left untouched")
        self.path = path
        self.reason = reason


class SchemaVersionError(SessionError):
    """The file was written by a newer sofia_nb (schema version higher than this one knows)."""

    def __init__(self, path: Path, found: int, supported: int) -> None:
        super().__init__(
            f"{path}: schema version {found} is newer than this sofia_nb supports ({supported}); "
            "upgrade sofia_nb to open it"
        )
        self.path = path
        self.found = found
        self.supported = supported


class StaleSessionError(SessionError):
    """Saving would overwrite a newer revision written by someone else (another kernel or process)."""

    def __init__(self, session_id: str, ours: int, on_disk: int) -> None:
        super().__init__(
            f"session {session_id}: the file holds revision {on_disk}, newer than the revision {ours} "
            "this copy was loaded at; reload the session before saving (nothing was written)"
        )
        self.session_id = session_id
        self.ours = ours
        self.on_disk = on_disk


class SessionWriteError(SessionError):
    """A session or export file could not be written (a full disk, no permission); nothing half-written
    is left: the file keeps its previous content, and no temp file remains."""

    def __init__(self, path: Path, exc: OSError) -> None:
        reason = _in_words(exc)
        super().__init__(f"could not write {path}: {reason}; the file was left as it was")
        self.path = path
        self.reason = reason
        self.errno = exc.errno


def _in_words(exc: OSError) -> str:
    """What the system said, without the errno number or the temp file's name."""
    return os.strerror(exc.errno) if exc.errno else exc.strerror or type(exc).__name__
