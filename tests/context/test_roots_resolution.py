"""resolve_path and resolve_folder beyond the jail: where relative paths start, and what errors say."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sofia_nb.context import ContextError, allowed_roots
from sofia_nb.context._support.roots import resolve_folder, resolve_path, resolve_roots


def test_without_roots_a_relative_path_starts_at_the_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert resolve_path("notes.txt") == tmp_path.resolve() / "notes.txt"


def test_inside_a_root_a_relative_path_starts_at_the_first_root_and_none_means_the_root(
    tmp_path: Path,
) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir(), second.mkdir()
    with allowed_roots([first, second]):
        assert resolve_path("sub/file.py") == first.resolve() / "sub" / "file.py"
        assert resolve_path(second / "x.py") == second.resolve() / "x.py"
        assert resolve_path(None) == first.resolve()


def test_a_path_outside_names_every_allowed_root(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir(), second.mkdir()
    with allowed_roots([first, second]), pytest.raises(ContextError) as err:
        resolve_path(tmp_path / "elsewhere")
    assert f"outside the allowed roots ({first.resolve()}, {second.resolve()})" in str(err.value)


def test_a_root_that_is_a_file_is_not_a_folder(tmp_path: Path) -> None:
    (tmp_path / "f.txt").write_text("x")
    with pytest.raises(ContextError, match=r"f\.txt: not a folder"):
        resolve_folder(str(tmp_path / "f.txt"))


def test_resolved_roots_are_taken_as_they_are_and_other_roots_are_resolved(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    with allowed_roots([link]) as roots:
        assert roots == (real.resolve(),)
    once = resolve_roots([link])
    assert once == (real.resolve(),)
    with allowed_roots(once) as roots:
        assert roots is once  # a server's roots, resolved when it learnt them: not again per call


@pytest.mark.parametrize("form", [".", "", "sub", "sub/", "sub/../sub", "link", "ABS", "ABS/sub"])
def test_a_folder_resolves_to_what_realpath_names(tmp_path: Path, form: str) -> None:
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "link").symlink_to(root / "sub", target_is_directory=True)
    path = form.replace("ABS", str(root))
    with allowed_roots([root]):
        assert resolve_folder(path) == (root / path).resolve()


def test_a_folder_beside_a_root_sharing_its_name_prefix_is_outside(tmp_path: Path) -> None:
    root, sibling = tmp_path / "proj", tmp_path / "proj-secrets"
    root.mkdir(), sibling.mkdir()
    with allowed_roots([root]):
        for path in (str(sibling), "../proj-secrets"):
            with pytest.raises(ContextError, match="outside the allowed roots"):
                resolve_folder(path)
    with allowed_roots([tmp_path / "proj-secrets" / ".."]):  # a root's parent: everything below it
        assert resolve_folder(str(sibling)) == sibling.resolve()


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    with allowed_roots([tmp_path]), pytest.raises(ContextError, match=r"gone: not a folder"):
        resolve_folder("gone")


def test_a_folder_inside_the_roots_is_resolved_by_the_kernel_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every grep call resolves its root: without Path.resolve's system call and Python per path
    component (the slow path, which names what is wrong, is for what the kernel cannot settle)."""
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "link").symlink_to(root / "sub", target_is_directory=True)
    expected = {form: (root / form).resolve() for form in (".", "", "sub", "link", str(root / "sub"))}

    def slow(self: Path, strict: bool = False) -> Path:
        raise AssertionError(f"Path.resolve called for {self}")

    with allowed_roots([root]):
        monkeypatch.setattr(Path, "resolve", slow)
        assert {form: resolve_folder(form) for form in expected} == expected


@pytest.mark.parametrize("told", ["{} (deleted)", "(unreachable){}"])
def test_what_the_kernel_names_a_folder_it_cannot_reach_is_not_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, told: str
) -> None:
    # A folder removed between its open and the readlink, or outside this process's root: a race
    # and a namespace this test cannot make, so the kernel's answer is put in its mouth.
    (tmp_path / "sub").mkdir()
    real_readlink = os.readlink
    monkeypatch.setattr(
        os,
        "readlink",
        lambda p: told.format(real_readlink(p)) if str(p).startswith("/proc/") else real_readlink(p),
    )
    with allowed_roots([tmp_path]):
        assert resolve_folder("sub") == (tmp_path / "sub").resolve()
