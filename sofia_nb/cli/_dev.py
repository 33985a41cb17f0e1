"""``sofia-nb dev``: the Ralph loop for a workshop session's plan (scaffold, test, fix, iterate)."""

from __future__ import annotations

import argparse
import shlex

from pydantic import BaseModel

from ..develop import RalphResult
from ._context import CliContext
from ._develop_common import MAX_ITERATIONS, TEST_TIMEOUT_S, add_loop_options, output_path, run_development

RESULTS: tuple[type[BaseModel], ...] = (RalphResult,)


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("dev", parents=[common], help="develop the workshop's proof of concept (Ralph loop)")
    p.add_argument("--session", required=True, metavar="ID", help="a session id, or 'last'")
    p.add_argument(
        "--demo", action="store_true", help="the bundled scripted replies for the demo workshop's plan"
    )
    p.add_argument("--output", metavar="DIR", help="the project folder (default ./poc/<session id>)")
    p.add_argument("--force", action="store_true", help="wipe the folder and the PoC state, start over")
    p.add_argument(
        "--github",
        action="store_true",
        help="create a GitHub repository and push (GitHub MCP server); approves those two tools",
    )
    add_loop_options(p)
    p.set_defaults(handler=run)


async def run(ctx: CliContext) -> int:
    session_id = ctx.store.resolve(ctx.args.session)  # loaded by the run once it holds the session
    return await run_development(
        ctx,
        lambda development: development.develop(session_id),
        store=ctx.store,
        resume=resume_command(ctx.args, session_id),
        before=ctx.store.load(session_id).run_settings,  # how it was run: no --demo/--llm again
        output=output_path(ctx.args.output),
        force=ctx.args.force,
        github=ctx.args.github,
    )


def resume_command(args: argparse.Namespace, session_id: str) -> str:
    """The command that goes on from where a stopped run left the PoC: this one's options, with
    the session's id (never ``last``: another session may be the latest by then) and no ``--force``."""
    words = ["sofia-nb", "dev", "--session", session_id]
    words += ["--demo"] if args.demo else []
    for flag, value in (
        ("--llm", args.llm),
        ("--mcp-config", args.mcp_config),
        ("--consent", args.consent),
        ("--output", args.output),
    ):
        words += [flag, str(value)] if value else []
    words += ["--github"] if args.github else []
    words += ["--max-iterations", str(args.max_iterations)] if args.max_iterations != MAX_ITERATIONS else []
    words += ["--test-timeout", f"{args.test_timeout:g}"] if args.test_timeout != TEST_TIMEOUT_S else []
    return shlex.join(words)
