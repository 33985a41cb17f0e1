"""PhaseStepper, RalphPanel and the charts, driven by session data and bus events."""

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.events import EventBus, IterationFinished, IterationStarted, PhaseChanged
from sofia_nb.session import Evaluation, Idea, IdeaEvaluation, Phase, Workflow, WorkflowActivity, WorkflowEdge
from sofia_nb.ui import PhaseStepper, RalphPanel, mermaid_markdown, value_feasibility_figure, workflow_mermaid


def test_stepper_follows_phase_changes() -> None:
    bus = EventBus()
    stepper = PhaseStepper(Phase.DISCOVER, bus=bus)
    assert stepper.as_text().startswith("● Discover → ○ Ideate")
    bus.emit(PhaseChanged(session_id="s", previous="discover", phase="design"))
    assert stepper.as_text() == "✓ Discover → ✓ Ideate → ● Design → ○ Select → ○ Plan → ○ Develop"
    stepper.set_phase(Phase.COMPLETE)
    assert "●" not in stepper.as_text() and "○" not in stepper.as_text()


def test_ralph_panel_tracks_iterations_shows_the_diff_and_stops() -> None:
    bus = EventBus()
    stops: list[bool] = []
    panel = RalphPanel(bus, on_stop=lambda: stops.append(True))
    bus.emit(IterationStarted(iteration=1, max_iterations=5))
    bus.emit(IterationFinished(iteration=1, passed=1, failed=3, diff="--- a/x.py\n+++ b/x.py\n-bad\n+good"))
    bus.emit(IterationStarted(iteration=2, max_iterations=5))
    bus.emit(IterationFinished(iteration=2, passed=4, failed=0))
    assert panel.as_text() == "iteration 2/5\n  #1: 1 passed, 3 failing\n  #2: 4 passed, 0 failing"
    assert panel._progress.value == 2 and panel._progress.max == 5
    assert panel._chart.value.count("<small>") == 2
    panel.stop_button.click()
    assert stops == [True]
    assert panel.stop_button.disabled


def test_ralph_panel_renders_the_last_diff_escaped() -> None:
    bus = EventBus()
    panel = RalphPanel(bus)
    bus.emit(IterationFinished(iteration=1, passed=0, failed=1, diff="+if a < b:"))
    assert "+if a &lt; b:" in panel._diff.value


def test_value_feasibility_scatter_labels_every_idea() -> None:
    evaluation = Evaluation(
        scale="1-5",
        ideas=[
            IdeaEvaluation(idea_id="idea-1", feasibility=4, value=5),
            IdeaEvaluation(idea_id="idea-2", feasibility=2, value=3),
        ],
    )
    fig = value_feasibility_figure(evaluation, [Idea(id="idea-1", title="Route optimiser")])
    ax = fig.axes[0]
    labels = sorted(t.get_text() for t in ax.texts)
    assert "Route optimiser" in labels and "idea-2" in labels
    assert ax.get_xlim()[0] < 1 and ax.get_xlim()[1] > 5


def test_mermaid_helpers() -> None:
    wf = Workflow(
        activities=[WorkflowActivity(id="a-1", name='Take "order"'), WorkflowActivity(id="a-2", name="Ship")],
        edges=[WorkflowEdge(source="a-1", target="a-2", label="next")],
    )
    text = workflow_mermaid(wf)
    assert text.splitlines() == [
        "flowchart LR",
        "    a1[\"Take 'order'\"]",
        '    a2["Ship"]',
        '    a1 -->|"next"| a2',
    ]
    assert mermaid_markdown(text).startswith("```mermaid\nflowchart LR")
    assert mermaid_markdown("```mermaid\nx\n```") == "```mermaid\nx\n```"
