"""NotebookWorkshop: the workshop set up for a notebook, the same in JupyterLab and under papermill.

With someone at the screen (``interactive=True``) consent questions become ConsentCards and
every step runs as a task on the kernel's loop, so no cell waits for a click. Headless
(``interactive=False``, which ``sofia-nb run`` always injects) consent comes from the
parameters, nothing is shown that waits, and ``audit()`` prints each decision, tool call and
the token totals as an ordinary output, so the executed notebook is the audit record.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import Any

from ..config import load_settings
from ..consent import ConsentPolicy, ConsentProvider, PolicyConsent, PreapprovedThenAsk
from ..events import EventBus
from ..llm import LLMClient, create_llm
from ..mcp import McpConfig, McpManager, load_config
from ..session import SessionStore, WorkshopSession
from ..workshop import Workshop, WorkshopInputs, WorkshopSettings, build_workshop, run_inputs
from ..workshop.demo import demo_enrichment, demo_inputs, demo_mcp_config, demo_script
from ._consent_card import WidgetConsent
from ._workshop_app import WorkshopApp

DEMO = "demo"


class NotebookWorkshop:
    """A workshop, its MCP servers, its consent and its widgets, owned by one notebook."""

    def __init__(
        self, workshop: Workshop, mcp: McpManager, interactive: bool, cards: WidgetConsent | None
    ) -> None:
        self.workshop = workshop
        self.mcp = mcp
        self.interactive = interactive
        self.app = WorkshopApp(workshop, consent=cards)

    @classmethod
    async def open(
        cls,
        *,
        llm: str = DEMO,
        interactive: bool = True,
        consent_policy: str = "deny",
        preapproved_tools: Sequence[str] = (),
        consent_timeout_s: float = 600.0,
        session: str | None = None,
        mcp_config: str | Path | None = None,
    ) -> NotebookWorkshop:
        """Set up a workshop from notebook parameters (``llm="demo"`` is the bundled company)."""
        bus = EventBus()
        settings = load_settings()
        store = SessionStore()
        demo = llm == DEMO
        model: LLMClient = create_llm(f"scripted:{demo_script()}" if demo else llm, settings, bus)
        config: McpConfig = demo_mcp_config() if demo else load_config(mcp_config)
        workshop_settings = WorkshopSettings.model_validate(settings.section("workshop"))
        enrichment = demo_enrichment() if demo else workshop_settings.enrichment(list(config.servers))
        policy = ConsentPolicy.from_parameters(consent_policy, list(preapproved_tools))
        cards = WidgetConsent() if interactive else None
        consent: ConsentProvider = PreapprovedThenAsk(policy, cards) if cards else PolicyConsent(policy)
        mcp = McpManager(config, bus=bus)
        workshop = build_workshop(
            model,
            store.load(session) if session else WorkshopSession(),
            store=store,
            bus=bus,
            consent=consent,
            consent_deadline_s=consent_timeout_s,
            host=mcp,
            enrichment=enrichment,
            tool_servers=[] if demo else workshop_settings.tool_servers,
        )
        workshop.save()
        return cls(workshop, mcp, interactive, cards)

    @property
    def session(self) -> WorkshopSession:
        return self.workshop.session

    def run(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Start ``coro`` after the steps already started; returns its task (await it to wait)."""
        return self.app.run(coro)

    def start(self) -> asyncio.Task[Any]:
        """Open (or resume) the current phase: the model speaks first."""
        return self.app.start()

    def say(self, text: str) -> asyncio.Task[Any]:
        """Send one facilitator message to the current phase."""
        return self.run(self.workshop.send(text))

    def play(
        self, inputs: WorkshopInputs | dict[str, list[str]] | str | Path | None = None
    ) -> asyncio.Task[Any]:
        """Run every phase from here through Plan with the facilitator's messages (default: the demo's)."""
        if inputs is None:
            inputs = demo_inputs()
        if isinstance(inputs, str | Path):
            inputs = WorkshopInputs.from_file(inputs)
        elif isinstance(inputs, dict):
            inputs = WorkshopInputs.model_validate(inputs)
        return self.run(run_inputs(self.workshop, inputs))

    def audit(self) -> str:
        """Decisions, tool calls and token totals as text (what a headless run prints at the end)."""
        s = self.session
        tokens = s.tokens
        lines = [f"session {s.id}: {s.phase.value} ({s.status.value})"]
        lines += [f"consent {c.tool}: {c.decision} ({c.decided_by})" for c in s.consent_decisions]
        lines += [f"tool {'✓' if c.ok and not c.is_error else '✗'} {c.server}/{c.tool}" for c in s.tool_calls]
        mark = " (estimated)" if tokens.estimated else ""
        lines.append(f"tokens: {tokens.input_tokens} in / {tokens.output_tokens} out{mark}")
        return "\n".join(lines)

    def summary(self) -> dict[str, Any]:
        """What a run produced, without ids or times: the result JSON batch runs compare."""
        s = self.session
        return {
            "name": s.name,
            "phase": s.phase.value,
            "status": s.status.value,
            "business_context": s.business_context is not None,
            "ideas": len(s.ideas),
            "selected": s.selection.idea_id if s.selection else None,
            "milestones": len(s.plan.milestones) if s.plan else 0,
            "consent": [f"{c.tool}: {c.decision}" for c in s.consent_decisions],
            "tool_calls": [
                f"{c.server}/{c.tool}: {'ok' if c.ok and not c.is_error else 'failed'}" for c in s.tool_calls
            ],
            "input_tokens": s.tokens.input_tokens,
            "output_tokens": s.tokens.output_tokens,
        }

    def write_result(self, path: str | Path) -> None:
        """Write ``summary()`` as JSON (``sofia-nb run`` passes the path as ``result_path``)."""
        if path:
            Path(path).write_text(json.dumps(self.summary(), indent=2), encoding="utf-8")

    async def aclose(self) -> None:
        """Wait for started steps, then stop the MCP servers and release the model."""
        await asyncio.gather(*self.app.tasks, return_exceptions=True)
        await self.mcp.aclose()
        await self.workshop.llm.aclose()
