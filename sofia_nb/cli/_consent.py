"""Who answers consent questions for a command: ``--consent``, the demo's allow-list, a person at
the terminal, or nobody (deny)."""

from __future__ import annotations

import argparse

from ..consent import DEFAULT_DEADLINE_S, ConsentProvider, LineReader, PolicyConsent, TerminalConsent
from ._context import CliContext


def consent_provider(ctx: CliContext, reader: LineReader | None, *, demo: bool = False) -> ConsentProvider:
    """``--consent`` (or the config's policy) wins; then the demo's allow-list; then a terminal
    prompt when someone can answer; else deny."""
    policy = getattr(ctx.args, "consent", None) or ctx.settings.consent
    if policy:
        return PolicyConsent(policy)
    if demo:
        from ..workshop.demo import DEMO_CONSENT  # on use: dev and fix need no workshop package

        return PolicyConsent(DEMO_CONSENT)
    if reader is not None:
        return TerminalConsent(reader)
    return PolicyConsent("deny")


def add_consent_timeout(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--consent-timeout",
        type=float,
        default=DEFAULT_DEADLINE_S,
        metavar="S",
        help="seconds a consent question waits before it counts as deny",
    )
