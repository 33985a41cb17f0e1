"""The input and result models of ``code``."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..._support.budget import BudgetInput
from ..._support.outline import CodeSymbol, VueInfo


class CodeInput(BudgetInput):
    model_config = ConfigDict(extra="forbid")

    files: list[str] = Field(
        min_length=1, description="Files, folders (searched recursively) or glob patterns"
    )
    symbols: list[str] = Field(
        default_factory=list,
        description="Slice these symbols out of the one file in `files` (`Class`, `func`, `Class.method`, "
        "`Class::method`, or a bare method name); a missing one is noted, not an error",
    )
    exported: bool = Field(False, description="Only exported / public symbols")
    api: bool = Field(
        False, description="PHP: the effective public methods (own, trait and inherited); implies exported"
    )
    brief: bool = Field(False, description="Names and signatures only: no fields, members or decorators")
    force: bool = Field(False, description="Return the files even if this session already got them unchanged")
    lines: str = Field(
        "",
        pattern=r"^(\d+-\d*)?$",
        description="Read these lines of the one file in `files` verbatim (`120-180`; `120-` to the end): "
        "a page of a file too big to summarise or slice",
    )
    cols: str = Field(
        "",
        pattern=r"^(\d+-\d*)?$",
        description="With `lines`: only these columns (characters, `1-4000`; `4001-` to the end of each "
        "line): how a line longer than the budget is read, a piece at a time",
    )


class CodeSlice(BaseModel):
    symbol: str = Field(description="what was asked for")
    kind: str
    name: str
    start_line: int
    end_line: int
    text: str


class CodeFile(BaseModel):
    file: str = Field(description="absolute path")
    lang: str
    mode: Literal["summary", "raw", "slice", "unchanged"]
    note: str = ""
    size: int = Field(description="bytes")
    lines: int = Field(description="lines of the file (estimated from its head when over the read limit)")
    tokens: int = Field(description="estimated tokens of this entry")
    raw_tokens: int = Field(description="estimated tokens of the whole file")
    package: str = ""
    imports: list[str] = Field(default_factory=list)
    symbols: list[CodeSymbol] = Field(default_factory=list)
    vue: VueInfo | None = None
    content: str = Field("", description="the file, when mode is raw")
    slices: list[CodeSlice] = Field(default_factory=list)
    missing: list[str] = Field(default_factory=list, description="asked-for symbols that were not found")
    truncated: str = Field("", description="what the budget or the size limit left out, and how to get it")


class CodeResult(BaseModel):
    files: list[CodeFile]
    tokens: int = Field(description="estimated tokens of this result")
    raw_tokens: int = Field(description="estimated tokens of the raw files")
    left_out: list[str] = Field(
        default_factory=list,
        description="files the budget had no room for (after the ones returned), to ask for by name",
    )
