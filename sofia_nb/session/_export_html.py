"""The one-file HTML report: the phase documents rendered from Markdown (``inert.markdown_html``:
sanitised, diagrams made inert), with the CSS inline."""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from html import escape
from importlib import resources
from pathlib import Path
from string import Template

from .._version import __version__
from ..inert import markdown_html
from ._diagrams import draw_diagrams, scrollable_tables
from ._models import Phase, WorkshopSession
from ._sections import format_time, loop_iterations

MERMAID_FILE = "mermaid.min.js"
"""What earlier exports wrote beside ``report.html``; an export removes it (diagrams are inline now)."""
# Packages that ship Mermaid's whole browser bundle (it sets ``globalThis.mermaid``); the
# ``export`` extra installs the first. Only the file is used: the package is never imported.
_MERMAID_SOURCES = (("mermaidx", "assets/mermaid.js"), ("mmdc", "assets/mermaid.js"))


def mermaid_script() -> Path | None:
    """Mermaid's browser script from an installed package, or None."""
    for package, asset in _MERMAID_SOURCES:
        spec = importlib.util.find_spec(package)
        for folder in (spec.submodule_search_locations or []) if spec else []:
            if (path := Path(folder) / asset).is_file():
                return path
    return None


def _template(name: str) -> str:
    return resources.files(__package__).joinpath("templates", name).read_text(encoding="utf-8")


def _tokens(session: WorkshopSession) -> str:
    """The ledger's sums: tokens (the cached part of the input said) and cost."""
    t = session.tokens
    if not (t.input_tokens or t.output_tokens):
        return ""
    cached = f" ({t.cached_input_tokens} cached)" if t.cached_input_tokens else ""
    cost = "" if t.cost_usd is None else f"; cost ${t.cost_usd:.4f}"
    mark = " (estimated)" if t.estimated else ""
    return f"{t.input_tokens} in{cached}, {t.output_tokens} out{mark}{cost}"


def _poc_state(session: WorkshopSession) -> str:
    """The PoC's final status as develop.md gives it (the workshop's own status stays as it is)."""
    poc = session.poc
    if poc is None or not (poc.final_status or poc.termination_reason):
        return ""
    done = len(loop_iterations(poc))
    return f"{poc.final_status or 'not finished'} after {done} iteration{'' if done == 1 else 's'}"


def render_report(session: WorkshopSession, documents: Mapping[Phase, str]) -> str:
    """The whole report: session facts, a table of contents, and one section per phase document.
    Each diagram is inline SVG (``draw_diagrams``); one mermaidx cannot draw is drawn by Mermaid's
    script inlined in the page, or stays its source when there is none."""
    sections = [
        f'<section class="phase" id="{phase.value}">\n{markdown_html(doc)}</section>'
        for phase, doc in documents.items()
    ]
    nav = [f'<li><a href="#{phase.value}">{escape(phase.title)}</a></li>' for phase in documents]
    facts = {
        "Session": session.id,
        "Phase": session.phase.title,
        "Status": session.status.value,  # the session's own, as summary.json, status and the app say
        "PoC": _poc_state(session),
        "Created": format_time(session.created_at),
        "Updated": format_time(session.updated_at),
        "Participants": ", ".join(f"{p.display_name} ({p.role})" for p in session.participants),
        "Tokens": _tokens(session),
    }
    meta = [f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in facts.items() if v]
    body, left = draw_diagrams(scrollable_tables("\n".join(sections)))
    return Template(_template("report.html")).substitute(
        version=escape(__version__),
        title=escape(f"Workshop report — {session.name or session.id}"),
        css=_template("report.css"),
        meta="\n".join(meta),
        nav="\n".join(nav),
        sections=body,
        scripts=_inline_script() if left else "",
    )


def _inline_script() -> str:
    """Mermaid's script in the page, for the diagrams left as source; "" when it is not installed."""
    path = mermaid_script()
    if path is None:
        return ""
    script = path.read_text(encoding="utf-8").replace("</script", "<\\/script")  # stays one element
    return (
        f"<script>{script}</script>\n"
        # strict: no click handlers or scripts from a diagram; labels are SVG text, never HTML
        "<script>mermaid.initialize({ startOnLoad: true, securityLevel: 'strict', htmlLabels: false });"
        "</script>"
    )
