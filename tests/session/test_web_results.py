"""Web results as web results, in every face of the record: the export's Markdown, report.html and
the notebook's card list each hit about the customer with its title (linked), site and date (or
"undated"), labelled as unverified; another company's news is not shown; a hostile title stays
text; an address that is not http(s) never becomes a link."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from sofia_nb.session import (
    BusinessContext,
    Discovery,
    DiscoveryEnrichment,
    Phase,
    WebResult,
    WorkshopSession,
    decisions_brief,
    export_session,
)
from sofia_nb.session._export_markdown import sections_markdown
from sofia_nb.session._sections import Link, Section, Table
from sofia_nb.ui._record_cards import phase_blocks

HOSTILE_TITLE = (
    "Valdora Fresh <img src=x onerror=alert(1)> [win](javascript:alert(1)) "
    "\x1b]0;pwned\x07\x1b[31mred\x1b[0m ![pixel](https://tracker.example/p.png) | cell"
)
OTHER_COMPANY = "Harrow Brothers wins regional logistics award"


def _session() -> WorkshopSession:
    hits = [
        WebResult(
            found_for="company_news",
            title=HOSTILE_TITLE,
            url="https://news.example/2026/10/valdora?a=<b>&c=|d",
            published=date(2026, 10, 14),
            snippet="<script>alert(2)</script> **bold** the cold store",
        ),
        WebResult(found_for="company_news", title=OTHER_COMPANY, url="https://harrow.example/award"),
        WebResult(found_for="competitor_info", title="Valdora Fresh script link", url="javascript:alert(3)"),
        WebResult(found_for="industry_trends", title="Valdora Fresh file link", url="file:///etc/passwd"),
        WebResult(
            found_for="industry_trends", title="Trends", url="https://www.valdora-fresh.example/trends"
        ),
    ]
    s = WorkshopSession(id="20261205-000000-web1", name="Valdora walk-through")
    s.business_context = BusinessContext(company_name="Valdora Fresh", description="A food distributor.")
    s.discovery = Discovery(
        enrichment=DiscoveryEnrichment(
            web_results=hits,
            searched_for="Valdora Fresh",
            sources_used=["websearch"],
            enriched_at=datetime(2026, 12, 5, tzinfo=UTC),
        )
    )
    s.add_turn(Phase.DISCOVER, "assistant", "Noted.")
    return s


@pytest.fixture(scope="module")
def faces(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The Discover record as the customer gets it: Markdown, report.html and the notebook card."""
    out = tmp_path_factory.mktemp("export")
    export_session(_session(), out, formats=["md", "html"])
    card = "".join(block.html() for block in phase_blocks(_session(), Phase.DISCOVER))
    report = (Path(out) / "report.html").read_text(encoding="utf-8")
    return {
        "markdown": (out / "discover.md").read_text(encoding="utf-8"),
        "report": _cells_bare(report),
        "notebook card": _cells_bare(card),
    }


def _cells_bare(page: str) -> str:
    """The page with its table cells' alignment style left out (``<td>`` as written in Markdown)."""
    return re.sub(r'<(t[dh]) style="text-align:\s*left;?">', r"<\1>", page)


def test_the_results_are_a_list_with_title_source_and_date_labelled_unverified(faces: dict[str, str]) -> None:
    markdown = faces["markdown"]
    assert "### Web search (unverified)" in markdown
    assert "as the search engine gave it: nobody has checked it" in markdown
    assert "| title | source | date | found for | what it says |" in markdown
    assert "| news.example | 2026-10-14 | company news |" in markdown
    assert (
        "| [Trends](<https://www.valdora-fresh.example/trends>) | valdora-fresh.example | undated |"
        in markdown
    )
    for face in ("report", "notebook card"):
        page = faces[face]
        assert "Web search (unverified)" in page and "nobody has checked it" in page, face
        assert "<th>title</th><th>source</th><th>date</th>" in re.sub(r"\s+", "", page), face
        assert (
            '<a href="https://www.valdora-fresh.example/trends" rel="noopener noreferrer">Trends</a>' in page
        )
        assert re.search(r"<td>news\.example</td>\s*<td>2026-10-14</td>", page), face
        assert re.search(r"<td>valdora-fresh\.example</td>\s*<td>undated</td>", page), face


