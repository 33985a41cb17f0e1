"""Wiring a workshop together: consent broker, the model's tools, enrichment and the cards section."""

from __future__ import annotations

from collections.abc import Sequence

from ..consent import DEFAULT_DEADLINE_S, ConsentBroker, ConsentProvider, PolicyConsent
from ..events import EventBus
from ..llm import LLMClient
from ..session import SessionStore, WorkshopSession
from ._cards import Deck, render_card_list
from ._engine import Workshop
from ._enrich import DiscoveryEnricher, EnrichmentConfig
from ._tools import ToolHost, WorkshopTools, cards_search_tool, web_search_tool


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
    deck: Deck | None = None,
) -> Workshop:
    """A workshop whose model can use the cards, web search and the tools of ``tool_servers``.

    ``host`` is the run's one ``McpManager``: the model's calls and the enrichment's calls go
    through it, so every server runs once. Without ``consent`` every question is denied.
    """
    session = session or WorkshopSession()
    bus = bus or EventBus()
    enrichment = enrichment or EnrichmentConfig()
    broker = ConsentBroker(
        consent or PolicyConsent("deny"), bus=bus, session=session, deadline_s=consent_deadline_s
    )
    builtins = [cards_search_tool(deck)]
    if host is not None and enrichment.web_search is not None:
        builtins.append(web_search_tool(host, enrichment.web_search, enrichment.query_argument))
    tools = WorkshopTools(
        session,
        consent=broker,
        host=host,
        servers=tool_servers,
        builtins=builtins,
        bus=bus,
        max_rounds=max_tool_rounds,
    )
    return Workshop(
        session,
        llm,
        store=store,
        bus=bus,
        consent=broker,
        chat=tools,
        enricher=DiscoveryEnricher(host, broker, enrichment, bus=bus),
        ideate_context=cards_section(deck),
    )
