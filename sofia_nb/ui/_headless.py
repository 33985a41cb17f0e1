"""Is anyone there to click? Kernels cannot tell, so runs without a person say so in the environment."""

from __future__ import annotations

import os

HEADLESS_ENV = "SOFIA_NB_HEADLESS"


def headless() -> bool:
    """True when ``SOFIA_NB_HEADLESS=1`` (nbval, ``make notebooks``, CI): notebooks then skip every wait."""
    return os.environ.get(HEADLESS_ENV, "").strip().lower() in ("1", "true", "yes")
