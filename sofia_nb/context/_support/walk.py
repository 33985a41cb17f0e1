"""Walking a source tree the way every context tool does: ignored folder names, no symlinks, sorted."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

DEFAULT_IGNORE_DIRS: frozenset[str] = frozenset(
    {
        "vendor",
        "node_modules",
        "var",
        ".git",
        ".idea",
        ".vscode",
        ".svn",
        ".hg",
        "dist",
        "build",
        "coverage",
        "target",
        "__pycache__",
        ".venv",
        ".mypy_cache",
        ".ruff_cache",
        ".pytest_cache",
        ".tox",
    }
)


def normalize_exts(exts: Iterable[str]) -> frozenset[str]:
    """``["py", ".TS"]`` -> ``{".py", ".ts"}``; empty means every extension."""
    return frozenset("." + e.lower().lstrip(".") for e in exts if e.strip("."))


def walk_paths(
    root: str, ignore_dirs: Iterable[str] = (), exts: frozenset[str] = frozenset()
) -> Iterator[str]:
    """Regular files under ``root`` in sorted order, as strings, skipping ignored folder names and symlinks.

    Symlinks are skipped, not followed: a link inside a root may point anywhere, and the roots
    are what the tools promise to stay inside. Strings, not ``Path`` objects: building a ``Path``
    per file costs more than reading most files.
    """
    # Folder names, so "middleware/" means "middleware": a trailing separator is how people write folders.
    ignored = DEFAULT_IGNORE_DIRS | frozenset(d.rstrip("/\\") for d in ignore_dirs)
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            continue
        subdirs = []
        for entry in entries:
            if entry.is_symlink():
                continue
            if entry.is_dir(follow_symlinks=False):
                if entry.name not in ignored:
                    subdirs.append(entry.path)
            elif exts and os.path.splitext(entry.name)[1].lower() not in exts:
                continue
            elif entry.is_file(follow_symlinks=False):
                yield entry.path
        stack.extend(reversed(subdirs))


def walk_files(
    root: Path, ignore_dirs: Iterable[str] = (), exts: frozenset[str] = frozenset()
) -> Iterator[Path]:
    """:func:`walk_paths` as ``Path`` objects."""
    return map(Path, walk_paths(str(root), ignore_dirs, exts))
