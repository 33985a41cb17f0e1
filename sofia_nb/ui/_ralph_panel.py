"""RalphPanel: the develop loop's iterations, tests passing per iteration, the last change, and Stop."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..events import EventBus, IterationFinished, IterationStarted

_BAR_PX = 120


class RalphPanel(w.VBox):
    """Iteration progress, a bar chart of passing/failing tests per iteration, a diff, and a Stop button.

    ``on_stop`` is called when the button is clicked; the loop decides what stopping means
    (finish the step, save, end as resumable).
    """

    def __init__(self, bus: EventBus, on_stop: Callable[[], None] | None = None, **kwargs: Any) -> None:
        self.history: list[IterationFinished] = []
        self.current = 0
        self.max_iterations = 0
        self._progress = w.IntProgress(value=0, min=0, max=1, description="iteration")
        self._chart = w.HTML()
        self._diff = w.HTML()
        self.stop_button = w.Button(description="Stop", button_style="warning", disabled=on_stop is None)
        self._on_stop = on_stop
        self.stop_button.on_click(self._stop)
        super().__init__([w.HBox([self._progress, self.stop_button]), self._chart, self._diff], **kwargs)
        self._unsubscribe = bus.subscribe(self._on_event, IterationStarted, IterationFinished)
        self._render()

    def close(self) -> None:
        self._unsubscribe()
        super().close()

    def _stop(self, _button: w.Button) -> None:
        self.stop_button.disabled = True
        self.stop_button.description = "Stopping…"
        if self._on_stop:
            self._on_stop()

    def _on_event(self, event: Any) -> None:
        if isinstance(event, IterationStarted):
            self.current, self.max_iterations = event.iteration, event.max_iterations
        else:
            self.history.append(event)
        self._render()

    def as_text(self) -> str:
        lines = [f"iteration {self.current}/{self.max_iterations}"]
        for it in self.history:
            stuck = " (stuck)" if it.stuck else ""
            lines.append(f"  #{it.iteration}: {it.passed} passed, {it.failed + it.errors} failing{stuck}")
        return "\n".join(lines)

    def _render(self) -> None:
        self._progress.max = max(1, self.max_iterations)
        self._progress.value = self.current
        self._progress.description = f"{self.current}/{self.max_iterations}"
        self._chart.value = self._bars()
        last = self.history[-1] if self.history else None
        self._diff.value = _diff_html(last.diff) if last and last.diff else ""

    def _bars(self) -> str:
        if not self.history:
            return "<small>no iteration finished yet</small>"
        most = max(1, *(it.passed + it.failed + it.errors for it in self.history))
        cells = []
        for it in self.history:
            ok = int(_BAR_PX * it.passed / most)
            bad = int(_BAR_PX * (it.failed + it.errors) / most)
            cells.append(
                '<div style="display:inline-block;margin:0 3px;text-align:center;vertical-align:bottom">'
                f'<div style="background:#cf222e;width:18px;height:{bad}px"></div>'
                f'<div style="background:#1a7f37;width:18px;height:{ok}px"></div>'
                f"<small>{it.iteration}</small></div>"
            )
        return "<b>tests passing per iteration</b><br>" + "".join(cells)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        data: dict[str, Any] = super()._repr_mimebundle_(**kwargs) or {}
        data["text/plain"] = self.as_text()
        return data


def _diff_html(diff: str) -> str:
    colours = {"+": "#1a7f37", "-": "#cf222e", "@": "#8250df"}
    lines = []
    for line in diff.splitlines()[:400]:
        colour = colours.get(line[:1], "#24292f")
        if line.startswith(("+++", "---")):
            colour = "#57606a"
        lines.append(f'<span style="color:{colour}">{html.escape(line)}</span>')
    return "<b>last change</b><pre>" + "\n".join(lines) + "</pre>"
