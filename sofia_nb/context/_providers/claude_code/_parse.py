"""One parser for Claude Code transcripts (``<session>.jsonl``), shared by every ``cc_*`` tool.

A transcript is one JSON object per line. Only ``user`` and ``assistant`` records carry
conversation; every record may carry metadata (cwd, branch, title, PR links). A line that does not
parse as a JSON object is skipped and counted, never fatal.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..._support.tokens import estimate_tokens

FAT_RESULT_TOKENS = 1500
MAX_FAT_RESULTS = 15
MAX_PROMPTS = 2000
_BRIEF_CHARS = 100

_REMINDER = re.compile(r"<system-reminder>.*?</system-reminder>", re.S)
# Envelopes Claude Code wraps around slash commands, local command output, hooks and shell mode.
_ENVELOPE = re.compile(
    r"^<(command-name|command-message|command-args|command-contents|local-command-stdout|"
    r"local-command-stderr|local-command-caveat|user-prompt-submit-hook|bash-input|bash-stdout|"
    r"bash-stderr|task-notification)>"
)
_NOT_HUMAN_PREFIXES = (
    "Caveat:",
    "[Request interrupted",
    "API Error",
    "This session is being continued from a previous conversation",
)
_TITLE_KEYS = ("customTitle", "aiTitle", "summary")  # a title the person set beats a generated one
_FILE_TOOLS = {
    "Read": "reads",
    "Edit": "edits",
    "MultiEdit": "edits",
    "Write": "writes",
    "NotebookEdit": "writes",
}


@dataclass
class FileTouches:
    path: str
    reads: int = 0
    edits: int = 0
    writes: int = 0


@dataclass
class FatResult:
    tokens: int
    tool: str
    brief: str


@dataclass
class Transcript:
    """Everything the ``cc_*`` tools read from one session file."""

    path: Path
    size_bytes: int
    mtime: datetime
    cwd: str = ""
    branch: str = ""
    version: str = ""
    model: str = ""
    title: str = ""
    start: datetime | None = None
    end: datetime | None = None
    duration_ms: int = 0
    messages: int = 0
    skipped_lines: int = 0
    prompts: list[str] = field(default_factory=list)
    last_text: str = ""
    tool_calls: Counter[str] = field(default_factory=Counter)
    tool_result_tokens: Counter[str] = field(default_factory=Counter)
    files: dict[str, FileTouches] = field(default_factory=dict)
    fat_results: list[FatResult] = field(default_factory=list)
    bash_commands: list[str] = field(default_factory=list)
    prs: dict[int, str] = field(default_factory=dict)
    # Usage per API message id: Claude Code writes one record per content block, each repeating
    # the message's usage, so summing records would count a message several times.
    usage: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def full_id(self) -> str:
        return self.path.stem

    @property
    def short_id(self) -> str:
        head = self.full_id.split("-", 1)[0]
        return head if head != self.full_id else self.full_id[:8]

    @property
    def project(self) -> str:
        if self.cwd:
            return Path(self.cwd).name
        return self.path.parent.name.rsplit("-", 1)[-1]

    def usage_total(self, key: str) -> int:
        return sum(u.get(key, 0) for u in self.usage.values())

    @property
    def updated(self) -> datetime:
        return self.end or self.mtime


def _blocks(content: list[Any], kind: str) -> list[dict[str, Any]]:
    return [b for b in content if isinstance(b, dict) and b.get("type") == kind]


def _text_of(content: Any) -> str:
    """A tool result's or message's text: a string, or the text blocks of a list joined."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b.get("text", "") for b in _blocks(content, "text"))
    return ""


def human_text(text: str) -> str:
    """``text`` with system reminders removed; "" when what is left is not something a person typed."""
    text = _REMINDER.sub("", text).strip()
    if not text or _ENVELOPE.match(text) or text.startswith(_NOT_HUMAN_PREFIXES):
        return ""
    return text


def _brief(name: str, args: dict[str, Any]) -> str:
    if name == "Bash":
        return str(args.get("command", ""))[:_BRIEF_CHARS]
    for key in ("file_path", "notebook_path", "pattern"):
        if args.get(key):
            return str(args[key])
    return name


