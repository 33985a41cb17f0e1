"""Which files a ``code`` call reads: paths, folders and globs expanded inside the allowed roots."""

from __future__ import annotations

import glob
import re
from pathlib import Path

from ..._support.errors import ContextError
from ..._support.langs import BY_SUFFIX, Language, language_for
from ..._support.roots import resolve_path
from ..._support.walk import walk_files
from ._models import CodeInput

MAX_FILES = 250


def _is_binary(path: Path) -> bool:
    """A NUL byte in the first 8 KiB, as git and grep decide: such a file is no source, whatever its name."""
    try:
        with path.open("rb") as handle:
            return b"\0" in handle.read(8192)
    except OSError:
        return False


_TEST_PARTS = frozenset({"test", "tests", "__tests__", "spec", "specs", "testdata", "fixtures", "e2e"})
_TEST_NAME = re.compile(r"(^test_|_test\.|\.(test|spec)\.|Test\.php$|^conftest\.py$)")
_AFTER_NAME = re.compile(r"(\.min\.|\.bundle\.|\.generated\.|_pb2\.|\.pb\.go$|\.d\.ts$)")


def rank(path: Path, folder: Path) -> tuple[int, int, str]:
    """Where a file of a folder comes in a ``code DIR`` answer: sources first (shallow ones first),
    then tests, then generated, minified and declaration files; a budget that runs out cuts the
    least useful files, and the answer names them."""
    parts = path.relative_to(folder).parts
    if _AFTER_NAME.search(path.name):
        group = 2
    elif _TEST_PARTS.intersection(p.lower() for p in parts[:-1]) or _TEST_NAME.search(path.name):
        group = 1
    else:
        group = 0
    return group, len(parts), str(path)


def expand(inputs: list[str]) -> list[Path]:
    """Inputs to absolute, real files: folders walked, globs expanded, order kept, duplicates dropped."""
    supported = frozenset(BY_SUFFIX)
    found: dict[Path, None] = {}
    for item in inputs:
        path = resolve_path(item)
        if path.is_dir():
            matched = sorted(
                (f for f in walk_files(path, exts=supported) if not _is_binary(f)),
                key=lambda f: rank(f, path),
            )
            if not matched:
                raise ContextError(
                    f"{item}: no supported source files ({', '.join(sorted(supported))}) in this folder"
                )
        elif path.exists():
            if not path.is_file():  # opening a FIFO would wait for a writer that never comes
                raise ContextError(f"{item}: not a regular file (a FIFO, socket or device), not source code")
            if _is_binary(path):
                raise ContextError(f"{item}: a binary file (it holds NUL bytes), not source code")
            matched = [path]
        elif glob.has_magic(item):
            base = resolve_path(None)
            matched = []
            for hit in sorted(glob.glob(item, root_dir=base, recursive=True)):
                if (base / hit).is_symlink():  # as folder walks do: a link may lead out of the roots
                    continue
                real = resolve_path(base / hit)
                matched.extend(
                    f
                    for f in (
                        walk_files(real, exts=supported)
                        if real.is_dir()
                        else [real]
                        if real.suffix.lower() in supported and real.is_file()
                        else []
                    )
                    if not _is_binary(f)
                )
            if not matched:
                raise ContextError(f"{item}: the pattern matched no supported source files")
        else:
            raise ContextError(f"{item}: no such file or folder")
        for file in matched:
            found.setdefault(file, None)
            if len(found) > MAX_FILES:
                raise ContextError(
                    f"more than {MAX_FILES} files matched - too many for one call; "
                    "narrow the paths or ask for fewer folders"
                )
    return list(found)


def language_of(path: Path) -> Language:
    language = language_for(path)
    if language is None:
        raise ContextError(
            f"{path.name}: code reads Python, Go, TypeScript/JavaScript, Vue and PHP files "
            f"({', '.join(sorted(BY_SUFFIX))})"
        )
    return language


def one_file(request: CodeInput, what: str) -> list[Path]:
    if len(request.files) != 1:
        raise ContextError(f"{what} needs exactly one file in `files`")
    path = resolve_path(request.files[0])
    if path.exists() and not path.is_dir() and not path.is_file():
        raise ContextError(
            f"{request.files[0]}: not a regular file (a FIFO, socket or device), not source code"
        )
    if not path.is_file():
        raise ContextError(f"{request.files[0]}: {what} needs one existing file")
    if _is_binary(path):
        raise ContextError(f"{request.files[0]}: a binary file (it holds NUL bytes), not source code")
    return [path]
