"""A full disk: saves and exports fail with a sentence naming the file, keep the previous file, and
leave no temp file. On a real (tiny) tmpfs where this machine lets a test mount one, and with the
kernel's own ENOSPC from ``/dev/full`` everywhere."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from sofia_nb.session import SessionStore, SessionWriteError, _atomic, export_session
from sofia_nb.session._holder import HOLDS_DIR
from tests.cli.helpers import run_main
from tests.support.tmpfs import can_mount_tmpfs

from .factory import rich_session

ROOT = Path(__file__).resolve().parents[2]
WORDS = "No space left on device"


@pytest.mark.skipif(
    not can_mount_tmpfs(), reason="mounting a tmpfs needs root and unshare (the /dev/full test stands in)"
)
def test_on_a_full_tmpfs_a_save_and_an_export_fail_in_words_and_leave_no_temp_file(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    disk.mkdir()
    # A private mount namespace: the tmpfs goes away with the child, whatever happens to the test.
    child = subprocess.run(
        [
            "unshare",
            "--mount",
            "--propagation",
            "private",
            sys.executable,
            "-m",
            "tests.session._full_disk",
            str(disk),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert child.returncode == 0, child.stderr
    report = json.loads(child.stdout.splitlines()[-1])
    assert report["save"].startswith("SessionWriteError: could not write ")
    assert f"{WORDS}; the file was left as it was" in report["save"]
    assert report["export"].startswith(f"SessionWriteError: could not write {disk}/export/")
    assert WORDS in report["export"]
    assert ".tmp" not in report["save"] + report["export"]  # the file named is the one being written
    assert report["session_unchanged"]
    assert not [f for f in report["files"] if f.endswith(".tmp")], report["files"]


def fill_the_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on every atomic write's temp file is backed by ``/dev/full``: the kernel answers ENOSPC."""
    real = tempfile.mkstemp

    def on_a_full_disk(*args: object, **kwargs: object) -> tuple[int, str]:
        fd, name = real(*args, **kwargs)  # type: ignore[call-overload]
        full = os.open("/dev/full", os.O_WRONLY)
        os.dup2(full, fd)
        os.close(full)
        return fd, name

    monkeypatch.setattr(_atomic.tempfile, "mkstemp", on_a_full_disk)


@pytest.fixture
def full_device(monkeypatch: pytest.MonkeyPatch) -> None:
    fill_the_disk(monkeypatch)


def test_with_the_kernels_enospc_a_save_keeps_the_old_file_and_leaves_no_temp(
    tmp_path: Path, full_device: None
) -> None:
    store = SessionStore(tmp_path / "sessions")
    session = rich_session()
    store.root.mkdir()
    path = store.path_for(session.id)
    path.write_text(json.dumps(session.model_dump(mode="json")), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SessionWriteError) as caught:
        store.save(session)
    assert str(caught.value) == f"could not write {path}: {WORDS}; the file was left as it was"
    assert path.read_bytes() == before
    assert sorted(p.name for p in store.root.iterdir() if p.name != HOLDS_DIR) == [path.name]


def test_an_export_on_a_full_disk_is_one_line_in_words_from_the_cli(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    session = rich_session()
    SessionStore().save(session)
    fill_the_disk(monkeypatch)
    out = tmp_path / "export"
    code, stdout, stderr = run_main(capsys, "export", "--session", session.id, "--output", str(out))
    assert code == 1 and stdout == ""
    assert (
        stderr.strip()
        == f"error: could not write {out / 'discover.md'}: {WORDS}; the file was left as it was"
    )
    assert not out.exists()  # no folder that could pass for an export, and no fresh one left beside it
    assert [p.name for p in tmp_path.iterdir() if "export" in p.name] == []


def test_an_export_over_an_earlier_one_keeps_its_files_on_a_full_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = rich_session()
    first = export_session(session, tmp_path / "export")
    before = {p: p.read_bytes() for p in first.paths}
    fill_the_disk(monkeypatch)
    with pytest.raises(SessionWriteError):
        export_session(session, tmp_path / "export")
    assert {p: p.read_bytes() for p in first.paths} == before
    assert not [p for p in (tmp_path / "export").iterdir() if p.name.endswith(".tmp")]
