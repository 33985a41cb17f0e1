"""The scaffold: one ``scaffold`` model call with the workshop's context, written with the same path
safety as edits, plus ``WORKSHOP.md``, ``docs/workshop/*.md`` and ``.sofia-metadata.json``."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, Field

from ..llm import LLMClient, LLMUsage, Message
from ..redact import redacted_head
from ..session import WorkshopSession, export_session
from ._prompt import EDIT_FORMAT_RULES
from ._templates import Template
from .edits import EditProblem, apply_reply

METADATA_FILE = ".sofia-metadata.json"
TURN_CHARS = 300
"""What the scaffold's conversation summary keeps of each turn (of the last 30): the gist, not
the transcript, so the summary stays a small part of the scaffold prompt."""

SCAFFOLD_SYSTEM = (
    "You are a senior software architect. You set up the first version of a proof of concept: a small, "
    "runnable project whose tests describe the real functionality and fail until it is implemented.\n\n"
    + EDIT_FORMAT_RULES
)


class ScaffoldError(RuntimeError):
    """The model produced nothing usable."""


class ScaffoldResult(BaseModel):
    files: list[str]
    refused: list[EditProblem] = Field(default_factory=list)
    usage: LLMUsage = Field(default_factory=LLMUsage)


class Metadata(BaseModel):
    """``.sofia-metadata.json``: which session and template the project was made from."""

    session_id: str
    template: str
    idea_title: str = ""
    generated_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
    generated_by: str = "sofia_nb"


def selected_idea(session: WorkshopSession) -> tuple[str, str]:
    """``(title, description)`` of the selected idea ("" when none)."""
    sel = session.selection
    idea = next((i for i in session.ideas if sel and i.id == sel.idea_id), None)
    return (idea.title, idea.description) if idea else ("", "")


def workshop_context(session: WorkshopSession) -> str:
    """The selected idea and rationale, the plan, the business context and a conversation summary."""
    title, description = selected_idea(session)
    parts = [f"# Selected idea\n{title}\n{description}".rstrip()]
    if session.selection and session.selection.rationale:
        parts.append(f"# Why it was selected\n{session.selection.rationale}")
    plan = session.plan
    if plan:
        lines = [
            f"Architecture: {plan.architecture_notes}" if plan.architecture_notes else "",
            f"Tech stack: {', '.join(plan.tech_stack)}" if plan.tech_stack else "",
            f"Dependencies: {', '.join(plan.dependencies)}" if plan.dependencies else "",
        ]
        for m in plan.milestones:
            lines.append(f"- {m.title}: " + "; ".join(m.items))
        parts.append("# Plan\n" + "\n".join(x for x in lines if x))
    bc = session.business_context
    if bc:
        parts.append(
            "# Business context\n"
            + bc.description
            + "".join(f"\n- challenge: {c}" for c in bc.challenges)
            + "".join(f"\n- constraint: {c}" for c in bc.constraints)
        )
    turns = [t for t in session.turns if t.role in ("user", "assistant")]
    if turns:
        summary = [
            f"[{t.phase.value}] {t.role}: {redacted_head(' '.join(t.content.split()), TURN_CHARS)}"
            for t in turns[-30:]
        ]
        parts.append("# Conversation summary\n" + "\n".join(summary))
    return "\n\n".join(parts)


def scaffold_prompt(session: WorkshopSession, template: Template) -> str:
    return (
        workshop_context(session)
        + f"\n\n# Task\nCreate the project with {template.display_name}. Write tests for the real "
        "functionality of the selected idea (they must fail now), stubs that raise a 'not implemented' "
        "error, a README.md and a .gitignore. Keep it small: a few source files and one or two test "
        "files. Send every file as a whole-file block."
    )


async def scaffold(
    project: Path, llm: LLMClient, session: WorkshopSession, template: Template
) -> ScaffoldResult:
    """Ask the model for the project files and write them; raises ``ScaffoldError`` when none is usable."""
    project.mkdir(parents=True, exist_ok=True)  # noqa: ASYNC240 - one mkdir before the model call
    reply = await llm.complete(
        [
            Message(role="system", content=SCAFFOLD_SYSTEM),
            Message(role="user", content=scaffold_prompt(session, template)),
        ],
        purpose="scaffold",
    )
    applied = apply_reply(project, reply.text)
    if not applied.changed:
        reasons = "; ".join(p.message for p in applied.problems[:3]) or "the reply held no file blocks"
        raise ScaffoldError(f"the model produced no usable files: {reasons}")
    write_workshop_docs(project, session, template)
    return ScaffoldResult(files=applied.changed, refused=applied.problems, usage=reply.usage)


def write_workshop_docs(project: Path, session: WorkshopSession, template: Template) -> None:
    """WORKSHOP.md, the per-phase documents under docs/workshop/, and the metadata file."""
    title, description = selected_idea(session)
    (project / "WORKSHOP.md").write_text(
        f"# {title or session.name or 'Proof of concept'}\n\n{description}\n\n"
        f"Made by sofia_nb from workshop session `{session.id}` with the {template.display_name} template.\n"
        "The workshop's documents are in [docs/workshop/](docs/workshop/).\n\n"
        + workshop_context(session)
        + "\n",
        encoding="utf-8",
    )
    export_session(session, project / "docs" / "workshop", formats=["md"])
    metadata = Metadata(session_id=session.id, template=template.id, idea_title=title)
    (project / METADATA_FILE).write_text(metadata.model_dump_json(indent=2) + "\n", encoding="utf-8")


def read_metadata(project: Path) -> Metadata | None:
    """The project's metadata, or None when it is missing or unreadable."""
    try:
        return Metadata.model_validate(json.loads((project / METADATA_FILE).read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None
