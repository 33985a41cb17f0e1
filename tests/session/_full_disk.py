"""Run by ``test_full_disk.py`` inside ``unshare --mount``: a 256 kB tmpfs, filled, then a session
save and an export onto it. Prints one JSON object: what each raised and what the folder holds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from sofia_nb.session import SessionStore, SessionWriteError, WorkshopSession, export_session

from .factory import rich_session


def fill(folder: Path) -> None:
    """Write until the file system says it is full."""
    with open(folder / "filler", "wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError:
            pass


def attempt(action: object) -> str:
    try:
        action()  # type: ignore[operator]
    except SessionWriteError as exc:
        return f"SessionWriteError: {exc}"
    except Exception as exc:  # what the test must never see: reported, not raised
        return f"{type(exc).__name__}: {exc}"
    return "ok"


def main(disk: Path) -> None:
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(disk)], check=True)
    store = SessionStore(disk / "sessions")
    session = rich_session()
    store.save(session)
    before = store.path_for(session.id).read_bytes()
    (disk / "export").mkdir()
    fill(disk)
    session.add_turn(session.phase, "user", "x" * 100_000)
    saved = attempt(lambda: store.save(session))
    exported = attempt(lambda: export_session(WorkshopSession.model_validate(session), disk / "export"))
    print(
        json.dumps(
            {
                "save": saved,
                "export": exported,
                "session_unchanged": store.path_for(session.id).read_bytes() == before,
                "files": sorted(str(p.relative_to(disk)) for p in disk.rglob("*")),
            }
        )
    )


if __name__ == "__main__":
    main(Path(sys.argv[1]))
