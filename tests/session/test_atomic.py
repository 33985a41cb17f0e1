"""The one atomic writer, in this process (issue 45 item 5): the mode a file gets (a session the
owner's alone, an export the umask's), its text exactly as given, fsync of the file and its folder
only when asked, and nothing left behind when a write fails. ``tests/session/test_export_modes.py``
holds the modes through the CLI in a shell; this holds them where ``make mutate`` can see."""

from __future__ import annotations

import ctypes
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from sofia_nb.session import SessionWriteError
from sofia_nb.session._atomic import new_file_mode, write_atomically

from ._support import record_fsyncs

PR_SET_NAME = 15  # prctl(2)


@pytest.fixture
def umask() -> Iterator[None]:
    """Puts the process's umask back after a test sets its own."""
    before = os.umask(0o022)
    os.umask(before)
    yield
    os.umask(before)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o027, 0o640), (0o077, 0o600), (0o002, 0o664)])
def test_a_shared_file_gets_the_umasks_mode_and_a_private_one_the_owners_alone(
    tmp_path: Path, umask: None, mask: int, mode: int
) -> None:
    os.umask(mask)
    assert new_file_mode() == mode
    write_atomically(tmp_path / "report.html", "<p>shared</p>\n", shared=True)
    write_atomically(tmp_path / "session.json", "{}\n")
    assert _mode(tmp_path / "report.html") == mode
    assert _mode(tmp_path / "session.json") == 0o600


@pytest.fixture
def named_in_latin1() -> Iterator[None]:
    """This process's name (``/proc/self/status``'s first line) is bytes the kernel keeps as
    given: here ``café`` in Latin-1, which is not ASCII, nor UTF-8."""
    libc = ctypes.CDLL(None, use_errno=True)
    before = Path("/proc/self/comm").read_bytes().rstrip(b"\n")
    if libc.prctl(PR_SET_NAME, b"caf\xe9-sofia", 0, 0, 0) != 0:
        pytest.skip("this system does not let a process rename itself (prctl PR_SET_NAME)")
    try:
        yield
    finally:
        libc.prctl(PR_SET_NAME, before, 0, 0, 0)


def test_a_process_whose_name_is_not_ascii_still_reads_its_umask(umask: None, named_in_latin1: None) -> None:
    assert b"\xe9" in Path("/proc/self/status").read_bytes().splitlines()[0]
    os.umask(0o027)
    assert new_file_mode() == 0o640


@pytest.mark.parametrize("status", [None, "Name:\tpython\nState:\tR (running)\n"])
def test_where_the_system_does_not_say_the_umask_a_shared_file_is_0644(
    monkeypatch: pytest.MonkeyPatch, status: str | None
) -> None:
    real = Path.read_text

    def read_text(self: Path, *args: object, **kwargs: object) -> str:
        if str(self) != "/proc/self/status":
            return real(self, *args, **kwargs)  # type: ignore[arg-type]
        if status is None:
            raise PermissionError(13, "Permission denied")
        return status

    monkeypatch.setattr(Path, "read_text", read_text)
    assert new_file_mode() == 0o644


def test_the_text_is_written_exactly_as_utf8_with_its_newlines_as_given(tmp_path: Path) -> None:
    text = "Ünïcode — café\nline two\r\nno newline translation"
    write_atomically(tmp_path / "file.md", text)
    assert (tmp_path / "file.md").read_bytes() == text.encode("utf-8")
    write_atomically(tmp_path / "file.md", "replaced\n")
    assert (tmp_path / "file.md").read_text(encoding="utf-8") == "replaced\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.md"]


def test_a_durable_write_fsyncs_the_file_then_its_folder_and_a_plain_one_neither(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced = record_fsyncs(monkeypatch)
    write_atomically(tmp_path / "plain.json", "{}\n")
    assert synced == []
    write_atomically(tmp_path / "durable.json", "{}\n", durable=True)
    assert [kind for kind, _ in synced] == ["file", "folder"]


def test_a_failed_write_names_the_file_keeps_the_old_one_and_leaves_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "session.json"
    write_atomically(target, "old\n")

    def full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(SessionWriteError) as caught:
        write_atomically(target, "new\n")
    assert str(target) in str(caught.value) and ".tmp" not in str(caught.value)
    assert target.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["session.json"]


def test_an_interrupted_write_leaves_no_temp_and_is_not_turned_into_a_write_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(src: object, dst: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(tmp_path / "session.json", "{}\n")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_cannot_take_a_file_is_a_write_error_naming_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "gone" / "session.json"
    with pytest.raises(SessionWriteError) as caught:
        write_atomically(missing, "{}\n")
    assert str(missing) in str(caught.value)
