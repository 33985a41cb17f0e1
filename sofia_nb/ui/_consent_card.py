"""ConsentCard and WidgetConsent: consent as buttons, never a cell blocked waiting for a click.

A card's clicks go through its ``Dispatcher`` to the loop that asked (the one awaiting the
answer), so a click delivered on any thread resolves the future on its own loop. The deadline
itself is the ``ConsentBroker``'s: when it expires the wait is cancelled and the card shows the
default deny. Going back a phase and leaving an incomplete one are asked under the same broker
(``workshop/go-back``, ``workshop/continue-incomplete``, so policies decide them too) but shown
as plain confirmations, not as tool calls.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import json
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..consent import ConsentDecision, ConsentRequest
from ..workshop import CONTINUE_TOOL, GO_BACK_TOOL
from ._dispatch import Dispatcher
from ._text import TextForm

_COUNTDOWN_TICK_S = 1.0

Choice = tuple[str, str, str, str]
"""A button: its label, its style, and the decision and scope a click gives."""


def question(tool: str, arguments: dict[str, Any]) -> str:
    """What a tool call would do, asked in words and naming the tool and its server (the one that
    is called): ``Search for “…” with web_search of server tavily?``, ``Open https://… with fetch of
    server web?``, else ``Use read_docs of server context7?``. A tool's name never speaks for
    its server: ``web_search`` of a server named ``builtin`` is still that server's tool."""
    server, _, name = tool.rpartition("/")
    called = f"{name} of server {server}" if server else name
    query = arguments.get("query") or arguments.get("q")
    if "search" in name and isinstance(query, str):
        return f"Search for “{query}” with {called}?"
    url = arguments.get("url")
    if isinstance(url, str):
        return f"Open {url} with {called}?"
    return f"Use {called}?"


class ConsentCard(TextForm, w.VBox):
    """One consent question, in words, naming sofia, the tool and its server (``Search for “…” with
    web_search of server tavily?``), every argument that will be sent, whole (a scrolling block),
    and the three answer buttons. Once answered it collapses to a one-line record of the decision,
    and ``on_settled`` callbacks are told.
    """

    def __init__(self, request: ConsentRequest, **kwargs: Any) -> None:
        self.request = request
        self.decision: ConsentDecision | None = None
        self.on_settled: list[Callable[[ConsentCard], None]] = []
        self._future: asyncio.Future[ConsentDecision] | None = None
        self._dispatch = Dispatcher.here()
        self._title = w.HTML(self._question_html())
        buttons = []
        for label, style, decision, scope in self._choices():
            button = w.Button(description=label, button_style=style, layout=w.Layout(width="auto"))
            button.on_click(self._dispatch.on_click(functools.partial(self._answer, decision, scope)))
            buttons.append(button)
        self._buttons = w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))
        self._status = w.HTML()
        super().__init__([self._title, self._buttons, self._status], **kwargs)
        self._show_remaining(request.deadline_s)

    @property
    def allow_button(self) -> w.Button:
        return self._buttons.children[0]

    @property
    def deny_button(self) -> w.Button:
        return self._buttons.children[1]

    @property
    def session_button(self) -> w.Button:
        return self._buttons.children[2]

    def _choices(self) -> list[Choice]:
        return [
            ("Allow", "success", "allow", "once"),
            ("Deny", "danger", "deny", "once"),
            ("Allow for this session", "info", "allow", "session"),
        ]

    def _question_html(self) -> str:
        request = self.request
        args = html.escape(json.dumps(request.arguments, indent=2, default=str))
        about = f"<p>{html.escape(request.description)}</p>" if request.description else ""
        asked = html.escape(question(request.tool, request.arguments))
        return (
            f"<b>sofia asks: {asked}</b>{about}{self._warning_html()}"
            f"<div>it sends these arguments to <code>{html.escape(request.tool)}</code>:</div>"
            f'<pre class="sofia-consent-arguments" style="max-height:16em;overflow:auto;'
            f'white-space:pre-wrap;margin:0">{args}</pre>'
        )

    def _warning_html(self) -> str:
        if not self.request.credential:
            return ""
        return (
            f'<p style="color:#cf222e"><b>⚠ This call sends a credential:</b> '
            f"{html.escape(self.request.credential)}. Allow it only if this server should have it; "
            "it is allowed once, never for the session.</p>"
        )

    def outcome_text(self) -> str:
        """The answer in the team's words, for the conversation: ``✓ allowed: Search the web for …``."""
        asked = question(self.request.tool, self.request.arguments).rstrip("?")
        if self.decision is None:
            return f"waiting: {asked}"
        verb = "allowed" if self.decision.allowed else "not allowed"
        scope = " (for this session)" if self.decision.scope == "session" else ""
        return f"{'✓' if self.decision.allowed else '✗'} {verb}{scope}: {asked}"

    def decline(self, reason: str) -> None:
        """Answer no without a click (the facilitator paused the workshop while the card waited)."""
        self._settle(ConsentDecision.deny(reason, "widget"))

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
        """Record ``answer`` (the first one wins), collapse the card and wake the wait (on its loop)."""
        if self.decision is not None:
            return
        self.decision = answer
        for button in self._buttons.children:
            button.disabled = True  # a view that has not yet collapsed cannot answer twice
        colour = "#1a7f37" if answer.allowed else "#cf222e"
        mark = "✓" if answer.allowed else "✗"
        self._status.value = f'<span style="color:{colour}">{mark} {html.escape(self.record_text())}</span>'
        self.children = [self._status]
        if self._future is not None and not self._future.done():
            self._future.set_result(answer)
        for callback in self.on_settled:
            callback(self)

    def record_text(self) -> str:
        """The one line an answered card keeps: what was decided, by whom and why."""
        answer = self.decision
        if answer is None:
            return f"{self.request.tool}: waiting for an answer"
        scope = " for this session" if answer.scope == "session" else ""
        return f"{self.request.tool}: {answer.decision}{scope} ({answer.decided_by}: {answer.reason})"

    def _show_remaining(self, seconds: float) -> None:
        self._status.value = f"no answer in {seconds:.0f} s means {self._default_label()}"

    def _default_label(self) -> str:
        return "deny"

    async def wait(self) -> ConsentDecision:
        """Wait for a click; on cancellation (the broker's deadline) the card shows the deny."""
        if self.decision is not None:
            return self.decision
        loop = asyncio.get_running_loop()
        self._dispatch.loop = loop  # clicks are answered where the question waits
        self._future = loop.create_future()
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


