"""Run the demo's offline web-search MCP server on stdio.

``python -m sofia_nb.workshop.demo_servers.search_server`` (the tool is defined in ``_search.py``).
"""

from __future__ import annotations

from ...protocol import run_stdio
from ._search import build_server


def main() -> None:
    run_stdio(build_server())


if __name__ == "__main__":
    main()
