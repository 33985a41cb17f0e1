"""``sofia-nb ctx TOOL ...``: every context tool in the terminal, generated from the context registry.

Positional arguments fill the tool's ``positional`` field (``ctx grep PATTERN... --root DIR``); every
other input field is an option named after it (``--max-per-pattern``); a list option repeats or
takes commas (``--exts py,go``); a boolean that defaults to true gets ``--no-NAME``.
"""

from __future__ import annotations

import argparse
import types
import typing
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError
from pydantic.fields import FieldInfo

from .._validation import describe
from ..context import FORMATS, ContextError, ContextTool, cli_tools, render, tools
from . import _exit
from ._context import CliContext
from ._output import Output

_DEST = "ctx_arg_"


def __getattr__(name: str) -> Any:
    # The result schemas of every tool, for docs/schemas/: worked out on demand, because importing
    # every tool's module is what `sofia-nb ctx grep` must not pay for at start-up.
    if name == "RESULTS":
        return tuple(t.result_model for t in tools().values())
    raise AttributeError(name)


def _is_list(info: FieldInfo) -> bool:
    annotation = info.annotation
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        return any(typing.get_origin(a) is list for a in typing.get_args(annotation))
    return typing.get_origin(annotation) is list


def _scalar_type(info: FieldInfo) -> Any:
    return int if info.annotation is int else float if info.annotation is float else str


class _Extend(argparse.Action):
    """A repeatable list option that also splits on commas."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        items = list(getattr(namespace, self.dest, None) or [])
        items.extend(v for v in str(values).split(",") if v)
        setattr(namespace, self.dest, items)


def _add_field(parser: argparse.ArgumentParser, name: str, info: FieldInfo, positional: bool) -> None:
    help_text = info.description or ""
    dest = _DEST + name
    if positional:
        nargs: str | None
        if _is_list(info):
            nargs = "+" if info.is_required() else "*"
        else:
            nargs = None if info.is_required() else "?"
        parser.add_argument(
            dest, nargs=nargs, metavar=name.upper(), help=help_text, default=argparse.SUPPRESS
        )
        return
    flag = "--" + name.replace("_", "-")
    if info.annotation is bool:
        action = argparse.BooleanOptionalAction if info.default is True else "store_true"
        parser.add_argument(flag, dest=dest, action=action, help=help_text, default=argparse.SUPPRESS)
    elif _is_list(info):
        parser.add_argument(
            flag,
            dest=dest,
            action=_Extend,
            metavar="X[,X...]",
            help=help_text + " (repeatable)",
            default=argparse.SUPPRESS,
        )
    else:
        default = "" if info.is_required() else f" (default: {info.default!r})"
        parser.add_argument(
            flag,
            dest=dest,
            type=_scalar_type(info),
            required=info.is_required(),
            metavar=name.upper(),
            help=help_text + default,
            default=argparse.SUPPRESS,
        )


def _add_tool(parent: Any, tool: ContextTool, common: argparse.ArgumentParser) -> None:
    summary = tool.description.split(". ")[0].rstrip(".")
    parser = parent.add_parser(
        tool.cli_path[-1], parents=[common], help=summary, description=tool.description
    )
    for name, info in tool.input_model.model_fields.items():
        _add_field(parser, name, info, positional=name == tool.positional)
    parser.add_argument(
        "--format",
        choices=("text", *FORMATS),
        default="text",
        help="text (what the model reads over MCP, the default), json (the structured data), toon or md",
    )
    parser.set_defaults(handler=run, ctx_tool=tool.name, ctx_tool_group=tool.cli_path[0])


def register(
    sub: argparse._SubParsersAction, common: argparse.ArgumentParser, argv: Sequence[str] | None = None
) -> None:
    """The ``ctx`` parser; with ``argv`` naming a tool group (``ctx grep ...``) only that group's tools."""
    ctx = sub.add_parser(
        "ctx",
        parents=[common],
        help="run a context tool (code, grep, refs, changed, cc ...)",
        description="Compact, structured code and workshop context, as the MCP server serves it.",
    )
    groups: dict[tuple[str, ...], Any] = {
        (): ctx.add_subparsers(dest="ctx_command", metavar="TOOL", parser_class=type(ctx))
    }
    words = [a for a in argv or () if not a.startswith("-")]
    word = words[words.index("ctx") + 1] if "ctx" in words[:-1] else None
    for tool in cli_tools(word):
        for depth in range(1, len(tool.cli_path)):
            prefix = tool.cli_path[:depth]
            if prefix not in groups:
                group = groups[prefix[:-1]].add_parser(
                    prefix[-1], parents=[common], help=f"{prefix[-1]} tools"
                )
                groups[prefix] = group.add_subparsers(
                    dest=f"ctx_{'_'.join(prefix)}", metavar="TOOL", parser_class=type(ctx)
                )
        _add_tool(groups[tool.cli_path[:-1]], tool, common)


def run(ctx: CliContext) -> int:
    tool = next(t for t in cli_tools(ctx.args.ctx_tool_group) if t.name == ctx.args.ctx_tool)
    arguments = {k[len(_DEST) :]: v for k, v in vars(ctx.args).items() if k.startswith(_DEST)}
    # A program that asked for JSON gets its errors as JSON too (on stdout), as under --json.
    errors = Output(json_mode=True) if ctx.args.format == "json" else ctx.out
    try:
        request = tool.input_model.model_validate(arguments)
    except ValidationError as exc:
        problems = describe(exc, every=True, root="input")
        errors.error(f"ctx {' '.join(tool.cli_path)}: {problems}", kind="usage")
        return _exit.USAGE
    try:
        result = tool.func(request)
    except ContextError as exc:
        errors.error(str(exc), kind="tool", tool=tool.name)
        return _exit.TOOL_ERROR
    if ctx.out.json_mode:
        ctx.out.result(result)
    else:
        fmt = ctx.args.format
        text = tool.text_of(result, request.budget) if fmt == "text" else render(result, fmt)
        ctx.out.text(text)
    return _exit.OK