def _timestamp(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        ts = datetime.fromisoformat(value)
    except ValueError:
        return None
    return ts if ts.tzinfo else ts.replace(tzinfo=UTC)


class _Reader:
    def __init__(self, t: Transcript) -> None:
        self.t = t
        self.tool_names: dict[str, tuple[str, str]] = {}  # tool_use id -> (tool, brief)
        self.titles: dict[str, str] = {}

    def record(self, rec: dict[str, Any]) -> None:
        t = self.t
        if rec.get("cwd") and not t.cwd:
            t.cwd = str(rec["cwd"])
        for key, attr in (("gitBranch", "branch"), ("version", "version")):
            if rec.get(key):
                setattr(t, attr, str(rec[key]))
        for key in _TITLE_KEYS:
            value = rec.get(key)
            if (
                isinstance(value, str)
                and value.strip()
                and (key != "summary" or rec.get("type") == "summary")
            ):
                self.titles[key] = value.strip()
        if isinstance(rec.get("prNumber"), int):
            t.prs.setdefault(rec["prNumber"], str(rec.get("prUrl") or ""))
        if isinstance(rec.get("durationMs"), int):
            t.duration_ms += rec["durationMs"]
        if (ts := _timestamp(rec.get("timestamp"))) is not None:
            t.start = ts if t.start is None else min(t.start, ts)
            t.end = ts if t.end is None else max(t.end, ts)
        message = rec.get("message")
        if rec.get("type") not in ("user", "assistant") or not isinstance(message, dict):
            return
        t.messages += 1
        if rec["type"] == "assistant":
            self.assistant(message, sidechain=bool(rec.get("isSidechain")))
        else:
            self.user(
                message,
                human=not rec.get("isMeta")
                and not rec.get("isSidechain")
                and not rec.get("isCompactSummary"),
            )

    def assistant(self, message: dict[str, Any], sidechain: bool) -> None:
        t = self.t
        if message.get("model"):
            t.model = str(message["model"])
        if isinstance(message.get("usage"), dict):
            key = str(message.get("id") or f"#{len(t.usage)}")
            t.usage[key] = {k: v for k, v in message["usage"].items() if isinstance(v, int)}
        content = message.get("content")
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        for block in content if isinstance(content, list) else []:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "text" and not sidechain and str(block.get("text", "")).strip():
                t.last_text = str(block["text"]).strip()
            elif block.get("type") == "tool_use":
                self.tool_use(block)

    def tool_use(self, block: dict[str, Any]) -> None:
        t = self.t
        name = str(block.get("name") or "?")
        raw = block.get("input")
        args: dict[str, Any] = raw if isinstance(raw, dict) else {}
        t.tool_calls[name] += 1
        self.tool_names[str(block.get("id"))] = (name, _brief(name, args))
        if name == "Bash" and args.get("command"):
            t.bash_commands.append(str(args["command"]))
        if name in _FILE_TOOLS and (path := args.get("file_path") or args.get("notebook_path")):
            touches = t.files.setdefault(str(path), FileTouches(str(path)))
            kind = _FILE_TOOLS[name]
            setattr(touches, kind, getattr(touches, kind) + 1)

    def user(self, message: dict[str, Any], human: bool) -> None:
        t = self.t
        content = message.get("content")
        blocks = content if isinstance(content, list) else []
        results = _blocks(blocks, "tool_result")
        for block in results:
            tool, brief = self.tool_names.get(str(block.get("tool_use_id")), ("?", ""))
            tokens = estimate_tokens(_text_of(block.get("content")))
            t.tool_result_tokens[tool] += tokens
            if tokens >= FAT_RESULT_TOKENS:
                t.fat_results.append(FatResult(tokens, tool, brief))
        if results or not human or len(t.prompts) >= MAX_PROMPTS:
            return
        parts = (
            [content] if isinstance(content, str) else [b.get("text", "") for b in _blocks(blocks, "text")]
        )
        prompt = "\n\n".join(p for p in (human_text(str(p)) for p in parts) if p)
        if prompt:
            t.prompts.append(prompt)

    def finish(self) -> Transcript:
        t = self.t
        t.title = next((self.titles[k] for k in _TITLE_KEYS if k in self.titles), "")
        t.fat_results.sort(key=lambda f: -f.tokens)
        del t.fat_results[MAX_FAT_RESULTS:]
        return t


def parse_transcript(path: Path) -> Transcript:
    """Read one session file; raises ``OSError`` only when the file itself cannot be read."""
    stat = path.stat()
    reader = _Reader(
        Transcript(
            path=path, size_bytes=stat.st_size, mtime=datetime.fromtimestamp(stat.st_mtime).astimezone()
        )
    )
    with path.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                rec = None
            if isinstance(rec, dict):
                reader.record(rec)
            else:
                reader.t.skipped_lines += 1
    return reader.finish()
