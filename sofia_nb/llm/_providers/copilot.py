"""``copilot:MODEL``: the GitHub Copilot SDK (the ``copilot`` extra) and its CLI, with a Copilot
login or a bring-your-own-key provider (``SOFIA_COPILOT_PROVIDER_*``)."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import shutil
from typing import TYPE_CHECKING

from .._probe import Probe
from .._provider import Checked, Provider, ProviderStatus

if TYPE_CHECKING:
    from ...config import Settings
    from ...events import EventBus
    from .._base import BaseLLM


class CopilotProvider(Provider):
    name = "copilot"
    summary = "the GitHub Copilot SDK (extra copilot): a Copilot login, or BYOK via SOFIA_COPILOT_PROVIDER_*"
    environment = ("COPILOT_CLI_PATH", "SOFIA_COPILOT_PROVIDER_BASE_URL")
    program = "copilot"

    def create(self, model: str, settings: Settings, bus: EventBus | None) -> BaseLLM:
        from .._copilot import CopilotLLM, provider_from_env

        return CopilotLLM(model, byok=provider_from_env(), settings=settings, bus=bus)

    def status(self) -> ProviderStatus:
        sdk = importlib.util.find_spec("copilot") is not None
        cli = os.environ.get("COPILOT_CLI_PATH") or shutil.which("copilot")
        detail = (
            f"SDK {'installed' if sdk else 'missing (extra copilot)'}; CLI "
            + (f"at {cli}" if cli else "from the SDK's download cache")
            + ("; BYOK" if os.environ.get("SOFIA_COPILOT_PROVIDER_BASE_URL") else "; Copilot login")
        )
        return ProviderStatus(provider=self.name, configured=sdk, detail=detail)

    def check(self, model: str | None, *, program_path: str | None = None) -> Checked:
        """The login is asked of the CLI only when Copilot is the chosen model: starting it costs seconds."""
        from .._probe import probe_copilot_login

        status = self.status()
        if not status.configured or os.environ.get("SOFIA_COPILOT_PROVIDER_BASE_URL"):
            pass  # not installed, or BYOK: the provider's key, no login to ask about
        elif model is None:
            note = "; login not checked (doctor --llm copilot:MODEL checks it)"
            status = status.model_copy(update={"detail": status.detail.replace("; Copilot login", note)})
        else:
            cli = os.environ.get("COPILOT_CLI_PATH") or shutil.which("copilot") or program_path
            probe = asyncio.run(probe_copilot_login(cli))
            status = status.model_copy(
                update={"configured": probe.ok, "detail": probe.detail, "checked": True}
            )
        if model is None:
            return status, None
        return status, Probe(state="reachable" if status.configured else "unreachable", detail=status.detail)


PROVIDER = CopilotProvider()
