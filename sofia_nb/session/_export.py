"""Export a session: a Markdown file per phase, ``summary.json`` and a self-contained ``report.html``.

Everything is redacted before it is rendered (so a secret is caught before HTML escaping could
hide it from the redactor) and once more as written. Exporting again overwrites the same files,
and a phase file whose phase no longer has content is removed, so an export folder always
matches its session.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from ..redact import redact, redact_text
from ._atomic import write_atomically
from ._errors import SessionWriteError
from ._export_markdown import phase_highlight, phase_markdown
from ._models import WORKSHOP_PHASES, Phase, SessionStatus, TokenTotals, WorkshopSession, utcnow

SUMMARY_FILE = "summary.json"
REPORT_FILE = "report.html"


class ExportFormat(StrEnum):
    MD = "md"
    HTML = "html"
    JSON = "json"
    ALL = "all"


class ExportedFile(BaseModel):
    """One written file, relative to the export folder."""

    path: str
    type: Literal["markdown", "json", "html", "javascript"]


class PhaseHighlight(BaseModel):
    phase: Phase
    text: str


class ExportSummary(BaseModel):
    """The content of ``summary.json``."""

    session_id: str
    exported_at: datetime
    phase: Phase
    status: SessionStatus
    files: list[ExportedFile]
    highlights: list[PhaseHighlight]
    spent: TokenTotals = Field(default_factory=TokenTotals)
    """The session's ledger's sums: tokens, cached input, cost, per phase."""


class ExportResult(BaseModel):
    """What ``export_session`` wrote, and where."""

    session_id: str
    export_dir: str
    files: list[ExportedFile]

    @property
    def paths(self) -> list[Path]:
        return [Path(self.export_dir) / f.path for f in self.files]


def _wanted(formats: Iterable[ExportFormat | str]) -> set[ExportFormat]:
    chosen = {ExportFormat(f) for f in formats}
    if not chosen:
        raise ValueError("no export format given; choose from md, html, json, all")
    return set(ExportFormat) - {ExportFormat.ALL} if ExportFormat.ALL in chosen else chosen


def _write(path: Path, text: str) -> None:
    write_atomically(path, redact_text(text))  # a reader never sees half a file


def _remove(path: Path) -> None:
    """Remove a file an earlier export left (its phase has no content now)."""
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise SessionWriteError(path, exc) from None


def export_session(
    session: WorkshopSession,
    out_dir: str | os.PathLike[str],
    formats: Iterable[ExportFormat | str] = (ExportFormat.ALL,),
    now: datetime | None = None,
) -> ExportResult:
    """Write the export files of ``session`` into ``out_dir`` (created) and say which were written."""
    wanted = _wanted(formats)
    out = Path(out_dir).resolve()
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SessionWriteError(out, exc) from None
    safe = WorkshopSession.model_validate(redact(session.model_dump(mode="json")))
    if safe.poc and safe.poc.repo_path and Path(safe.poc.repo_path).is_absolute():
        # no machine path in what the customer gets: the PoC's folder as seen from the export
        safe.poc.repo_path = os.path.relpath(safe.poc.repo_path, out)
    documents = {p: doc for p in WORKSHOP_PHASES if (doc := phase_markdown(safe, p)) is not None}
    files: list[ExportedFile] = []

    if ExportFormat.MD in wanted:
        for phase in WORKSHOP_PHASES:
            path = out / f"{phase.value}.md"
            if phase in documents:
                _write(path, documents[phase])
                files.append(ExportedFile(path=path.name, type="markdown"))
            else:
                _remove(path)  # left by an earlier export of this session
    if ExportFormat.HTML in wanted:
        # markdown-it loads only here, not with every session import
        from ._export_html import MERMAID_FILE, render_report

        _write(out / REPORT_FILE, render_report(safe, documents))
        files.append(ExportedFile(path=REPORT_FILE, type="html"))
        _remove(out / MERMAID_FILE)  # an earlier export's; the diagrams are in the page now
    if ExportFormat.JSON in wanted:
        files.append(ExportedFile(path=SUMMARY_FILE, type="json"))
        highlights = [
            PhaseHighlight(phase=p, text=text) for p in WORKSHOP_PHASES if (text := phase_highlight(safe, p))
        ]
        summary = ExportSummary(
            session_id=safe.id,
            exported_at=now or utcnow(),
            phase=safe.phase,
            status=safe.status,
            files=files,
            highlights=highlights,
            spent=safe.tokens,
        )
        _write(out / SUMMARY_FILE, json.dumps(redact(summary.model_dump(mode="json")), indent=2) + "\n")
    return ExportResult(session_id=safe.id, export_dir=str(out), files=files)
