"""One atomic file writer for sessions and exports: a temp sibling, written, then renamed over.

A reader never sees half a file, and a failed write (a full disk, a folder that became read-only)
leaves the previous file as it was and no temp file behind; the error says in words what happened
to which file (the file being written, not the temp file).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from ._errors import SessionWriteError

TMP_SUFFIX = ".tmp"


def write_atomically(path: Path, text: str, *, durable: bool = False, shared: bool = False) -> None:
    """Write ``text`` (UTF-8, ``\\n`` newlines) to ``path`` atomically; ``SessionWriteError`` on failure.

    With ``durable`` the file and then its folder are fsynced, so a power cut after the return keeps
    the new content (sessions; an export can be made again). With ``shared`` the file gets the mode
    any new file gets under the umask (an export or an executed notebook, made for people to read);
    without, the temp file's owner-only 0600 (a session file).
    """
    # The order is the promise. The temp file is in the same folder, so os.replace is one rename on
    # one filesystem (atomic). With ``durable`` its data is fsynced before the rename, so the name
    # never points at a file whose data did not reach the disk, and the folder after, so the rename
    # itself survives a power loss. A crash at any step leaves the old file or the new one, and a
    # temp file that the store's next save (holding the lock) removes.
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TMP_SUFFIX)
    except OSError as exc:
        raise SessionWriteError(path, exc) from None
    try:
        if shared:
            os.fchmod(fd, new_file_mode())
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise SessionWriteError(path, exc) from None
        raise
    if durable:
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def new_file_mode() -> int:
    """The mode a new file gets here: 0o666 less the umask, read from ``/proc/self/status`` so the
    umask is never changed to be read (another thread could create a file meanwhile); 0o644 where
    the system does not say."""
    try:
        status = Path("/proc/self/status").read_text(encoding="ascii", errors="replace")
    except OSError:
        return 0o644
    umask = next((line.split()[1] for line in status.splitlines() if line.startswith("Umask:")), None)
    return 0o666 & ~int(umask, 8) if umask else 0o644
