"""The six ``cc_*`` providers: plain functions from an input model to a result model."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from ..._registry import first
from ._bash import BashCategory, categorize
from ._models import (
    BashCategoryRow,
    BashCommandRow,
    BashSummaryRow,
    CcBashInput,
    CcBashResult,
    CcCandidatesInput,
    CcCandidatesResult,
    CcLsInput,
    CcLsResult,
    CcPromptsResult,
    CcResumeResult,
    CcSessionInput,
    CcSessionRow,
    CcShowResult,
    FatResultRow,
    FileTouchRow,
    HeavyToolRow,
    PrLink,
    RepeatedCommandRow,
    RepeatedReadRow,
    ToolRow,
)
from ._parse import FileTouches, Transcript, parse_transcript
from ._store import TranscriptError, projects_dir, resolve_session, session_files

_GOAL_CHARS = 240
_NEXT_CHARS = 600
_RESUME_FILES = 12
_SUGGESTIONS = {
    "Read": "a structural summary instead of full reads (code, cc_show)",
    "Bash": "a deterministic tool for the hot shell operations (see repeated_commands)",
    "Grep": "grep with the enclosing scope instead of raw match dumps",
}


def _load(inp: CcSessionInput) -> Transcript:
    try:
        return parse_transcript(resolve_session(inp.session, projects_dir(inp.projects_dir)))
    except OSError as exc:
        raise TranscriptError(f"cannot read transcript: {exc}") from exc


def _scan(paths: Iterable[Path], project: str, limit: int = 0) -> tuple[list[Transcript], int]:
    """Parse ``paths``, keeping those whose folder, project or cwd contains ``project``; counts unreadable.

    With a ``limit``, parsing stops once that many are kept: the paths come newest first, and a
    transcript's last record is its last write, so the newest files hold the newest sessions.
    """
    wanted, unreadable = project.lower(), 0
    kept: list[Transcript] = []
    for path in paths:
        if limit and len(kept) >= limit:
            break
        try:
            t = parse_transcript(path)
        except OSError:
            unreadable += 1
            continue
        if not wanted or any(wanted in s.lower() for s in (path.parent.name, t.project, t.cwd)):
            kept.append(t)
    return kept, unreadable


def _cut(text: str, limit: int) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _file_rows(files: Iterable[FileTouches], cwd: str = "") -> list[FileTouchRow]:
    rows = []
    for f in files:
        path = f.path
        if cwd:
            try:
                path = str(Path(f.path).relative_to(cwd))
            except ValueError:
                pass
        rows.append(FileTouchRow(path=path, reads=f.reads, edits=f.edits, writes=f.writes))
    return rows


def _ago(end: datetime | None) -> str | None:
    if end is None:
        return None
    seconds = max(0, int((datetime.now(UTC) - end).total_seconds()))
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{seconds // size}{unit} ago"
    return "just now"


def cc_ls(inp: CcLsInput) -> CcLsResult:
    """Claude Code sessions, newest first, one row each."""
    files = session_files(projects_dir(inp.projects_dir), inp.since)
    sessions, unreadable = _scan(files, inp.project, inp.limit)
    sessions.sort(key=lambda t: (t.updated, t.full_id), reverse=True)
    rows = [
        CcSessionRow(
            id=t.short_id,
            project=t.project,
            title=t.title,
            updated=t.updated,
            messages=t.messages,
            prompts=len(t.prompts),
            out_tokens=t.usage_total("output_tokens"),
            cache_read=t.usage_total("cache_read_input_tokens"),
            branch=t.branch,
            prs=sorted(t.prs),
            size_bytes=t.size_bytes,
        )
        for t in sessions
    ]
    skipped = sum(t.skipped_lines for t in sessions)
    return CcLsResult(sessions=rows, unreadable=unreadable, skipped_lines=skipped)


def cc_show(inp: CcSessionInput) -> CcShowResult:
    """One session's digest: prompts, token usage, tools, files touched, heavy results, PRs."""
    t = _load(inp)
    tools = sorted(
        t.tool_calls.keys() | t.tool_result_tokens.keys(), key=lambda name: (-t.tool_calls[name], name)
    )
    bash = Counter(categorize(c) for c in t.bash_commands)
    by_calls = sorted(bash.items(), key=lambda cn: (-cn[1], cn[0]))
    files = sorted(t.files.values(), key=lambda f: (-(f.reads + f.edits + f.writes), f.path))
    return CcShowResult(
        path=str(t.path),
        id=t.short_id,
        full_id=t.full_id,
        project=t.project,
        cwd=t.cwd,
        branch=t.branch,
        model=t.model,
        version=t.version,
        title=t.title,
        start=t.start,
        end=t.end,
        span_s=int((t.end - t.start).total_seconds()) if t.start and t.end else None,
        duration_ms=t.duration_ms,
        messages=t.messages,
        size_bytes=t.size_bytes,
        input_tokens=t.usage_total("input_tokens"),
        output_tokens=t.usage_total("output_tokens"),
        cache_read_tokens=t.usage_total("cache_read_input_tokens"),
        cache_create_tokens=t.usage_total("cache_creation_input_tokens"),
        user_prompts=t.prompts,
        last_text=t.last_text,
        tools=[ToolRow(tool=n, calls=t.tool_calls[n], result_tokens=t.tool_result_tokens[n]) for n in tools],
        bash=[BashCategoryRow(category=c, calls=n) for c, n in by_calls],
        files=_file_rows(files),
        fat_results=[FatResultRow(tokens=f.tokens, tool=f.tool, brief=f.brief) for f in t.fat_results],
        prs=[PrLink(number=n, url=u) for n, u in sorted(t.prs.items())],
        skipped_lines=t.skipped_lines,
    )


