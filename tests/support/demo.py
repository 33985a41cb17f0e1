"""The scripted demo workshop as the notebook tests open it: interactive or headless, with notebook
01's consent (the demo's search allowed by the list, nothing else asked)."""

from __future__ import annotations

from typing import Any

from sofia_nb.ui import NotebookWorkshop

FIRST_LINE = "Valdora Fresh Distribution is a regional food-service distributor in Calder Bay."
"""The team's first line in the demo's script (``sofia_nb/workshop/demo/inputs.yaml``)."""


async def open_demo(*, interactive: bool, **options: Any) -> NotebookWorkshop:
    """The demo workshop opened as notebook 01 opens it; ``options`` go to ``NotebookWorkshop.open``."""
    return await NotebookWorkshop.open(
        interactive=interactive, consent_policy="allow-listed", preapproved_tools=["demo-search/*"], **options
    )


async def played_demo(**options: Any) -> NotebookWorkshop:
    """The demo played headless from Discover to Develop, then closed."""
    run = await open_demo(interactive=False, **options)
    try:
        await run.play()
    finally:
        await run.aclose()
    return run


async def demo_after_first_line(**options: Any) -> NotebookWorkshop:
    """The demo headless, Discover started and the team's first line said (its search run), then closed."""
    run = await open_demo(interactive=False, **options)
    try:
        await run.start()
        await run.say(FIRST_LINE)
    finally:
        await run.aclose()
    return run
