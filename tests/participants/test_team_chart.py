"""The feasibility × value chart plots the team's mean scores beside the model's: a point "Tn"
in the team's colour for each idea the team scored on both, placed on the same scale as the
model's point, and named in the legend and in the diagram's text."""

from __future__ import annotations

import pytest

from sofia_nb.session import Evaluation, IdeaEvaluation
from sofia_nb.session._diagrams import diagram_text
from sofia_nb.session._sections import _axis, _height, matrix_mermaid
from sofia_nb.session._team import CriterionStats, TeamIdeaScores


def _evaluation() -> Evaluation:
    return Evaluation(
        ideas=[
            IdeaEvaluation(idea_id="i1", feasibility=4, value=5),
            IdeaEvaluation(idea_id="i2", feasibility=2, value=2),
        ],
        team_scores=[
            TeamIdeaScores(
                idea_id="i2",
                round_id="r1",
                feasibility=CriterionStats(mean=4.5, spread=0.5, count=2),
                value=CriterionStats(mean=1.5, spread=0.5, count=2),
                scorers=2,
            )
        ],
    )


def test_the_team_s_mean_is_a_point_beside_the_model_s() -> None:
    """Seen failing with the team's points left out of matrix_mermaid (the chart showed only the
    model's scores)."""
    source = matrix_mermaid(_evaluation(), {})
    (team,) = [line.strip() for line in source.splitlines() if line.strip().startswith('"T')]
    x, y = (float(v) for v in team.split("[", 1)[1].split("]", 1)[0].split(","))
    assert team.startswith('"T2"') and "color: #b35c00" in team
    assert (x, y) == pytest.approx((_axis(4.5), _height(1.5)), abs=0.06)  # the same scale as the model's
    assert "Point T2: Low value, feasible" in diagram_text(source)
    assert "Point 2: Low value, hard" in diagram_text(source)


def test_the_svg_draws_the_team_s_point() -> None:
    pytest.importorskip("mermaidx")
    from sofia_nb.session._diagrams import diagram_svg

    svg = diagram_svg(matrix_mermaid(_evaluation(), {}), "chart")
    assert svg is not None and ">T2<" in svg and "#b35c00" in svg and "NaN" not in svg
