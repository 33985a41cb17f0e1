"""ripgrep as the engine that finds which files hit a pattern, and how often.

``rg`` (the ``ripgrep`` wheel of the ``context`` extra) is looked for next to ``sys.executable``
first, then on ``PATH``. It walks the tree the way :func:`._walk.walk_paths` does: no ignore files,
hidden files included, symlinks not followed, the same folder names skipped; it runs with the
root as its working folder and no path argument, so it never reads outside the root. Lines and
columns of the hits a caller keeps are worked out afterwards, in Python, on those files only.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class RgQuery:
    """One pattern as the user gave it, with the flags rg needs."""

    text: str
    regex: bool
    word: bool
    case: bool


@functools.cache
def rg_path() -> str | None:
    """The ``rg`` executable, or ``None``: beside this Python first (the wheel installs it there)."""
    beside = Path(sys.executable).with_name("rg.exe" if os.name == "nt" else "rg")
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    return shutil.which("rg")


def engine() -> str:
    """``"ripgrep <path>"`` or ``"python"``: what ``grep`` and ``refs`` search with."""
    path = rg_path()
    return f"ripgrep {path}" if path else "python"


def _command(rg: str, query: RgQuery, ignore_dirs: Iterable[str], exts: Iterable[str]) -> list[str]:
    cmd = [rg, "--no-config", "--no-ignore", "--hidden", "--no-messages", "--text"]
    cmd += ["--count-matches", "--with-filename", "--null", "--no-unicode"]
    if not query.regex:
        cmd.append("--fixed-strings")
    if query.word and not query.regex:
        cmd.append("--word-regexp")
    if not query.case:
        cmd.append("--ignore-case")
    # Later globs win: the extensions first, then the skipped folders (a trailing / = folders only).
    cmd += [f"--iglob=*{e}" for e in sorted(exts)]
    cmd += [f"--glob=!{d.strip('/')}/" for d in sorted(ignore_dirs) if d.strip("/")]
    return [*cmd, "--regexp", query.text]


def count_matches(
    rg: str, root: Path, queries: list[RgQuery], ignore_dirs: Iterable[str], exts: Iterable[str]
) -> list[dict[str, int]] | None:
    """Per query, hits by path relative to ``root``, counted by ``rg``; ``None`` when rg rejects a pattern.

    The queries run side by side, one rg each, so each count is its own pattern's.
    """
    ignore_dirs, exts = list(ignore_dirs), list(exts)
    procs = [
        subprocess.Popen(
            _command(rg, q, ignore_dirs, exts),
            cwd=root,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for q in queries
    ]
    results: list[dict[str, int]] = []
    rejected = False
    for proc in procs:
        out, _ = proc.communicate()
        # 0 = hits, 1 = none, 2 = an error: with --no-messages only a pattern rg cannot compile.
        if proc.returncode == 2 and not out:
            rejected = True
        results.append(_parse_counts(out))
    return None if rejected else results


def _parse_counts(out: bytes) -> dict[str, int]:
    counts: dict[str, int] = {}
    for line in out.splitlines():
        name, _, count = line.rpartition(b"\0")
        if name:
            rel = os.fsdecode(name).removeprefix("./").replace(os.sep, "/")
            counts[rel] = int(count)
    return counts
