"""ConsentCard and WidgetConsent: consent as buttons, never a cell blocked waiting for a click.

The card's buttons resolve a future on the loop that awaits it (thread-safe, so a click handled
on the kernel's loop also wakes a flow running on a private loop). The deadline itself is the
``ConsentBroker``'s: when it expires the wait is cancelled and the card shows the default deny.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..consent import ConsentDecision, ConsentRequest

_COUNTDOWN_TICK_S = 1.0


class ConsentCard(w.VBox):
    """One consent question: ``server/tool``, its redacted arguments, and the three answer buttons."""

    def __init__(self, request: ConsentRequest, **kwargs: Any) -> None:
        self.request = request
        self.decision: ConsentDecision | None = None
        self._future: asyncio.Future[ConsentDecision] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        args = html.escape(json.dumps(request.arguments, indent=2, default=str))
        about = f"<p>{html.escape(request.description)}</p>" if request.description else ""
        self._title = w.HTML(
            f"<b>May sofia_nb call <code>{html.escape(request.tool)}</code>?</b>{about}<pre>{args}</pre>"
        )
        self.allow_button = w.Button(description="Allow", button_style="success")
        self.deny_button = w.Button(description="Deny", button_style="danger")
        self.session_button = w.Button(description="Allow for this session", button_style="info")
        self.allow_button.on_click(lambda _b: self._answer("allow", "once"))
        self.deny_button.on_click(lambda _b: self._answer("deny", "once"))
        self.session_button.on_click(lambda _b: self._answer("allow", "session"))
        self._status = w.HTML()
        self._buttons = w.HBox([self.allow_button, self.deny_button, self.session_button])
        super().__init__([self._title, self._buttons, self._status], **kwargs)
        self._show_remaining(request.deadline_s)

    def _answer(self, decision: str, scope: str) -> None:
        answer = ConsentDecision.model_validate(
            {
                "decision": decision,
                "scope": scope,
                "reason": "clicked in the notebook",
                "decided_by": "widget",
            }
        )
        self._settle(answer)

    def _settle(self, answer: ConsentDecision) -> None:
        if self.decision is not None:
            return
        self.decision = answer
        for button in self._buttons.children:
            button.disabled = True
        scope = " for this session" if answer.scope == "session" else ""
        colour = "#1a7f37" if answer.allowed else "#cf222e"
        self._status.value = (
            f'<span style="color:{colour}">{answer.decision}{scope}</span> '
            f"<small>({html.escape(answer.decided_by)}: {html.escape(answer.reason)})</small>"
        )
        future, loop = self._future, self._loop
        if future is not None and loop is not None and not future.done():
            loop.call_soon_threadsafe(_set_result, future, answer)

    def _show_remaining(self, seconds: float) -> None:
        self._status.value = f"<small>no answer in {seconds:.0f} s means deny</small>"

    async def wait(self) -> ConsentDecision:
        """Wait for a click; on cancellation (the broker's deadline) the card shows the deny."""
        if self.decision is not None:
            return self.decision
        self._loop = asyncio.get_running_loop()
        self._future = self._loop.create_future()
        ticker = asyncio.ensure_future(self._countdown())
        try:
            return await self._future
        except asyncio.CancelledError:
            self._settle(ConsentDecision.deny(f"no answer within {self.request.deadline_s:g}s", "deadline"))
            raise
        finally:
            ticker.cancel()

    async def _countdown(self) -> None:
        end = time.monotonic() + self.request.deadline_s
        while self.decision is None:
            self._show_remaining(max(0.0, end - time.monotonic()))
            await asyncio.sleep(_COUNTDOWN_TICK_S)

    def as_text(self) -> str:
        state = (
            "pending" if self.decision is None else f"{self.decision.decision} ({self.decision.decided_by})"
        )
        return f"consent {self.request.tool}: {state}"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        data: dict[str, Any] = super()._repr_mimebundle_(**kwargs) or {}
        data["text/plain"] = self.as_text()
        return data


def _set_result(future: asyncio.Future[ConsentDecision], answer: ConsentDecision) -> None:
    if not future.done():
        future.set_result(answer)


class WidgetConsent:
    """A ``ConsentProvider`` that shows a ``ConsentCard`` and awaits its buttons.

    ``show`` places the card (default: IPython's ``display``); give it a container's append to
    keep cards inside an app. Use it only where a person can click: headless runs use a policy.
    """

    name = "widget"

    def __init__(self, show: Callable[[ConsentCard], None] | None = None) -> None:
        self.show = show or _display
        self.cards: list[ConsentCard] = []

    async def ask(self, request: ConsentRequest) -> ConsentDecision:
        card = ConsentCard(request)
        self.cards.append(card)
        self.show(card)
        return await card.wait()


def _display(card: ConsentCard) -> None:
    with contextlib.suppress(ImportError):
        from IPython.display import display

        display(card)
