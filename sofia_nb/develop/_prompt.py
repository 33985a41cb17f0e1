"""The iteration prompt, what changes least first: the goal, the workshop's decisions and success
criteria, the file tree, the files in full within a budget (those the failures name, then the rest
of the code; never the workshop's documents when the decisions are given), structural summaries
(the ``code`` context provider) for the rest, then the failures, the previous change, the state,
enrichment."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..session import TestResults
from ._runner import output_tail

log = logging.getLogger(__name__)

DEFAULT_BUDGET_CHARS = 48_000
"""The files shown in full, about 12,000 tokens (characters / 4): a PoC's sources plus the
failures, with room for the reply left in a 32k-token context window."""
WORKSHOP_DOCUMENTS = ("WORKSHOP.md", "docs/workshop/")
"""What the scaffold writes from the workshop (``_scaffold.write_workshop_docs``): the decisions
again and every phase's conversation, so a request that carries the decisions leaves them out."""
MAX_DIFF_CHARS = 4_000
"""The previous iteration's diff: enough to see what was tried; a bigger one is cut, not dropped."""
SKIP_FILES = frozenset(
    {".sofia-metadata.json", "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "uv.lock"}
)
SOURCE_SUFFIXES = frozenset(
    {
        ".py",
        ".ts",
        ".tsx",
        ".js",
        ".mjs",
        ".cjs",
        ".json",
        ".toml",
        ".ini",
        ".cfg",
        ".txt",
        ".md",
        ".yaml",
        ".yml",
        ".vue",
        ".go",
        ".php",
    }
)

EDIT_FORMAT_RULES = """\
Reply with edits in one of these two formats, and nothing but short explanations around them.

1. A whole file: a fenced block whose info string names the file (use 4 backticks when the content
   itself holds ``` fences; quote a path with spaces: file="docs/read me.md"):

```python file=src/calc.py
<the complete new content of the file, never elided>
```

2. A SEARCH/REPLACE block: the path on its own line, then

src/calc.py
<<<<<<< SEARCH
<lines copied exactly from the current file>
=======
<their replacement>
>>>>>>> REPLACE

An empty SEARCH creates a new file. ```text file=PATH delete``` with an empty body deletes a file.
Paths are relative to the project root; never touch .git/. Do not weaken or delete tests to make
them pass: fix the code."""

FIX_SYSTEM = (
    "You are a careful senior engineer fixing a small project until its tests pass.\n\n" + EDIT_FORMAT_RULES
)


@dataclass
class PromptInput:
    """Everything one iteration's prompt is built from."""

    project: Path
    goal: str
    iteration: int
    max_iterations: int
    results: TestResults
    previous_summary: str = ""
    previous_diff: str = ""
    stuck_reason: str = ""
    enrichment: str = ""
    history: list[str] = field(default_factory=list)
    budget_chars: int = DEFAULT_BUDGET_CHARS
    decisions: str = ""
    """The workshop's decisions (``_scaffold.plan_brief``), "" for a repository of one's own."""
    criteria: str = ""
    """The success criteria with their tags (``_criteria.criteria_task``)."""


def project_files(root: Path) -> list[str]:
    """Relative paths of the project's files, sorted, skipping what the context tools skip, and lockfiles."""
    from ..context import walk_files  # lazily, as _outline does: the context package is large

    found = (path.relative_to(root) for path in walk_files(root))
    return sorted(rel.as_posix() for rel in found if rel.name not in SKIP_FILES)


def is_workshop_document(rel: str) -> bool:
    """Whether ``rel`` is one of the workshop's documents the scaffold wrote."""
    return rel == WORKSHOP_DOCUMENTS[0] or rel.startswith(WORKSHOP_DOCUMENTS[1])


def reading_order(results: TestResults, files: list[str]) -> list[str]:
    """The files to show in full, in the order the budget goes to them: those the failures name,
    then the other sources, then the workshop's documents (never first: the request carries the
    decisions, and the failing code is what the model must read)."""
    relevant = _mentioned(results, files)
    sources = relevant + [f for f in files if f not in relevant and Path(f).suffix in SOURCE_SUFFIXES]
    return [f for f in sources if not is_workshop_document(f)] + [
        f for f in sources if is_workshop_document(f)
    ]


def _mentioned(results: TestResults, files: list[str]) -> list[str]:
    """Files named by the failures (their file, or any path in their trace), most mentioned first."""
    text = "\n".join(f"{f.file}\n{f.test_id}\n{f.message}\n{f.trace_tail}" for f in results.failures)
    text += "\n" + output_tail(results.raw_output_tail, 2000)
    counts = {rel: len(re.findall(re.escape(rel), text)) for rel in files}
    stem_hits = {rel: len(re.findall(r"\b" + re.escape(Path(rel).stem) + r"\b", text)) for rel in files}
    ranked = [rel for rel in files if counts[rel] or stem_hits[rel]]
    return sorted(ranked, key=lambda r: (-counts[r], -stem_hits[r], r))


def _outline(root: Path, files: list[str]) -> str:
    """Signatures of ``files`` from the ``code`` context provider; "" when it is unavailable."""
    if not files:
        return ""
    try:
        from ..context import allowed_roots, get_tool

        with allowed_roots([root]):
            result = get_tool("code").call(
                {"files": [str(root / f) for f in files], "brief": True, "force": True}
            )
    except Exception as exc:  # an optional aid: the prompt is still complete without it
        log.debug("code outline unavailable: %s", exc)
        return ""
    lines = []
    for entry in getattr(result, "files", []):
        rel = Path(entry.file).resolve().relative_to(root.resolve()).as_posix()
        if entry.mode == "raw":
            lines.append(f"- {rel}: {entry.size} bytes (not shown)")
            continue
        lines.append(f"- {rel}")
        lines += [f"    {s.kind} {s.name}{s.signature}" for s in entry.symbols]
    return "\n".join(lines)


def _failures(results: TestResults) -> str:
    r = results
    head = f"passed {r.passed}, failed {r.failed}, errors {r.errors}, skipped {r.skipped}"
    blocks = [head]
    for i, f in enumerate(r.failures, 1):
        where = f" ({f.file}:{f.line})" if f.file and f.line else f" ({f.file})" if f.file else ""
        blocks.append(f"{i}. {f.test_id}{where}: {f.message}\n```\n{f.trace_tail}\n```")
    if not r.failures and r.raw_output_tail:
        blocks.append("Output tail:\n```\n" + output_tail(r.raw_output_tail, 2000) + "\n```")
    return "\n\n".join(blocks)


def build_fix_prompt(p: PromptInput) -> tuple[str, str]:
    """``(prompt, summary)``: the user message for the ``fix`` call and a one-line audit summary.

    What changes least comes first, so each iteration's request repeats the one before as its
    start (a provider's prompt cache serves that part): the goal, the workshop's decisions once and
    the success criteria, the file list, the code (the files the failures name, then the rest),
    then the failures, what the last iteration changed, and the state. The workshop's documents
    (``WORKSHOP.md``, ``docs/workshop/``) are never shown when the request carries the decisions:
    they hold the decisions again and each phase's conversation; they are named in the file list."""
    files = project_files(p.project)
    decided = bool(p.decisions.strip())
    ordered = [f for f in reading_order(p.results, files) if not (decided and is_workshop_document(f))]
    shown: list[str] = []
    budget = p.budget_chars
    parts = [f"# Goal\n{p.goal.strip()}", *(x.strip() for x in (p.decisions, p.criteria) if x.strip())]
    parts.append("# Files in the project\n" + "\n".join(files))
    contents = []
    for rel in ordered:
        try:
            text = (p.project / rel).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        block = (
            f"````{Path(rel).suffix.lstrip('.')} file={rel}\n{text}````"
            if text.endswith("\n")
            else f"````{Path(rel).suffix.lstrip('.')} file={rel}\n{text}\n````"
        )
        if len(block) > budget:
            continue
        budget -= len(block)
        contents.append(block)
        shown.append(rel)
    code = [b for b, rel in zip(contents, shown, strict=True) if not is_workshop_document(rel)]
    documents = [b for b, rel in zip(contents, shown, strict=True) if is_workshop_document(rel)]
    parts.append("# Current code\n" + "\n\n".join(code))
    if documents:  # only for a repository of one's own that has such files (no decisions given)
        parts.append("# The workshop's documents (in the room the code left)\n" + "\n\n".join(documents))
    rest = [
        f
        for f in files
        if f not in shown and Path(f).suffix in SOURCE_SUFFIXES and not is_workshop_document(f)
    ]
    outline = _outline(p.project, rest)
    if outline:
        parts.append("# Outlines of the other files\n" + outline)
    parts.append("# Test results\n" + _failures(p.results))
    if p.previous_diff:
        parts.append("# Previous change\n```diff\n" + output_tail(p.previous_diff, MAX_DIFF_CHARS) + "\n```")
    parts.append(
        f"# Current state\nIteration {p.iteration} of {p.max_iterations}."
        + (f" Previous iteration: {p.previous_summary}" if p.previous_summary else "")
    )
    if p.history:
        parts.append("# Earlier iterations\n" + "\n".join(p.history))
    if p.stuck_reason:
        parts.append(
            f"# Your last approach failed\n{p.stuck_reason}. Do not repeat it: re-read the failures and "
            "the code, question your assumptions, and try a different fix. Send every file you change as a "
            "whole file this time, not as SEARCH/REPLACE blocks."
        )
    if p.enrichment:
        parts.append("# Extra context\n" + p.enrichment)
    # The edit formats are in the system prompt (FIX_SYSTEM): not repeated here.
    parts.append(
        "# Task\nMake the failing tests pass with the smallest correct change, as edits in the formats "
        "the system message gives."
    )
    summary = (
        f"iteration {p.iteration}/{p.max_iterations}, {p.results.failed + p.results.errors} failing, "
        f"{len(shown)} files in full, {len(rest)} outlined" + (", stuck" if p.stuck_reason else "")
    )
    return "\n\n".join(parts), summary
