"""Which folders the file tools may read: none enforced by default, the server's roots while it serves.

Every path a tool takes goes through :func:`resolve_path`: symlinks and ``..`` are resolved first,
then the real path must sit inside one of the allowed roots.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from pathlib import Path

from .errors import ContextError

# A context variable, not a global: asyncio tasks and ``to_thread`` workers each see their caller's roots.
_ALLOWED: ContextVar[tuple[Path, ...] | None] = ContextVar("sofia_context_roots", default=None)


class ResolvedRoots(tuple[Path, ...]):
    """Roots made real once (:func:`resolve_roots`), which :func:`allowed_roots` takes as they are.

    A server resolves its roots when it learns them, not on every call: resolving costs a system
    call per path component of each root, a tenth of a warm ``grep`` call with five roots. And a
    root swapped for a symlink after that still confines the tools to the folder it named.
    """


def resolve_roots(roots: Iterable[str | os.PathLike[str]]) -> ResolvedRoots:
    """``roots`` with symlinks and ``..`` resolved, once, for many :func:`allowed_roots` blocks."""
    return ResolvedRoots(Path(r).resolve() for r in roots)


@contextlib.contextmanager
def allowed_roots(roots: Iterable[str | os.PathLike[str]]) -> Iterator[tuple[Path, ...]]:
    """Restrict :func:`resolve_path` to ``roots`` (resolved, unless they are :class:`ResolvedRoots`)
    for the duration of the block."""
    resolved = roots if isinstance(roots, ResolvedRoots) else resolve_roots(roots)
    token = _ALLOWED.set(resolved)
    try:
        yield resolved
    finally:
        _ALLOWED.reset(token)


def current_roots() -> tuple[Path, ...] | None:
    """The roots in force, or None when any path may be read (the CLI)."""
    return _ALLOWED.get()


def is_allowed(real: Path) -> bool:
    """True when the already-resolved ``real`` path sits inside an allowed root (or none are set)."""
    roots = _ALLOWED.get()
    if roots is None:
        return True
    # As strings: ``PurePath.is_relative_to`` builds a path per root, a few microseconds each.
    text = str(real)
    return any(text == str(r) or text.startswith(os.path.join(str(r), "")) for r in roots)


def resolve_path(path: str | os.PathLike[str] | None) -> Path:
    """``path`` made absolute and real; relative paths start at the first root (or the cwd).

    Raises ContextError when the real path is outside the allowed roots.
    """
    roots = _ALLOWED.get()
    base = roots[0] if roots else Path.cwd()
    candidate = Path(os.path.expanduser(os.fspath(path))) if path not in (None, "") else base
    real = (candidate if candidate.is_absolute() else base / candidate).resolve()
    if not is_allowed(real):
        shown = ", ".join(str(r) for r in roots or ())
        raise ContextError(f"{path} resolves to {real}, outside the allowed roots ({shown})")
    return real


def resolve_folder(path: str) -> Path:
    """:func:`resolve_path` for a tool's ``root``: ContextError unless it is a folder."""
    real = _kernel_real_folder(path)
    if real is not None and is_allowed(real):
        return real
    real = resolve_path(path)  # the slow path names what is wrong: outside the roots, missing, a file
    if not real.is_dir():
        raise ContextError(f"{path}: not a folder")
    return real


def _kernel_real_folder(path: str) -> Path | None:
    """The real path of the folder ``path`` (relative to the first root) as the kernel resolved it
    when opening it, or ``None`` when that cannot be had (not a folder, no ``/proc``, not Linux).

    Every ``grep`` call resolves its ``root``: :meth:`Path.resolve` costs a system call and some
    Python per path component, a third of a warm call's fixed cost on a small tree; one ``open``
    with ``O_PATH`` and a ``readlink`` of its ``/proc/self/fd`` entry cost three system calls."""
    flags = getattr(os, "O_PATH", 0)
    if not flags:
        return None
    roots = _ALLOWED.get()
    base = str(roots[0]) if roots else os.getcwd()
    candidate = os.path.join(base, os.path.expanduser(path or "."))  # an absolute path stays as it is
    try:
        fd = os.open(candidate, flags | os.O_DIRECTORY | os.O_CLOEXEC)
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return None
    try:
        real = os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return None
    finally:
        os.close(fd)
    # Not a path this process can reach ("(unreachable)/…", a folder removed meanwhile): the slow path.
    if not real.startswith("/") or real.endswith(" (deleted)"):
        return None
    return Path(real)
