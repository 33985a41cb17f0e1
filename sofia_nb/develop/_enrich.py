"""Enrichment when the loop is stuck: library docs (Context7), Azure guidance (Microsoft Learn and/or
the Azure MCP server's ``documentation`` tool) and a web search on the failing tests, all through the
run's one MCP manager. Each part is independent: whatever succeeded is kept when another part fails."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from pydantic import BaseModel, Field

from ..consent import ConsentedTools, gated
from ..mcp import find_search_tool, search_off_message
from ..redact import redacted_head
from ..session import Plan, TestResults

log = logging.getLogger(__name__)

MAX_LIBRARIES = 3
"""Context7 look-ups per stuck iteration: the plan's first three dependencies (each is two calls)."""
MAX_PART_CHARS = 3_000
"""What one source adds to the fix prompt; the prompt's budget is 48,000 characters for everything."""
CALL_TIMEOUT_S = 30.0
"""One enrichment call's limit: a documentation search answers in seconds; the loop goes on
without a source that does not."""
_SKIP_DEPS = re.compile(r"^(@types/|typescript$|vitest$|pytest$|vite$)")
_LIBRARY_ID = re.compile(r"(/[\w.\-]+/[\w.\-]+(?:/[\w.\-]+)?)")
AZURE_WORDS = (
    "azure",
    "cosmos db",
    "blob storage",
    "service bus",
    "event hub",
    "app service",
    "key vault",
    "azure functions",
    "azure openai",
    "azure sql",
    "ai search",
    "foundry",
)


class EnrichmentServers(BaseModel):
    """Server names in the MCP config (tool names are the real services')."""

    context7: str = "context7"
    learn: str = "microsoft-learn"
    azure: str = "azure"
    """The Azure MCP server (``azmcp server start``); its ``documentation`` tool answers beside Learn's."""
    websearch: str = "websearch"
    web_search: str | None = None
    """The search tool as ``server/tool``; unset, the first known search tool a server offers."""


async def search_tool(tools: ConsentedTools, names: EnrichmentServers) -> tuple[str, str] | None:
    """``(server, tool)`` for the web search: the setting, else found among the configured servers."""
    if names.web_search:
        server, _, tool = names.web_search.partition("/")
        return server, tool
    found = await find_search_tool(tools, tools.servers)
    # A server named like the setting's default is still tried when its listing shows nothing known.
    return found or ((names.websearch, "web_search") if names.websearch in tools.servers else None)


class Enrichment(BaseModel):
    """The context gathered, as Markdown sections, and what was tried."""

    sections: dict[str, str] = Field(default_factory=dict)
    sources: list[str] = Field(default_factory=list, description="server/tool calls that succeeded")
    failures: list[str] = Field(default_factory=list, description="parts that failed, with why")

    def render(self) -> str:
        return "\n\n".join(f"## {title}\n{text}" for title, text in self.sections.items())


def azure_terms(plan: Plan | None) -> list[str]:
    """The Azure services a plan names."""
    if plan is None:
        return []
    text = " ".join([*plan.tech_stack, *plan.dependencies, plan.architecture_notes]).lower()
    return [w for w in AZURE_WORDS if re.search(r"\b" + re.escape(w) + r"\b", text)]


async def enrich(
    tools: ConsentedTools, plan: Plan | None, results: TestResults, servers: EnrichmentServers | None = None
) -> Enrichment:
    """Ask every configured source; a failing one is noted and the others still count. Each call
    goes through ``tools``, the gated host: consent is asked for it with its arguments (a deny is
    one more failure noted)."""
    sources = _Sources(gated(tools, "enrich"), servers or EnrichmentServers())
    failing = [f.test_id for f in results.failures[:3]]
    question = redacted_head("; ".join(f"{f.test_id}: {f.message}" for f in results.failures[:3]), 300)
    deps = [d for d in (plan.dependencies if plan else []) if not _SKIP_DEPS.match(d.lower())][:MAX_LIBRARIES]
    for dep in deps:
        await sources.part(
            f"Library documentation: {dep} (Context7)",
            sources.names.context7,
            partial(sources.docs, dep, question),
        )
    await sources.azure_guidance(azure_terms(plan), question)
    if failing:
        await sources.web_search(question)
    return sources.out


