"""The scaffold: one ``scaffold`` model call with the workshop's context, written with the same path
safety as edits, plus ``WORKSHOP.md``, ``docs/workshop/*.md`` and ``.sofia-metadata.json``."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, Field

from ..llm import LLMClient, LLMUsage, Message
from ..session import Phase, WorkshopSession, decisions_brief, export_session
from ._criteria import criteria_task
from ._prompt import EDIT_FORMAT_RULES
from ._templates import Template
from .edits import EditProblem, apply_reply

METADATA_FILE = ".sofia-metadata.json"
BRIEF_BUDGET = 8_000
"""Characters (about 2,000 tokens) the workshop's decisions aim for in the scaffold and fix
requests: past it the other ideas, card scores and web results give way, never a decision."""

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


def plan_brief(session: WorkshopSession, budget: int = BRIEF_BUDGET) -> str:
    """The workshop's decisions for the scaffold and fix requests and WORKSHOP.md: the session's
    decisions brief of every phase (the chosen idea and its evaluation, the rationale and scope
    decisions, the PoC scope, milestones, architecture, the business context's facts), built from
    the records, never from the conversation; the decisions are never cut."""
    text = decisions_brief(session, Phase.DEVELOP, budget).text
    return f"# The workshop's decisions\n{text}" if text else ""


def scaffold_prompt(session: WorkshopSession, template: Template) -> str:
    """The ``scaffold`` request: the workshop's decisions, the success criteria with their tags,
    the task."""
    title = selected_idea(session)[0]
    criteria = criteria_task(session.plan)
    parts = [
        f"# Goal\nThe proof of concept for: {title}" if title else "",
        plan_brief(session),
        criteria,
        f"# Task\nCreate the project with {template.display_name}. Write tests for the real "
        "functionality of the selected idea, as the PoC scope describes it (they must fail now)"
        + (", at least one for each success criterion above" if criteria else "")
        + ", stubs that raise a 'not implemented' error, a README.md and a .gitignore. Keep it small: "
        "a few source files and one or two test files. Send every file as a whole-file block.",
    ]
    return "\n\n".join(p for p in parts if p)


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
        "The workshop's documents are in [docs/workshop/](docs/workshop/).\n\n" + plan_brief(session) + "\n",
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
