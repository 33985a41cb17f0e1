"""The workshop ``%%sofia`` cells talk to: the WorkshopApp shown last, or what ``use()`` named."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..workshop import SyncWorkshop
    from ._workshop_app import WorkshopApp

_current: WorkshopApp | SyncWorkshop | None = None


def use(target: WorkshopApp | SyncWorkshop | None) -> None:
    """Make ``target`` the current workshop (a WorkshopApp does this itself when it is shown)."""
    global _current
    _current = target


def current() -> WorkshopApp | SyncWorkshop | None:
    return _current
