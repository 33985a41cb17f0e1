"""``azure:DEPLOYMENT``: an Azure OpenAI deployment (its v1 API)."""

from __future__ import annotations

import os

from .._errors import LLMNotConfiguredError
from .._openai import Endpoint
from .._provider import CompatProvider


class AzureProvider(CompatProvider):
    name = "azure"
    model_word = "DEPLOYMENT"
    summary = "an Azure OpenAI deployment (AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_KEY)"
    environment = ("AZURE_OPENAI_ENDPOINT", "AZURE_OPENAI_API_KEY")

    def endpoint(self, model: str) -> Endpoint:
        endpoint, key = os.environ.get("AZURE_OPENAI_ENDPOINT"), os.environ.get("AZURE_OPENAI_API_KEY")
        if not endpoint or not key:
            raise LLMNotConfiguredError(f"azure:{model} needs AZURE_OPENAI_ENDPOINT and AZURE_OPENAI_API_KEY")
        base_url = endpoint.rstrip("/")
        if not base_url.endswith("/openai/v1"):
            base_url += "/openai/v1"
        return Endpoint(
            provider=self.name,
            model=model,
            base_url=base_url,
            api_key=key,
            key_header="api-key",
            key_env="AZURE_OPENAI_API_KEY",
        )


PROVIDER = AzureProvider()
