"""Context providers: compact, structured views of a code base (and of a workshop) for coding agents.

Each provider is a plain function from a pydantic input model to a pydantic result model, listed in
one registry (:func:`tools`) that the MCP server (``sofia-nb mcp serve``) and ``sofia-nb ctx`` are
generated from. See ``docs/context-tools.md``.
"""

from ._registry import PROVIDER_MODULES, ContextTool, ToolAnnotations, cli_tools, get_tool, model_text, tools
from ._support.budget import DEFAULT_BUDGET, BudgetInput
from ._support.cancel import cancellable
from ._support.errors import ContextError
from ._support.render import FORMATS, Format, render, to_data
from ._support.roots import ResolvedRoots, allowed_roots, current_roots, resolve_path, resolve_roots
from ._support.tokens import estimate_tokens
from ._support.tree_cache import TREE_CACHE
from ._support.walk import DEFAULT_IGNORE_DIRS, walk_files

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_IGNORE_DIRS",
    "FORMATS",
    "PROVIDER_MODULES",
    "TREE_CACHE",
    "BudgetInput",
    "ContextError",
    "ContextTool",
    "Format",
    "ResolvedRoots",
    "ToolAnnotations",
    "allowed_roots",
    "cancellable",
    "cli_tools",
    "current_roots",
    "estimate_tokens",
    "get_tool",
    "model_text",
    "render",
    "resolve_path",
    "resolve_roots",
    "to_data",
    "tools",
    "walk_files",
]
