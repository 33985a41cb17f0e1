"""Why a ``dev`` or ``fix`` run cannot go on, when no setting would change it (a refusal a setting
would lift is ``sofia_nb.config.SetupError``)."""

from __future__ import annotations


class DevelopError(RuntimeError):
    """The run cannot start: no plan yet, not a folder..."""
