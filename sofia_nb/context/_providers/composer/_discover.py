"""Finding the composer packages of a tree, and the facts each tool reports about one."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..._support.errors import ContextError
from ..._support.exec import git_argv, git_env, run_command
from ..._support.roots import resolve_path

# Dependencies and hidden folders (.git, .venv, .idea) are skipped; not the wider code ignore list,
# since a package may well live under `build/` or `dist/`.
_SKIP_DIRS = frozenset({"vendor", "node_modules"})
_PHPSTAN_LEVEL = re.compile(r"(?m)^\s*level:\s*(\w+)")
GIT_TAG_TIMEOUT_S = 3.0


@dataclass(frozen=True)
class Package:
    """One ``composer.json`` found under a root."""

    name: str
    dir: str  # relative to the root, "/"-separated, "." for the root itself
    path: Path
    data: dict[str, Any]

    @property
    def scripts(self) -> dict[str, Any]:
        scripts = self.data.get("scripts")
        return scripts if isinstance(scripts, dict) else {}

    def requires(self, key: str) -> dict[str, str]:
        found = self.data.get(key)
        return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}

    @property
    def namespaces(self) -> list[str]:
        autoload = self.data.get("autoload")
        psr4 = autoload.get("psr-4") if isinstance(autoload, dict) else None
        return sorted(psr4) if isinstance(psr4, dict) else []

    @property
    def php(self) -> str:
        return self.requires("require").get("php", "")

    @property
    def type(self) -> str:
        return str(self.data.get("type") or "library")

    @property
    def phpstan_level(self) -> str:
        for name in ("phpstan.neon", "phpstan.neon.dist"):
            if not (self.path / name).is_file():  # absent, or a FIFO that would block the read
                continue
            try:
                match = _PHPSTAN_LEVEL.search(
                    (self.path / name).read_text(encoding="utf-8", errors="replace")
                )
            except OSError:
                continue
            if match:
                return match.group(1)
        return ""

    def matches(self, target: str) -> bool:
        """An exact composer name, a ``vendor/``-less suffix, or the folder's name."""
        return self.name == target or self.name.endswith("/" + target) or self.path.name == target


def root_dir(root: str) -> Path:
    """The scan root (default: the first allowed root, else the cwd), inside the allowed roots."""
    path = resolve_path(root or None)
    if not path.is_dir():
        raise ContextError(f"root {root or path} is not a directory")
    return path


def read_package(folder: Path, root: Path) -> Package | None:
    """The package in ``folder``, or None when its composer.json is missing or not a JSON object."""
    if not (folder / "composer.json").is_file():  # missing, or a FIFO that would block the read
        return None
    try:
        data = json.loads((folder / "composer.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    rel = folder.relative_to(root).as_posix() if folder != root else "."
    return Package(name=str(data.get("name") or ""), dir=rel, path=folder, data=data)


def collect(root: Path) -> tuple[list[Package], list[str]]:
    """Every package under ``root`` sorted by (name, dir), and the dirs whose composer.json is invalid."""
    packages, invalid = [], []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(
            d
            for d in dirs
            if d not in _SKIP_DIRS and not d.startswith(".") and not Path(folder, d).is_symlink()
        )
        if "composer.json" in files:
            package = read_package(Path(folder), root)
            if package is None:
                invalid.append(Path(folder).relative_to(root).as_posix() if Path(folder) != root else ".")
            else:
                packages.append(package)
    return sorted(packages, key=lambda p: (p.name, p.dir)), invalid


def find_package(target: str, root: Path) -> Package:
    """A package by path (to its folder or composer.json), then exact name, name suffix, folder name."""
    if not target:
        raise ContextError("package name or path required")
    candidate = resolve_path(target if Path(target).is_absolute() else str(root / target))
    folder = candidate.parent if candidate.name == "composer.json" else candidate
    if (folder / "composer.json").is_file():
        package = read_package(folder, root if folder.is_relative_to(root) else folder)
        if package is not None:
            return package
    packages, _ = collect(root)
    for test in (
        lambda p: p.name == target,
        lambda p: p.name.endswith("/" + target),
        lambda p: p.path.name == target,
    ):
        found = next((p for p in packages if test(p)), None)
        if found is not None:
            return found
    raise ContextError(f"no package matching {target!r} under {root}")


def latest_tag(folder: Path) -> str:
    """``git describe --tags --abbrev=0`` in ``folder``; "" when there is no tag or no git."""
    result = run_command(
        git_argv(folder, "describe", "--tags", "--abbrev=0"), timeout=GIT_TAG_TIMEOUT_S, env=git_env()
    )
    return result.stdout.strip() if result.ok else ""
