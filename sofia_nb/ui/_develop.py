"""PocDevelopment: the Ralph loop for one workshop session with its RalphPanel, from start to outcome.

The WorkshopApp's Develop button and ``02_develop.ipynb`` use this one class, so the panel's
Stop, its end state and the finished-PoC case behave the same in both.
"""

from __future__ import annotations

from ..config import SetupError
from ..consent import ConsentProvider
from ..develop import DevelopmentOptions, DevelopmentRun, RalphResult, open_development
from ..events import EventBus
from ..llm import LLMClient
from ..session import SessionStore, WorkshopSession
from ._notices import in_notebook_words, notice_text
from ._ralph_panel import RalphPanel


class PocDevelopment:
    """``develop(session)`` runs ``open_development`` (same arguments) with a panel whose Stop stops
    the run; when the run ends the panel shows the outcome (or the error, readably)."""

    def __init__(
        self,
        options: DevelopmentOptions,
        *,
        consent: ConsentProvider,
        bus: EventBus | None = None,
        store: SessionStore | None = None,
        llm: LLMClient | None = None,
    ) -> None:
        self.options = options
        self.consent = consent
        self.bus = bus or EventBus()
        self.store = store
        self.llm = llm
        self.panel = RalphPanel(self.bus, on_stop=self.stop)
        self._run: DevelopmentRun | None = None
        self._stopped = False

    def stop(self) -> None:
        """What the panel's Stop does: the loop ends at its next step, saved and resumable."""
        self._stopped = True
        if self._run is not None:
            self._run.stop()

    async def develop(self, session: WorkshopSession) -> RalphResult:
        """Scaffold (or resume) and iterate until the tests pass, the cap, or Stop."""
        try:
            async with await open_development(
                self.options, consent=self.consent, bus=self.bus, store=self.store, llm=self.llm
            ) as run:
                self._run = run
                if self._stopped:  # Stop was clicked while the run was being set up
                    run.stop()
                result = await run.develop(session)
        except Exception as exc:
            self.panel.fail(notice_text(exc))
            if isinstance(exc, SetupError):  # the cell's error names the settings as the cell does
                raise in_notebook_words(exc) from None
            raise
        self.panel.finish(result)
        return result
