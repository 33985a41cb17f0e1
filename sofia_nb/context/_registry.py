"""The one registry of context tools: the MCP server and ``sofia-nb ctx`` are both generated from it.

A tool is a :class:`ContextTool`: a name, a description, a pydantic input model, a pydantic result
model, the plain function ``func(input) -> result`` that does the work, MCP annotations and the
CLI path (``("cc", "show")`` becomes ``sofia-nb ctx cc show``).

Adding a provider module is one line:

1. write ``sofia_nb/context/_providers/<name>.py`` (or a subpackage) that defines a module-level
   ``TOOLS: tuple[ContextTool, ...]``, built from the helpers in ``_support/``;
2. add ``"<name>"`` to :data:`PROVIDER_MODULES` below, and its tools' first CLI word to
   :data:`CLI_WORDS` (``sofia-nb ctx WORD ...`` then imports that module alone).

Nothing else changes: the server lists and calls the new tools, and the CLI grows the subcommands.
Tools that read files resolve every path with :func:`sofia_nb.context.resolve_path`, so the
server's roots hold for them too; tools that reach a network set ``open_world=True``.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict

from ._support.budget import DEFAULT_BUDGET, BudgetInput, cut
from ._support.render import render

_T = TypeVar("_T")

_PROVIDERS = f"{__package__}._providers"

# Module names (relative to ``_providers``) that define ``TOOLS``; the order is the listing order.
PROVIDER_MODULES: tuple[str, ...] = (
    "code",
    "grep",
    "refs",
    "changed",
    "vue_routes",
    "workshop",
    "claude_code",
    "composer",
    "packagist",
    "github",
)

# The first word of a tool's CLI path -> the module that defines it; tools() checks it holds.
CLI_WORDS: dict[str, str] = {
    "code": "code",
    "grep": "grep",
    "refs": "refs",
    "changed": "changed",
    "vue": "vue_routes",
    "workshop": "workshop",
    "cc": "claude_code",
    "composer": "composer",
    "packagist": "packagist",
    "github": "github",
}


class ToolAnnotations(BaseModel):
    """MCP tool hints. Every context tool is read-only and never destructive."""

    model_config = ConfigDict(frozen=True)

    read_only: bool = True
    open_world: bool = False
    destructive: bool = False
    idempotent: bool = True


@dataclass(frozen=True)
class ContextTool:
    """One tool: what it is called, what it takes and returns, and the function that runs it."""

    name: str
    description: str
    input_model: type[BudgetInput]
    result_model: type[BaseModel]
    func: Callable[[Any], BaseModel]
    cli_path: tuple[str, ...]
    annotations: ToolAnnotations = field(default_factory=ToolAnnotations)
    # The input field that takes the CLI's positional arguments (``ctx grep PATTERN...`` -> "patterns").
    positional: str | None = None
    # The model-facing text of a result (the MCP text block, the CLI's default); TOON when None.
    text: Callable[[Any], str] | None = None
    # What a cut answer tells the model to do to get the rest.
    more: str = "ask for less (narrower inputs or a lower limit)"

    def call(self, arguments: Mapping[str, Any]) -> BaseModel:
        """Validate ``arguments`` against the input model (``ValidationError`` if they do not fit) and run."""
        return self.func(self.input_model.model_validate(dict(arguments)))

    def answer(self, arguments: Mapping[str, Any]) -> tuple[BaseModel, str]:
        """The result of :meth:`call` and its model-facing text, held to the call's ``budget``."""
        request = self.input_model.model_validate(dict(arguments))
        result = self.func(request)
        return result, self.text_of(result, request.budget)

    def text_of(self, result: BaseModel, budget: int) -> str:
        """What the model reads: compact (no more tokens than the raw data it stands for), within budget."""
        body = self.text(result) if self.text is not None else render(result, "toon")
        return cut(body, budget, self.more)


def first(rows: list[_T], limit: int) -> list[_T]:
    """The first ``limit`` rows; a limit of 0 means all (the convention of every tool's count input)."""
    return rows if limit == 0 else rows[:limit]


def _module_tools(module_name: str) -> tuple[ContextTool, ...]:
    found: tuple[ContextTool, ...] = importlib.import_module(f"{_PROVIDERS}.{module_name}").TOOLS
    for tool in found:
        if CLI_WORDS.get(tool.cli_path[0]) != module_name:
            raise RuntimeError(
                f"context tool {tool.name!r}: CLI_WORDS[{tool.cli_path[0]!r}] must be {module_name!r}"
            )
    return found


@functools.cache
def tools() -> dict[str, ContextTool]:
    """Every registered tool by name, in :data:`PROVIDER_MODULES` order; imports the providers once."""
    found: dict[str, ContextTool] = {}
    for module_name in PROVIDER_MODULES:
        for tool in _module_tools(module_name):
            if tool.name in found:
                raise RuntimeError(f"context tool {tool.name!r} is registered twice ({module_name})")
            found[tool.name] = tool
    return found


def cli_tools(word: str | None) -> tuple[ContextTool, ...]:
    """The tools whose CLI path starts with ``word`` (importing their module alone), else every tool.

    Start-up: ``sofia-nb ctx grep`` need not load the workshop's session models or an HTTP client.
    """
    if word in CLI_WORDS:
        return tuple(t for t in _module_tools(CLI_WORDS[word]) if t.cli_path[0] == word)
    return tuple(tools().values())


def get_tool(name: str) -> ContextTool:
    """The tool called ``name``; ``KeyError`` names the known tools."""
    try:
        return tools()[name]
    except KeyError:
        raise KeyError(f"unknown context tool {name!r}; known: {', '.join(tools())}") from None


def model_text(result: BaseModel, budget: int = DEFAULT_BUDGET) -> str:
    """The model-facing text of a result of any registered tool (:meth:`ContextTool.text_of`)."""
    tool = next((t for t in tools().values() if type(result) is t.result_model), None)
    if tool is None:
        raise KeyError(f"{type(result).__name__} is not the result of a registered context tool")
    return tool.text_of(result, budget)
