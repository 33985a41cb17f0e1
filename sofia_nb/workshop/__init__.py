"""The workshop: phases as data, the engine, extraction, context summary, cards, tools and enrichment."""

from ._cards import Card, CardCategory, Deck, DeckError, load_deck, render_card_list, search_cards
from ._company import company_name
from ._context import prior_context
from ._engine import GO_BACK_TOOL, Advanced, PhaseOutcome, SyncWorkshop, Workshop
from ._enrich import DiscoveryEnricher, EnrichmentConfig
from ._extract import all_valid, first_valid, json_values
from ._facade import WorkshopOptions, WorkshopRun, open_workshop, session_summary
from ._inputs import InputsError, WorkshopInputs, run_inputs
from ._navigation import NavigationError
from ._patch import Rejection, preview_block
from ._phases import CONVERSATION_PHASES, PHASES, PhaseSpec, load_prompt, spec_for
from ._reply import ReplyPart, prose_only, reply_parts, streaming_prose
from ._schemas import (
    SCALE,
    DesignOutput,
    DiscoverOutput,
    IdeateOutput,
    PhaseOutput,
    PlanOutput,
    SelectOutput,
)
from ._setup import WORKIQ_DEFAULT, WorkshopSettings, build_workshop, cards_section
from ._tools import BuiltinTool, ToolHost, ToolRef, WorkshopTools, cards_search_tool, web_search_tool

__all__ = [
    "CONVERSATION_PHASES",
    "GO_BACK_TOOL",
    "PHASES",
    "SCALE",
    "WORKIQ_DEFAULT",
    "Advanced",
    "BuiltinTool",
    "Card",
    "CardCategory",
    "Deck",
    "DeckError",
    "DesignOutput",
    "DiscoverOutput",
    "DiscoveryEnricher",
    "EnrichmentConfig",
    "IdeateOutput",
    "InputsError",
    "NavigationError",
    "PhaseOutcome",
    "PhaseOutput",
    "PhaseSpec",
    "PlanOutput",
    "Rejection",
    "ReplyPart",
    "SelectOutput",
    "SyncWorkshop",
    "ToolHost",
    "ToolRef",
    "Workshop",
    "WorkshopInputs",
    "WorkshopOptions",
    "WorkshopRun",
    "WorkshopSettings",
    "WorkshopTools",
    "all_valid",
    "build_workshop",
    "cards_search_tool",
    "cards_section",
    "company_name",
    "first_valid",
    "json_values",
    "load_deck",
    "load_prompt",
    "open_workshop",
    "preview_block",
    "prior_context",
    "prose_only",
    "render_card_list",
    "reply_parts",
    "run_inputs",
    "search_cards",
    "session_summary",
    "spec_for",
    "streaming_prose",
    "web_search_tool",
]
