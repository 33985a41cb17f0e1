"""Schema migrations: each entry upgrades a raw session dict from one version to the next."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._models import SCHEMA_VERSION

Migration = Callable[[dict[str, Any]], dict[str, Any]]

# version N -> function turning an N document into an N+1 document. Empty while the schema is at 1.
MIGRATIONS: dict[int, Migration] = {}


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Upgrade ``data`` step by step to ``SCHEMA_VERSION``; documents already current pass through."""
    version = int(data.get("schema_version", 1))
    while version < SCHEMA_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
        data["schema_version"] = version
    return data
