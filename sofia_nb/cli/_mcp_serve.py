"""``sofia-nb mcp serve [--root DIR ...]``: the stdio MCP server with the context tools.

The ``mcp`` command group lives in ``_mcp.py``; it calls :func:`add_serve_parser` to add this one.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from . import _exit
from ._context import CliContext


def add_serve_parser(mcp_sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    """Add ``serve`` to the ``mcp`` group's subcommands."""
    p = mcp_sub.add_parser(
        "serve",
        parents=[common],
        help="serve the context tools over MCP on stdio",
        description="A stdio MCP server with the read-only context tools (code, grep, refs, changed, cc_*, "
        "workshop_*, ...). stdout carries only the protocol; logs go to stderr.",
    )
    p.add_argument(
        "--root",
        action="append",
        default=[],
        metavar="DIR",
        help="a folder the file tools may read (repeatable; default: the working directory); "
        "narrowed to the roots the client offers, if it offers some",
    )
    p.set_defaults(handler=run)


def run(ctx: CliContext) -> int:
    from ..server import serve_context_tools  # the server's imports are only paid by the command that serves

    roots = [Path(r).expanduser().resolve() for r in ctx.args.root] or [Path.cwd().resolve()]
    missing = [str(r) for r in roots if not r.is_dir()]
    if missing:
        raise _exit.UsageError(f"--root must name existing folders: {', '.join(missing)}")
    serve_context_tools(roots)
    return _exit.OK
