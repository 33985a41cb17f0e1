"""Who answers consent questions for a command: ``--consent``, the demo's allow-list, a person at
the terminal, or nobody (deny)."""

from __future__ import annotations

import argparse
import sys
from typing import NamedTuple

from ..consent import (
    DEFAULT_DEADLINE_S,
    ConsentDecision,
    ConsentProvider,
    ConsentRequest,
    LineReader,
    PolicyConsent,
    TerminalConsent,
    TextSink,
)
from ..inert import terminal_text
from ._context import CliContext

_GO = {"g", "go", "go back", "y", "yes"}
_CONTINUE = {"c", "continue", "continue anyway", "y", "yes"}


def consent_provider(ctx: CliContext, reader: LineReader | None, *, demo: bool = False) -> ConsentProvider:
    """``--consent`` (or the config's policy) wins; then the demo's allow-list; then a terminal
    prompt when someone can answer; else deny."""
    policy = _policy(ctx)
    if policy:
        return PolicyConsent(policy)
    if demo:
        from ..workshop.demo import DEMO_CONSENT  # on use: dev and fix need no workshop package

        return PolicyConsent(DEMO_CONSENT)
    if reader is not None:
        return TerminalConsent(reader, ctx.out.prompts)
    return PolicyConsent("deny")


def _policy(ctx: CliContext) -> str | None:
    return getattr(ctx.args, "consent", None) or ctx.settings.consent


class _Plain(NamedTuple):
    """A workshop question's answers: what the prompt offers, the words that say yes, and the
    reasons recorded for yes and for anything else."""

    offer: str
    yes: set[str]
    allowed: str
    denied: str


def _plain_questions() -> dict[str, _Plain]:
    from ..workshop import CONTINUE_TOOL, GO_BACK_TOOL  # on use: dev and fix need no workshop package

    return {
        GO_BACK_TOOL: _Plain("[g] go back  [s] stay", _GO, "answered Go back", "answered Stay"),
        CONTINUE_TOOL: _Plain(
            "[c] continue anyway  [s] stay (Enter)", _CONTINUE, "answered Continue anyway", "answered Stay"
        ),
    }


class PlainQuestions:
    """Asks a person the workshop's own questions — going back a phase, leaving an incomplete
    one — as plain questions (Go back / Stay, Continue anyway / Stay), and passes every other
    request to ``others``. Still consent decisions, so the broker records them and a policy
    decides them where nobody is asked."""

    name = "terminal"

    def __init__(self, reader: LineReader, others: ConsentProvider, stream: TextSink | None = None) -> None:
        self._plain = _plain_questions()
        self._reader = reader
        self._others = others
        self._out = stream or sys.stderr

    async def ask(self, request: ConsentRequest) -> ConsentDecision:
        plain = self._plain.get(request.tool)
        if plain is None:
            return await self._others.ask(request)
        about = terminal_text(request.description or request.tool)
        self._out.write(f"\n{about[:1].upper()}{about[1:]}?\n  {plain.offer} > ")
        self._out.flush()
        line = await self._reader.readline()
        if line is not None and line.strip().lower() in plain.yes:
            return ConsentDecision(decision="allow", reason=plain.allowed, decided_by=self.name)
        return ConsentDecision.deny(plain.denied, self.name)


def workshop_consent(ctx: CliContext, reader: LineReader | None, *, demo: bool) -> ConsentProvider:
    """``consent_provider``, except that a person at the terminal (with no ``--consent`` policy)
    is asked the workshop's own questions (going back, leaving an incomplete phase) as plain
    questions, in the demo too."""
    provider = consent_provider(ctx, reader, demo=demo)
    if reader is None or _policy(ctx):
        return provider
    return PlainQuestions(reader, provider, ctx.out.prompts)


def add_consent_timeout(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--consent-timeout",
        type=float,
        default=DEFAULT_DEADLINE_S,
        metavar="S",
        help="seconds a consent question waits before it counts as deny",
    )
