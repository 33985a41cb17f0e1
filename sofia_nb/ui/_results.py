"""ResultsView: each phase's results inside the app, redrawn from the session as events arrive.

A tab per phase (business context and workflow diagram, ideas, the feasibility × value chart as a
PNG, the selection, the plan with its architecture), and an Export button that writes the session
export and links its files. ``show_results`` puts the same blocks in an ordinary cell's output.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as w

from ..events import Activity, PhaseChanged, TurnAdded, WarningIssued
from ..session import (
    ExportResult,
    Phase,
    SessionWriteError,
    WorkshopSession,
    export_session,
    session_folder,
)
from ..workshop import CONVERSATION_PHASES, Workshop
from ._notices import notice_html, notice_text
from ._record_cards import Block, Blocks, html_block, markdown, phase_blocks
from ._refresh import Refresher

EXPORTS = Path("exports")
"""Where Export writes, relative to the kernel's working folder (the notebook's)."""


def results_blocks(session: WorkshopSession, phase: Phase) -> list[Block]:
    """A phase's results, or a line saying there are none yet."""
    return phase_blocks(session, phase) or [
        markdown(f"_{phase.title} has recorded no results yet; they appear here as soon as it does._")
    ]


def show_results(session: WorkshopSession, *phases: Phase | str) -> None:
    """Display the results of ``phases`` (default: every conversation phase) as cell outputs."""
    from IPython.display import display

    for phase in [Phase(p) for p in phases] or list(CONVERSATION_PHASES):
        display(Blocks(results_blocks(session, phase)))


def export_folder(result: ExportResult) -> Path:
    """The export folder relative to the working folder when inside it (links open in JupyterLab)."""
    folder = Path(result.export_dir)
    try:
        return folder.relative_to(Path.cwd().resolve())
    except ValueError:
        return folder


class ExportLinks:
    """The exported files as links, one a line, in the order they were written."""

    def __init__(self, result: ExportResult) -> None:
        folder = export_folder(result)
        self.paths = [(folder / f.path).as_posix() for f in result.files]

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        links = "".join(
            f'<li><a href="{html.escape(p)}" target="_blank">{html.escape(p)}</a></li>' for p in self.paths
        )
        return {"text/html": f"<ul>{links}</ul>", "text/plain": "\n".join(self.paths)}


class ResultsView(w.VBox):
    """The phase results of one workshop, live, and the Export button."""

    def __init__(self, workshop: Workshop, **kwargs: Any) -> None:
        self.workshop = workshop
        self.exported: ExportResult | None = None
        self._outputs = {phase: w.Output() for phase in CONVERSATION_PHASES}
        self._shown: dict[Phase, str] = {}
        self.tabs = w.Tab(children=list(self._outputs.values()))
        self.tabs.titles = tuple(phase.title for phase in self._outputs)
        self.export_button = w.Button(description="Export", icon="download", tooltip="write Markdown + HTML")
        self.export_button.on_click(lambda _b: self.export())
        self.links = w.Output()
        super().__init__(
            [w.HTML("<b>Results</b>"), self.tabs, w.HBox([self.export_button]), self.links], **kwargs
        )
        self._refresher = Refresher(
            self.refresh, workshop.bus, TurnAdded, PhaseChanged, Activity, WarningIssued
        )
        self.refresh()

    def close(self) -> None:
        self._refresher.close()
        super().close()

    def refresh(self) -> None:
        """Redraw the tabs whose results changed; the last one that changed is selected."""
        session = self.workshop.session
        for index, (phase, output) in enumerate(self._outputs.items()):
            blocks = results_blocks(session, phase)
            key = "".join(b.text or str(hash(b.png)) for b in blocks)
            if self._shown.get(phase) == key:
                continue
            first = phase not in self._shown
            self._shown[phase] = key
            output.outputs = ()
            for block in blocks:
                for shown in block.display_objects():
                    output.append_display_data(shown)
            if not first:
                self.tabs.selected_index = index

    def export(self, out_dir: str | Path | None = None) -> ExportResult | None:
        """Write the session export (Markdown per phase, report.html, summary.json) and link it."""
        session = self.workshop.session
        self.links.outputs = ()
        try:
            result = export_session(session, out_dir or session_folder(EXPORTS, session.id))
        except (OSError, SessionWriteError) as exc:
            for shown in html_block(notice_html(notice_text(exc), "error")).display_objects():
                self.links.append_display_data(shown)
            return None
        self.exported = result
        self.links.append_display_data(ExportLinks(result))
        self.workshop.bus.emit(Activity(name="exported", detail=f"{len(result.files)} files"))
        return result

    def html(self) -> str:
        """Every phase with results, as static HTML (the record's Results section)."""
        session = self.workshop.session
        shown = {phase: phase_blocks(session, phase) for phase in CONVERSATION_PHASES}
        parts = [
            f"<h4>{phase.title}</h4>{''.join(b.html() for b in blocks)}"
            for phase, blocks in shown.items()
            if blocks
        ]
        if self.exported:
            folder = html.escape(str(export_folder(self.exported)))
            names = ", ".join(html.escape(f.path) for f in self.exported.files)
            parts.append(f"<h4>Export</h4><p><code>{folder}</code>: {names}</p>")
        return "\n".join(parts)
