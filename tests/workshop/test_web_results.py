"""The enrichment keeps each web hit's title, address and date, whichever shape the search server
answers in, and the export lists only the hits about the customer.

The end-to-end cases run the demo's search server as a real MCP subprocess (its offline corpus is
about Valdora Fresh). The shapes are those the real servers send, from their source: Brave's
``brave_web_search`` (one JSON object per text block; ``age`` on news), Tavily's ``tavily-search``
and Exa's ``web_search_exa`` (labelled text), and a Bing-shaped JSON list (``name``,
``datePublished``).
"""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, date, datetime
from pathlib import Path

from sofia_nb.consent import ConsentBroker, ConsentedTools, PolicyConsent
from sofia_nb.mcp import McpConfig, McpManager
from sofia_nb.session import BusinessContext, Phase, WorkshopSession, export_session
from sofia_nb.workshop import EnrichmentConfig, ToolRef
from sofia_nb.workshop._enrich import DiscoveryEnricher, _hits, published_date
from sofia_nb.workshop.demo_servers import search_server_entry

SEARCH = ToolRef(server="demo-search", tool="web_search")
NOW = datetime(2026, 12, 5, 9, 30, tzinfo=UTC)


def _enriched(tmp_path: Path, company: str) -> WorkshopSession:
    config = McpConfig.model_validate(
        {"servers": {"demo-search": search_server_entry(call_log=tmp_path / "c.jsonl")}}
    )
    session = WorkshopSession(
        business_context=BusinessContext(company_name=company, description=f"{company}.")
    )

    async def run() -> None:
        async with McpManager(config) as mcp:
            broker = ConsentBroker(PolicyConsent("allow:demo-search/*"), session=session)
            await DiscoveryEnricher(ConsentedTools(mcp, broker), EnrichmentConfig(web_search=SEARCH)).enrich(
                session
            )

    asyncio.run(run())
    session.add_turn(Phase.DISCOVER, "assistant", "Noted.")
    return session


def test_each_hit_keeps_its_title_source_and_date_and_the_export_lists_them(tmp_path: Path) -> None:
    session = _enriched(tmp_path, "Valdora Fresh")
    enrichment = session.discovery.enrichment
    assert enrichment is not None and enrichment.searched_for == "Valdora Fresh"
    hits = enrichment.web_results
    assert {h.found_for for h in hits} == {"company_news", "competitor_info", "industry_trends"}
    assert all(h.title and h.source and h.published and h.snippet for h in hits)
    cold_store = next(h for h in hits if "Eastmoor" in h.title)
    assert (cold_store.source, cold_store.published) == ("news.example", date(2026, 10, 14))
    assert enrichment.company_news == []  # the hits are the record; no second copy as lines
    export_session(session, tmp_path / "out", formats=["md"])
    discover = (tmp_path / "out" / "discover.md").read_text(encoding="utf-8")
    assert "### Web search (unverified)" in discover
    assert (
        "| [Valdora Fresh opens solar-powered cold store in Eastmoor]"
        "(<https://news.example/2026/10/valdora-fresh-eastmoor-cold-store>) | news.example | 2026-10-14 "
        "| company news |"
    ) in discover
    trends = [h for h in hits if h.found_for == "industry_trends"]  # none names the customer
    assert trends and not any(h.title in discover for h in trends)
    assert f"{len(trends)} results not naming Valdora Fresh left out" in discover


def test_another_companys_results_are_not_shown(tmp_path: Path) -> None:
    session = _enriched(tmp_path, "Tessaro Climate Systems")  # the corpus is about Valdora Fresh
    enrichment = session.discovery.enrichment
    assert enrichment is not None and enrichment.web_results  # kept in the session, as the search gave them
    export_session(session, tmp_path / "out", formats=["md", "html"])
    for name in ("discover.md", "report.html"):
        page = (tmp_path / "out" / name).read_text(encoding="utf-8")
        assert "Valdora" not in page and "valdora" not in page, name
        assert f"{len(enrichment.web_results)} results not naming Tessaro Climate Systems left out" in page, (
            name
        )


