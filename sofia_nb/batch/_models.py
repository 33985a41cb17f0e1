"""What a batch run returns: one row per notebook run, and the table of rows."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..inert import markdown_html
from ._grid import MAX_GRID_ROWS


class BatchSettings(BaseModel):
    """The ``[batch]`` table of ``config.toml``."""

    model_config = ConfigDict(extra="forbid")

    max_grid_rows: int = Field(default=MAX_GRID_ROWS, ge=1)
    """The most runs one grid may ask for; a larger grid is refused before anything runs."""


class RunResult(BaseModel):
    """One notebook run: its parameters, how it ended, and the result JSON the notebook wrote."""

    notebook: str
    parameters: dict[str, Any] = Field(default_factory=dict)
    status: Literal["ok", "failed"]
    duration_s: float
    output_path: str
    result: dict[str, Any] | None = None
    error: str = ""


class RunJob(BaseModel):
    """One run as a worker receives it: content only, never a path on the client's disk."""

    notebook_name: str
    notebook: bytes
    parameters: dict[str, Any] = Field(default_factory=dict)
    files: dict[str, bytes] = Field(default_factory=dict)
    """Relative path in the run's private working folder → content (inputs, sessions)."""
    timeout_s: float
    kernel_name: str | None = None


class RunOutput(BaseModel):
    """One run as the worker returns it: the row, the executed notebook, the side outputs (tar.gz)."""

    row: RunResult
    notebook: bytes
    outputs: bytes


class BatchTable(BaseModel):
    """The results of a parameter grid, in grid order (only the runs that finished, when stopped)."""

    rows: list[RunResult] = Field(default_factory=list)
    planned: int = 0
    """How many runs the grid asked for."""

    @property
    def ok(self) -> bool:
        """Every planned run finished, and every one is ok."""
        return len(self.rows) >= self.planned and all(row.status == "ok" for row in self.rows)

    def comparable(self) -> list[dict[str, Any]]:
        """The rows without what legitimately differs between two runs (durations, output folders)."""
        return [
            row.model_dump(include={"notebook", "parameters", "status", "result", "error"})
            for row in self.rows
        ]

    def to_markdown(self) -> str:
        """A Markdown table: one line per run."""
        lines = ["| # | parameters | status | duration | result |", "|---|---|---|---|---|"]
        for i, row in enumerate(self.rows, 1):
            params = ", ".join(f"{k}={v!r}" for k, v in row.parameters.items())
            lines.append(
                f"| {i} | {params} | {row.status} | {row.duration_s:.1f} s | {row.result or row.error} |"
            )
        return "\n".join(lines)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        """In a notebook: the table as sanitised HTML (a run's result holds the model's words)."""
        table = self.to_markdown()
        return {"text/html": markdown_html(table), "text/plain": table}
