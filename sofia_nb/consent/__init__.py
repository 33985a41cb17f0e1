"""Consent: every wait for a person goes through a ``ConsentProvider`` with a deadline (deny on expiry)."""

from ._broker import ConsentBroker
from ._gate import AllowedCall, ConsentDenied, ConsentedTools, gated, permit
from ._models import DEFAULT_DEADLINE_S, ConsentDecision, ConsentPolicy, ConsentRequest
from ._providers import (
    ConsentProvider,
    LineReader,
    PolicyConsent,
    PreapprovedThenAsk,
    ScriptedConsent,
    TerminalConsent,
    TextSink,
)

__all__ = [
    "DEFAULT_DEADLINE_S",
    "AllowedCall",
    "ConsentBroker",
    "ConsentDecision",
    "ConsentDenied",
    "ConsentPolicy",
    "ConsentProvider",
    "ConsentRequest",
    "ConsentedTools",
    "LineReader",
    "PolicyConsent",
    "PreapprovedThenAsk",
    "ScriptedConsent",
    "TerminalConsent",
    "TextSink",
    "gated",
    "permit",
]
