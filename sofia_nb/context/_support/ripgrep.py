"""ripgrep as the engine that finds the lines that hold a match, in one walk for every pattern.

``rg`` (the ``ripgrep`` wheel of the ``context`` extra) is looked for next to ``sys.executable``
first, then on ``PATH``. It walks the tree the way :func:`.walk.walk_paths` does: no ignore files,
hidden files included, symlinks not followed, the same folder names skipped; it runs with the
root as its working folder and no path argument, so it never reads outside the root. ``-F``,
``-w``, ``-i`` and several ``-e`` patterns are rg's own; it only selects lines (Rust regex syntax):
the hits on them, their columns and their counts per pattern are worked out by Python ``re`` on
those lines alone, so both engines agree on what a hit is.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO


@dataclass(frozen=True)
class RgQuery:
    """The patterns as the user gave them, with the flags rg needs (the same for every pattern)."""

    patterns: tuple[str, ...]
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


class Rejected(Exception):
    """rg could not compile a pattern (a look-around, a backreference): search with Python ``re``."""


def _command(
    rg: str, query: RgQuery, ignore_dirs: Iterable[str], exts: Iterable[str], ordered: bool
) -> list[str]:
    # Binary files are rg's to skip: it stops reading a file at its first NUL byte (the Python scan
    # looks at the first 8000 bytes), which spares reading every shared library in a venv.
    cmd = [rg, "--no-config", "--no-ignore", "--hidden", "--no-messages", "--no-unicode"]
    cmd += ["--with-filename", "--null", "--line-number", "--no-heading", "--color=never"]
    if ordered:  # one thread, in path order: a caller that has enough stops the walk
        cmd.append("--sort=path")
    if not query.regex:
        cmd.append("--fixed-strings")
    if query.word and not query.regex:
        cmd.append("--word-regexp")
    if not query.case:
        cmd.append("--ignore-case")
    # Later globs win: the extensions first, then the skipped folders (a trailing / = folders only).
    cmd += [f"--iglob=*{e}" for e in sorted(exts)]
    cmd += [f"--glob=!{d.strip('/')}/" for d in sorted(ignore_dirs) if d.strip("/")]
    for pattern in query.patterns:
        cmd += ["--regexp", pattern]
    return cmd


def matching_files(
    rg: str, root: Path, query: RgQuery, ignore_dirs: Iterable[str], exts: Iterable[str], *, ordered: bool
) -> Generator[tuple[str, list[tuple[int, bytes]]], None, None]:
    """Each file with a line that matches any pattern: its path relative to ``root`` (``/``
    separators) and those lines, ``(1-based number, text without its line ending)``.

    In path order (component by component, as :func:`path_key` sorts) when ``ordered``, else in
    rg's order (it runs in parallel). Closing the iterator stops rg: a caller that has enough hits
    does not pay for the rest of the walk. :class:`Rejected` when rg cannot compile a pattern.
    """
    proc = subprocess.Popen(
        _command(rg, query, ignore_dirs, exts, ordered),
        cwd=root,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert proc.stdout is not None
    found = False
    try:
        # rg prints a file's lines together, so a file is done when the next one starts.
        current = b""
        lines: list[tuple[int, bytes]] = []
        for name, number, text in _records(proc.stdout):
            if name != current:
                if lines:
                    yield os.fsdecode(current).replace(os.sep, "/"), lines
                current, lines = name, []
            lines.append((number, text))
            found = True
        if lines:
            yield os.fsdecode(current).replace(os.sep, "/"), lines
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        code = proc.wait()
    # 0 = hits, 1 = none, 2 = an error: with --no-messages and no output, a pattern rg cannot compile.
    if code == 2 and not found:
        raise Rejected


_READ = 256 * 1024


def _records(stream: IO[bytes]) -> Iterator[tuple[bytes, int, bytes]]:
    """``(path, line number, text)`` from rg's ``path NUL number : text LF`` records.

    The path is read up to its NUL, not up to a line end: a file name may hold a newline (which
    would split a record read line by line), never a NUL; a matched line never holds a newline.
    """
    buffer = b""
    start = 0
    while chunk := stream.read1(_READ) if hasattr(stream, "read1") else stream.read(_READ):
        buffer = buffer[start:] + chunk
        start = 0
        while True:
            nul = buffer.find(b"\0", start)
            if nul < 0:
                break
            colon = buffer.find(b":", nul)
            end = buffer.find(b"\n", colon) if colon >= 0 else -1
            if end < 0:
                break
            yield buffer[start:nul], int(buffer[nul + 1 : colon]), buffer[colon + 1 : end].rstrip(b"\r")
            start = end + 1


def path_key(rel: str) -> list[str]:
    """The order of ``rg --sort=path``: folder by folder (``a/z`` before ``a-b/c``)."""
    return rel.split("/")
