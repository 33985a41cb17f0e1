"""The workshop: six phases with a customer team, driven by a model, recorded in a session.

Entry point for every face: ``run = await open_workshop(WorkshopOptions(...), consent=...)``
builds the model, the MCP manager, the consent broker, the enrichment and the model's tools; then
``run.workshop`` (``Workshop``: ``start_phase``, ``send``, ``advance``, ``choose_phase``,
``pause``) and ``await run.aclose()`` (or ``async with run:``). See docs/workshop.md.
"""

from ._cards import load_deck, render_card_list, search_cards
from ._engine import CONTINUE_TOOL, GO_BACK_TOOL, PhaseOutcome, SyncWorkshop, Workshop
from ._enrich import EnrichmentConfig
from ._facade import WorkshopOptions, WorkshopRun, open_workshop, session_summary
from ._inputs import WorkshopInputs, run_inputs
from ._navigation import NavigationError
from ._phases import CONVERSATION_PHASES, PHASES, BlockView, block_view
from ._reply import ReplyBlocks, ReplyPart, prose_only, reply_parts, streaming_prose
from ._setup import WorkshopSettings, build_workshop
from ._tools import ToolRef

__all__ = [
    "CONTINUE_TOOL",
    "CONVERSATION_PHASES",
    "GO_BACK_TOOL",
    "PHASES",
    "BlockView",
    "EnrichmentConfig",
    "NavigationError",
    "PhaseOutcome",
    "ReplyBlocks",
    "ReplyPart",
    "SyncWorkshop",
    "ToolRef",
    "Workshop",
    "WorkshopInputs",
    "WorkshopOptions",
    "WorkshopRun",
    "WorkshopSettings",
    "block_view",
    "build_workshop",
    "load_deck",
    "open_workshop",
    "prose_only",
    "render_card_list",
    "reply_parts",
    "run_inputs",
    "search_cards",
    "session_summary",
    "streaming_prose",
]
