"""Charts where people would rather look than read: the feasibility × value matrix and Mermaid diagrams."""

from __future__ import annotations

import functools
import io
import json
from typing import Any

from ..session import Evaluation, Idea


def value_feasibility_figure(evaluation: Evaluation, ideas: list[Idea] | None = None) -> Any:
    """Design's matrix as a labelled scatter plot (a matplotlib Figure), split at the scale's middle."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure

    titles = {idea.id: idea.title for idea in ideas or []}
    low, high = _scale_bounds(evaluation.scale)
    middle = (low + high) / 2
    fig = Figure(figsize=(6, 5))
    ax = fig.add_subplot()
    for item in evaluation.ideas:
        ax.scatter(item.feasibility, item.value, s=120, alpha=0.8)
        ax.annotate(
            titles.get(item.idea_id, item.idea_id),
            (item.feasibility, item.value),
            textcoords="offset points",
            xytext=(6, 6),
            fontsize=9,
        )
    ax.axvline(middle, color="#999", lw=0.8, ls="--")
    ax.axhline(middle, color="#999", lw=0.8, ls="--")
    pad = (high - low) * 0.08
    ax.set_xlim(low - pad, high + pad)
    ax.set_ylim(low - pad, high + pad)
    ax.set_xlabel(f"feasibility ({evaluation.scale})")
    ax.set_ylabel(f"value ({evaluation.scale})")
    ax.set_title("Feasibility × value")
    ax.text(high, high, "quick wins", ha="right", va="top", fontsize=8, color="#1a7f37")
    fig.tight_layout()
    return fig


def feasibility_png(evaluation: Evaluation, ideas: list[Idea] | None = None) -> bytes:
    """The matrix drawn as PNG bytes (Agg): what the app, the notebook and the static record show."""
    titles = {idea.id: idea.title for idea in ideas or []}
    return _png(evaluation.model_dump_json(), json.dumps(titles, sort_keys=True))


@functools.lru_cache(maxsize=8)
def _png(evaluation_json: str, titles_json: str) -> bytes:
    # Cached by content: the record and the results area redraw on every event, the chart seldom changes.
    ideas = [Idea(id=k, title=v) for k, v in json.loads(titles_json).items()]
    figure = value_feasibility_figure(Evaluation.model_validate_json(evaluation_json), ideas)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96)
    figure.clear()  # a bare Figure holds no pyplot state; clearing frees it at once
    return buffer.getvalue()


def _scale_bounds(scale: str) -> tuple[float, float]:
    """``"1-5"`` → (1, 5); anything unreadable falls back to 1–5."""
    try:
        low, high = (float(part) for part in scale.replace("–", "-").split("-", 1))
    except ValueError:
        return 1.0, 5.0
    return (low, high) if high > low else (1.0, 5.0)


def mermaid_markdown(diagram: str) -> str:
    """A Mermaid diagram as a Markdown fence; JupyterLab ≥ 4.1 renders it, elsewhere it reads as code."""
    body = diagram.strip()
    if body.startswith("```"):
        return body
    return f"```mermaid\n{body}\n```"
