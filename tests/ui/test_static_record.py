"""The notebook is the record: the app's static HTML/text holds what a kernel-less reader needs."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.inert import HTML_LABELS_OFF
from sofia_nb.session import Phase
from sofia_nb.ui import NotebookWorkshop
from sofia_nb.ui._record_cards import MERMAID_MIME
from sofia_nb.ui._results import results_blocks
from tests.conftest import ROOT
from tests.support.demo import played_demo

FIRST = "Valdora Fresh Distribution is a regional food-service distributor"
DETAILS = re.compile(r'<details class="sofia-nb-details">.*?</details>', re.S)
LEFT = ' style="text-align:left"'
SCRIPTS = re.compile(r"<script\b.*?</script>", re.S)  # nbconvert embeds the widget state: data, not shown


def _assert_is_the_record(page: str) -> None:
    """Conversation, consent decisions, tool calls and token totals, and no raw JSON outside details."""
    assert FIRST in page  # the team's own words
    assert "Welcome to the <strong>Discover</strong> phase" in page  # sofia's, as rendered Markdown
    decision = r"<td{0}>demo-search/web_search</td><td{0}>allow</td><td{0}>policy:allow:demo-search/\*</td>"
    assert re.search(decision.format(LEFT), page)
    assert re.search(rf"<td{LEFT}>✓</td><td{LEFT}>demo-search/web_search</td><td{LEFT}>program</td>", page)
    # JupyterLab's and nbconvert's style sheets right-align an HTML output's cells: each says left
    cells = re.findall(r"<t[dh]\b[^>]*>", SCRIPTS.sub("", page))
    assert len(cells) > 20 and all("text-align:" in cell for cell in cells), [
        c for c in cells if "text-align:" not in c
    ]
    assert re.search(r"tokens: [1-9]\d* in / [1-9]\d* out", page)
    # drawn, offline; a diagram is a named figure now (issue 44), its attributes in any order
    assert "Night order assistant" in page and re.search(r'<figure\b[^>]*\bclass="diagram"', page)
    assert 'aria-roledescription="quadrantChart"' in page and 'alt="feasibility × value chart"' not in page
    shown = DETAILS.sub("", SCRIPTS.sub("", page))
    assert "&quot;business_context&quot;" not in shown and '"business_context"' not in shown
    assert "&quot;selection&quot;" not in shown and '"selection"' not in shown


@pytest.fixture
async def played(tmp_path, monkeypatch) -> NotebookWorkshop:
    monkeypatch.chdir(tmp_path)
    return await played_demo()


async def test_after_a_demo_play_the_record_holds_conversation_decisions_calls_and_tokens(played) -> None:
    record = played.app.record
    _assert_is_the_record(record.html())
    assert 'class="sofia-nb-record sofia-nb-record-live"' in record.html()  # hidden while the widget lives
    assert "<script" not in record.html()  # offline: diagrams drawn as inline SVG, no CDN
    text = record.text()
    assert FIRST in text and "consent demo-search/web_search: allow" in text and "tokens:" in text
    assert '"selection"' not in text


async def test_the_results_area_filled_in_from_the_session_events(played) -> None:
    tabs = dict(zip(played.app.results.tabs.titles, played.app.results.tabs.children, strict=True))
    design = [o["data"] for o in tabs["Design"].outputs]
    assert any("image/svg+xml" in data for data in design) and not any("image/png" in d for d in design)
    discover = [o["data"] for o in tabs["Discover"].outputs]
    # prose as sanitised HTML, each diagram an output of its own that JupyterLab draws
    assert any("Business context</h4>" in data.get("text/html", "") for data in discover)
    diagrams = [data[MERMAID_MIME] for data in discover if MERMAID_MIME in data]
    assert [d.removeprefix(HTML_LABELS_OFF).split("\n")[0] for d in diagrams] == ["flowchart LR"]
    plan = [o["data"].get(MERMAID_MIME, "") for o in tabs["Plan"].outputs]
    assert any(d.startswith(f"{HTML_LABELS_OFF}flowchart LR\n  mail[Order mailbox]") for d in plan)


async def test_export_writes_the_files_and_the_record_names_them(played) -> None:
    links = played.export()
    assert links is not None
    bundle = links._repr_mimebundle_()
    assert f"exports/{played.session.id}/report.html" in bundle["text/plain"]
    assert (Path("exports") / played.session.id / "report.html").exists()
    assert "report.html" in played.app.record.html()


async def test_the_matrix_is_an_svg_output_never_figure_text(played) -> None:
    from IPython.core.interactiveshell import InteractiveShell

    formatter = InteractiveShell.instance().display_formatter
    blocks = results_blocks(played.session, Phase.DESIGN)
    outputs = [formatter.format(shown)[0] for b in blocks for shown in b.display_objects()]
    assert any("image/svg+xml" in data for data in outputs)
    assert not any("<Figure" in data.get("text/plain", "") for data in outputs)


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_nbconvert_html_of_an_executed_workshop_notebook_is_the_record(tmp_path: Path) -> None:
    pytest.importorskip("papermill")
    executed = tmp_path / "01.ipynb"
    run = [sys.executable, "-m", "sofia_nb", "run", str(ROOT / "notebooks" / "01_workshop.ipynb")]
    subprocess.run([*run, "--output", str(executed), "--timeout", "200"], check=True, timeout=220)
    nb = json.loads(executed.read_text(encoding="utf-8"))
    app_cell = next(c for c in nb["cells"] if "".join(c["source"]).rstrip().endswith("run.app"))
    kept = ["".join(o["data"]["text/html"]) for o in app_cell["outputs"] if "text/html" in o.get("data", {})]
    _assert_is_the_record("".join(kept))  # the app's own record, updated in place to the end
    outputs = [o for cell in nb["cells"] for o in cell.get("outputs", [])]
    assert any("image/svg+xml" in o.get("data", {}) for o in outputs)
    assert "<Figure size" not in executed.read_text(encoding="utf-8")
    convert = [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", str(executed)]
    subprocess.run(convert, check=True, timeout=120, capture_output=True)
    _assert_is_the_record((tmp_path / "01.html").read_text(encoding="utf-8"))
