"""Notebook widgets (extra ``ui``). They only present: every number comes from the event bus."""

from ._consent_card import ConsentCard, WidgetConsent
from ._token_meter import TokenMeter, fill_colour
from ._toolcall_log import ToolCallLog

__all__ = ["ConsentCard", "TokenMeter", "ToolCallLog", "WidgetConsent", "fill_colour"]
