"""Discovery enrichment: once the business is known, web search and WorkIQ, each only with consent.

Every path ends with the session holding ``discovery.enrichment``: what was found, or a clear
note of why nothing was (declined, not configured, unavailable, expired sign-in).
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from datetime import UTC, date, datetime, timedelta
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..consent import AllowedCall, ConsentDenied, ConsentedTools, gated
from ..events import Activity, EventBus, WarningIssued
from ..mcp import find_search_tool, search_off_message
from ..protocol import error_kind, tool_data
from ..session import DiscoveryEnrichment, SearchAngle, WebResult, WorkiqInsights, WorkshopSession
from ._company import company_name
from ._tools import ToolRef, result_text, tool_record

_MAX_ITEMS = 10
"""Items kept of one search or answer: the export lists them all, the prior-phase summary the
first three of each search."""
_SEARCH_ANGLES: tuple[tuple[SearchAngle, str], ...] = (
    ("company_news", "{company} recent news {last_year} {year}"),
    ("competitor_info", "{company} competitors market {year}"),
    ("industry_trends", "{company} industry AI trends {year}"),
)
_WORKIQ_QUESTIONS = (
    ("team_expertise", "What expertise does the team working on this have? {summary}"),
    (
        "collaboration_patterns",
        "How does this team collaborate today, and where does it get stuck? {summary}",
    ),
    ("documentation_gaps", "Which documentation about these processes is missing or out of date? {summary}"),
)


class EnrichmentConfig(BaseModel):
    """Where enrichment comes from: a search tool and WorkIQ, each on a configured MCP server."""

    model_config = ConfigDict(frozen=True)

    web_search: ToolRef | None = None
    query_argument: str = "query"
    workiq: ToolRef | None = None
    question_argument: str = "question"
    workiq_deadline_s: float = 10.0
    """One deadline for all of WorkIQ's questions, asked at once (SC-003-006)."""
    company: str | None = None


_DATE_KEYS = ("published", "published_date", "publishedDate", "datePublished", "date", "page_age", "age")
"""Where search results carry their date: the demo's ``published``, Tavily's ``published_date``,
Exa's ``publishedDate``, Bing's ``datePublished``, Brave's ``page_age`` (ISO) and ``age``."""
_SNIPPET_KEYS = ("snippet", "description", "content", "text", "highlights")
_LABELS = {
    "title": "title",
    "url": "url",
    "published": "published",
    "published date": "published",
    "date": "published",
    "content": "snippet",
    "description": "snippet",
    "text": "snippet",
    "highlights": "snippet",
    "snippet": "snippet",
}
"""The labelled text results of Tavily's and Exa's servers (``Title: …``, ``URL: …``,
``Published: …``, ``Content: …``), as the keys of a hit."""
_LABELLED = re.compile(r"^([A-Za-z][A-Za-z ]{0,24}):[ \t]*(.*)$")
_BLOCK_BREAK = re.compile(r"\n[ \t]*(?:-{3,}[ \t]*)?\n")
_AGO = re.compile(r"(\d+|an?|one)\s+(minute|hour|day|week|month|year)s?\s+ago", re.IGNORECASE)
_UNIT_DAYS = {"minute": 1 / 1440, "hour": 1 / 24, "day": 1, "week": 7, "month": 30, "year": 365}
_DATE_FORMATS = ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y")


def published_date(value: object, now: datetime) -> date | None:
    """A result's date as search engines give it: ISO 8601 (``2026-10-14``,
    ``2026-10-14T08:00:00.000Z``), ``October 14, 2026``, or Brave's age (``3 days ago``, counted
    back from ``now``; a month as 30 days); None for anything else ("N/A" included)."""
    text = " ".join(str(value).split())
    try:
        return datetime.fromisoformat(text).date()
    except ValueError:
        pass
    for layout in _DATE_FORMATS:
        try:
            return datetime.strptime(text, layout).date()
        except ValueError:
            continue
    ago = _AGO.fullmatch(text)
    if ago is None:
        return None
    count = int(ago.group(1)) if ago.group(1).isdigit() else 1
    return (now - timedelta(days=count * _UNIT_DAYS[ago.group(2).lower()])).date()


SEARCH_NOT_CONFIGURED = "Web search: not configured; continuing without it."
"""The research note when no search tool is configured (sessions before version 6 went on with
the facilitator's how-to, which the v6 migration removes)."""


def _records(data: Any) -> list[dict[str, Any]]:
    """The hits of a JSON answer: ``{results: [...]}``, a bare list, or one hit on its own."""
    if isinstance(data, dict) and isinstance(data.get("results"), list):
        data = data["results"]
    elif isinstance(data, dict):
        data = [data]
    return [hit for hit in data if isinstance(hit, dict)] if isinstance(data, list) else []


