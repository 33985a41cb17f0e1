"""sofia_nb: guide an AI discovery workshop in Jupyter and turn its plan into a tested proof of concept."""

from ._version import __version__

__all__ = ["__version__"]