def cc_resume(inp: CcSessionInput) -> CcResumeResult:
    """A small brief to resume a session: goal, latest ask, the assistant's last words, working set."""
    t = _load(inp)
    goal = _cut(t.prompts[0], _GOAL_CHARS) if t.prompts else None
    now = _cut(t.prompts[-1], _GOAL_CHARS) if t.prompts else None
    working = sorted(t.files.values(), key=lambda f: (-(f.edits + f.writes), -f.reads, f.path))
    return CcResumeResult(
        project=t.project,
        branch=t.branch,
        session=t.short_id,
        end=t.end,
        age=_ago(t.end),
        messages=t.messages,
        goal=goal,
        now=now if now != goal else None,
        next=_cut(t.last_text, _NEXT_CHARS) or None,
        files=_file_rows(working[:_RESUME_FILES], t.cwd),
    )


def cc_prompts(inp: CcSessionInput) -> CcPromptsResult:
    """The genuine human prompts of a session, verbatim and in order."""
    t = _load(inp)
    return CcPromptsResult(id=t.short_id, project=t.project, prompts=t.prompts)


def cc_bash(inp: CcBashInput) -> CcBashResult:
    """A session's shell commands, deduplicated, counted and categorised."""
    t = _load(inp)
    counts = Counter(t.bash_commands)
    category = {c: categorize(c) for c in counts}
    calls: Counter[BashCategory] = Counter()
    unique: Counter[BashCategory] = Counter()
    for command, n in counts.items():
        calls[category[command]] += n
        unique[category[command]] += 1
    commands = sorted(
        (
            BashCommandRow(count=n, category=category[c], command=c)
            for c, n in counts.items()
            if n >= inp.min_count and inp.category in (None, category[c])
        ),
        key=lambda row: (-row.count, row.command),
    )
    return CcBashResult(
        id=t.short_id,
        project=t.project,
        summary=[
            BashSummaryRow(category=c, calls=calls[c], unique=unique[c])
            for c in sorted(calls, key=lambda c: (-calls[c], c))
        ],
        commands=first(commands, inp.limit),
    )


def cc_candidates(inp: CcCandidatesInput) -> CcCandidatesResult:
    """Token-heavy tools and operations repeated across sessions: candidates for a cheaper tool."""
    root = projects_dir(inp.projects_dir)
    paths = [resolve_session(inp.session, root)] if inp.session else session_files(root, inp.since)
    sessions, _ = _scan(paths, "" if inp.session else inp.project)
    calls: Counter[str] = Counter()
    tokens: Counter[str] = Counter()
    commands: Counter[str] = Counter()
    command_sessions: Counter[str] = Counter()
    reads: Counter[str] = Counter()
    read_sessions: Counter[str] = Counter()
    for t in sessions:
        calls.update(t.tool_calls)
        tokens.update(t.tool_result_tokens)
        commands.update(t.bash_commands)
        command_sessions.update(set(t.bash_commands))
        for f in t.files.values():
            if f.reads:
                reads[f.path] += f.reads
                read_sessions[f.path] += 1
    heavy = sorted(calls.keys() | tokens.keys(), key=lambda n: (-tokens[n], -calls[n], n))
    repeated = sorted(
        (c for c, n in commands.items() if n >= inp.min_count),
        key=lambda c: (-commands[c], -command_sessions[c], c),
    )
    reread = sorted(
        (p for p, n in reads.items() if n >= inp.min_count), key=lambda p: (-reads[p], -read_sessions[p], p)
    )
    return CcCandidatesResult(
        scanned_sessions=len(sessions),
        heavy_tools=[
            HeavyToolRow(tool=n, calls=calls[n], result_tokens=tokens[n], suggestion=_SUGGESTIONS.get(n))
            for n in heavy
        ],
        repeated_commands=[
            RepeatedCommandRow(
                count=commands[c], sessions=command_sessions[c], category=categorize(c), command=c
            )
            for c in first(repeated, inp.limit)
        ],
        repeated_reads=[
            RepeatedReadRow(reads=reads[p], sessions=read_sessions[p], path=p)
            for p in first(reread, inp.limit)
        ],
    )
