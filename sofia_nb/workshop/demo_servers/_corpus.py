"""The demo's offline search corpus (package data) and the ``web_search`` result shape it answers with."""

from __future__ import annotations

import functools
import re
from datetime import date
from importlib import resources
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from .._keywords import KeywordIndex, matches, terms

_CORPUS_RESOURCE = "corpus/valdora.yaml"
_SNIPPET_CHARS = 240
# The kind outweighs the title so that "<company> competitors" finds competitor pieces rather than
# every headline that names the company; the year lets "news 2026" prefer this year's items.
_FIELD_WEIGHTS = {"kind": 4.0, "title": 3.0, "body": 1.0, "year": 1.0}
_KIND_WORDS = {
    "news": "news recent announcement",
    "competitor": "competitors competition market rival",
    "trend": "industry trends outlook",
}


class SearchResult(BaseModel):
    """One hit, in the shape web-search MCP tools return: ``{title, url, snippet}``, and the
    ``published`` date where the search engine knows one (as search APIs give it: ISO 8601)."""

    title: str
    url: str
    snippet: str
    published: date | None = None


class WebSearchOutput(BaseModel):
    """The ``web_search`` tool's structured result."""

    results: list[SearchResult] = Field(default_factory=list)


class Document(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    kind: Literal["news", "competitor", "trend"]
    published: date
    title: str
    url: str
    body: str


class Corpus(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    documents: tuple[Document, ...] = Field(min_length=1)


@functools.cache
def load_corpus() -> Corpus:
    """The bundled corpus, parsed and validated once."""
    text = resources.files(__package__).joinpath(_CORPUS_RESOURCE).read_text(encoding="utf-8")
    return Corpus.model_validate(yaml.safe_load(text))


@functools.cache
def _index(corpus: Corpus) -> KeywordIndex[Document]:
    def fields(doc: Document) -> dict[str, str]:
        return {
            "title": doc.title,
            "kind": _KIND_WORDS[doc.kind],
            "body": doc.body,
            "year": str(doc.published.year),
        }

    return KeywordIndex(corpus.documents, fields, _FIELD_WEIGHTS)


def search_corpus(query: str, max_results: int = 5, corpus: Corpus | None = None) -> WebSearchOutput:
    """Documents ranked for ``query``, each with the body sentence that matches it best as snippet."""
    corpus = corpus or load_corpus()
    wanted = terms(query)
    hits = _index(corpus).search(query, max_results) if wanted else []
    return WebSearchOutput(
        results=[
            SearchResult(title=d.title, url=d.url, snippet=_snippet(d.body, wanted), published=d.published)
            for d in hits
        ]
    )


def _snippet(body: str, wanted: list[str]) -> str:
    sentences = re.split(r"(?<=[.!?])\s+", " ".join(body.split()))

    def hits(sentence: str) -> int:
        words = frozenset(terms(sentence))
        return sum(matches(term, words) for term in wanted)

    best = max(sentences, key=hits)  # max keeps the first of equals: the lead sentence wins ties
    return best if len(best) <= _SNIPPET_CHARS else best[: _SNIPPET_CHARS - 1].rstrip() + "…"
