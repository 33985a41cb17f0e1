"""``github:MODEL``: GitHub Models, with a token that has the models scope."""

from __future__ import annotations

import os

from .._errors import LLMNotConfiguredError
from .._openai import Endpoint
from .._provider import CompatProvider

GITHUB_MODELS_URL = "https://models.github.ai/inference"


class GitHubProvider(CompatProvider):
    name = "github"
    summary = "GitHub Models (GITHUB_TOKEN with the models scope)"
    environment = ("GITHUB_TOKEN",)

    def endpoint(self, model: str) -> Endpoint:
        token = os.environ.get("GITHUB_TOKEN")
        if not token:
            raise LLMNotConfiguredError(f"github:{model} needs GITHUB_TOKEN (a token with the models scope)")
        return Endpoint(
            provider=self.name, model=model, base_url=GITHUB_MODELS_URL, api_key=token, key_env="GITHUB_TOKEN"
        )


PROVIDER = GitHubProvider()
