"""The company a workshop is about, for the searches: the model's field, else a guess from prose.

The Discover schema asks the model for ``business_context.company_name``; the guess here is only
the fallback for sessions (or models) that leave it empty.
"""

from __future__ import annotations

import re

from ..session import WorkshopSession

_NAME = r"([A-Z][\w&'-]+(?:\s+[A-Z][\w&'-]+)*)"
# Most telling first: a quoted name, then the phrasings people use to introduce a company.
_PATTERNS = tuple(
    re.compile(p)
    for p in (
        r"[\"“]([^\"”]{2,60})[\"”]",
        r"(?i:\b(?:called|named))\s+" + _NAME,
        r"(?i:\b(?:we\s+are|we're|we\s+work\s+(?:at|for)|i\s+work\s+(?:at|for)))\s+" + _NAME,
        r"(?i:\bour\s+(?:company|firm|business|organi[sz]ation))[,:]?\s+" + _NAME,
        _NAME + r"\s+(?:is|are)\s+(?:a|an|the)\b",
    )
)
_CAPITALISED = re.compile(_NAME)
# Capitalised because they open a sentence, not because they name anything.
_NOT_NAMES = frozenset(["A", "An", "The", "We", "Our", "I", "In", "At", "It", "This", "They", "Their", "Its"])


def company_from_text(text: str) -> str:
    """A best guess at the company named in ``text``; its first words when nothing looks like a name."""
    for pattern in _PATTERNS:
        found = pattern.search(text)
        if found:
            return found.group(1).strip()
    for run in _CAPITALISED.finditer(text):
        words = run.group(1).split()
        while words and words[0] in _NOT_NAMES:
            words.pop(0)
        if words:
            return " ".join(words)
    return " ".join(text.split()[:3])


def company_name(session: WorkshopSession) -> str:
    """The company to search for: ``business_context.company_name`` when the model gave one."""
    context = session.business_context
    named = getattr(context, "company_name", None) if context else None
    if isinstance(named, str) and named.strip():
        return named.strip()
    return company_from_text(context.description if context and context.description else session.name)
