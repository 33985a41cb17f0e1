"""sofia_nb: guide an AI discovery workshop in Jupyter and turn its plan into a tested proof of concept."""

from typing import Any

from ._version import __version__

__all__ = ["__version__", "load_ipython_extension"]


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext sofia_nb``: registers the ``%%sofia`` cell magic (needs the ``ui`` extra)."""
    from .ui._magics import load_ipython_extension as load

    load(ipython)
