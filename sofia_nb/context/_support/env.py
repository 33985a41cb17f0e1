"""Settings read from environment variables."""

from __future__ import annotations

import os
from typing import TypeVar

_Number = TypeVar("_Number", int, float)


def env_number(name: str, default: _Number) -> _Number:
    """``$name`` as a number of ``default``'s type, when it is one and not negative; else ``default``.

    A bad value falls back rather than failing: these tune a tool, and a typo must not break it.
    """
    try:
        value = type(default)(os.environ.get(name, default))
    except ValueError:
        return default
    return value if value >= 0 else default
