"""Who answers consent questions for a command: ``--consent``, the demo's allow-list, a person at
the terminal, or nobody (deny)."""

from __future__ import annotations

import argparse
import sys

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
from ._context import CliContext

_GO = {"g", "go", "go back", "y", "yes"}


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


class GoBackQuestion:
    """Asks a person the go-back confirmation (``tool``) as a plain question, Go back / Stay, and
    passes every other request to ``others``. Still a consent decision, so the broker records it
    and a policy decides it where nobody is asked."""

    name = "terminal"

    def __init__(
        self, tool: str, reader: LineReader, others: ConsentProvider, stream: TextSink | None = None
    ) -> None:
        self.tool = tool
        self._reader = reader
        self._others = others
        self._out = stream or sys.stderr

    async def ask(self, request: ConsentRequest) -> ConsentDecision:
        if request.tool != self.tool:
            return await self._others.ask(request)
        about = request.description or request.tool
        self._out.write(f"\n{about[:1].upper()}{about[1:]}?\n  [g] go back  [s] stay > ")
        self._out.flush()
        line = await self._reader.readline()
        if line is not None and line.strip().lower() in _GO:
            return ConsentDecision(decision="allow", reason="answered Go back", decided_by=self.name)
        return ConsentDecision.deny("answered Stay", self.name)


def workshop_consent(
    ctx: CliContext, reader: LineReader | None, *, demo: bool, go_back_tool: str
) -> ConsentProvider:
    """``consent_provider``, except that a person at the terminal (with no ``--consent`` policy)
    is asked going back as a plain question, in the demo too."""
    provider = consent_provider(ctx, reader, demo=demo)
    if reader is None or _policy(ctx):
        return provider
    return GoBackQuestion(go_back_tool, reader, provider, ctx.out.prompts)


def add_consent_timeout(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--consent-timeout",
        type=float,
        default=DEFAULT_DEADLINE_S,
        metavar="S",
        help="seconds a consent question waits before it counts as deny",
    )
