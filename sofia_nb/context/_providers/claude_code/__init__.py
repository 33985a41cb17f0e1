"""Claude Code transcript digests over ``~/.claude/projects/<project>/<session>.jsonl``.

Six tools share one parser: ``cc_ls``, ``cc_show``, ``cc_resume``, ``cc_prompts``, ``cc_bash`` and
``cc_candidates``. They read only the transcripts (``projects_dir``, ``$CC_PROJECTS_DIR`` or
``~/.claude/projects``), never the code roots.
"""

from ..._registry import ContextTool
from ._bash import BashCategory, categorize
from ._models import (
    CcBashInput,
    CcBashResult,
    CcCandidatesInput,
    CcCandidatesResult,
    CcLsInput,
    CcLsResult,
    CcPromptsResult,
    CcResumeResult,
    CcSessionInput,
    CcShowResult,
)
from ._parse import Transcript, parse_transcript
from ._store import PROJECTS_DIR_ENV, TranscriptError
from ._tools import cc_bash, cc_candidates, cc_ls, cc_prompts, cc_resume, cc_show

TOOLS: tuple[ContextTool, ...] = (
    ContextTool(
        "cc_ls",
        "List Claude Code sessions, newest first: title, project, branch, prompts, tokens, PRs.",
        CcLsInput,
        CcLsResult,
        cc_ls,
        ("cc", "ls"),
    ),
    ContextTool(
        "cc_show",
        "Digest of one Claude Code session: human prompts, token usage, tool histogram, "
        "files touched, heavy tool results, shell command categories, PRs.",
        CcSessionInput,
        CcShowResult,
        cc_show,
        ("cc", "show"),
        positional="session",
    ),
    ContextTool(
        "cc_resume",
        "A small brief to resume a Claude Code session: goal, latest ask, the assistant's "
        "last words and the working set of files.",
        CcSessionInput,
        CcResumeResult,
        cc_resume,
        ("cc", "resume"),
        positional="session",
    ),
    ContextTool(
        "cc_prompts",
        "The genuine human prompts of a Claude Code session, verbatim and in order "
        "(system reminders, tool results, interruptions and command envelopes left out).",
        CcSessionInput,
        CcPromptsResult,
        cc_prompts,
        ("cc", "prompts"),
        positional="session",
    ),
    ContextTool(
        "cc_bash",
        "Shell commands a Claude Code session ran, deduplicated with counts and categories "
        "(search, read, git, test, build, db, fs, other).",
        CcBashInput,
        CcBashResult,
        cc_bash,
        ("cc", "bash"),
        positional="session",
    ),
    ContextTool(
        "cc_candidates",
        "Token-heavy tools and commands or file reads repeated across Claude Code "
        "sessions: candidates for a cheaper, deterministic tool.",
        CcCandidatesInput,
        CcCandidatesResult,
        cc_candidates,
        ("cc", "candidates"),
        positional="session",
    ),
)

__all__ = [
    "PROJECTS_DIR_ENV",
    "TOOLS",
    "BashCategory",
    "CcBashInput",
    "CcBashResult",
    "CcCandidatesInput",
    "CcCandidatesResult",
    "CcLsInput",
    "CcLsResult",
    "CcPromptsResult",
    "CcResumeResult",
    "CcSessionInput",
    "CcShowResult",
    "Transcript",
    "TranscriptError",
    "categorize",
    "cc_bash",
    "cc_candidates",
    "cc_ls",
    "cc_prompts",
    "cc_resume",
    "cc_show",
    "parse_transcript",
]
