"""What the terminal shows while a run waits on something with no progress of its own (a model
request that is not streamed, a test run, an install): on a terminal a spinner line with what it
waits for and the seconds waited, erased when the wait ends; elsewhere (a pipe, a file) one
plain line when the wait starts."""

from __future__ import annotations

import time

from rich.console import Console, ConsoleOptions, RenderResult
from rich.live import Live
from rich.spinner import Spinner
from rich.text import Text

from ..events import WaitFinished, WaitStarted

REFRESHES_PER_SECOND = 4


class _Elapsed:
    """A spinner and the label with the whole seconds since ``started``, at every refresh."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.started = time.monotonic()
        self.spinner = Spinner("dots", style="cyan")

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        seconds = int(time.monotonic() - self.started)
        self.spinner.update(text=Text(f"{self.label} ({seconds} s)", style="dim"))
        yield self.spinner


class WaitingLine:
    """Renders ``WaitStarted``/``WaitFinished`` on ``console`` (stderr): live on a terminal, as one
    plain line otherwise. Lines printed on the same console meanwhile appear above the spinner."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self._live: Live | None = None

    def __call__(self, event: WaitStarted | WaitFinished) -> None:
        self.stop()
        if isinstance(event, WaitFinished):
            return
        label = event.label
        if not self.console.is_terminal:
            self.console.print(f"{label} …")
            return
        # The console's own streams stay as they are (no redirection): everything the command
        # prints goes through this console, which draws it above the live line.
        self._live = Live(
            _Elapsed(label),
            console=self.console,
            transient=True,
            refresh_per_second=REFRESHES_PER_SECOND,
            redirect_stdout=False,
            redirect_stderr=False,
        )
        self._live.start()

    def stop(self) -> None:
        """Erase the live line (a wait that ended, or the run's end)."""
        if self._live is not None:
            self._live.stop()
            self._live = None
