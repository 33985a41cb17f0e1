"""``%load_ext sofia_nb`` and ``%%sofia``: send a cell's text to the current workshop phase."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from ..workshop import SyncWorkshop
from ._current import current
from ._record_cards import Blocks, markdown


def send_cell(text: str) -> Any:
    """What ``%%sofia`` does: with an app, start a send task (the reply streams into the app);
    with a ``SyncWorkshop``, return the reply, shown as the app shows Markdown (sanitised)."""
    text = text.strip()
    if not text:
        raise ValueError("%%sofia needs the message in the cell body")
    target = current()
    if target is None:
        raise RuntimeError(
            "no current workshop: create a WorkshopApp or call sofia_nb.ui.use(workshop) first"
        )
    if isinstance(target, SyncWorkshop):
        # WorkshopApp derives from an untyped widget class, so mypy cannot narrow the union here.
        return Blocks([markdown(cast(SyncWorkshop, target).send(text))])
    target.message.value = text
    return target.send()


def load_ipython_extension(ipython: Any) -> None:
    def sofia(line: str, cell: str) -> Any:
        result = send_cell(cell)
        return None if isinstance(result, asyncio.Task) else result

    ipython.register_magic_function(sofia, magic_kind="cell", magic_name="sofia")
