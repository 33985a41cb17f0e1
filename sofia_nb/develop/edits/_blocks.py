"""What the parsers produce: edit blocks and the problems found while reading or applying them."""

from __future__ import annotations

from typing import Literal, Protocol

from pydantic import BaseModel

ProblemKind = Literal[
    "malformed",
    "no-path",
    "unsafe-path",
    "no-match",
    "ambiguous-match",
    "create-exists",
    "delete-missing",
    "delete-not-empty",
    "syntax-error",
    "write-failed",
]


class EditBlock(BaseModel):
    """One edit the model asked for. ``line`` is where it starts in the reply (1-based)."""

    path: str
    kind: Literal["whole", "search_replace", "delete"]
    content: str = ""  # whole: the new file; search_replace: the REPLACE part
    search: str = ""
    line: int = 0


class EditProblem(BaseModel):
    """A block that was refused or did not apply; ``message`` goes back to the model verbatim."""

    kind: ProblemKind
    path: str = ""
    line: int = 0
    message: str


class ParseResult(BaseModel):
    blocks: list[EditBlock]
    problems: list[EditProblem]


class EditParser(Protocol):
    """One edit format. ``claimed`` are reply line spans (start, end) already taken by another format."""

    def parse(
        self, lines: list[str], claimed: list[tuple[int, int]]
    ) -> tuple[list[EditBlock], list[EditProblem], list[tuple[int, int]]]:
        """Return the blocks found, the malformed ones, and the line spans this format took."""
        ...
