"""Inputs and results of the ``cc_*`` tools (the JSON contract; lists are ``[]`` when empty)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from ..._support.budget import BudgetInput
from ._bash import BashCategory

_PROJECTS_DIR = Field(
    None, description="Claude Code projects folder (default: $CC_PROJECTS_DIR, else ~/.claude/projects)"
)
_SESSION = Field("last", description="'last', a session id prefix, a project name, or a transcript path")
_SINCE = Field("", description="only sessions modified within this window: 30m, 1h, 24h, 7d")
_PROJECT = Field("", description="case-insensitive substring of the project folder, name or cwd")


class _Input(BudgetInput):
    model_config = ConfigDict(extra="forbid")


class CcLsInput(_Input):
    project: str = _PROJECT
    since: str = _SINCE
    limit: int = Field(30, ge=0, description="at most this many sessions, newest first; 0 = all")
    projects_dir: str | None = _PROJECTS_DIR


class CcSessionInput(_Input):
    session: str = _SESSION
    projects_dir: str | None = _PROJECTS_DIR


class CcBashInput(CcSessionInput):
    category: BashCategory | None = Field(None, description="only commands of this category")
    min_count: int = Field(1, ge=1, description="only commands run at least this often")
    limit: int = Field(30, ge=0, description="at most this many commands; 0 = all")


class CcCandidatesInput(_Input):
    session: str = Field(
        "", description="scan only this session; empty = all sessions matching project/since"
    )
    project: str = _PROJECT
    since: str = _SINCE
    min_count: int = Field(2, ge=1, description="a command or read counts as repeated from this many times")
    limit: int = Field(20, ge=0, description="at most this many rows per repeated_* list; 0 = all")
    projects_dir: str | None = _PROJECTS_DIR


class PrLink(BaseModel):
    number: int
    url: str


class CcSessionRow(BaseModel):
    id: str
    project: str
    title: str
    updated: datetime
    messages: int
    prompts: int
    out_tokens: int
    cache_read: int
    branch: str
    prs: list[int]
    size_bytes: int


class CcLsResult(BaseModel):
    """``cc_ls``: the sessions, newest first."""

    sessions: list[CcSessionRow]
    unreadable: int = Field(description="session files that could not be read")
    skipped_lines: int = Field(
        description="transcript lines that were not JSON objects, in the listed sessions"
    )


class FileTouchRow(BaseModel):
    path: str
    reads: int
    edits: int
    writes: int


class FatResultRow(BaseModel):
    tokens: int
    tool: str
    brief: str


class ToolRow(BaseModel):
    tool: str
    calls: int
    result_tokens: int


class BashCategoryRow(BaseModel):
    category: BashCategory
    calls: int


class CcShowResult(BaseModel):
    """``cc_show``: one session's digest."""

    path: str
    id: str
    full_id: str
    project: str
    cwd: str
    branch: str
    model: str
    version: str
    title: str
    start: datetime | None
    end: datetime | None
    span_s: int | None = Field(description="seconds from the first record to the last")
    duration_ms: int
    messages: int
    size_bytes: int
    input_tokens: int
    output_tokens: int
    cache_read_tokens: int
    cache_create_tokens: int
    user_prompts: list[str]
    last_text: str
    tools: list[ToolRow]
    bash: list[BashCategoryRow]
    files: list[FileTouchRow]
    fat_results: list[FatResultRow]
    prs: list[PrLink]
    skipped_lines: int


class CcResumeResult(BaseModel):
    """``cc_resume``: a small brief to pick a session up again."""

    project: str
    branch: str
    session: str
    end: datetime | None
    age: str | None = Field(description="time since the session's last record, e.g. '3h ago'")
    messages: int
    goal: str | None = Field(description="the first human prompt")
    now: str | None = Field(description="the last human prompt, when it differs from the goal")
    next: str | None = Field(description="the assistant's last words")
    files: list[FileTouchRow] = Field(description="the working set, relative to the session's cwd")


class CcPromptsResult(BaseModel):
    """``cc_prompts``: what the person typed, verbatim, in order."""

    id: str
    project: str
    prompts: list[str]


class BashSummaryRow(BaseModel):
    category: BashCategory
    calls: int
    unique: int


class BashCommandRow(BaseModel):
    count: int
    category: BashCategory
    command: str


class CcBashResult(BaseModel):
    """``cc_bash``: shell commands, deduplicated, counted and categorised."""

    id: str
    project: str
    summary: list[BashSummaryRow]
    commands: list[BashCommandRow]


class HeavyToolRow(ToolRow):
    suggestion: str | None


class RepeatedCommandRow(BaseModel):
    count: int
    sessions: int
    category: BashCategory
    command: str


class RepeatedReadRow(BaseModel):
    reads: int
    sessions: int
    path: str


class CcCandidatesResult(BaseModel):
    """``cc_candidates``: expensive and repeated operations across sessions."""

    scanned_sessions: int
    heavy_tools: list[HeavyToolRow]
    repeated_commands: list[RepeatedCommandRow]
    repeated_reads: list[RepeatedReadRow]
