"""Export golden checks: which files, what order, Mermaid, a self-contained report, no secrets."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sofia_nb.inert import HTML_LABELS_OFF
from sofia_nb.session import (
    DiscoveryEnrichment,
    Evaluation,
    ExportSummary,
    Idea,
    IdeaEvaluation,
    Phase,
    SessionStore,
    ToolCallRecord,
    Workflow,
    WorkflowActivity,
    WorkiqInsights,
    WorkshopSession,
    export_session,
)

from .factory import MERMAID_REPLY, rich_session

PHASE_FILES = ["discover.md", "ideate.md", "design.md", "select.md", "plan.md", "develop.md"]


@pytest.fixture(autouse=True)
def without_the_export_extra(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Exports as the core install writes them (no mermaidx: diagrams stay source); a test marked
    ``with_mermaid`` gets a stand-in for Mermaid's script, one marked ``with_mermaidx`` the real
    renderer."""
    import sofia_nb.session._diagrams as diagrams
    import sofia_nb.session._export_html as html

    script = None
    if request.node.get_closest_marker("with_mermaid") is not None:
        script = request.getfixturevalue("tmp_path") / "installed-mermaid.js"
        script.write_text(
            "globalThis.mermaid = {initialize() {}}; // </script> stays inside\n", encoding="utf-8"
        )
    monkeypatch.setattr(html, "mermaid_script", lambda: script)
    if request.node.get_closest_marker("with_mermaidx") is None:
        monkeypatch.setattr(diagrams, "diagram_svg", lambda source, key: None)


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@pytest.fixture
def exported(tmp_path: Path) -> Path:
    out = tmp_path / "export"
    export_session(rich_session(), out)
    return out


def test_all_formats_write_every_phase_file_the_summary_and_the_report(exported: Path) -> None:
    assert sorted(p.name for p in exported.iterdir()) == sorted([*PHASE_FILES, "report.html", "summary.json"])


@pytest.mark.parametrize(
    ("fmt", "names"),
    [("md", PHASE_FILES), ("html", ["report.html"]), ("json", ["summary.json"])],
)
def test_each_format_alone(tmp_path: Path, fmt: str, names: list[str]) -> None:
    result = export_session(rich_session(), tmp_path, formats=[fmt])
    assert [f.path for f in result.files] == names
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names)
    assert all(p.is_file() for p in result.paths)


def test_an_unknown_format_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="pdf"):
        export_session(rich_session(), tmp_path, formats=["pdf"])


@pytest.mark.parametrize("name", PHASE_FILES[:5])
def test_the_structured_section_comes_before_the_conversation(exported: Path, name: str) -> None:
    text = read(exported / name)
    first_section = text.index("\n## ")
    assert not text[first_section:].startswith("\n## Conversation")
    assert first_section < text.index("## Conversation")
    assert "You are facilitating" not in text  # system prompts are not conversation


