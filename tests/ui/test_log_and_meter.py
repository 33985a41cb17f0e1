"""The log and the meter update from bus events (no browser: ipywidgets models only)."""

import json

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb._usage import Spend, Usage
from sofia_nb.events import (
    EventBus,
    SpendRecorded,
    ToolCallFinished,
    ToolCallProgress,
    ToolCallStarted,
    UsageRecorded,
)
from sofia_nb.ui import TokenMeter, ToolCallLog, fill_colour


def _call(bus: EventBus, call_id: str, server: str, ok: bool = True, **args: object) -> None:
    bus.emit(ToolCallStarted(call_id=call_id, server=server, tool="search", arguments=dict(args)))
    bus.emit(
        ToolCallFinished(
            call_id=call_id,
            server=server,
            tool="search",
            duration_s=0.25,
            ok=ok,
            error_kind=None if ok else "timeout",
            error_message=None if ok else "took too long",
            result_preview="3 results" if ok else "",
        )
    )


def test_log_shows_running_then_done_with_duration() -> None:
    bus = EventBus()
    log = ToolCallLog(bus)
    bus.emit(ToolCallStarted(call_id="1", server="web", tool="search", arguments={"query": "x"}))
    assert log.as_text() == "⏳ web/search"
    bus.emit(ToolCallFinished(call_id="1", server="web", tool="search", duration_s=0.5, ok=True))
    assert log.as_text() == "✓ web/search 0.50 s"
    assert "✓ web/search" in log.rows["1"].widgets["label"].value


def test_log_marks_failures_with_their_kind_and_shows_the_error() -> None:
    bus = EventBus()
    log = ToolCallLog(bus)
    _call(bus, "1", "web", ok=False)
    assert log.as_text() == "✗ web/search 0.25 s [timeout]"
    assert "took too long" in log.rows["1"].widgets["details"].value


def test_progress_moves_the_bar_while_running() -> None:
    bus = EventBus()
    log = ToolCallLog(bus)
    bus.emit(ToolCallStarted(call_id="1", server="everything", tool="long"))
    bar = log.rows["1"].widgets["bar"]
    assert bar.layout.display == "none"  # no room taken until a call reports progress
    bus.emit(ToolCallProgress(call_id="1", server="everything", tool="long", progress=2, total=5))
    assert (bar.value, bar.max, bar.layout.display) == (2, 5, "")


def test_filter_by_server_hides_other_servers() -> None:
    bus = EventBus()
    log = ToolCallLog(bus)
    _call(bus, "1", "web")
    _call(bus, "2", "github")
    log.filter_server("github")
    shown = [r.call_id for r in log.rows.values() if r.widgets["box"].layout.display != "none"]
    assert shown == ["2"]
    log.filter_server(None)
    assert all(r.widgets["box"].layout.display != "none" for r in log.rows.values())


def test_jsonl_export_redacts_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    bus = EventBus()
    log = ToolCallLog(bus)
    _call(bus, "1", "github", token="ghp_abcdefghijklmnopqrstuvwxyz0123")
    records = [json.loads(line) for line in log.to_jsonl().splitlines()]
    assert records[0]["arguments"]["token"] == "[REDACTED]"
    assert records[0]["state"] == "ok"


def _spend(phase: str, input_tokens: int, output_tokens: int, **usage: object) -> SpendRecorded:
    """What a run emits when it writes one request to the session's ledger."""
    return SpendRecorded(
        spend=Spend(
            phase=phase,
            purpose="chat",
            model="openai:m",
            usage=Usage(input_tokens=input_tokens, output_tokens=output_tokens, **usage),
        )
    )


def test_meter_totals_per_phase_and_context_fill() -> None:
    bus = EventBus()
    meter = TokenMeter(bus)
    for phase, tin, tout, cost in (("discover", 1000, 50, 0.01), ("ideate", 7500, 100, 0.02)):
        bus.emit(
            UsageRecorded(
                model="openai:m",
                purpose="chat",
                input_tokens=tin,
                output_tokens=tout,
                context_window=10_000,
                cost_usd=cost,
            )
        )
        bus.emit(_spend(phase, tin, tout, cost_usd=cost))
    assert (meter.totals.input_tokens, meter.totals.output_tokens) == (8500, 150)
    assert meter.totals.by_phase["discover"].input_tokens == 1000
    assert meter.fill == pytest.approx(0.75)
    assert meter._bar.style.bar_color == fill_colour(0.75) == "#bf8700"
    assert "8500 in / 150 out" in meter.as_text()
    assert "$0.0300" in meter.as_text()


def test_meter_says_cost_is_na_for_unpriced_models() -> None:
    bus = EventBus()
    meter = TokenMeter(bus)
    bus.emit(_spend("discover", 10, 5, estimated=True))
    assert "cost n/a" in meter.as_text()
    assert "(estimated)" in meter.as_text()


@pytest.mark.parametrize(("fill", "colour"), [(0.1, "#1a7f37"), (0.7, "#bf8700"), (0.95, "#cf222e")])
def test_fill_thresholds(fill: float, colour: str) -> None:
    assert fill_colour(fill) == colour


def test_meter_totals_are_the_ledgers_not_the_providers_events() -> None:
    """A request no session's ledger keeps (a probe, a client on another bus) is not counted: the
    meter shows what status, summary.json and the report show."""
    bus = EventBus()
    meter = TokenMeter(bus)
    bus.emit(UsageRecorded(model="m", purpose="chat", input_tokens=5, output_tokens=1))
    assert meter.totals.input_tokens == 0
    bus.emit(_spend("ideate", 7, 2, cached_input_tokens=4))
    assert meter.totals.by_phase["ideate"].input_tokens == 7
    assert "7 in (4 cached) / 2 out" in meter.as_text()
