"""The bundled demo workshop: a scripted model and the facilitator's inputs for Valdora Fresh
Distribution (a fictional company), run against the offline search server in ``demo_servers``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from ...mcp import McpConfig, ServerConfig
from .._enrich import EnrichmentConfig
from .._tools import ToolRef
from ..demo_servers import DEMO_SEARCH_SERVER, TOOL_NAME, search_server_entry

DEMO_COMPANY = "Valdora Fresh"
DEMO_CONSENT = f"allow:{DEMO_SEARCH_SERVER}/*"
"""The demo's consent policy: its own offline servers are allow-listed, everything else is denied."""


def _data(name: str) -> Path:
    return Path(str(resources.files(__package__).joinpath(name)))


def demo_script() -> Path:
    """The scripted model file (architecture.md §4.3)."""
    return _data("script.yaml")


def demo_inputs() -> Path:
    """The facilitator inputs file (architecture.md §4.3a)."""
    return _data("inputs.yaml")


def demo_mcp_config(call_log: Path | None = None) -> McpConfig:
    """Only the offline search server, started with this interpreter (works from any folder)."""
    return McpConfig(servers={DEMO_SEARCH_SERVER: ServerConfig.model_validate(search_server_entry(call_log))})


def demo_enrichment() -> EnrichmentConfig:
    return EnrichmentConfig(
        web_search=ToolRef(server=DEMO_SEARCH_SERVER, tool=TOOL_NAME), company=DEMO_COMPANY
    )


__all__ = ["DEMO_COMPANY", "DEMO_CONSENT", "demo_enrichment", "demo_inputs", "demo_mcp_config", "demo_script"]
