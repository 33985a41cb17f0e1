"""The LLM layer: one ``LLMClient`` protocol, its providers, usage and cost, and the tool loop.

It knows nothing of workshops and never imports ``sofia_nb.mcp``: tools reach it only through a
dispatcher (see ``run_tool_loop``).
"""

from ._base import BaseLLM
from ._errors import (
    LLMAuthError,
    LLMConnectionError,
    LLMContextOverflowError,
    LLMError,
    LLMModelNotFoundError,
    LLMNotConfiguredError,
    LLMProviderError,
    LLMRateLimitError,
    LLMTimeoutError,
    LLMUnavailableError,
    ScriptExhaustedError,
)
from ._openai import Endpoint, OpenAICompatLLM
from ._tokens import estimate_messages_tokens, estimate_tokens, render_messages
from ._types import (
    PURPOSES,
    LLMClient,
    LLMResponse,
    LLMUsage,
    Message,
    Purpose,
    TextCallback,
    ToolCall,
    ToolResult,
    ToolSpec,
)

__all__ = [
    "PURPOSES",
    "BaseLLM",
    "Endpoint",
    "LLMAuthError",
    "LLMClient",
    "LLMConnectionError",
    "LLMContextOverflowError",
    "LLMError",
    "LLMModelNotFoundError",
    "LLMNotConfiguredError",
    "LLMProviderError",
    "LLMRateLimitError",
    "LLMResponse",
    "LLMTimeoutError",
    "LLMUnavailableError",
    "LLMUsage",
    "Message",
    "OpenAICompatLLM",
    "Purpose",
    "ScriptExhaustedError",
    "TextCallback",
    "ToolCall",
    "ToolResult",
    "ToolSpec",
    "estimate_messages_tokens",
    "estimate_tokens",
    "render_messages",
]
