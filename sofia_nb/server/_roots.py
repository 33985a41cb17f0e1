"""The folders the server's file tools may read: ``--root`` folders narrowed to the client's roots."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse


def uri_to_path(uri: str) -> Path | None:
    """A ``file://`` URI as a real path; None for any other scheme or a malformed URI."""
    parsed = urlparse(uri)
    if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
        return None
    path = unquote(parsed.path)
    return Path(path).resolve() if os.path.isabs(path) else None


def narrow(configured: Iterable[Path], offered: Iterable[Path]) -> list[Path]:
    """Where a configured root and an offered root overlap: the deeper of the two, once each."""
    kept: dict[Path, None] = {}
    for mine in configured:
        for theirs in offered:
            if theirs == mine or theirs.is_relative_to(mine):
                kept.setdefault(theirs, None)
            elif mine.is_relative_to(theirs):
                kept.setdefault(mine, None)
    return list(kept)


def offered_roots(result: Any) -> list[Path]:
    """The file roots of a ``roots/list`` result; anything unreadable is left out."""
    roots = result.get("roots") if isinstance(result, dict) else None
    found = []
    for root in roots if isinstance(roots, list) else []:
        uri = root.get("uri") if isinstance(root, dict) else None
        path = uri_to_path(uri) if isinstance(uri, str) else None
        if path is not None:
            found.append(path)
    return found
