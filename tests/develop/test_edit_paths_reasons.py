"""Every refusal of a model-named path, with the reason the model and the facilitator read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sofia_nb.develop.edits._paths import UnsafePathError, clean_relative, resolve_inside


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("", "the path is empty"),
        ("   ", "the path is empty"),
        ("a\x00b", "the path contains control characters"),
        ("a\nb.py", "the path contains control characters"),
        ("a\x1fb", "the path contains control characters"),
        ("\\\\server\\share\\x.py", "UNC paths are not allowed"),
        ("//server/share/x.py", "UNC paths are not allowed"),
        ("C:/x.py", "drive paths are not allowed"),
        ("c:x.py", "drive paths are not allowed"),
        ("/etc/passwd", "absolute paths are not allowed"),
        ("~/x.py", "absolute paths are not allowed"),
        ("\\x.py", "absolute paths are not allowed"),
        (".", "the path names no file"),
        ("./", "the path names no file"),
        ("a/../b.py", "`..` is not allowed"),
        ("..\\x.py", "`..` is not allowed"),
        (".git/config", "files under .git/ are not allowed"),
        ("src/.GIT/hooks/x", "files under .git/ are not allowed"),
    ],
)
def test_each_unsafe_path_is_refused_with_its_reason(raw: str, reason: str) -> None:
    with pytest.raises(UnsafePathError) as caught:
        clean_relative(raw)
    assert (caught.value.path, caught.value.reason) == (raw, reason)
    assert str(caught.value) == f"{raw!r}: {reason}"


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("./a//b.py", "a/b.py"),
        ("a\\b.py", "a/b.py"),
        ("a/./b.py", "a/b.py"),
        ("a b.py", "a b.py"),
        ("x.git", "x.git"),
    ],
)
def test_safe_paths_come_back_normalised(raw: str, clean: str) -> None:
    assert clean_relative(raw) == clean


def _refusal(root: Path, raw: str) -> str:
    with pytest.raises(UnsafePathError) as caught:
        resolve_inside(root, raw)
    assert caught.value.path == raw
    return caught.value.reason


def test_symlinks_out_of_the_project_to_its_root_or_into_git_are_refused(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    (root / ".git").mkdir(parents=True)
    (tmp_path / "outside.py").write_text("")
    (root / "out.py").symlink_to(tmp_path / "outside.py")
    (root / "self").symlink_to(root)
    (root / "hooks").symlink_to(root / ".git")
    assert _refusal(root, "out.py") == "it leads outside the project (through a symlink)"
    assert _refusal(root, "self") == "it leads outside the project (through a symlink)"
    assert _refusal(root, "hooks/pre-commit") == "it leads into .git/ (through a symlink)"


def test_a_directory_and_an_unusable_name_are_refused(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    assert _refusal(tmp_path, "src") == "it is a directory"
    assert _refusal(tmp_path, "a" * 300 + "/b.py").startswith("it cannot be used here (")
    assert "File name too long" in _refusal(tmp_path, "a" * 300 + "/b.py")


def test_a_safe_path_resolves_under_a_relative_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "proj" / "src").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    rel, target = resolve_inside(Path("proj"), "./src//new.py")
    assert rel == "src/new.py"
    assert target == (tmp_path / "proj" / "src" / "new.py").resolve()
    assert target.is_absolute() and os.fspath(target).endswith("proj/src/new.py")