class GoBackConfirmation(ConsentCard):
    """Going back a phase, asked as a plain question: **Go back** (allow once) or **Stay** (deny)."""

    @property
    def go_back_button(self) -> w.Button:
        return self._buttons.children[0]

    @property
    def stay_button(self) -> w.Button:
        return self._buttons.children[1]

    def _choices(self) -> list[Choice]:
        return [("Go back", "warning", "allow", "once"), ("Stay", "", "deny", "once")]

    def _question_html(self) -> str:
        """Which of the two happens: the phase reopened (nothing lost, later phases kept for
        review) or started over (what is cleared)."""
        args = self.request.arguments
        target = html.escape(str(args.get("to", "")).title())
        cleared = ", ".join(str(p).title() for p in args.get("clears", []))
        if cleared:
            return (
                f"<b>Start {target} over?</b> "
                f"This clears the conversation and results of {html.escape(cleared)}."
            )
        phases = [str(p).title() for p in args.get("review", [])]
        reason = str(args.get("reason", "")).strip()
        why = f" To change: <i>{html.escape(reason)}</i>." if reason else ""
        verbs = "keep what they have and are" if len(phases) > 1 else "keeps what it has and is"
        kept = (
            f" {html.escape(', '.join(phases))} {verbs} offered for review on the way forward."
            if phases
            else ""
        )
        return f"<b>Go back to {target}?</b> It is reopened: its results and conversation stay.{why}{kept}"

    def _default_label(self) -> str:
        return "Stay"

    def outcome_text(self) -> str:
        target = str(self.request.arguments.get("to", "")).title()
        if self.decision is None:
            return f"waiting: go back to {target}?"
        return f"went back to {target}" if self.decision.allowed else f"stayed; did not go back to {target}"

    def record_text(self) -> str:
        answer = self.decision
        target = str(self.request.arguments.get("to", "")).title()
        if answer is None:
            return f"go back to {target}: waiting for an answer"
        verb = "went back to" if answer.allowed else "stayed; did not go back to"
        return f"{verb} {target} ({self.request.tool}, {answer.decided_by}: {answer.reason})"


