"""``ollama:MODEL``: a local Ollama server (its OpenAI-compatible ``/v1`` API), never priced."""

from __future__ import annotations

import os

from .._openai import Endpoint
from .._probe import Probe
from .._provider import STRUCTURED_OUTPUT, Checked, CompatProvider, ProviderStatus

OLLAMA_URL = "http://127.0.0.1:11434"


class OllamaProvider(CompatProvider):
    name = "ollama"
    summary = "a local Ollama server (OLLAMA_HOST, default 127.0.0.1:11434)"
    environment = ("OLLAMA_HOST",)
    structured_output = f"{STRUCTURED_OUTPUT} (Ollama's format)"

    def endpoint(self, model: str) -> Endpoint:
        host = os.environ.get("OLLAMA_HOST") or OLLAMA_URL
        if "://" not in host:
            host = f"http://{host}"
        return Endpoint(provider=self.name, model=model, base_url=f"{host.rstrip('/')}/v1", priced=False)

    def status(self) -> ProviderStatus:
        # Nothing to set: the server's address has a default. Whether it answers is `check`'s.
        return ProviderStatus(
            provider=self.name,
            configured=True,
            detail=f"server at {os.environ.get('OLLAMA_HOST') or OLLAMA_URL}",
            structured_output=self.structured_output,
        )

    def check(self, model: str | None, *, program_path: str | None = None) -> Checked:
        """Ready only when its server answers, asked whether chosen or not (it is local and cheap)."""
        from .._probe import probe_endpoint

        probe = probe_endpoint(self.endpoint("any"), timeout_s=2.0)
        answered = {"configured": probe.ok, "detail": probe.detail, "checked": True}
        status = self.status().model_copy(update=answered)
        if model is None:
            return status, None
        return status, Probe(state="reachable" if probe.ok else "unreachable", detail=probe.detail)


PROVIDER = OllamaProvider()
