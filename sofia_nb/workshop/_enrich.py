"""Discovery enrichment: once the business is known, web search and WorkIQ, each only with consent.

Every path ends with the session holding ``discovery.enrichment``: what was found, or a clear
note of why nothing was (declined, not configured, unavailable, expired sign-in).
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..consent import AllowedCall, ConsentDenied, ConsentedTools, gated
from ..events import Activity, EventBus, WarningIssued
from ..mcp import find_search_tool, search_off_message
from ..protocol import error_kind, tool_data
from ..session import DiscoveryEnrichment, WorkiqInsights, WorkshopSession
from ._company import company_name
from ._tools import ToolRef, result_text, tool_record

_MAX_ITEMS = 10
"""Items kept of one search or answer: the export lists them all, the prior-phase summary the
first three of each search."""
_SEARCH_ANGLES = (
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


def _items(result_text_: str, structured: Any) -> list[str]:
    """Search hits as ``Title: snippet`` lines, from structured content or JSON text."""
    data = tool_data(result_text_, structured)
    if data is None:
        return [line.strip() for line in result_text_.splitlines() if line.strip()][:_MAX_ITEMS]
    results = data.get("results", []) if isinstance(data, dict) else data if isinstance(data, list) else []
    lines = []
    for hit in results:
        if isinstance(hit, dict):
            lines.append(f"{hit.get('title', '').strip()}: {hit.get('snippet', '').strip()}".strip(": "))
    return [line for line in lines if line][:_MAX_ITEMS]


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
            enrichment.notes.append(f"Web search: not configured; continuing without it. {off}")
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
        snippets = []
        for (field, query), call in zip(queries.items(), calls, strict=True):
            try:
                text, structured = await self._send(session, ref, call)
            except Exception as exc:
                enrichment.notes.append(f"Web search: {query!r} failed ({exc}); continuing without it.")
                continue
            found = _items(text, structured)
            setattr(enrichment, field, found)
            snippets += found
        enrichment.web_search_results = "\n".join(snippets)
        if snippets:
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
