"""Schema migrations: each entry upgrades a raw session dict from one version to the next."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._models import SCHEMA_VERSION

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 adds ``business_context.company_name`` and ``human_value_score``; a numeric
    ``human_value`` written by hand into a version-1 file becomes the score."""
    for evaluation in (data.get("evaluation") or {}).get("ideas") or []:
        value = evaluation.get("human_value")
        if isinstance(value, int | float) and not isinstance(value, bool):
            evaluation["human_value_score"] = float(value)
            evaluation["human_value"] = ""
    return data


# version N -> function turning an N document into an N+1 document.
MIGRATIONS: dict[int, Migration] = {1: _v1_to_v2}


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Upgrade ``data`` step by step to ``SCHEMA_VERSION``; documents already current pass through."""
    version = int(data.get("schema_version", 1))
    while version < SCHEMA_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
        data["schema_version"] = version
    return data
