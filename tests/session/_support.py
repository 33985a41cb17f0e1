"""What the session tests share: a record of every fsync, and a hold record written by hand."""

from __future__ import annotations

import os
import socket
import stat
from datetime import UTC, datetime

import pytest

from sofia_nb.session import Holder, SessionStore, _holder


def record_fsyncs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every ``os.fsync`` from now on, as ``("file" | "folder", path)``, still done for real."""
    synced: list[tuple[str, str]] = []
    real_fsync = os.fsync

    def recording_fsync(fd: int) -> None:
        kind = "folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file"
        synced.append((kind, os.readlink(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", recording_fsync)
    return synced


def holder_record(store: SessionStore, session_id: str, **fields: object) -> Holder:
    """A hold record as another run would have written it (this process's pid unless given)."""
    now = datetime.now(UTC)
    holder = Holder.model_validate(
        {
            "token": "t",
            "face": "workshop",
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "started_at": now,
            "heartbeat_at": now,
            **fields,
        }
    )
    files = _holder._Files(store.root, session_id)
    files.folder.mkdir(parents=True, exist_ok=True)
    files.write(holder)
    return holder
