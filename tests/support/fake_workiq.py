"""A stand-in for the WorkIQ MCP server (`npx -y @microsoft/workiq mcp`): `-m tests.support.fake_workiq`.

Same tools and argument shapes as the real server: ``ask_work_iq {question}`` answers in free text
(Markdown) from the user's Microsoft 365 data, and ``accept_eula {eulaUrl}`` records the licence
acceptance. This fake answers from canned text about the demo company's team: one section per
topic the question mentions (expertise, collaboration, documentation). Mode from
``FAKE_WORKIQ_MODE`` (see ``fake_mcp``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sofia_nb.protocol import (
    CallToolResult,
    ServedTool,
    TextContent,
    Tool,
    ToolAnnotations,
    ToolFailure,
    ToolServer,
)
from sofia_nb.workshop.demo_servers import call_log_from_env, logged_server
from tests.support import fake_mcp

MODULE = "fake_workiq"
MODE_ENV = "FAKE_WORKIQ_MODE"
SERVER_NAME = "workiq"
EULA_URL = "https://github.com/microsoft/work-iq-mcp"
AUTH_EXPIRED = "WorkIQ: your sign-in has expired (token expired). Sign in again with `workiq ask` and retry."

# Topic keywords -> the section of the answer they ask for.
SECTIONS: dict[tuple[str, ...], tuple[str, list[str]]] = {
    ("expertise", "expert", "skill"): (
        "Team expertise",
        [
            "Priya Raman's IT team maintains the web shop and the order database.",
            "Two dispatchers in Millbrook know every route; planning lives in their spreadsheets.",
            "The quality team runs the HACCP temperature checks at all three depots.",
        ],
    ),
    ("collaboration", "collaborate", "work together"): (
        "Collaboration patterns",
        [
            "The order desk and dispatch coordinate by phone and a shared Excel file every night.",
            "Depot managers meet weekly in Teams; decisions are rarely written down.",
        ],
    ),
    ("documentation", "document", "docs"): (
        "Documentation gaps",
        [
            "Customer delivery instructions exist only in drivers' notebooks.",
            "No written procedure for re-planning routes when a van breaks down.",
        ],
    ),
}

ASK_TOOL = Tool(
    name="ask_work_iq",
    description="Ask Microsoft 365 Copilot about your emails, meetings, documents and Teams messages.",
    input_schema={
        "type": "object",
        "properties": {"question": {"type": "string", "description": "The question to ask."}},
        "required": ["question"],
    },
    annotations=ToolAnnotations(read_only_hint=True, open_world_hint=True),
)
EULA_TOOL = Tool(
    name="accept_eula",
    description="Accept the WorkIQ End User License Agreement.",
    input_schema={
        "type": "object",
        "properties": {"eulaUrl": {"type": "string", "description": "The EULA's URL."}},
        "required": ["eulaUrl"],
    },
    annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True),
)


def entry(mode: fake_mcp.Mode = "ok", call_log: Path | None = None) -> dict[str, Any]:
    """The ``mcp.json`` entry that starts this fake."""
    return fake_mcp.entry(MODULE, MODE_ENV, mode, call_log)


def answer(question: str) -> str:
    """The canned Markdown answer: a section per topic the question names, or a polite miss."""
    wanted = question.lower()
    parts = [
        f"**{title}**\n" + "\n".join(f"- {line}" for line in lines)
        for keywords, (title, lines) in SECTIONS.items()
        if any(k in wanted for k in keywords)
    ]
    return "\n\n".join(parts) if parts else "I could not find anything about that in your Microsoft 365 data."


def _text(text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(text=text)])


def build(mode: fake_mcp.Mode) -> ToolServer:
    def ask(arguments: dict[str, Any]) -> CallToolResult:
        if mode == "auth-expired":
            raise ToolFailure(AUTH_EXPIRED)
        return _text(answer(arguments["question"]))

    def accept(arguments: dict[str, Any]) -> CallToolResult:
        if mode == "auth-expired":
            raise ToolFailure(AUTH_EXPIRED)
        return _text(f"EULA accepted: {arguments['eulaUrl']}")

    return logged_server(
        SERVER_NAME,
        "0.0.0-test",
        [ServedTool(ASK_TOOL, ask), ServedTool(EULA_TOOL, accept)],
        call_log=call_log_from_env(),
    )


if __name__ == "__main__":
    fake_mcp.run(MODE_ENV, build, "npm error 404 '@microsoft/workiq@*' is not in this registry (simulated)")
