"""Notebook widgets (extra ``ui``). They only present: every number comes from the bus or the session."""

from ..consent import PreapprovedThenAsk  # re-exported: notebooks import it from here
from ..session import workflow_mermaid
from ._charts import feasibility_png, mermaid_markdown, value_feasibility_figure
from ._consent_card import ConsentCard, ContinueConfirmation, GoBackConfirmation, WidgetConsent
from ._conversation import ConversationView
from ._current import current, use
from ._develop import PocDevelopment
from ._facilitator_page import FacilitatorPage
from ._headless import HEADLESS_ENV, headless
from ._magics import send_cell
from ._notebook import NotebookWorkshop
from ._ralph_panel import RalphPanel
from ._record import RecordSnapshot, StaticRecord
from ._results import ExportLinks, ResultsView, show_results
from ._session_picker import SessionPicker
from ._stepper import PhaseStepper
from ._token_meter import TokenMeter, fill_colour
from ._toolcall_log import ToolCallLog
from ._workshop_app import WorkshopApp

__all__ = [
    "HEADLESS_ENV",
    "ConsentCard",
    "ContinueConfirmation",
    "ConversationView",
    "ExportLinks",
    "FacilitatorPage",
    "GoBackConfirmation",
    "NotebookWorkshop",
    "PhaseStepper",
    "PocDevelopment",
    "PreapprovedThenAsk",
    "RalphPanel",
    "RecordSnapshot",
    "ResultsView",
    "SessionPicker",
    "StaticRecord",
    "TokenMeter",
    "ToolCallLog",
    "WidgetConsent",
    "WorkshopApp",
    "current",
    "feasibility_png",
    "fill_colour",
    "headless",
    "mermaid_markdown",
    "send_cell",
    "show_results",
    "use",
    "value_feasibility_figure",
    "workflow_mermaid",
]
