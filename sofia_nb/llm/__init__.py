"""The LLM layer: one ``LLMClient`` protocol, its providers, usage and cost, and the tool loop.

It knows nothing of workshops and never imports ``sofia_nb.mcp``: tools reach it only through a
dispatcher (see ``run_tool_loop``).
"""

from ._base import BaseLLM
from ._copilot import CopilotLLM, provider_from_env
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
from ._ledger import Ledger, keeping_ledger
from ._loop import (
    TOOL_RESULT_CHARS,
    AfterHook,
    BeforeHook,
    ErrorHook,
    HookDecision,
    ToolDispatcher,
    ToolHooks,
    ToolLoop,
    ToolLoopResult,
    run_tool_loop,
)
from ._openai import Endpoint, OpenAICompatLLM
from ._provider import CompatProvider, Provider
from ._registry import ENTRY_POINT_GROUP, all_providers, get_provider, help_lines, plugin_problems
from ._scripted import ScriptedLLM, ScriptedReply, ScriptedRequest
from ._select import (
    NOT_CONFIGURED,
    PROVIDERS,
    ProviderStatus,
    choose_llm,
    create_llm,
    provider_statuses,
    resolve_llm_spec,
)
from ._structured import OutputSchema
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
    ToolExecutor,
    ToolOutput,
    ToolRunningClient,
    ToolSpec,
)

__all__ = [
    "ENTRY_POINT_GROUP",
    "NOT_CONFIGURED",
    "PROVIDERS",
    "PURPOSES",
    "TOOL_RESULT_CHARS",
    "AfterHook",
    "BaseLLM",
    "BeforeHook",
    "CompatProvider",
    "CopilotLLM",
    "Endpoint",
    "ErrorHook",
    "HookDecision",
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
    "Ledger",
    "Message",
    "OpenAICompatLLM",
    "OutputSchema",
    "Provider",
    "ProviderStatus",
    "Purpose",
    "ScriptExhaustedError",
    "ScriptedLLM",
    "ScriptedReply",
    "ScriptedRequest",
    "TextCallback",
    "ToolCall",
    "ToolDispatcher",
    "ToolExecutor",
    "ToolHooks",
    "ToolLoop",
    "ToolLoopResult",
    "ToolOutput",
    "ToolRunningClient",
    "ToolSpec",
    "all_providers",
    "choose_llm",
    "create_llm",
    "estimate_messages_tokens",
    "estimate_tokens",
    "get_provider",
    "help_lines",
    "keeping_ledger",
    "plugin_problems",
    "provider_from_env",
    "provider_statuses",
    "render_messages",
    "resolve_llm_spec",
    "run_tool_loop",
]
