"""Notebook widgets (extra ``ui``). They only present: every number comes from the bus or the session."""

from ..consent import PreapprovedThenAsk  # re-exported: notebooks import it from here
from ._charts import mermaid_markdown, value_feasibility_figure, workflow_mermaid
from ._consent_card import ConsentCard, GoBackConfirmation, WidgetConsent
from ._current import current, use
from ._develop import PocDevelopment
from ._headless import HEADLESS_ENV, headless
from ._magics import send_cell
from ._notebook import NotebookWorkshop
from ._ralph_panel import RalphPanel
from ._stepper import PhaseStepper
from ._token_meter import TokenMeter, fill_colour
from ._toolcall_log import ToolCallLog
from ._workshop_app import WorkshopApp

__all__ = [
    "HEADLESS_ENV",
    "ConsentCard",
    "GoBackConfirmation",
    "NotebookWorkshop",
    "PhaseStepper",
    "PocDevelopment",
    "PreapprovedThenAsk",
    "RalphPanel",
    "TokenMeter",
    "ToolCallLog",
    "WidgetConsent",
    "WorkshopApp",
    "current",
    "fill_colour",
    "headless",
    "mermaid_markdown",
    "send_cell",
    "use",
    "value_feasibility_figure",
    "workflow_mermaid",
]
