"""``sofia-nb export``: write a session's Markdown, summary.json and report.html, and print their paths."""

from __future__ import annotations

import argparse
from pathlib import Path

from pydantic import BaseModel

from ..session import ExportFormat, ExportResult, export_session, session_folder
from ._context import CliContext

RESULTS: tuple[type[BaseModel], ...] = (ExportResult,)


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("export", parents=[common], help="export a session to Markdown, JSON and HTML")
    p.add_argument("--session", metavar="ID", required=True, help="a session id, or 'last'")
    p.add_argument("--output", metavar="DIR", help="where to write (default: ./exports/<id>/)")
    p.add_argument(
        "--format",
        choices=[f.value for f in ExportFormat],
        default=ExportFormat.ALL.value,
        help="md, html, json or all (default)",
    )
    p.set_defaults(handler=run)


def run(ctx: CliContext) -> int:
    session = ctx.store.load(ctx.args.session)
    out_dir = (
        Path(ctx.args.output)
        if ctx.args.output
        else session_folder(ctx.settings.exports_dir or "exports", session.id)
    )
    result = export_session(session, out_dir, formats=[ctx.args.format])
    ctx.out.result(result, human="\n".join(str(p) for p in result.paths))
    return 0
