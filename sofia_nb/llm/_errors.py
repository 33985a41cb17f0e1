"""The LLM layer's errors: one base class, one subclass per thing a caller can act on.

Messages name the provider, the model and the base URL, never a key: every message passes
through the redactor (with the provider's own key as an extra secret) before it is stored.
"""

from __future__ import annotations

from ..redact import redact_text


class LLMError(Exception):
    """Base of every LLM-layer error. ``kind`` is a stable lowercase tag for JSON output, in the one
    style every error kind has (``model-not-found``, as ``McpError``'s ``auth-failure``)."""

    kind = "llm"

    def __init__(
        self,
        message: str,
        *,
        provider: str = "",
        model: str = "",
        base_url: str = "",
        status: int | None = None,
        secrets: list[str] | None = None,
    ) -> None:
        where = " ".join(
            part
            for part in (
                f"{provider}" if provider else "",
                f"model {model!r}" if model else "",
                f"at {base_url}" if base_url else "",
            )
            if part
        )
        text = f"{where}: {message}" if where else message
        self.message = redact_text(text, [s for s in (secrets or []) if s])
        self.provider = provider
        self.model = model
        self.base_url = base_url
        self.status = status
        super().__init__(self.message)


class LLMNotConfiguredError(LLMError):
    """No model was chosen, the spec is malformed, or a provider's settings are missing."""

    kind = "not-configured"


class LLMUnavailableError(LLMError):
    """An optional provider cannot run here (its package or runtime binary is missing)."""

    kind = "unavailable"


class LLMAuthError(LLMError):
    """The provider refused the credentials (HTTP 401/403)."""

    kind = "auth"


class LLMModelNotFoundError(LLMError):
    """The provider does not know the model or deployment (HTTP 404, or an unknown-model error)."""

    kind = "model-not-found"


class LLMContextOverflowError(LLMError):
    """The request is longer than the model's context window."""

    kind = "context-overflow"


class LLMRateLimitError(LLMError):
    """Still rate-limited (HTTP 429) after every retry."""

    kind = "rate-limited"


class LLMTimeoutError(LLMError):
    """The provider did not answer in time."""

    kind = "timeout"


class LLMConnectionError(LLMError):
    """The provider could not be reached."""

    kind = "connection"


class LLMProviderError(LLMError):
    """Any other failure the provider reported (a 5xx after retries, a 400, a malformed reply)."""

    kind = "provider"


class ScriptExhaustedError(LLMError):
    """A scripted model has no unused reply left for a request's purpose."""

    kind = "script-exhausted"
