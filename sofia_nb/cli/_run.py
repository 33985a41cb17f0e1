"""``sofia-nb run``: papermill, headless (``interactive=False`` always), with an execution timeout."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel

from ..batch import (
    BatchTable,
    DaskExecutor,
    GridError,
    LocalExecutor,
    RunResult,
    load_grid,
    run_many,
    run_notebook,
)
from . import _exit
from ._context import CliContext


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("run", parents=[common], help="run a notebook headless (papermill)")
    p.add_argument("notebook", type=Path)
    p.add_argument(
        "-p",
        "--parameter",
        nargs=2,
        action="append",
        default=[],
        metavar=("NAME", "VALUE"),
        help="a parameter; VALUE is parsed as YAML (so 3, true and [a, b] keep their types)",
    )
    p.add_argument(
        "-f", "--parameters-file", type=Path, metavar="PARAMS.yaml", help="parameters from a YAML file"
    )
    p.add_argument("--output", type=Path, help="executed notebook (default: NAME.out.ipynb beside it)")
    p.add_argument("--grid", type=Path, metavar="PARAMS.yaml", help="run once per parameter set of a grid")
    p.add_argument("--output-dir", type=Path, default=Path("runs"), help="where grid runs are written")
    p.add_argument("--timeout", type=float, default=600.0, metavar="S", help="per-cell execution timeout")
    p.add_argument(
        "--cwd", type=Path, help="a single run's working folder (grid runs get a private one each)"
    )
    p.add_argument("--workers", type=int, help="local processes for a grid")
    p.add_argument("--dask", metavar="ADDRESS", help="run the grid on a Dask scheduler ('local' starts one)")
    p.set_defaults(handler=run)


def _parameters(args: argparse.Namespace) -> dict[str, Any]:
    params: dict[str, Any] = {}
    if args.parameters_file:
        try:
            loaded = yaml.safe_load(args.parameters_file.read_text(encoding="utf-8")) or {}
        except (OSError, yaml.YAMLError) as exc:
            raise _exit.UsageError(f"{args.parameters_file}: {exc}") from None
        if not isinstance(loaded, dict):
            raise _exit.UsageError(f"{args.parameters_file}: expected a mapping of parameter names to values")
        params.update(loaded)
    for name, value in args.parameter:
        params[name] = yaml.safe_load(value)
    return params


def run(ctx: CliContext) -> int:
    args = ctx.args
    if not args.notebook.is_file():
        raise _exit.UsageError(f"no notebook at {args.notebook}")
    params = _parameters(args)
    if args.grid:
        try:
            grid = [{**params, **entry} for entry in load_grid(args.grid)]
        except GridError as exc:
            raise _exit.UsageError(str(exc)) from None
        if args.dask:
            from dask.distributed import Client, LocalCluster

            cluster = LocalCluster(dashboard_address=None) if args.dask == "local" else None
            with Client(cluster or args.dask) as client:
                table = run_many(
                    args.notebook,
                    grid,
                    executor=DaskExecutor(client),
                    output_dir=args.output_dir,
                    timeout_s=args.timeout,
                )
            if cluster is not None:
                cluster.close()
        else:
            table = run_many(
                args.notebook,
                grid,
                executor=LocalExecutor(args.workers),
                output_dir=args.output_dir,
                timeout_s=args.timeout,
            )
        ctx.out.result(table, human=table.to_markdown())
        return 0 if table.ok else _exit.ERROR
    output = args.output or args.notebook.with_suffix(".out.ipynb")
    row = run_notebook(args.notebook, output, params, timeout_s=args.timeout, cwd=args.cwd)
    ctx.out.result(row, human=f"{row.status}: {row.output_path} ({row.duration_s:.1f} s) {row.error}")
    return 0 if row.status == "ok" else _exit.ERROR


RESULTS: tuple[type[BaseModel], ...] = (RunResult, BatchTable)
