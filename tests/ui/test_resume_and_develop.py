"""Resume is whole (log, meter and stepper come back with the session), and the Ralph loop's end state:
the outcome on the panel, Stop disabled, and a finished PoC re-run said at once."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.develop import CriterionCoverage, RalphResult, TestCounts
from sofia_nb.events import EventBus, IterationFinished, IterationStarted
from sofia_nb.session import Phase, SessionStore, ToolCallRecord, Usage
from sofia_nb.ui import NotebookWorkshop, RalphPanel, WorkshopApp
from sofia_nb.workshop import Workshop
from tests.support.demo import demo_after_first_line, open_demo

from .test_workshop_app import EchoModel


async def test_a_notebook_workshop_opened_with_session_last_restores_log_meter_and_stepper() -> None:
    first = await demo_after_first_line()
    assert first.session.tool_calls, "the demo's enrichment search should have run"
    resumed = await NotebookWorkshop.open(interactive=False, session="last")
    try:
        app = resumed.app
        calls = [(r.server, r.tool, r.state) for r in app.tool_log.rows.values()]
        assert calls == [(r.server, r.tool, r.state) for r in first.app.tool_log.rows.values()]
        assert "✓ demo-search/web_search" in app.tool_log.as_text()
        assert app.meter.totals == first.session.tokens and app.meter.totals.input_tokens > 0
        assert app.meter.as_text() == first.app.meter.as_text()
        assert app.meter.last_input_tokens == first.app.meter.last_input_tokens > 0
        assert app.stepper.as_text() == first.app.stepper.as_text()
        assert [content for _role, content in app.transcript] == [c for _r, c in first.app.transcript]
    finally:
        await resumed.aclose()


async def test_resume_shows_the_context_fill_of_the_models_window(tmp_path) -> None:
    store = SessionStore(tmp_path)
    workshop = Workshop.create(EchoModel(), store=store)
    session = workshop.session
    session.add_turn(Phase.DISCOVER, "user", "We run 12 depots.")
    session.add_turn(Phase.DISCOVER, "assistant", "Noted.", usage=Usage(input_tokens=6000, output_tokens=40))
    session.tokens.add("discover", Usage(input_tokens=6000, output_tokens=40))
    session.tool_calls.append(
        ToolCallRecord(call_id="c1", server="search", tool="web_search", duration_s=0.5)
    )
    session.phase = Phase.IDEATE
    workshop.save()
    app = WorkshopApp(Workshop.load(session.id, EchoModel(), store=store))  # EchoModel: an 8,000-token window
    assert app.meter.fill == pytest.approx(0.75) and "75%" in app.meter._bar.description
    assert app.meter.totals.by_phase["discover"].input_tokens == 6000
    assert app.tool_log.as_text() == "✓ search/web_search 0.50 s"
    assert app.stepper.as_text().startswith("✓ Discover → ● Ideate")


def _result(**overrides: object) -> RalphResult:
    values: dict[str, object] = {
        "status": "success",
        "reason": "tests-pass",
        "iterations": 2,
        "tests": TestCounts(passed=4, total=4),
        "project": "poc/abc",
    }
    return RalphResult.model_validate(values | overrides)


def test_the_ralph_panel_ends_with_the_outcome_the_last_diff_and_stop_disabled() -> None:
    bus = EventBus()
    stops: list[bool] = []
    panel = RalphPanel(bus, on_stop=lambda: stops.append(True))
    bus.emit(IterationStarted(iteration=1, max_iterations=6))
    bus.emit(IterationFinished(iteration=1, passed=1, failed=3, diff="--- a/x.py\n+++ b/x.py\n-bad\n+good"))
    bus.emit(IterationStarted(iteration=2, max_iterations=6))
    bus.emit(IterationFinished(iteration=2, passed=4, failed=0))  # a run with no diff of its own
    panel.finish(_result())
    assert panel.stop_button.disabled and panel.stop_button.description == "Finished"
    outcome = panel.outcome_text()
    assert outcome == "success (tests-pass) after 2 iterations: 4 passed, 0 failed; PoC in poc/abc"
    assert outcome in panel.as_text() and "PoC in poc/abc" in panel._outcome.value
    assert "+good" in panel._diff.value  # the last change stays on screen
    panel.stop_button.click()
    assert stops == [] and panel.stop_button.description == "Finished"  # never "Stopping…" forever


async def test_a_refusal_names_the_settings_as_a_notebook_cell_spells_them(tmp_path) -> None:
    from sofia_nb.consent import ConsentPolicy, PolicyConsent
    from sofia_nb.develop import DevelopmentOptions
    from sofia_nb.develop._scaffold import METADATA_FILE
    from sofia_nb.ui import PocDevelopment
    from tests.develop.conftest import fixture_session

    folder = tmp_path / "poc"
    folder.mkdir()
    (folder / METADATA_FILE).write_text('{"session_id": "someone-else", "template": "python-pytest"}')
    store = SessionStore(tmp_path / "sessions")
    dev = PocDevelopment(
        DevelopmentOptions(demo=True, output=folder),
        consent=PolicyConsent(ConsentPolicy(mode="deny")),
        store=store,
    )
    with pytest.raises(ValueError, match="holds the PoC of session someone-else") as raised:
        await dev.develop(fixture_session())
    assert str(raised.value).endswith("(set output=… or force=True)")  # in the cell too
    shown = dev.panel._outcome.value
    assert "holds the PoC of session someone-else (set output=… or force=True)." in shown
    assert "`" not in shown and "--force" not in shown and "Something went wrong" not in shown


async def test_a_notebook_workshop_that_cannot_open_names_its_parameter(tmp_path) -> None:
    bad = tmp_path / "mcp.json"
    bad.write_text("{not json")
    with pytest.raises(ValueError) as raised:
        await NotebookWorkshop.open(interactive=False, llm="scripted:replies.yaml", mcp_config=bad)
    said = str(raised.value)
    assert said.endswith(("(set llm=…)", "(set mcp_config=…)")) and "`" not in said and "--" not in said


def test_the_panel_says_what_the_loop_waits_on_until_the_wait_ends() -> None:
    from sofia_nb.develop import RunContext
    from sofia_nb.llm import ScriptedLLM

    bus = EventBus()
    panel = RalphPanel(bus, on_stop=lambda: None)
    context = RunContext(llm=ScriptedLLM([]), bus=bus)  # the loop's own way of saying it waits
    with context.waiting("model", "scaffold"):
        assert panel.waiting == "waiting for the model: scaffold…"
        assert panel.waiting in panel._waiting.value and panel.waiting in panel.as_text()
    assert panel.waiting == "" and panel._waiting.value == "" and "waiting" not in panel.as_text()


def test_a_finished_poc_is_said_at_once() -> None:
    panel = RalphPanel(EventBus(), on_stop=lambda: None)
    panel.finish(_result(reason="already-complete", iterations=3))
    assert panel.as_text().startswith("iteration 3/3")
    assert "already complete" in panel.outcome_text() and "force=True starts over" in panel.outcome_text()
    assert "no iteration finished yet" not in panel._chart.value


async def test_the_develop_button_runs_the_ralph_loop_under_the_workshop_with_the_demo(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the PoC goes to ./poc/<session id>
    run = await open_demo(interactive=True)
    try:
        await run.play()
        app = run.app
        assert run.workshop.phase == Phase.DEVELOP
        await asyncio.gather(*app.tasks)
        assert app.develop_button.layout.display != "none" and not app.develop_button.disabled
        app.develop_button.click()
        await asyncio.gather(*app.tasks)
        assert all(task.exception() is None for task in app.tasks)
        assert app.poc is not None and app.develop_area.children == (app.poc.panel,)
        panel = app.poc.panel
        assert panel.result is not None and panel.result.status == "success"
        assert panel.stop_button.disabled and "PoC in" in panel.outcome_text()
        assert panel.outcome_text() in app.status.value.replace("&quot;", '"')
        assert (tmp_path / "poc" / run.session.id).is_dir()
        app.develop_button.click()  # again, on the finished PoC: said at once
        await asyncio.gather(*app.tasks)
        again = app.poc.panel
        assert again is not panel and again.result is not None
        assert again.result.reason == "already-complete" and "already complete" in app.status.value
    finally:
        await run.aclose()


def test_the_panel_names_each_success_criterion_and_its_test() -> None:
    panel = RalphPanel(EventBus(), on_stop=lambda: None)
    criteria = [
        CriterionCoverage(tag="SC1", criterion="quotes in <2 s", tests=["tests/test_quote.py:4"]),
        CriterionCoverage(tag="SC2", criterion="matches the price list to the cent"),
    ]
    panel.finish(_result(criteria=criteria))
    assert panel.as_text().endswith(
        "  SC1 covered by tests/test_quote.py:4: quotes in <2 s\n"
        "  SC2 no test names it: matches the price list to the cent"
    )
    shown = panel._outcome.value
    assert "<li>SC1 covered by tests/test_quote.py:4: quotes in &lt;2 s</li>" in shown  # escaped
    assert "<li>SC2 no test names it: matches the price list to the cent</li>" in shown