class ContinueConfirmation(ConsentCard):
    """Leaving a phase whose record is incomplete, asked as a plain question before anything
    moves: **Continue anyway** (allow once) or **Stay** (deny)."""

    @property
    def continue_button(self) -> w.Button:
        return self._buttons.children[0]

    @property
    def stay_button(self) -> w.Button:
        return self._buttons.children[1]

    def _choices(self) -> list[Choice]:
        return [("Continue anyway", "warning", "allow", "once"), ("Stay", "", "deny", "once")]

    def _question_html(self) -> str:
        asked = self.request.description or f"{self._phase()} is incomplete: continue anyway"
        return f"<b>{html.escape(asked[:1].upper() + asked[1:])}?</b>"

    def _phase(self) -> str:
        return str(self.request.arguments.get("phase", "")).title()

    def _default_label(self) -> str:
        return "Stay"

    def outcome_text(self) -> str:
        if self.decision is None:
            return f"waiting: continue from {self._phase()} anyway?"
        if self.decision.allowed:
            return f"continued from {self._phase()} anyway"
        return f"stayed in {self._phase()}"

    def record_text(self) -> str:
        answer = self.decision
        if answer is None:
            return f"continue from {self._phase()} anyway: waiting for an answer"
        verb = f"continued from {self._phase()} anyway" if answer.allowed else f"stayed in {self._phase()}"
        return f"{verb} ({self.request.tool}, {answer.decided_by}: {answer.reason})"


_PLAIN_CARDS: dict[str, type[ConsentCard]] = {
    GO_BACK_TOOL: GoBackConfirmation,
    CONTINUE_TOOL: ContinueConfirmation,
}


class CredentialConfirmation(ConsentCard):
    """A call whose arguments carry a credential its server's entry allows (``sendCredentials``):
    the warning names each argument and kind; **Send it once** or **Deny**, never for the session."""

    def _choices(self) -> list[Choice]:
        return [("Send it once", "danger", "allow", "once"), ("Deny", "", "deny", "once")]


class CredentialRefusal(ConsentCard):
    """A call whose arguments carry a credential its server's entry does not allow: shown, with what
    it carries, and refused at once; no button can allow it."""

    def __init__(self, request: ConsentRequest, **kwargs: Any) -> None:
        super().__init__(request, **kwargs)
        reason = f"refused: {request.credential}; not sent (the server's entry does not allow credentials)"
        self._settle(ConsentDecision.deny(reason, "credential check"))
        self.children = [self._title, self._status]  # the refusal stays readable, with the arguments

    def _choices(self) -> list[Choice]:
        return []

    def _question_html(self) -> str:
        server, _, name = self.request.tool.rpartition("/")
        args = html.escape(json.dumps(self.request.arguments, indent=2, default=str))
        return (
            f'<b style="color:#cf222e">sofia refused to call {html.escape(name)} of server '
            f"{html.escape(server)}: it would send a credential.</b>"
            f"<p>{html.escape(self.request.credential)}. Nothing was sent. To allow it, the server's "
            "entry needs <code>sendCredentials: true</code>, and then a person confirms each call.</p>"
            f'<pre class="sofia-consent-arguments" style="max-height:16em;overflow:auto;'
            f'white-space:pre-wrap;margin:0">{args}</pre>'
        )


def _card_kind(request: ConsentRequest) -> type[ConsentCard]:
    if request.refused:
        return CredentialRefusal
    if request.credential:
        return CredentialConfirmation
    return _PLAIN_CARDS.get(request.tool, ConsentCard)


class WidgetConsent:
    """A ``ConsentProvider`` that shows a ``ConsentCard`` (a plain confirmation for the workshop's
    own questions: going back, leaving an incomplete phase) and awaits its buttons.

    ``show`` places the card (default: IPython's ``display``); give it a container's append to
    keep cards inside an app. Use it only where a person can click: headless runs use a policy.
    """

    name = "widget"

    def __init__(self, show: Callable[[ConsentCard], None] | None = None) -> None:
        self.show = show or _display
        self.cards: list[ConsentCard] = []

    async def ask(self, request: ConsentRequest) -> ConsentDecision:
        kind = _card_kind(request)
        card = kind(request)
        self.cards.append(card)
        self.show(card)
        return await card.wait()


def _display(card: ConsentCard) -> None:
    with contextlib.suppress(ImportError):
        from IPython.display import display

        display(card)
