"""An export stopped half-way never leaves a folder that looks complete: it is written whole into
a fresh folder first, which replaces the old export's files only when complete; stopped while it
replaces them, the folder says it is incomplete (``EXPORT-INCOMPLETE.txt``). Files a user put in
the output folder are left alone. Stopped deterministically: a fault injected into the writer of
the 4th file (or the 4th file put in place), and a real SIGKILL of a ``sofia-nb export`` child held
at that point (it writes a file when it gets there, and the test waits for that file)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import sofia_nb.session._export as export
from sofia_nb.session import SessionStore, SessionWriteError, WorkshopSession, export_session

from .factory import rich_session

INCOMPLETE = "EXPORT-INCOMPLETE.txt"
USERS = "our-notes.txt"
REACH_S = 120  # a bound on the wait for the child to get there, never a timed assert


@pytest.fixture(autouse=True)
def diagrams_as_source(monkeypatch: pytest.MonkeyPatch) -> None:
    import sofia_nb.session._diagrams as diagrams

    monkeypatch.setattr(diagrams, "diagram_svg", lambda source, key: None)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _renamed(session: WorkshopSession) -> WorkshopSession:
    """The same session with a new name: every file of its export changes."""
    return session.model_copy(update={"name": "Renamed workshop"})


def _exported_once(tmp_path: Path) -> tuple[WorkshopSession, Path, dict[str, bytes]]:
    session, out = rich_session(), tmp_path / "export"
    export_session(session, out)
    (out / USERS).write_text("the team's own notes\n", encoding="utf-8")
    return session, out, _files(out)


def _leftovers(tmp_path: Path) -> list[str]:
    return [p.name for p in tmp_path.iterdir() if p.name.endswith(export.STAGING_SUFFIX)]


def test_a_fault_writing_the_4th_file_leaves_the_old_export_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, out, before = _exported_once(tmp_path)
    real, written = export._write, []

    def failing(staged: Path, folder: Path, name: str, text: str) -> None:
        written.append(name)
        if len(written) == 4:
            raise SessionWriteError(folder / name, OSError(28, "No space left on device"))
        real(staged, folder, name, text)

    monkeypatch.setattr(export, "_write", failing)
    with pytest.raises(SessionWriteError):
        export_session(_renamed(session), out)
    assert len(written) == 4 and _files(out) == before  # every old file, and the user's, as they were
    assert _leftovers(tmp_path) == []


def test_a_fault_placing_the_4th_file_leaves_a_folder_that_says_it_is_incomplete(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, out, before = _exported_once(tmp_path)
    real, placed = export._place, []

    def failing(staged: Path, target: Path) -> None:
        placed.append(target.name)
        if len(placed) == 4:
            raise SessionWriteError(target, OSError(5, "Input/output error"))
        real(staged, target)

    monkeypatch.setattr(export, "_place", failing)
    with pytest.raises(SessionWriteError):
        export_session(_renamed(session), out)
    note = (out / INCOMPLETE).read_text(encoding="utf-8")
    assert f"an export of session {session.id} was stopped" in note and "Export again" in note
    assert (out / USERS).read_bytes() == before[USERS]

    monkeypatch.setattr(export, "_place", real)
    export_session(_renamed(session), out)  # exporting again completes it
    after = _files(out)
    assert INCOMPLETE not in after and after[USERS] == before[USERS]
    assert after.keys() == before.keys() and "Renamed workshop" in after["report.html"].decode()
    assert _leftovers(tmp_path) == []


HELD = """
import pathlib, sys, threading
import sofia_nb.session._diagrams as diagrams
import sofia_nb.session._export as export
from sofia_nb.cli import main

where, nth, reached = sys.argv[1], int(sys.argv[2]), pathlib.Path(sys.argv[3])
real, calls = getattr(export, where), []
diagrams.diagram_svg = lambda source, key: None

def held(*args):
    calls.append(args)
    if len(calls) == nth:
        reached.write_text("here")
        threading.Event().wait()  # held here until the test kills the process
    return real(*args)

setattr(export, where, held)
sys.exit(main(sys.argv[4:]))
"""


def _killed_at(
    tmp_path: Path, where: str, session_id: str, out: Path, how: signal.Signals = signal.SIGKILL
) -> None:
    """``sofia-nb export`` in a child held at the 4th call of ``export.<where>``, then stopped by
    ``how`` sent to its process group (SIGINT: as the terminal's Ctrl+C reaches it)."""
    reached = tmp_path / f"reached-{where}"
    env = {**os.environ, "SOFIA_HOME": str(tmp_path / ".sofia")}
    argv = [sys.executable, "-c", HELD, where, "4", str(reached)]
    child = subprocess.Popen(
        [*argv, "export", "--session", session_id, "--output", str(out)], env=env, start_new_session=True
    )
    try:
        for _ in range(int(REACH_S / 0.05)):  # bounded: the child gets there or exits
            if reached.exists() or child.poll() is not None:
                break
            time.sleep(0.05)
        assert reached.exists(), f"the export never reached the 4th {where} (exit {child.poll()})"
    finally:
        os.killpg(child.pid, how)
        child.wait(timeout=REACH_S)
    assert child.returncode == (130 if how == signal.SIGINT else -how)


def test_a_sigkilled_sofia_nb_export_leaves_the_old_export_or_says_it_is_incomplete(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / ".sofia" / "sessions")
    session, out, before = _exported_once(tmp_path)
    store.save(_renamed(session))

    _killed_at(tmp_path, "_write", session.id, out)  # while the new export is being written
    assert _files(out) == before  # the old export whole, the user's file too, nothing half-new

    _killed_at(tmp_path, "_place", session.id, out)  # while it replaces the old files
    assert INCOMPLETE in _files(out) and (out / USERS).read_bytes() == before[USERS]

    env = {**os.environ, "SOFIA_HOME": str(tmp_path / ".sofia")}
    done = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "export", "--session", session.id, "--output", str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=REACH_S,
    )
    assert done.returncode == 0, done.stderr
    after = _files(out)
    assert INCOMPLETE not in after and after.keys() == before.keys()
    assert after[USERS] == before[USERS] and "Renamed workshop" in after["report.html"].decode()
    assert _leftovers(tmp_path) == []


def test_ctrl_c_during_an_export_leaves_the_old_export_or_says_it_is_incomplete(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / ".sofia" / "sessions")
    session, out, before = _exported_once(tmp_path)
    store.save(_renamed(session))

    _killed_at(tmp_path, "_write", session.id, out, signal.SIGINT)  # while the new export is written
    assert _files(out) == before and _leftovers(tmp_path) == []  # the old export whole, nothing left

    _killed_at(tmp_path, "_place", session.id, out, signal.SIGINT)  # while it replaces the old files
    files = _files(out)
    assert files[USERS] == before[USERS]
    assert INCOMPLETE in files or files.keys() == before.keys()  # says it is incomplete, or is whole
