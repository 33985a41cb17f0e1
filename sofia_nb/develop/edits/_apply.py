"""Parsing a reply into edit blocks and applying them to a project, all or nothing per file."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, Field

from . import _messages as msg
from ._blocks import EditBlock, EditParser, EditProblem, ParseResult, ProblemKind
from ._match import closest_lines, find_matches, reindent
from ._paths import UnsafePathError, resolve_inside
from ._search_replace import SearchReplaceParser
from ._whole import WholeFileParser

# Whole-file fences are claimed first, so SEARCH markers inside a file's content are left alone.
PARSERS: tuple[EditParser, ...] = (WholeFileParser(), SearchReplaceParser())


def parse_edits(reply: str) -> ParseResult:
    """Every edit block in a model reply, in reply order, plus the malformed ones."""
    lines = reply.splitlines()
    blocks: list[EditBlock] = []
    problems: list[EditProblem] = []
    claimed: list[tuple[int, int]] = []
    for parser in PARSERS:
        found, bad, spans = parser.parse(lines, claimed)
        blocks += found
        problems += bad
        claimed += spans
    return ParseResult(
        blocks=sorted(blocks, key=lambda b: b.line), problems=sorted(problems, key=lambda p: p.line)
    )


class ApplyResult(BaseModel):
    """What applying a reply did: files written or deleted, blocks applied, and the problems to reflect."""

    changed: list[str] = Field(default_factory=list)
    applied: int = 0
    problems: list[EditProblem] = Field(default_factory=list)
    block_count: int = 0

    @property
    def reflection(self) -> str:
        """The message for the model, or "" when every block applied."""
        return msg.reflection(self.problems, self.applied) if self.problems else ""


@dataclass
class _FileState:
    target: Path
    original: str | None
    current: str | None
    blocks: int = 0


def _lines(text: str) -> list[str]:
    return text.splitlines()


def _join(lines: list[str]) -> str:
    return "\n".join(lines) + "\n" if lines else ""


def _read(target: Path) -> str | None:
    return target.read_text(encoding="utf-8") if target.is_file() else None


def _apply_block(state: _FileState, block: EditBlock, rel: str) -> EditProblem | None:
    def problem(kind: ProblemKind, message: str) -> EditProblem:
        return EditProblem(kind=kind, path=rel, line=block.line, message=message)

    if block.kind == "whole":
        state.current = block.content
        return None
    if block.kind == "delete":
        if state.current is None:
            return problem("delete-missing", msg.delete_missing(rel))
        state.current = None
        return None
    search = _lines(block.search)
    replace = _lines(block.content)
    if not any(x.strip() for x in search):
        if state.current is not None:
            return problem("create-exists", msg.create_exists(rel))
        state.current = _join(replace)
        return None
    if state.current is None:
        return problem("no-match", msg.missing_file(rel))
    text = _lines(state.current)
    matches = find_matches(text, search)
    if len(matches) > 1:
        return problem("ambiguous-match", msg.ambiguous(rel, len(matches)))
    if not matches:
        if any(x.strip() for x in replace) and find_matches(text, replace):
            return problem("no-match", msg.already_applied(rel))
        return problem("no-match", msg.no_match(rel, closest_lines(text, search)))
    m = matches[0]
    state.current = _join(text[: m.start] + reindent(replace, m) + text[m.end :])
    return None


def _syntax_problem(rel: str, content: str) -> EditProblem | None:
    try:
        ast.parse(content, filename=rel)
    except SyntaxError as exc:
        return EditProblem(kind="syntax-error", path=rel, message=msg.syntax_error(rel, exc.lineno, exc.msg))
    except ValueError as exc:  # null bytes
        return EditProblem(kind="syntax-error", path=rel, message=msg.syntax_error(rel, None, str(exc)))
    return None


def apply_edits(root: Path, blocks: list[EditBlock], *, check_python: bool = True) -> ApplyResult:
    """Apply ``blocks`` under ``root``. Refused blocks are never written; a file whose edits leave
    invalid Python is not written at all. Blocks for one file apply in order, on top of each other."""
    result = ApplyResult(block_count=len(blocks))
    files: dict[str, _FileState] = {}
    for block in blocks:
        try:
            rel, target = resolve_inside(root, block.path)
        except UnsafePathError as exc:
            result.problems.append(
                EditProblem(
                    kind="unsafe-path",
                    path=block.path,
                    line=block.line,
                    message=msg.unsafe_path(block.path, exc.reason),
                )
            )
            continue
        state = files.get(rel)
        if state is None:
            try:
                original = _read(target)
            except (OSError, UnicodeDecodeError) as exc:
                result.problems.append(
                    EditProblem(
                        kind="write-failed",
                        path=rel,
                        line=block.line,
                        message=msg.write_failed(rel, type(exc).__name__),
                    )
                )
                continue
            state = files[rel] = _FileState(target=target, original=original, current=original)
        problem = _apply_block(state, block, rel)
        if problem is None:
            state.blocks += 1
        else:
            result.problems.append(problem)
    for rel, state in files.items():
        if state.current == state.original:
            result.applied += state.blocks
            continue
        if check_python and rel.endswith(".py") and state.current is not None:
            bad = _syntax_problem(rel, state.current)
            if bad is not None:
                result.problems.append(bad)
                continue
        try:
            _write(state)
        except OSError as exc:
            result.problems.append(
                EditProblem(
                    kind="write-failed",
                    path=rel,
                    message=msg.write_failed(rel, exc.strerror or type(exc).__name__),
                )
            )
            continue
        result.applied += state.blocks
        result.changed.append(rel)
    return result


def _write(state: _FileState) -> None:
    if state.current is None:
        state.target.unlink()
        return
    state.target.parent.mkdir(parents=True, exist_ok=True)
    state.target.write_text(state.current, encoding="utf-8")


def apply_reply(root: Path, reply: str, *, check_python: bool = True) -> ApplyResult:
    """Parse ``reply`` and apply it; malformed blocks are reported like refused ones."""
    parsed = parse_edits(reply)
    result = apply_edits(root, parsed.blocks, check_python=check_python)
    result.problems = sorted(parsed.problems + result.problems, key=lambda p: p.line)
    result.block_count += len(parsed.problems)
    return result
