"""The ``sofia-nb`` command line. Only this package and ``ui`` talk to people."""

from ._app import build_parser, main

__all__ = ["build_parser", "main"]
