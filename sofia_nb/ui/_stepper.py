"""PhaseStepper: the workshop's phases as done / current / next, from the session and PhaseChanged events."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..events import EventBus, PhaseChanged
from ..session import PHASE_ORDER, Phase
from ._text import TextForm

_MARKS = {"done": "✓", "current": "●", "next": "○", "review": "↻"}
_COLOURS = {"done": "#1a7f37", "current": "#0969da", "next": "#8c959f", "review": "#9a6700"}


class PhaseStepper(TextForm, w.HTML):
    """Discover → Ideate → Design → Select → Plan → Develop, with the current phase highlighted."""

    def __init__(self, phase: Phase = Phase.DISCOVER, bus: EventBus | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.phase = phase
        self.under_review: frozenset[Phase] = frozenset()
        self._unsubscribe = bus.subscribe(self._on_phase, PhaseChanged) if bus else None
        self._render()

    def close(self) -> None:
        if self._unsubscribe:
            self._unsubscribe()
        super().close()

    def _on_phase(self, event: PhaseChanged) -> None:
        self.set_phase(Phase(event.phase))

    def set_phase(self, phase: Phase) -> None:
        self.phase = phase
        self._render()

    def set_review(self, phases: frozenset[Phase]) -> None:
        """The later phases kept for review after an earlier one was reopened (drawn ``↻``)."""
        if phases != self.under_review:
            self.under_review = phases
            self._render()

    def states(self) -> list[tuple[Phase, str]]:
        """Each phase with ``done``, ``current``, ``next`` or ``review`` (a later phase whose record
        waits for review); all done once the workshop is complete."""
        current = PHASE_ORDER.index(self.phase)
        steps = [p for p in PHASE_ORDER if p is not Phase.COMPLETE]

        def state(i: int, p: Phase) -> str:
            if i == current:
                return "current"
            if i > current and p in self.under_review:
                return "review"
            return "done" if i < current else "next"

        return [(p, state(i, p)) for i, p in enumerate(steps)]

    def as_text(self) -> str:
        return " → ".join(f"{_MARKS[state]} {phase.title}" for phase, state in self.states())

    def _render(self) -> None:
        parts = [
            f'<span style="color:{_COLOURS[state]};font-weight:{"bold" if state == "current" else "normal"}">'
            f"{_MARKS[state]} {html.escape(phase.title)}</span>"
            for phase, state in self.states()
        ]
        self.value = " &rarr; ".join(parts)