def _json_lines(text: str) -> list[dict[str, Any]]:
    """Brave's server answers one JSON object per text block: one per line of the joined text."""
    found = []
    for line in text.splitlines():
        data = tool_data(line, None) if line.lstrip().startswith("{") else None
        found += _records(data) if isinstance(data, dict) else []
    return found


def _labelled(text: str) -> list[dict[str, Any]]:
    """Tavily's and Exa's servers answer text: a block per hit of ``Label: value`` lines (a value
    may go on over the next lines), blocks apart by a blank line or a ``---`` line."""
    found = []
    for block in _BLOCK_BREAK.split(text):
        hit: dict[str, str] = {}
        key: str | None = None
        for line in block.splitlines():
            labelled = _LABELLED.match(line.strip())
            if labelled:
                key = _LABELS.get(labelled.group(1).strip().lower())
                if key is not None and key not in hit:
                    hit[key] = labelled.group(2)
                elif key is not None:
                    key = None  # a second value for the same key (Exa's "Text" after "Highlights")
            elif key is not None:
                hit[key] = f"{hit[key]} {line}"
        found += [hit] if hit.get("title") else []
    return found


def _first(record: dict[str, Any], keys: tuple[str, ...]) -> Any:
    value = next((record[k] for k in keys if record.get(k) not in (None, "", [], "N/A")), "")
    return " ".join(map(str, value)) if isinstance(value, list) else value


def _hits(text: str, structured: Any, angle: SearchAngle, now: datetime) -> list[WebResult]:
    """A search's hits (title, address, date, snippet), from whichever shape the server answers
    in: JSON (structured content or text), Brave's JSON lines, or Tavily's and Exa's labelled
    text; [] for an answer that lists no hits."""
    data = tool_data(text, structured)
    records = _records(data) if data is not None else _json_lines(text) or _labelled(text)
    hits = []
    for record in records:
        title = _first(record, ("title", "name"))  # Bing calls it name
        if not str(title).strip():
            continue
        hits.append(
            WebResult(
                found_for=angle,
                title=title,
                url=_first(record, ("url", "link")),
                published=published_date(_first(record, _DATE_KEYS), now),
                snippet=_first(record, _SNIPPET_KEYS),
            )
        )
    return hits[:_MAX_ITEMS]


_HEADING = re.compile(r"^(#+\s.*|\*\*[^*]+\*\*:?)$")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s*")
_AUTH = re.compile(r"expired|sign.?in|unauthori[sz]ed|forbidden|\b40[13]\b", re.IGNORECASE)


def _answer_lines(text: str) -> list[str]:
    """A free-text answer as list items: bullets unwrapped, headings dropped."""
    lines = (_BULLET.sub("", line).strip() for line in text.splitlines())
    return [line for line in lines if line and not _HEADING.match(line)][:_MAX_ITEMS]


