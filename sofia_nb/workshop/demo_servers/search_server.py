"""Run the demo's offline web-search MCP server on stdio.

``python -m sofia_nb.workshop.demo_servers.search_server`` (the tool is defined in ``_search.py``).
"""

from __future__ import annotations

from ._search import build_server


def main() -> None:
    build_server().serve()


if __name__ == "__main__":
    main()
