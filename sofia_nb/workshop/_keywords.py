"""Small ranked keyword search, shared by the cards deck and the demo's offline search corpus.

No index library: the collections are a few dozen items, so a scan over precomputed term sets is
instant and keeps the ranking easy to explain (weighted field hits plus a bonus for the phrase).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")

_STOPWORDS = frozenset(
    {"a", "an", "and", "are", "as", "at", "be", "by", "can", "for", "from", "how", "in", "is", "it", "of"}
    | {"on", "or", "our", "that", "the", "their", "to", "we", "what", "with", "ai"}
)
_PHRASE_BONUS = 3.0


def stem(word: str) -> str:
    """A crude stem: folds plurals, -ing/-ed and British -isation, enough for short business text."""
    word = word.replace("isation", "ization")
    for suffix, repl, min_len in (("ies", "y", 5), ("ing", "", 6), ("ed", "", 5), ("s", "", 4)):
        if word.endswith(suffix) and len(word) >= min_len and not word.endswith("ss"):
            return word[: -len(suffix)] + repl
    return word


def terms(text: str) -> list[str]:
    """The stemmed, lower-case words of ``text`` without stop words."""
    return [stem(w) for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _STOPWORDS]


def matches(term: str, words: frozenset[str]) -> bool:
    """``term`` is one of ``words``; a term of 4+ letters also matches as a prefix ("optim")."""
    return term in words or (len(term) >= 4 and any(w.startswith(term) for w in words))


class KeywordIndex(Generic[T]):
    """Ranks items by weighted keyword hits. Each query term scores the weight of the best field it hits.

    ``fields(item)`` gives the item's text per field name; ``weights`` gives each field's weight.
    The query as a phrase found in ``phrase_field`` adds a bonus. Ties keep the items' order.
    """

    def __init__(
        self,
        items: Sequence[T],
        fields: Callable[[T], Mapping[str, str]],
        weights: Mapping[str, float],
        phrase_field: str = "title",
    ) -> None:
        self._items = tuple(items)
        self._weights = dict(weights)
        self._phrase_field = phrase_field
        self._texts = [fields(item) for item in self._items]
        self._terms = [{name: frozenset(terms(text)) for name, text in t.items()} for t in self._texts]

    def search(self, query: str, limit: int, where: Callable[[T], bool] | None = None) -> list[T]:
        """Items best first, at most ``limit``; an empty query lists the items (filtered) in order."""
        limit = max(limit, 0)
        pool = [(i, item) for i, item in enumerate(self._items) if where is None or where(item)]
        wanted = terms(query)
        if not wanted:
            return [item for _, item in pool[:limit]]
        phrase = " ".join(query.lower().split())
        scored = [(self._score(i, wanted, phrase), i, item) for i, item in pool]
        ranked = sorted((s for s in scored if s[0] > 0), key=lambda s: (-s[0], s[1]))
        return [item for _, _, item in ranked[:limit]]

    def _score(self, index: int, wanted: list[str], phrase: str) -> float:
        fields = self._terms[index]
        score = 0.0
        for term in wanted:
            hits = (w for name, w in self._weights.items() if matches(term, fields.get(name, frozenset())))
            score += max(hits, default=0.0)
        if score and phrase in self._texts[index].get(self._phrase_field, "").lower():
            score += _PHRASE_BONUS
        return score