def test_another_companys_news_is_not_shown_and_its_leaving_out_is_said(faces: dict[str, str]) -> None:
    for face, page in faces.items():
        assert "Harrow" not in page and "harrow.example" not in page, face
        assert "1 result not naming Valdora Fresh left out" in page, face
    brief = decisions_brief(_session(), Phase.IDEATE).text  # the model's context keeps by the same rule
    assert (
        "Harrow" not in brief
        and "valdora-fresh.example, " not in brief
        and "Trends (valdora-fresh.example)" in brief
    )


def test_a_hostile_title_stays_text_in_every_face(faces: dict[str, str]) -> None:
    for face, page in faces.items():
        assert "\x1b" not in page and "\x07" not in page, face  # no escape sequence reaches a file
        assert "]0;pwned" in page, face  # what the title held stays visible as text
    markdown = faces["markdown"]
    assert "\\[win\\](javascript:alert(1))" in markdown and "\\!\\[pixel\\]" in markdown
    assert "\\<img src=x onerror=alert(1)\\>" in markdown and "\\| cell" in markdown
    for face in ("report", "notebook card"):
        page = faces[face]
        assert "&lt;img src=x onerror=alert(1)&gt;" in page and "&lt;script&gt;alert(2)" in page, face
        tags = re.findall(r"<[a-zA-Z][^>]*>", page)
        assert not [t for t in tags if re.match(r"<(img|script)\b", t) or "onerror" in t], face
        assert "tracker.example" not in " ".join(tags), face  # the image stayed text: nothing is fetched


def test_an_address_that_is_not_http_never_becomes_a_link(faces: dict[str, str]) -> None:
    for scheme in (
        "javascript:alert(3)",
        "file:///etc/passwd",
        "data:text/html,x",
        " http://a b",
        "ftp://x.example",
    ):
        assert WebResult(found_for="company_news", title="t", url=scheme).url == ""
    assert (
        WebResult(found_for="company_news", title="t", url="HTTPS://x.example/a").url == "HTTPS://x.example/a"
    )
    assert "| Valdora Fresh script link | unknown | undated |" in faces["markdown"]  # the title, no link
    assert "| Valdora Fresh file link | unknown | undated |" in faces["markdown"]
    assert not re.search(r"(?<!\\)\]\((?!<?https://)", faces["markdown"])  # every link of the page is https
    for face in ("report", "notebook card"):
        page = faces[face]
        assert "<td>Valdora Fresh script link</td>" in page and "<td>Valdora Fresh file link</td>" in page, (
            face
        )
        hrefs = [
            a for a in re.findall(r"<a\b[^>]*>", page) if not a.startswith('<a href="#')
        ]  # the page's own
        assert len(hrefs) == 2 and all(
            re.fullmatch(r'<a href="https://[^"]+" rel="noopener noreferrer">', h) for h in hrefs
        )
    # the Markdown writer checks again, whatever a link part holds
    table = Table(("title",), ((Link("page", "javascript:alert(4)"),), (Link("file", "file:///etc/passwd"),)))
    written = "\n".join(sections_markdown([Section("s", (table,))]))
    assert "](" not in written and "| page |" in written and "| file |" in written


def test_an_address_cannot_end_its_link_or_its_cell(faces: dict[str, str]) -> None:
    assert "(<https://news.example/2026/10/valdora?a=%3Cb%3E&c=%7Cd>)" in faces["markdown"]
    assert 'href="https://news.example/2026/10/valdora?a=%3Cb%3E&amp;c=%7Cd"' in faces["report"]
