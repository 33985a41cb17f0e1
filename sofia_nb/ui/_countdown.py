"""The round's timer in the facilitator's app, ticking in the browser.

The kernel sends a deadline only when it changes (a round opened or closed, the timer set), as the
seconds left at that moment; the view counts down from when the message arrived, once a second,
on the browser's own monotonic clock. So the number goes down with no kernel traffic per second,
and a browser clock set differently from the kernel's makes no difference.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

import anywidget
import traitlets as t

_ESM = """
export default {
  render({ model, el }) {
    el.classList.add("sofia-nb-countdown");
    el.setAttribute("role", "timer");
    let base = performance.now();
    const show = () => {
      const left = model.get("seconds");
      if (left < 0) { el.textContent = ""; return; }
      const now = Math.max(0, Math.ceil(left - (performance.now() - base) / 1000));
      el.textContent = now > 0 ? `${now} s left` : "time is up";
    };
    const restart = () => { base = performance.now(); show(); };
    model.on("change:serial", restart);
    const tick = setInterval(show, 250);
    show();
    return () => { clearInterval(tick); model.off("change:serial", restart); };
  },
};
"""


class Countdown(anywidget.AnyWidget):
    """``N s left`` for the open round's timer (nothing when there is none), counted down in the view."""

    _esm = t.Unicode(_ESM).tag(sync=True)
    seconds = t.Float(-1.0).tag(sync=True)
    """The seconds left when the deadline was sent; negative: no timer."""
    serial = t.Int(0).tag(sync=True)
    """Bumped with each deadline sent, so the view restarts its count even for an equal value."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._deadline: datetime | None = None

    def show(self, deadline: datetime | None, now: datetime) -> None:
        """Count down to ``deadline`` (None: no timer); sends only when the deadline changed."""
        if deadline == self._deadline:
            return
        self._deadline = deadline
        left = -1.0 if deadline is None else max(0.0, (deadline - now).total_seconds())
        with self.hold_sync():
            self.seconds = left
            self.serial += 1

    @property
    def text(self) -> str:
        """What the view shows as the deadline was sent (the terminal and tests read it)."""
        if self.seconds < 0:
            return ""
        return f"{math.ceil(self.seconds)} s left" if self.seconds > 0 else "time is up"