class DiscoveryEnricher:
    """Runs once per session, from the engine, when Discover first records the business context.

    Its calls go through ``tools``, the gated host: the three searches are asked for in one
    question listing each query, WorkIQ's three questions in one listing each question, and then
    exactly those calls are sent.
    """

    def __init__(
        self, tools: ConsentedTools | None, config: EnrichmentConfig, *, bus: EventBus | None = None
    ) -> None:
        self.tools = None if tools is None else gated(tools, "DiscoveryEnricher")
        self.config = config
        self.bus = bus

    async def enrich(self, session: WorkshopSession) -> None:
        enrichment = DiscoveryEnrichment()
        await self._web_search(session, enrichment)
        await self._workiq(session, enrichment)
        enrichment.enriched_at = datetime.now(UTC)
        session.discovery.enrichment = enrichment

    async def _allow(
        self, ref: ToolRef, calls: list[dict[str, Any]], description: str
    ) -> tuple[list[AllowedCall], str]:
        """One consent question for ``calls`` (each listed with its arguments); the allowed calls,
        or none and the reason."""
        assert self.tools is not None
        try:
            return await self.tools.allow(ref.server, ref.tool, calls, description=description), ""
        except ConsentDenied as exc:
            return [], exc.reason

    async def _send(self, session: WorkshopSession, ref: ToolRef, call: AllowedCall) -> tuple[str, Any]:
        """One allowed program-initiated call, logged in the session; raises on failure (after logging)."""
        started, call_id = time.perf_counter(), f"enrich-{secrets.token_hex(4)}"

        def record(text: str, is_error: bool, error_kind: str | None) -> None:
            tool_record(
                session,
                ref,
                call.arguments,
                call_id=call_id,
                origin="program",
                started=started,
                text=text,
                is_error=is_error,
                error_kind=error_kind,
            )

        try:
            result = await call.send()
        except Exception as exc:
            record(str(exc), True, error_kind(exc))
            raise
        text = result_text(result)
        record(text, result.is_error, "tool-error" if result.is_error else None)
        if result.is_error:
            raise RuntimeError(text or "the tool reported an error")
        return text, result.structured_content

    async def _search_tool(self) -> ToolRef | None:
        """The ``[workshop] web_search`` setting, else the first known search tool on a configured server."""
        if self.config.web_search is not None or self.tools is None:
            return self.config.web_search
        found = await find_search_tool(self.tools, self.tools.servers)  # config order
        return ToolRef(server=found[0], tool=found[1]) if found else None

    async def _web_search(self, session: WorkshopSession, enrichment: DiscoveryEnrichment) -> None:
        ref = await self._search_tool()
        if ref is None:
            off = search_off_message("[workshop] web_search")
            # the session's note is the customer's (the export shows it); how to turn search on
            # is the facilitator's, on their screen only
            enrichment.notes.append(SEARCH_NOT_CONFIGURED)
            if self.bus is not None:
                self.bus.emit(WarningIssued(message=off, source="enrich"))
            return
        company = self.config.company or company_name(session)
        year = datetime.now(UTC).year
        values = {"company": company, "year": str(year), "last_year": str(year - 1)}
        queries = {field: template.format(**values) for field, template in _SEARCH_ANGLES}
        calls, reason = await self._allow(
            ref,
            [{self.config.query_argument: query} for query in queries.values()],
            f"search the web for news, competitors and industry trends about {company}",
        )
        if not calls:
            enrichment.notes.append(f"Web search: declined ({reason}); continuing without it.")
            return
        self._activity("enrich", f"web search about {company}")
        enrichment.searched_for = company
        found_any = False
        for (angle, query), call in zip(queries.items(), calls, strict=True):
            try:
                text, structured = await self._send(session, ref, call)
            except Exception as exc:
                enrichment.notes.append(f"Web search: {query!r} failed ({exc}); continuing without it.")
                continue
            hits = _hits(text, structured, angle, datetime.now(UTC))
            enrichment.web_results += hits
            if not hits and tool_data(text, structured) is None:  # an answer in prose: its lines
                setattr(enrichment, angle, _answer_lines(text))
            found_any = found_any or bool(hits or getattr(enrichment, angle))
        if found_any:
            enrichment.sources_used.append("websearch")

    async def _workiq(self, session: WorkshopSession, enrichment: DiscoveryEnrichment) -> None:
        ref = self.config.workiq
        if ref is None or self.tools is None:
            enrichment.notes.append("WorkIQ: not configured; continuing without it.")
            return
        try:  # before consent: nobody should be asked about a server that cannot start
            await self.tools.list_tools(ref.server)
        except Exception as exc:
            enrichment.notes.append(f"WorkIQ: unavailable ({exc}); continuing without it.")
            return
        summary = session.business_context.description if session.business_context else ""
        questions = [question.format(summary=summary) for _, question in _WORKIQ_QUESTIONS]
        calls, reason = await self._allow(
            ref,
            [{self.config.question_argument: question} for question in questions],
            "read Microsoft 365 data (WorkIQ) for team expertise, collaboration and documentation gaps",
        )
        if not calls:
            enrichment.notes.append(f"WorkIQ: declined ({reason}); continuing without it.")
            return
        self._activity("enrich", "WorkIQ team insights")
        insights = WorkiqInsights()

        async def ask(call: AllowedCall) -> str:
            text, _ = await self._send(session, ref, call)
            return text

        fields = [field for field, _ in _WORKIQ_QUESTIONS]
        asked = {field: asyncio.ensure_future(ask(call)) for field, call in zip(fields, calls, strict=True)}
        deadline = self.config.workiq_deadline_s
        _, late = await asyncio.wait(asked.values(), timeout=deadline)
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
        if late:
            enrichment.notes.append(
                f"WorkIQ: timeout, {len(late)} of {len(asked)} questions unanswered within {deadline:g} s; "
                "continuing without them."
            )
        failed = [e for t in asked.values() if t not in late and (e := t.exception()) is not None]
        if failed:
            first = failed[0]
            auth = error_kind(first) == "auth-failure" or _AUTH.search(str(first))
            why = "sign-in expired or refused" if auth else "unavailable"
            enrichment.notes.append(f"WorkIQ: {why} ({first}); continuing without it.")
        for field, task in asked.items():
            if task not in late and task.exception() is None:
                setattr(insights, field, _answer_lines(task.result()))
        if any((insights.team_expertise, insights.collaboration_patterns, insights.documentation_gaps)):
            enrichment.workiq_insights = insights
            enrichment.sources_used.append("workiq")

    def _activity(self, name: str, detail: str) -> None:
        if self.bus is not None:
            self.bus.emit(Activity(name=name, detail=detail))