class _Sources:
    """The sources of one enrichment, asked through the gated host; what they answer, or why not,
    gathered in ``out``."""

    def __init__(self, caller: ConsentedTools, names: EnrichmentServers) -> None:
        self.caller = caller
        self.names = names
        self.configured = set(caller.servers)
        self.out = Enrichment()

    async def part(self, title: str, server: str, work: Callable[[], Awaitable[str]]) -> None:
        """One section from ``work``, or a failure noted (the server is not configured, or it failed)."""
        out = self.out
        if server not in self.configured:
            out.failures.append(f"{title}: no MCP server named {server!r} is configured")
            return
        try:
            text = await work()
        except Exception as exc:  # one source failing must not lose the others
            log.info("enrichment %s failed: %s", title, exc)
            out.failures.append(redacted_head(f"{title}: {type(exc).__name__}: {exc}", 300))
            return
        if text.strip():
            out.sections[title] = redacted_head(text.strip(), MAX_PART_CHARS)

    async def call(self, server: str, tool: str, args: dict[str, Any]) -> str:
        """A tool's text; an error result raises."""
        result = await self.caller.call_tool(server, tool, args, CALL_TIMEOUT_S)
        text = result.text()
        if result.is_error:
            raise RuntimeError(redacted_head(text, 200) or "the tool returned an error")
        self.out.sources.append(f"{server}/{tool}")
        return text

    async def docs(self, dep: str, question: str) -> str:
        """A library's documentation from Context7; its id alone when the documentation fails."""
        context7 = self.names.context7
        found = await self.call(
            context7, "resolve-library-id", {"libraryName": dep, "query": question or dep}
        )
        match = _LIBRARY_ID.search(found)
        if not match:
            raise RuntimeError(f"no Context7 library id for {dep}")
        library = match.group(1)
        try:
            return await self.call(context7, "query-docs", {"libraryId": library, "query": question or dep})
        except Exception as exc:  # the id is worth keeping: the model can still name the library
            self.out.failures.append(
                redacted_head(f"Context7 query-docs for {library}: {type(exc).__name__}: {exc}", 300)
            )
            return f"Context7 library id: {library} (its documentation could not be fetched)"

    async def azure_guidance(self, terms: list[str], question: str) -> None:
        """Guidance on the Azure services the plan names, from whichever Azure source is configured
        (both when both are)."""
        if not terms:
            return
        names = self.names
        query = redacted_head(f"{', '.join(terms)} best practices {question}", 300)
        azure_sources = [
            ("Microsoft Learn", names.learn, "microsoft_docs_search"),
            ("Azure MCP", names.azure, "documentation"),
        ]
        asked = [source for source in azure_sources if source[1] in self.configured]
        for label, server, tool in asked:
            await self.part(
                f"Azure guidance ({label})", server, partial(self.call, server, tool, {"query": query})
            )
        if not asked:
            self.out.failures.append(
                f"Azure guidance: no MCP server named {names.learn!r} or {names.azure!r} is configured"
            )

    async def web_search(self, question: str) -> None:
        """A web search on the failing tests, with the configured or the first known search tool."""
        found = await search_tool(self.caller, self.names)
        if found is None:
            self.out.failures.append(
                f"Web search on the failing tests: {search_off_message('[develop] web_search')}"
            )
            return
        server, tool = found
        # Only the generic tool is known to take max_results; Brave, Tavily and Exa name it otherwise.
        args: dict[str, Any] = {"query": redacted_head(f"how to fix {question}", 300)}
        if tool == "web_search":
            args["max_results"] = 3
        await self.part("Web search on the failing tests", server, partial(self.call, server, tool, args))
