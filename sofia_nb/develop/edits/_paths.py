"""Keeping every path a model names inside the project: the one check shared by edits and scaffold."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

_DRIVE = re.compile(r"^[A-Za-z]:")


class UnsafePathError(ValueError):
    """A path that would leave the project, touch ``.git``, or is not a file path at all."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path!r}: {reason}")
        self.path = path
        self.reason = reason


def clean_relative(raw: str) -> str:
    """The normalised relative form of ``raw`` (``./`` and doubled slashes dropped); raises when unsafe."""
    if not raw or not raw.strip():
        raise UnsafePathError(raw, "the path is empty")
    if "\x00" in raw or any(ord(c) < 32 for c in raw):
        raise UnsafePathError(raw, "the path contains control characters")
    if raw.startswith(("\\\\", "//")):
        raise UnsafePathError(raw, "UNC paths are not allowed")
    if _DRIVE.match(raw):
        raise UnsafePathError(raw, "drive paths are not allowed")
    text = raw.replace("\\", "/")  # a Windows-style separator must not smuggle a `..` past the check
    if text.startswith("/") or text.startswith("~"):
        raise UnsafePathError(raw, "absolute paths are not allowed")
    parts = [p for p in PurePosixPath(text).parts if p not in ("", ".")]
    if not parts:
        raise UnsafePathError(raw, "the path names no file")
    if ".." in parts:
        raise UnsafePathError(raw, "`..` is not allowed")
    if any(p.casefold() == ".git" for p in parts):
        raise UnsafePathError(raw, "files under .git/ are not allowed")
    return "/".join(parts)


def resolve_inside(root: Path, raw: str) -> tuple[str, Path]:
    """``(relative, absolute)`` for ``raw`` under ``root``; symlinks are followed and must stay inside."""
    rel = clean_relative(raw)
    base = root.resolve()
    target = (base / rel).resolve()  # follows symlinks, dangling ones included
    if not target.is_relative_to(base) or target == base:
        raise UnsafePathError(raw, "it leads outside the project (through a symlink)")
    inner = target.relative_to(base).parts
    if any(p.casefold() == ".git" for p in inner):
        raise UnsafePathError(raw, "it leads into .git/ (through a symlink)")
    try:
        is_dir = target.is_dir()
    except OSError as exc:  # a name too long for the file system, and the like
        raise UnsafePathError(raw, f"it cannot be used here ({exc.strerror})") from None
    if is_dir:
        raise UnsafePathError(raw, "it is a directory")
    return rel, target