def test_a_phase_with_only_turns_gets_a_file_and_one_with_nothing_gets_none(tmp_path: Path) -> None:
    session = WorkshopSession()
    session.add_turn(Phase.IDEATE, "assistant", "Let us brainstorm.")
    export_session(session, tmp_path, formats=["md"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ideate.md"]
    text = read(tmp_path / "ideate.md")
    assert (
        text.index("No structured results") < text.index("## Conversation") < text.index("Let us brainstorm.")
    )


def test_discover_has_the_business_context_workflow_and_both_mermaid_blocks(exported: Path) -> None:
    text = read(exported / "discover.md")
    assert "Contoso handles 40k motor claims" in text
    assert "| Claim intake |   | agent | re-typing |" in text
    assert r"Manual | copy-paste" in text  # a list item keeps its pipe; table cells escape theirs
    assert '```mermaid\nflowchart LR\n    a1["Claim intake"]\n    a2["Triage \'fast lane\'"]' in text
    assert '    a1 -->|"new claim"| a2\n```' in text
    assert MERMAID_REPLY in text  # the model's own diagram, kept verbatim as a ```mermaid fence


def test_develop_has_repo_stack_result_tests_and_the_iteration_timeline(exported: Path) -> None:
    text = read(exported / "develop.md")
    for expected in [
        "- PoC folder: `../",  # relative to the export: no machine path
        "/poc/20261201-090000-abcd`",
        "- URL: https://example.invalid/contoso/triage",
        "- Template: python-pytest",
        "- Tests (in the PoC folder): `pytest -q`",
        "- Status: partial",
        "- Reason: max-iterations",
        "- Iterations: 1",  # the loop's count: the scaffold is not an iteration
        "- Tests: 3 passed, 1 failed, 0 skipped, 0 errors",
        "- Duration: 125.0 s (scaffold 30.0 s, loop 95.0 s)",
        "| 3 | 1 | 0 | 0 | 4 | 0.0 s |",
        "| `tests/test_triage.py::test_urgent` | `tests/test_triage.py:12` | assert 'normal' == 'urgent' |",
        "| 1 | scaffold | 30.0 s |   | `src/triage.py` | scaffold |   |",
        "| 2 | tests-failing | 60.0 s | 3/1/0/0 |   | first classifier |   |",
    ]:
        assert expected in text
    assert "## Conversation" not in text  # no develop turns in the fixture


def test_select_and_plan_show_the_decision_and_milestones(exported: Path) -> None:
    select = read(exported / "select.md")
    assert "- Idea: Auto-triage (idea-1)" in select
    assert "- Status: confirmed by the team" in select
    assert "- Confirmed at: 2026-12-01 11:00 UTC" in select
    plan = read(exported / "plan.md")
    assert "### m1: Classifier\n\n- Label 200 claims\n- Train" in plan


def test_summary_json_has_the_files_and_one_highlight_per_phase(exported: Path) -> None:
    summary = ExportSummary.model_validate_json(read(exported / "summary.json"))
    assert summary.session_id == "20261201-090000-abcd"
    assert (summary.phase, summary.status.value) == (Phase.DEVELOP, "active")
    assert [f.path for f in summary.files] == [*PHASE_FILES, "report.html", "summary.json"]
    assert {h.phase: h.text for h in summary.highlights} == {
        Phase.DISCOVER: "Business: Contoso handles 40k motor claims a year by e-mail and phone.",
        Phase.IDEATE: "Ideas: 2 ideas generated",
        Phase.DESIGN: "Evaluation: 2 ideas evaluated",
        Phase.SELECT: "Selected idea: Auto-triage (idea-1)",
        Phase.PLAN: "Plan: 2 milestones planned",
        Phase.DEVELOP: "PoC: partial after 1 iteration (max-iterations)",
    }


def test_a_highlight_is_cut_at_a_word(tmp_path: Path) -> None:
    session = WorkshopSession()
    session.add_turn(Phase.DESIGN, "assistant", "words " * 60)
    export_session(session, tmp_path, formats=["json"])
    (highlight,) = json.loads(read(tmp_path / "summary.json"))["highlights"]
    assert highlight["text"] == "words " * 15 + "words…"


def test_a_highlight_falls_back_to_the_first_model_reply_cut_at_100_characters(tmp_path: Path) -> None:
    session = WorkshopSession()
    session.add_turn(Phase.DESIGN, "user", "hello")
    session.add_turn(Phase.DESIGN, "assistant", "word " * 60)
    export_session(session, tmp_path, formats=["json"])
    (highlight,) = json.loads(read(tmp_path / "summary.json"))["highlights"]
    assert highlight["phase"] == "design"
    assert len(highlight["text"]) == 100 and highlight["text"].startswith("word word")


class _Elements(HTMLParser):
    """Collects tags and attributes, to check what the page would load."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def _elements(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Elements()
    parser.feed(html)
    return parser.tags


def test_the_report_is_one_self_contained_page(exported: Path) -> None:
    html = read(exported / "report.html")
    tags = _elements(html)
    names = [t for t, _ in tags]
    assert names.count("style") == 1 and "link" not in names
    assert not [a for _, a in tags if "src" in a], "nothing is loaded from a URL by an attribute"
    assert "script" not in names and "cdn" not in html  # no CDN: without the extra, diagrams stay source
    for phase in ("discover", "ideate", "design", "select", "plan", "develop"):
        assert ("section", {"class": "phase", "id": phase}) in tags
        assert f'<a href="#{phase}">' in html


def test_mermaid_blocks_become_pre_mermaid_with_their_source_as_text(exported: Path) -> None:
    html = read(exported / "report.html")
    shown = re.findall(r'<pre class="mermaid">(.*?)</pre>', html, re.S)
    # each starts with the front matter that turns HTML labels off (docs/security.md)
    assert all(b.startswith(HTML_LABELS_OFF) for b in shown)
    blocks = [b.removeprefix(HTML_LABELS_OFF) for b in shown]
    assert [b.split("\n", 1)[0] for b in blocks] == ["flowchart LR", "flowchart TD", "quadrantChart"]
    # the model's tag start is text (a zero-width space after the <), the rest as it wrote it
    assert blocks[1] == 'flowchart TD\n    intake["Intake &lt;\u200bdesk&gt;"] --&gt; triage'
    # 1–5 onto 0.1–0.9 on both axes (one even scale, off the chart's edges), written without
    # trailing zeros; the points are numbered (the legend names them) and in the model's colour
    points = '"1": [0.7, 0.9] color: #2f5597, radius: 4\n    "2": [0.3, 0.7] color: #2f5597, radius: 4'
    assert points in blocks[2] and "quadrant-" not in blocks[2]
    assert not (exported / "mermaid.min.js").exists()


@pytest.mark.with_mermaidx
def test_with_the_export_extra_every_diagram_is_inline_svg_and_no_script_is_written(tmp_path: Path) -> None:
    pytest.importorskip("mermaidx")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "mermaid.min.js").write_text("stale", encoding="utf-8")  # an older export's
    result = export_session(rich_session(), tmp_path / "out", formats=["html"])
    assert [f.path for f in result.files] == ["report.html"]
    assert not (tmp_path / "out" / "mermaid.min.js").exists()
    page = read(tmp_path / "out" / "report.html")
    svgs = re.findall(
        r'<figure class="diagram" role="img" aria-label="Diagram: [^"]+" [^>]*><svg id="(sofia-diagram-\d+)"',
        page,
    )
    assert svgs == ["sofia-diagram-1", "sofia-diagram-2", "sofia-diagram-3"]  # unique ids, scoped styles
    assert "<script" not in page and '<pre class="mermaid">' not in page and "my-svg" not in page
    assert "&lt;\u200bdesk&gt;" in page  # the model's tag start, drawn as text


@pytest.mark.with_mermaid
def test_a_diagram_mermaidx_cannot_draw_is_drawn_by_mermaid_inlined_in_the_page(tmp_path: Path) -> None:
    result = export_session(rich_session(), tmp_path / "out", formats=["html"])
    assert [f.path for f in result.files] == ["report.html"]
    page = read(tmp_path / "out" / "report.html")
    tags = _elements(page)
    assert [a.get("src") for t, a in tags if t == "script"] == [None, None]  # inline, nothing loaded
    assert "globalThis.mermaid = {initialize() {}}; // <\\/script> stays inside" in page
    assert page.count('<pre class="mermaid">') == 3


def test_a_report_without_diagrams_loads_no_script(tmp_path: Path) -> None:
    session = WorkshopSession()
    session.add_turn(Phase.DISCOVER, "assistant", "Just text.")
    export_session(session, tmp_path, formats=["html"])
    assert "<script" not in read(tmp_path / "report.html")


def test_html_in_model_replies_is_shown_as_text_never_run(tmp_path: Path) -> None:
    session = WorkshopSession(name='<img src=x onerror="alert(1)">')
    session.add_turn(
        Phase.DISCOVER, "assistant", "<script>alert('x')</script> and ![pic](https://example.invalid/p.png)"
    )
    export_session(session, tmp_path, formats=["html"])
    html = read(tmp_path / "report.html")
    assert "&lt;script&gt;alert(" in html and "<script>alert" not in html
    assert "<img" not in html
    assert not [a for _, a in _elements(html) if "src" in a or "onerror" in a]


def test_exporting_again_gives_the_same_files_and_drops_stale_ones(tmp_path: Path) -> None:
    session = rich_session()
    export_session(session, tmp_path)
    first = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    export_session(session, tmp_path)
    second = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert first.keys() == second.keys()
    assert {k for k in first if first[k] != second[k]} <= {"summary.json"}  # only exported_at may change
    strip = re.compile(rb'"exported_at": "[^"]+"')
    assert strip.sub(b"", first["summary.json"]) == strip.sub(b"", second["summary.json"])

    session.poc = None
    export_session(session, tmp_path)
    assert not (tmp_path / "develop.md").exists()
    assert "develop" not in read(tmp_path / "report.html").split("<main>")[1].split('id="')[-1]


PLANTED = {
    "GITHUB_TOKEN": "ghp_plantedGithubToken0123456789abcdef",
    "OPENAI_API_KEY": "planted-openai-key-7f3a9c",
}
BEARER = "Bearer planted.bearer.value.c2VjcmV0"


def test_planted_secrets_reach_no_export_file_and_no_session_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in PLANTED.items():
        monkeypatch.setenv(name, value)
    session = rich_session()
    session.add_turn(
        Phase.DISCOVER, "user", f"our key is {PLANTED['OPENAI_API_KEY']}, header Authorization: {BEARER}"
    )
    session.add_turn(Phase.DEVELOP, "tool", f"git push https://x:{PLANTED['GITHUB_TOKEN']}@github.com/o/r")
    session.business_context.description += f" (token {PLANTED['GITHUB_TOKEN']})"  # type: ignore[union-attr]
    session.tool_calls.append(
        ToolCallRecord(
            call_id="c1", server="github", tool="push", arguments={"api_key": "plain-arg-secret-42"}
        )
    )
    session.name = f"Contoso {BEARER}"
    store = SessionStore(tmp_path / "sessions")
    store.save(session)
    export_session(store.load(session.id), tmp_path / "export")

    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert {p.name for p in written} >= {f"{session.id}.json", "report.html", "summary.json", "discover.md"}
    secrets = [*PLANTED.values(), BEARER, "planted.bearer.value", "plain-arg-secret-42"]
    leaks = [(p.name, s) for p in written for s in secrets if s in p.read_text(encoding="utf-8")]
    assert leaks == []
    assert "[REDACTED]" in read(tmp_path / "export" / "discover.md")


def test_secrets_are_redacted_even_when_the_session_was_never_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(
        "GITHUB_TOKEN", "amp&lt;token<with>html"
    )  # would hide from a redactor run after escaping
    session = WorkshopSession()
    session.add_turn(Phase.DISCOVER, "assistant", "the token is amp&lt;token<with>html")
    export_session(session, tmp_path)
    for path in tmp_path.iterdir():
        text = read(path)
        assert "token<with>" not in text and "token&lt;with&gt;" not in text, path.name


def test_times_are_shown_in_utc_whatever_zone_they_were_recorded_in(tmp_path: Path) -> None:
    session = WorkshopSession()
    turn = session.add_turn(Phase.DISCOVER, "user", "hi")
    turn.timestamp = datetime(2026, 12, 1, 11, 30, tzinfo=timezone(timedelta(hours=2)))
    export_session(session, tmp_path, formats=["md"])
    assert "**Team** · 2026-12-01 09:30 UTC" in read(tmp_path / "discover.md")


def test_a_reply_cut_off_inside_a_code_block_does_not_swallow_the_next_turns(tmp_path: Path) -> None:
    session = WorkshopSession()
    session.add_turn(Phase.PLAN, "assistant", "Here is the code:\n\n````python\nprint('cut off")
    session.add_turn(Phase.PLAN, "user", "Thanks, next **step**?")
    export_session(session, tmp_path, formats=["md", "html"])
    assert "print('cut off\n````\n\n---" in read(tmp_path / "plan.md")
    html = read(tmp_path / "report.html")
    assert "<strong>Team</strong>" in html and "<strong>step</strong>" in html


def test_select_ranking_is_the_weighted_score_of_the_stored_numbers(tmp_path: Path) -> None:
    session = WorkshopSession(
        ideas=[
            Idea(id="idea-1", title="Triage"),
            Idea(id="idea-2", title="Parts"),
            Idea(id="idea-3", title="FAQ"),
        ],
        evaluation=Evaluation(
            ideas=[
                IdeaEvaluation(idea_id="idea-1", feasibility=4, value=5, human_value_score=2),
                IdeaEvaluation(idea_id="idea-2", feasibility=5, value=4, human_value_score=5),
                IdeaEvaluation(idea_id="idea-3", feasibility=3, value=3),  # no human-value score
            ]
        ),
    )
    expected = [
        ("idea-2", 0.3 * 5 + 0.4 * 4 + 0.3 * 5),
        ("idea-1", 0.3 * 4 + 0.4 * 5 + 0.3 * 2),
        ("idea-3", 3.0),
    ]
    assert session.evaluation is not None
    assert [(r.idea_id, r.score) for r in session.evaluation.ranking()] == [
        (i, pytest.approx(score)) for i, score in expected
    ]
    export_session(session, tmp_path, formats=["md"])
    select = read(tmp_path / "select.md")
    assert "## Ranking" in select
    rows = [line for line in select.splitlines() if line.startswith("| ") and "idea-" in line]
    assert rows == [
        f"| {n} | {t} ({i}) | {score:.2f} |"
        for n, (i, score), t in zip((1, 2, 3), expected, ("Parts", "Triage", "FAQ"), strict=True)
    ]


def test_the_conversation_hides_the_kickoff_and_json_blocks_and_ideas_name_their_steps(
    tmp_path: Path,
) -> None:
    session = WorkshopSession(
        workflow=Workflow(activities=[WorkflowActivity(id="s1", name="Register the claim")]),
        ideas=[Idea(id="idea-1", title="Triage", workflow_steps=["s1"])],
    )
    session.add_turn(Phase.DISCOVER, "user", "Introduce the Discover phase to the team.", kickoff=True)
    reply = (
        'Recorded.\n```json\n{"workflow": {"activities": []}}\n```\n```mermaid\nflowchart LR\n  a --> b\n```'
    )
    session.add_turn(Phase.DISCOVER, "assistant", reply)
    export_session(session, tmp_path, formats=["md"])
    discover = read(tmp_path / "discover.md")
    assert "Introduce the Discover phase" not in discover
    assert '"activities"' not in discover and "```json" not in discover
    assert "Recorded." in discover and "flowchart LR" in discover
    assert "1. Register the claim" in read(tmp_path / "ideate.md")


def test_discover_md_has_every_workiq_insight(tmp_path: Path) -> None:
    s = rich_session()
    s.discovery.enrichment = DiscoveryEnrichment(
        workiq_insights=WorkiqInsights(
            team_expertise=["Claims handlers know the fraud rules by heart"],
            collaboration_patterns=["Triage questions go round by e-mail"],
            documentation_gaps=["No written fast-lane criteria"],
        ),
        sources_used=["workiq"],
    )
    export_session(s, tmp_path, formats=["md"])
    text = read(tmp_path / "discover.md")
    for title, item in (
        ("Team expertise (WorkIQ)", "Claims handlers know the fraud rules by heart"),
        ("Collaboration patterns (WorkIQ)", "Triage questions go round by e-mail"),
        ("Documentation gaps (WorkIQ)", "No written fast-lane criteria"),
    ):
        assert f"### {title}\n\n- {item}" in text
