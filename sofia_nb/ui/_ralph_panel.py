"""RalphPanel: the develop loop's iterations, tests passing per iteration, the last change, Stop,
and at the end the run's outcome."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..develop import ALREADY_COMPLETE, RalphResult
from ..events import EventBus, IterationFinished, IterationStarted, WaitFinished, WaitStarted
from ..inert import SafeHtml
from ._dispatch import Dispatcher
from ._notices import NoticeKind, as_arguments, notice_html
from ._text import TextForm

_BAR_PX = 120


class RalphPanel(TextForm, w.VBox):
    """Iteration progress, a bar chart of passing/failing tests per iteration, a diff, and a Stop button.

    ``on_stop`` is called when the button is clicked; the loop decides what stopping means
    (finish the step, save, end as resumable). ``finish(result)`` shows how the run ended and
    disables Stop.
    """

    def __init__(self, bus: EventBus, on_stop: Callable[[], None] | None = None, **kwargs: Any) -> None:
        self.history: list[IterationFinished] = []
        self.waiting = ""
        """What the loop waits on now (``waiting for the model: scaffold…``), "" when nothing."""
        self.current = 0
        self.max_iterations = 0
        self.result: RalphResult | None = None
        self._progress = w.IntProgress(value=0, min=0, max=1, description="iteration")
        self._outcome = w.HTML()
        self._waiting = w.HTML()  # what the loop waits on (a request that is not streamed, the tests)
        self._chart = w.HTML()
        self._diff = w.HTML()
        self.stop_button = w.Button(description="Stop", button_style="warning", disabled=on_stop is None)
        self._on_stop = on_stop
        self.stop_button.on_click(Dispatcher.here().on_click(self._stop))
        super().__init__(
            [
                w.HBox([self._progress, self.stop_button]),
                self._waiting,
                self._outcome,
                self._chart,
                self._diff,
            ],
            **kwargs,
        )
        self._unsubscribe = bus.subscribe(
            self._on_event, IterationStarted, IterationFinished, WaitStarted, WaitFinished
        )
        self._render()

    def close(self) -> None:
        self._unsubscribe()
        super().close()

    def _stop(self) -> None:
        if self.result is not None:
            return  # the run has ended: there is nothing to stop
        self.stop_button.disabled = True
        self.stop_button.description = "Stopping…"
        if self._on_stop:
            self._on_stop()

    def _on_event(self, event: Any) -> None:
        if isinstance(event, WaitStarted | WaitFinished):
            self.waiting = event.label + "…" if isinstance(event, WaitStarted) else ""
            self._waiting.value = notice_html(self.waiting, "busy") if self.waiting else ""
            return
        if isinstance(event, IterationStarted):
            self.current, self.max_iterations = event.iteration, event.max_iterations
        else:
            self.history.append(event)
        self._render()

    def finish(self, result: RalphResult) -> None:
        """The run has ended: show its outcome, and Stop can no longer be clicked."""
        self.result = result
        if result.iterations and not self.history:
            self.current = self.max_iterations = result.iterations  # a finished PoC: no iteration ran now
        self.stop_button.disabled = True
        self.stop_button.description = "Finished"
        self._render()

    def fail(self, message: str) -> None:
        """The run could not start or broke off: say so (``message`` already says what to do)."""
        self.waiting, self._waiting.value = "", ""
        self.stop_button.disabled = True
        self.stop_button.description = "Stop"
        self._outcome.value = notice_html(message, "error")

    def outcome_text(self) -> str:
        """``success (tests-pass) after 3 iterations: 4 passed, 0 failed; PoC in …`` (empty while running)."""
        r = self.result
        if r is None:
            return ""
        if r.reason == "already-complete":
            head = as_arguments(ALREADY_COMPLETE)
        else:
            head = f"{r.status} ({r.reason}) after {r.iterations} iteration{'s' if r.iterations != 1 else ''}"
        return (
            f"{head}: {r.tests.passed} passed, {r.tests.failed + r.tests.errors} failed; PoC in {r.project}"
        )

    def as_text(self) -> str:
        lines = [f"iteration {self.current}/{self.max_iterations}"] + ([self.waiting] if self.waiting else [])
        for it in self.history:
            stuck = " (stuck)" if it.stuck else ""
            lines.append(f"  #{it.iteration}: {it.passed} passed, {it.failed + it.errors} failing{stuck}")
        if self.result is not None:
            lines.append(self.outcome_text())
            lines += [f"  {c.line()}" for c in self.result.criteria]
        return "\n".join(lines)

    def _render(self) -> None:
        self._progress.max = max(1, self.max_iterations)
        self._progress.value = self.current
        self._progress.description = f"{self.current}/{self.max_iterations}"
        self._chart.value = self._bars()
        # The last iteration that changed something: a final run of the tests has no diff of its own.
        diff = next((it.diff for it in reversed(self.history) if it.diff), "")
        self._diff.value = _diff_html(diff) if diff else ""
        if self.result is not None:
            kind: NoticeKind = "info" if self.result.status == "success" else "warning"
            criteria = "".join(f"<li>{html.escape(c.line())}</li>" for c in self.result.criteria)
            listed = SafeHtml(f"<p>The plan's success criteria:</p><ul>{criteria}</ul>") if criteria else ""
            self._outcome.value = SafeHtml(notice_html(self.outcome_text(), kind) + listed)

    def _bars(self) -> str:
        if not self.history:
            return "" if self.result is not None else "no iteration finished yet"
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


def _diff_html(diff: str) -> str:
    colours = {"+": "#1a7f37", "-": "#cf222e", "@": "#8250df"}
    lines = []
    for line in diff.splitlines()[:400]:
        colour = colours.get(line[:1], "#24292f")
        if line.startswith(("+++", "---")):
            colour = "#57606a"
        lines.append(f'<span style="color:{colour}">{html.escape(line)}</span>')
    return "<b>last change</b><pre>" + "\n".join(lines) + "</pre>"
