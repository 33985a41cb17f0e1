"""Wiring a workshop together: consent broker, the model's tools, enrichment and the cards section."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from ..consent import DEFAULT_DEADLINE_S, ConsentBroker, ConsentedTools, ConsentProvider, PolicyConsent
from ..events import EventBus
from ..llm import TOOL_RESULT_CHARS, LLMClient
from ..protocol import ToolHost
from ..session import SessionStore, WorkshopSession
from ._cards import Deck, render_card_list
from ._engine import Workshop
from ._enrich import DiscoveryEnricher, EnrichmentConfig
from ._tools import MAX_TOOLS_PER_SERVER, ToolRef, WorkshopTools, cards_search_tool, web_search_tool

WORKIQ_DEFAULT = "workiq/ask_work_iq"
"""WorkIQ's question tool (``npx -y @microsoft/workiq mcp``), used when a server is named ``workiq``."""


def cards_section(deck: Deck | None = None) -> str:
    """The compact deck listing the Ideate prompt carries (the search tool gives the details)."""
    return (
        "## The AI envisioning cards\n"
        "Search them with `builtin__search_cards`; every line is `id: title [category]`.\n\n"
        + render_card_list(deck=deck)
    )


def build_workshop(
    llm: LLMClient,
    session: WorkshopSession | None = None,
    *,
    store: SessionStore | None = None,
    bus: EventBus | None = None,
    consent: ConsentProvider | None = None,
    consent_deadline_s: float = DEFAULT_DEADLINE_S,
    host: ToolHost | None = None,
    tool_servers: Sequence[str] = (),
    enrichment: EnrichmentConfig | None = None,
    max_tool_rounds: int = 8,
    max_tools_per_server: int = MAX_TOOLS_PER_SERVER,
    tool_result_chars: int = TOOL_RESULT_CHARS,
    deck: Deck | None = None,
) -> Workshop:
    """A workshop whose model can use the cards, web search and the tools of ``tool_servers``.

    ``host`` is the run's one ``McpManager``: the model's calls and the enrichment's calls go
    through it, so every server runs once. It stays here: the tools and the enrichment get it
    only gated (``ConsentedTools`` over the session's broker), so each of their calls is asked
    for with its arguments. Without ``consent`` every question is denied.
    """
    session = session or WorkshopSession()
    bus = bus or EventBus()
    enrichment = enrichment or EnrichmentConfig()
    broker = ConsentBroker(
        consent or PolicyConsent("deny"), bus=bus, session=session, deadline_s=consent_deadline_s
    )
    gated = ConsentedTools(host, broker) if host is not None else None
    builtins = [cards_search_tool(deck)]
    if gated is not None and enrichment.web_search is not None:
        builtins.append(web_search_tool(gated, enrichment.web_search, enrichment.query_argument))
    tools = WorkshopTools(
        session,
        tools=gated,
        servers=tool_servers,
        builtins=builtins,
        bus=bus,
        max_rounds=max_tool_rounds,
        max_tools_per_server=max_tools_per_server,
        tool_result_chars=tool_result_chars,
    )
    return Workshop(
        session,
        llm,
        store=store,
        bus=bus,
        consent=broker,
        chat=tools,
        enricher=DiscoveryEnricher(gated, enrichment, bus=bus),
        ideate_context=cards_section(deck),
    )


class WorkshopSettings(BaseModel):
    """The ``[workshop]`` table of ``config.toml``: the enrichment backends and the model's MCP servers.

    ``web_search`` and ``workiq`` name a tool as ``server/tool`` on a configured MCP server;
    ``tool_servers`` lists the servers whose tools the model may call (consent still applies).
    """

    model_config = ConfigDict(extra="forbid")

    web_search: str | None = None
    workiq: str | None = None
    tool_servers: list[str] = Field(default_factory=list)
    company: str | None = None
    workiq_deadline_s: float = Field(default=10.0, gt=0)
    """One deadline, in seconds, for all of WorkIQ's questions (asked at once)."""
    max_tools_per_server: int = Field(default=MAX_TOOLS_PER_SERVER, ge=1)
    """Tools of one server offered to the model; the rest are named in a warning."""
    tool_result_chars: int = Field(default=TOOL_RESULT_CHARS, ge=1_000)
    """The most of one tool result the model reads; the rest is cut, with a note."""

    def enrichment(self, servers: Sequence[str]) -> EnrichmentConfig:
        """The enrichment config; a server named ``workiq`` is used for WorkIQ unless told otherwise."""
        workiq = self.workiq or (WORKIQ_DEFAULT if WORKIQ_DEFAULT.split("/")[0] in servers else None)
        return EnrichmentConfig(
            web_search=ToolRef.parse(self.web_search) if self.web_search else None,
            workiq=ToolRef.parse(workiq) if workiq else None,
            company=self.company,
            workiq_deadline_s=self.workiq_deadline_s,
        )
