"""PocDevelopment: the Ralph loop for one workshop session with its RalphPanel, from start to outcome.

The WorkshopApp's Develop button and ``02_develop.ipynb`` use this one class, so the panel's
Stop, its end state and the finished-PoC case behave the same in both.
"""

from __future__ import annotations

import threading

from ..develop import DevelopmentOptions, RalphResult, open_development
from ..events import EventBus
from ..session import WorkshopSession
from ._notice import error_text
from ._ralph_panel import RalphPanel


class PocDevelopment:
    """``develop(session)`` runs ``open_development(options)`` with a panel whose Stop sets the
    loop's stop event; when the run ends the panel shows the outcome (or the error, readably)."""

    def __init__(self, options: DevelopmentOptions | None = None) -> None:
        options = options or DevelopmentOptions()
        self.stop_event = threading.Event()
        self.bus = options.bus or EventBus()
        self.options = options.model_copy(update={"stop_event": self.stop_event, "bus": self.bus})
        self.panel = RalphPanel(self.bus, on_stop=self.stop_event.set)

    async def develop(self, session: WorkshopSession) -> RalphResult:
        """Scaffold (or resume) and iterate until the tests pass, the cap, or Stop."""
        try:
            async with open_development(self.options) as run:
                result = await run.develop(session)
        except Exception as exc:
            self.panel.fail(error_text(exc))
            raise
        self.panel.finish(result)
        return result
