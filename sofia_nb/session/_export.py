"""Export a session: a Markdown file per phase, ``summary.json`` and a self-contained ``report.html``.

Everything is redacted before it is rendered (so a secret is caught before HTML escaping could
hide it from the redactor) and once more as written. Exporting again overwrites the same files,
and a phase file whose phase no longer has content is removed, so an export folder always
matches its session.

An export is written whole into a fresh folder beside the output folder first; only then does it
take the output folder's place — renamed into place when there was none, else file by file while
``EXPORT-INCOMPLETE.txt`` in the folder says it is being replaced (removed last). So an export
stopped at any point leaves the previous export whole, or a folder that says it is incomplete;
never a mix that looks complete. Files in the output folder that no export writes are left alone.
"""

from __future__ import annotations

import glob
import json
import os
import secrets
import shutil
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
INCOMPLETE_FILE = "EXPORT-INCOMPLETE.txt"
"""In the output folder only while a new export replaces the old one's files: a folder holding it
is a mix of the two (the export was stopped) and says so."""
STAGING_SUFFIX = ".export"


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


def _write(staged: Path, out: Path, name: str, text: str) -> None:
    """Write ``name`` into the fresh folder; a failure names the file in the output folder (the
    one the user asked for), which is left as it was."""
    try:
        write_atomically(staged / name, redact_text(text), shared=True)  # a reader never sees half a file
    except SessionWriteError as exc:
        raise SessionWriteError(out / name, OSError(exc.errno, exc.reason)) from None


def _remove(path: Path) -> None:
    """Remove a file an earlier export left (its phase has no content now)."""
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise SessionWriteError(path, exc) from None


def _place(staged: Path, target: Path) -> None:
    """Move one finished file over the output folder's (one rename: same filesystem)."""
    try:
        os.replace(staged, target)
    except OSError as exc:
        raise SessionWriteError(target, exc) from None


def _staging(out: Path) -> Path:
    """A fresh folder beside ``out`` (same filesystem, so its files move by rename); folders a
    stopped export left there are removed first."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        for stale in out.parent.glob(f".{glob.escape(out.name)}.*{STAGING_SUFFIX}"):
            shutil.rmtree(stale, ignore_errors=True)
        staged = out.parent / f".{out.name}.{secrets.token_hex(4)}{STAGING_SUFFIX}"
        staged.mkdir()  # the umask's mode, as the output folder gets when it is renamed into place
    except OSError as exc:
        raise SessionWriteError(out, exc) from None
    return staged


def _incomplete_note(session_id: str) -> str:
    return (
        f"This folder is incomplete: an export of session {session_id} was stopped while it\n"
        "replaced the files here, so some are from the new export and some from the one before.\n"
        f"Export again to complete it: sofia-nb export --session {session_id}\n"
    )


def _publish(staged: Path, out: Path, written: list[str], owned: set[str], session_id: str) -> None:
    """Put the finished export in ``out``'s place: a missing folder by one rename; an existing one
    file by file under ``EXPORT-INCOMPLETE.txt``, then the files an earlier export wrote that this
    one did not are removed (only those: anything else in the folder is the user's)."""
    if not out.exists():
        try:
            os.rename(staged, out)
        except OSError as exc:
            raise SessionWriteError(out, exc) from None
        return
    marker = out / INCOMPLETE_FILE
    write_atomically(marker, _incomplete_note(session_id), durable=True, shared=True)
    for name in written:
        _place(staged / name, out / name)
    for name in sorted(owned - set(written)):
        _remove(out / name)  # left by an earlier export of this session
    _remove(marker)


def export_session(
    session: WorkshopSession,
    out_dir: str | os.PathLike[str],
    formats: Iterable[ExportFormat | str] = (ExportFormat.ALL,),
    now: datetime | None = None,
) -> ExportResult:
    """Write the export files of ``session`` into ``out_dir`` (created) and say which were written.

    The files are written whole into a fresh folder first and replace ``out_dir``'s only then
    (see the module's docstring); ``SessionWriteError`` when a write fails, ``out_dir`` as it was."""
    wanted = _wanted(formats)
    out = Path(out_dir).resolve()
    staged = _staging(out)
    try:
        files, owned = _write_export(session, staged, out, wanted, now)
    except BaseException:
        shutil.rmtree(staged, ignore_errors=True)
        raise
    try:
        _publish(staged, out, [f.path for f in files], owned, session.id)
    finally:
        shutil.rmtree(staged, ignore_errors=True)
    return ExportResult(session_id=session.id, export_dir=str(out), files=files)


def _write_export(
    session: WorkshopSession, staged: Path, out: Path, wanted: set[ExportFormat], now: datetime | None
) -> tuple[list[ExportedFile], set[str]]:
    """Write the export into ``staged``; the files written, and every name this export owns
    (what an earlier export with these formats may have left in ``out``)."""
    safe = WorkshopSession.model_validate(redact(session.model_dump(mode="json")))
    if safe.poc and safe.poc.repo_path and Path(safe.poc.repo_path).is_absolute():
        # no machine path in what the customer gets: the PoC's folder as seen from the export
        safe.poc.repo_path = os.path.relpath(safe.poc.repo_path, out)
    documents = {p: doc for p in WORKSHOP_PHASES if (doc := phase_markdown(safe, p)) is not None}
    files: list[ExportedFile] = []
    owned: set[str] = set()

    if ExportFormat.MD in wanted:
        for phase in WORKSHOP_PHASES:
            name = f"{phase.value}.md"
            owned.add(name)
            if phase in documents:
                _write(staged, out, name, documents[phase])
                files.append(ExportedFile(path=name, type="markdown"))
    if ExportFormat.HTML in wanted:
        # markdown-it loads only here, not with every session import
        from ._export_html import MERMAID_FILE, render_report

        _write(staged, out, REPORT_FILE, render_report(safe, documents))
        files.append(ExportedFile(path=REPORT_FILE, type="html"))
        owned |= {REPORT_FILE, MERMAID_FILE}  # an earlier export's script; the diagrams are in the page now
    if ExportFormat.JSON in wanted:
        files.append(ExportedFile(path=SUMMARY_FILE, type="json"))
        owned.add(SUMMARY_FILE)
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
        _write(
            staged, out, SUMMARY_FILE, json.dumps(redact(summary.model_dump(mode="json")), indent=2) + "\n"
        )
    return files, owned
