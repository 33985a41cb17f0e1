"""``sofia-nb fix``: the Ralph loop on any repository, on a new branch ``sofia/fix-<time>``."""

from __future__ import annotations

import argparse
from pathlib import Path

from pydantic import BaseModel

from ..develop import RalphResult
from ._context import CliContext
from ._develop_common import add_loop_options, run_development

RESULTS: tuple[type[BaseModel], ...] = (RalphResult,)


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "fix", parents=[common], help="make a repository's failing tests pass, on a new branch"
    )
    p.add_argument("--project", required=True, metavar="DIR", help="the repository")
    p.add_argument("--test-cmd", metavar="CMD", help="the test command (default: detected; pytest or vitest)")
    p.add_argument("--goal", metavar="TEXT", help="what the change should achieve (default: make tests pass)")
    p.add_argument("--allow-dirty", action="store_true", help="carry uncommitted changes to the new branch")
    p.add_argument("--init-git", action="store_true", help="make the folder a git repository first")
    add_loop_options(p)
    p.set_defaults(handler=run)


async def run(ctx: CliContext) -> int:
    project = Path(ctx.args.project)
    return await run_development(
        ctx,
        lambda development: development.fix(project, test_cmd=ctx.args.test_cmd, goal=ctx.args.goal),
        allow_dirty=ctx.args.allow_dirty,
        init_git=ctx.args.init_git,
    )
