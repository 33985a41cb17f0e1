"""The ``sofia-nb`` argument parser and dispatcher. Commands live one per module and register here."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import inspect
import logging
import os
import signal
import sys
from collections.abc import Awaitable, Sequence
from typing import Any

from .._version import __version__
from ..logs import configure_logging
from . import _exit
from ._context import CliContext
from ._output import Output

# Each command's module has ``register(subparsers, common)`` that adds its parser and sets ``handler``.
# Only the module of the command being run is imported, so ``sofia-nb status`` does not pay for
# the workshop, the LLM layer or the notebook extras.
COMMANDS: dict[str, str] = {
    "status": "_status",
    "export": "_export",
    "doctor": "_doctor",
    "run": "_run",
    "ctx": "_ctx",
    "workshop": "_workshop",
    "dev": "_dev",
    "fix": "_fix",
    "mcp": "_mcp",
}
COMMAND_MODULES: tuple[str, ...] = tuple(COMMANDS.values())
_VALUED_OPTIONS = frozenset({"--log-file", "--llm", "--mcp-config", "--consent"})


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(_exit.USAGE, f"{self.prog}: error: {message}\n")


def _llm_help(argv: Sequence[str] | None) -> str:
    """The ``--llm`` help: every provider's line from the registry when help is shown (that loads
    the LLM layer and its plugins), else a short line, so a command's start-up imports neither."""
    if argv is not None and not any(a in ("-h", "--help") for a in argv):
        return "model spec PROVIDER:MODEL"
    from ..llm import help_lines

    return "model spec: " + "; ".join(help_lines())


def _global_options(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    # The global options are accepted before or after the command name.
    common = argparse.ArgumentParser(add_help=False)
    g = common.add_argument_group("global options")
    g.add_argument("-v", "--verbose", action="count", default=argparse.SUPPRESS, help="more detail on stderr")
    g.add_argument("--log-file", default=argparse.SUPPRESS, metavar="PATH", help="write a debug log here")
    g.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="JSON Lines on stdout")
    g.add_argument(
        "--llm",
        default=argparse.SUPPRESS,
        metavar="SPEC",
        help=_llm_help(argv),
    )
    g.add_argument("--mcp-config", default=argparse.SUPPRESS, metavar="PATH", help="MCP config file")
    g.add_argument(
        "--consent",
        default=argparse.SUPPRESS,
        metavar="POLICY",
        help="deny | allow-all | allow:server/tool,server/*",
    )
    return common


def _command_in(argv: Sequence[str]) -> str | None:
    """The command name in ``argv`` (skipping global options and their values), if any."""
    tokens = iter(argv)
    for token in tokens:
        if token in _VALUED_OPTIONS:
            next(tokens, None)
        elif not token.startswith("-"):
            return token
    return None


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; given ``argv``, only the commands it needs are imported (all for help and errors)."""
    common = _global_options(argv)
    parser = _Parser(
        prog="sofia-nb",
        description="AI discovery workshops in Jupyter, and their proof of concept.",
        parents=[common],
    )
    parser.add_argument("--version", action="version", version=f"sofia-nb {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    command = _command_in(argv) if argv is not None else None
    if command in COMMANDS:
        wanted: tuple[str, ...] = (COMMANDS[command],)
    elif argv is not None and command is None and "--version" in argv:
        wanted = ()
    else:
        wanted = COMMAND_MODULES
    for name in wanted:
        register = importlib.import_module(f"{__package__}.{name}").register
        # A command that can register less for the arguments given (`ctx grep` needs one tool) gets them.
        if "argv" in inspect.signature(register).parameters:
            register(sub, common, argv=argv)
        else:
            register(sub, common)
    return parser


def _defaults(args: argparse.Namespace) -> argparse.Namespace:
    for key, value in {
        "verbose": 0,
        "log_file": None,
        "json": False,
        "llm": None,
        "mcp_config": None,
        "consent": None,
    }.items():
        if not hasattr(args, key):
            setattr(args, key, value)
    return args


def _error_kind(exc: Exception) -> str | None:
    """``"session"`` or ``"config"`` for the errors a person can act on, else ``None``.

    Looked up in ``sys.modules`` rather than imported: an error of a class exists only once its
    module is loaded, and a command that never loads the session store must not pay for it.
    """
    session, config = sys.modules.get("sofia_nb.session._errors"), sys.modules.get("sofia_nb.config")
    if session is not None and isinstance(exc, session.SessionError):
        return "session"
    if config is not None and isinstance(exc, config.ConfigError):
        return "config"
    return None


def _with_what_to_do(exc: Exception, kind: str) -> str:
    """The error's message, and for a session that is not there, how to find the ones that are."""
    if kind == "session" and isinstance(exc, LookupError):
        return f"{exc}. `sofia-nb status` lists the sessions there are; `--session last` takes the newest"
    return str(exc)


STOPS: dict[int, str] = {signal.SIGTERM: "stopped (SIGTERM)", signal.SIGHUP: "stopped (SIGHUP)"}
"""The signals that stop a command the way Ctrl+C does (its task is cancelled, so the command
saves what it has and says how to go on), and the words it stops with; the exit code is 128 + N."""


async def _stoppable(command: Awaitable[Any], ctx: CliContext) -> Any:
    """Run ``command`` so SIGTERM and SIGHUP cancel it like Ctrl+C (asyncio's own handler) does,
    instead of killing the process before it can save."""
    import asyncio

    loop = asyncio.get_running_loop()
    task = asyncio.current_task()

    def stop(signum: int) -> None:
        ctx.stop_reason = STOPS[signum]
        if task is not None:
            task.cancel()

    for signum in STOPS:
        loop.add_signal_handler(signum, stop, signum)
    try:
        return await command
    finally:
        for signum in STOPS:
            loop.remove_signal_handler(signum)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``sofia-nb`` with ``argv``; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:  # a Ctrl+C while the command is found and read ends it quietly, as a shell command does
        parser = build_parser(argv)
        args = _defaults(parser.parse_args(argv))
        if not getattr(args, "handler", None):
            parser.print_help(sys.stderr)
            return _exit.USAGE
        configure_logging(verbose=args.verbose, log_file=args.log_file)
        out = Output(json_mode=args.json, verbose=args.verbose)
    except KeyboardInterrupt:
        return 130
    ctx = CliContext(args=args, out=out)
    try:
        result = args.handler(ctx)
        if inspect.isawaitable(result):
            import asyncio  # only the commands that are coroutines pay for it

            try:
                result = asyncio.run(_stoppable(result, ctx))
            except asyncio.CancelledError:
                if ctx.stop_reason is None:
                    raise
                with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone
                    if out.json_mode or not ctx.stop_said:
                        out.error(ctx.stop_reason, kind="stopped")
                return 128 + next(n for n, words in STOPS.items() if words == ctx.stop_reason)
        return int(result or 0)
    except _exit.UsageError as exc:
        out.error(str(exc), kind="usage")
        return _exit.USAGE
    except BrokenPipeError:
        # The reader went away (``| head``): nothing more can be said on stdout, and no traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return _exit.ERROR
    except KeyboardInterrupt:
        if out.json_mode or not ctx.stop_said:
            out.error("interrupted", kind="interrupted")
        return 130
    except Exception as exc:
        if kind := _error_kind(exc):
            out.error(_with_what_to_do(exc, kind), kind=kind)
            return _exit.ERROR
        # The last line of defence: one clear line, the trace only in the log.
        logging.getLogger("sofia_nb").debug("command failed", exc_info=True)
        out.error(f"{type(exc).__name__}: {exc}", kind="unexpected")
        return _exit.ERROR
