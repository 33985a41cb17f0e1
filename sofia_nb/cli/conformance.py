"""The client for the official MCP conformance suite: ``python -m sofia_nb.cli.conformance URL``.

The suite appends the test server's URL and names the scenario in ``MCP_CONFORMANCE_SCENARIO``;
``sofia_nb.mcp.conformance.run`` does the work. Exit code 0 when every step worked, 1 otherwise (the
reason on stderr; stdout stays empty), 2 for a wrong command line.
"""

from __future__ import annotations

import asyncio
import os
import sys

from ..mcp import McpError
from ..mcp.conformance import run
from ._output import Output


def main(argv: list[str] | None = None) -> int:
    """Run the scenario against ``SERVER_URL``; the exit code says how it went."""
    args = sys.argv[1:] if argv is None else argv
    out = Output(json_mode=False)  # the server's words reach a terminal as text (docs/security.md)
    if len(args) != 1:
        out.info("usage: python -m sofia_nb.cli.conformance SERVER_URL")
        return 2
    try:
        asyncio.run(run(args[0], os.environ.get("MCP_CONFORMANCE_SCENARIO", "")))
    except McpError as exc:
        out.info(f"conformance client: {exc.kind}: {exc}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
