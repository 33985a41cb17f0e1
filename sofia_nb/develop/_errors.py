"""Why a ``dev`` or ``fix`` run cannot start, in words of settings; each face names them its way."""

from __future__ import annotations

from collections.abc import Callable


class DevelopError(RuntimeError):
    """The run cannot start: no plan, not a repository, a dirty tree..."""


class SettingError(DevelopError):
    """A run refused until a setting changes (``force``, ``output``, ``init_git``, ``allow_dirty``...).

    ``str()`` names the settings as they are spelled in ``DevelopmentOptions``; ``worded`` lets a
    face spell them its own way (``--force`` in the terminal, ``force=True`` in a notebook).
    """

    def __init__(self, reason: str, *settings: str) -> None:
        self.reason = reason
        self.settings = settings
        super().__init__(self.worded(lambda name: f"`{name}`"))

    def worded(self, spell: Callable[[str], str]) -> str:
        """The reason, then the settings that would lift the refusal, each spelled by ``spell``."""
        if not self.settings:
            return self.reason
        return f"{self.reason} (set {' or '.join(spell(name) for name in self.settings)})"


class SetupError(SettingError):
    """The run's own configuration is wrong (no model, a bad ``[develop]`` table or MCP file)."""
