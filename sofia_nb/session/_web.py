"""Which web results are about the customer: the one rule the decisions brief and every face of
the record (export, report, notebook card) keep web results by.

A web search for "<company> recent news" also returns other companies' news; a result is the
customer's when its title, snippet or address names the company (its name, its first distinctive
word, or its web domain). Results are kept in the session as the search gave them; what is shown
or told to the model is only what passes here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ._models import SearchAngle, WebResult, WorkshopSession

_URL = re.compile(r"https?://([^/\s)]+)", re.I)
_GENERIC = frozenset(
    [
        "the",
        "group",
        "company",
        "systems",
        "solutions",
        "services",
        "international",
        "holding",
        "holdings",
        "gmbh",
        "ag",
        "ltd",
        "inc",
        "llc",
        "plc",
        "sa",
        "se",
        "bv",
        "co",
        "corp",
        "corporation",
        "limited",
    ]
)


def about_customer(text: str, name: str) -> bool:
    """Whether a web result is about the customer ``name``: the name, its first distinctive word,
    or its web domain (``tessaro.com`` for Tessaro Climate Systems) appears in the result's title,
    snippet or URL."""
    if not name.strip():
        return False
    lowered = text.lower()
    if name.lower() in lowered:
        return True
    words = [w for w in re.findall(r"[a-z0-9]+", name.lower()) if len(w) > 3 and w not in _GENERIC]
    if words and re.search(rf"\b{re.escape(words[0])}\b", lowered):
        return True
    compact = "".join(re.findall(r"[a-z0-9]+", name.lower()))
    hosts = [h.lower() for h in _URL.findall(text)]
    return any(label in (compact, *words[:1]) for host in hosts for label in host.split("."))


def customer_name(session: WorkshopSession) -> str:
    """The customer the web results must be about: the business context's company name (the
    team's word), else the name the searches used."""
    named = session.business_context.company_name.strip() if session.business_context else ""
    enrichment = session.discovery.enrichment
    return named or (enrichment.searched_for.strip() if enrichment else "")


@dataclass(frozen=True)
class CustomerResults:
    """The web results about the customer, and how many the searches gave that are not."""

    company: str
    results: tuple[WebResult, ...]
    lines: dict[SearchAngle, tuple[str, ...]]
    left_out: int


def customer_results(session: WorkshopSession, company: str = "") -> CustomerResults:
    """The session's web results (hits, and the lines of answers that gave no hits) about the
    customer, ``company`` (default: ``customer_name``)."""
    name = company or customer_name(session)
    enrichment = session.discovery.enrichment
    if enrichment is None:
        return CustomerResults(name, (), {}, 0)
    hits = [r for r in enrichment.web_results if about_customer(f"{r.title} {r.snippet} {r.url}", name)]
    answers: dict[SearchAngle, list[str]] = {
        "company_news": enrichment.company_news,
        "competitor_info": enrichment.competitor_info,
        "industry_trends": enrichment.industry_trends,
    }
    lines = {angle: tuple(i for i in items if about_customer(i, name)) for angle, items in answers.items()}
    given = len(enrichment.web_results) + sum(len(items) for items in answers.values())
    kept = len(hits) + sum(len(items) for items in lines.values())
    return CustomerResults(name, tuple(hits), {a: i for a, i in lines.items() if i}, given - kept)
