"""The ``sofia-nb`` command line. Only this package and ``ui`` talk to people.

``main`` loads the command line itself only when it runs, so a Ctrl+C while it loads (a second or
more on a busy machine) ends the command quietly with 130, as a shell command does, instead of a
Python traceback.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``sofia-nb`` with ``argv`` (default ``sys.argv[1:]``); returns the exit code."""
    try:
        from ._app import main as run
    except KeyboardInterrupt:
        return 130
    return run(argv)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; given ``argv``, only the commands it needs are imported (all for help and errors)."""
    from ._app import build_parser as build

    return build(argv)


__all__ = ["build_parser", "main"]