BRAVE = "\n".join(  # brave_web_search: a summarizer key, then one compact JSON object per text block
    [
        "Summarizer key: abc123",
        json.dumps(
            {
                "url": "https://www.kelpie.example/news/branch-140",
                "title": "Kelpie Pharmacies opens its 140th branch",
                "description": "The <strong>chain</strong> grows in the north.",
                "extra_snippets": ["More."],
            }
        ),
        json.dumps(
            {
                "mutated_by_goggles": False,
                "source": "Pharmacy Times",
                "age": "3 days ago",
                "url": "https://pharmacy-times.example/kelpie",
                "title": "Kelpie trials refill reminders",
                "description": "A pilot in 12 branches.",
            }
        ),
    ]
)
TAVILY = (  # tavily-search: formatResults
    "Answer: Kelpie is a pharmacy chain.\nDetailed Results:\n\nTitle: Kelpie Pharmacies annual report\n"
    "URL: https://kelpie.example/report\nContent: Revenue grew 8%.\nRaw Content: <html>…</html>\n\n"
    "Title: Refill apps compared\nURL: https://apps.example/refills\nContent: Five apps,\nincluding Kelpie's."
)
EXA = (  # web_search_exa: one block per result, "---" between them
    "Title: Kelpie adds same-day delivery\nURL: https://news.example/kelpie-delivery\n"
    "Published: 2026-11-20T00:00:00.000Z\nAuthor: N/A\n"
    "Highlights:\nSame-day delivery in 30 towns.\nFrom March."
    "\n\n---\n\nTitle: Kelpie careers\nURL: https://kelpie.example/careers\nPublished: N/A\nAuthor: N/A\n"
    "Text: Join us."
)
BING = json.dumps(  # a Bing-shaped list: name, url, snippet, datePublished
    [
        {
            "name": "Kelpie wins award",
            "url": "https://bing-news.example/a",
            "snippet": "An award.",
            "datePublished": "2026-11-02T08:00:00.0000000Z",
        }
    ]
)


def test_the_real_servers_shapes_give_title_address_date_and_snippet() -> None:
    brave = _hits(BRAVE, None, "company_news", NOW)
    assert [(h.title, h.source, h.published) for h in brave] == [
        (
            "Kelpie Pharmacies opens its 140th branch",
            "kelpie.example",
            None,
        ),  # Brave's web hits carry no date
        ("Kelpie trials refill reminders", "pharmacy-times.example", date(2026, 12, 2)),  # 3 days before NOW
    ]
    assert (
        brave[0].snippet == "The <strong>chain</strong> grows in the north."
    )  # kept as text; faces escape it
    tavily = _hits(TAVILY, None, "competitor_info", NOW)
    assert [(h.title, h.url, h.snippet, h.published) for h in tavily] == [
        ("Kelpie Pharmacies annual report", "https://kelpie.example/report", "Revenue grew 8%.", None),
        ("Refill apps compared", "https://apps.example/refills", "Five apps, including Kelpie's.", None),
    ]
    exa = _hits(EXA, None, "industry_trends", NOW)
    assert [(h.title, h.published, h.snippet) for h in exa] == [
        ("Kelpie adds same-day delivery", date(2026, 11, 20), "Same-day delivery in 30 towns. From March."),
        ("Kelpie careers", None, "Join us."),
    ]
    bing = _hits(BING, None, "company_news", NOW)
    assert [(h.title, h.source, h.published) for h in bing] == [
        ("Kelpie wins award", "bing-news.example", date(2026, 11, 2))
    ]
    assert (
        _hits("Kelpie is a pharmacy chain in the north.", None, "company_news", NOW) == []
    )  # prose: no hits


def test_a_date_is_read_as_search_engines_give_it() -> None:
    assert published_date("2026-10-14", NOW) == date(2026, 10, 14)
    assert published_date("October 14, 2026", NOW) == date(2026, 10, 14)
    assert published_date("an hour ago", NOW) == date(2026, 12, 5)
    assert published_date("2 weeks ago", NOW) == date(2026, 11, 21)
    for unknown in ("N/A", "", "soon", "<script>", "2026-13-45"):
        assert published_date(unknown, NOW) is None
