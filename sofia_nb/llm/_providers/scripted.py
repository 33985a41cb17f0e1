"""``scripted:PATH``: replies from a file (docs/architecture.md §4.3), for demos, tests and replays."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .._provider import Provider, ProviderStatus

if TYPE_CHECKING:
    from ...config import Settings
    from ...events import EventBus
    from .._base import BaseLLM


class ScriptedProvider(Provider):
    name = "scripted"
    model_word = "PATH"
    summary = "replies from a script file (JSON or YAML), offline"

    def create(self, model: str, settings: Settings, bus: EventBus | None) -> BaseLLM:
        from .._scripted import ScriptedLLM

        return ScriptedLLM.from_file(Path(model).expanduser(), settings=settings, bus=bus)

    def status(self) -> ProviderStatus:
        return ProviderStatus(provider=self.name, configured=True, detail="always available (scripted:PATH)")


PROVIDER = ScriptedProvider()
