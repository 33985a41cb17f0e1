"""``sofia-nb run``: papermill, headless (``interactive=False`` always), with an execution timeout."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from .._datafile import BoundsError, DataFileError, load_yaml, read_json_or_yaml, yaml_problem
from .._validation import describe
from ..batch import (
    BatchSettings,
    BatchTable,
    DaskExecutor,
    GridError,
    GridInterrupted,
    LocalExecutor,
    ParameterError,
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
            loaded = read_json_or_yaml(args.parameters_file, "parameters file") or {}
        except DataFileError as exc:
            raise _exit.UsageError(str(exc)) from None
        if not isinstance(loaded, dict):
            raise _exit.UsageError(f"{args.parameters_file}: expected a mapping of parameter names to values")
        params.update(loaded)
    for name, value in args.parameter:
        try:
            params[name] = load_yaml(value)
        except BoundsError as exc:
            raise _exit.UsageError(f"-p {name}: refused: {exc}") from None
        except yaml.YAMLError as exc:
            raise _exit.UsageError(
                f"-p {name}: the value is read as YAML and does not parse: {yaml_problem(exc)} "
                "(quote it to pass it as text)"
            ) from None
    return params


def _settings(ctx: CliContext) -> BatchSettings:
    try:
        return BatchSettings.model_validate(ctx.settings.section("batch"))
    except ValidationError as exc:
        raise _exit.UsageError(f"config.toml [batch]: {describe(exc)}") from None


def run(ctx: CliContext) -> int:
    args = ctx.args
    if not args.notebook.is_file():
        raise _exit.UsageError(f"no notebook at {args.notebook}")
    params = _parameters(args)
    try:
        if args.grid:
            return _grid(ctx, params)
        output = args.output or args.notebook.with_suffix(".out.ipynb")
        row = run_notebook(args.notebook, output, params, timeout_s=args.timeout, cwd=args.cwd)
    except (ParameterError, GridError) as exc:
        raise _exit.UsageError(str(exc)) from None
    ctx.out.result(row, human=f"{row.status}: {row.output_path} ({row.duration_s:.1f} s) {row.error}")
    return 0 if row.status == "ok" else _exit.ERROR


def _grid(ctx: CliContext, params: dict[str, Any]) -> int:
    args = ctx.args
    grid = [{**params, **entry} for entry in load_grid(args.grid, _settings(ctx).max_grid_rows)]
    options: dict[str, Any] = {
        "output_dir": args.output_dir,
        "timeout_s": args.timeout,
        "max_rows": _settings(ctx).max_grid_rows,
        "on_row": lambda number, row: ctx.out.info(
            f"run {number} of {len(grid)}: {row.status} ({row.duration_s:.1f} s) {row.output_path}"
        ),
    }
    try:
        if args.dask:
            from dask.distributed import Client, LocalCluster

            cluster = LocalCluster(dashboard_address=None) if args.dask == "local" else None
            try:
                with Client(cluster or args.dask) as client:
                    table = run_many(args.notebook, grid, executor=DaskExecutor(client), **options)
            finally:
                if cluster is not None:
                    cluster.close()
        else:
            table = run_many(args.notebook, grid, executor=LocalExecutor(args.workers), **options)
    except GridInterrupted as stopped:
        done = stopped.table
        ctx.out.info(  # stderr: the table stays the last line under --json
            f"interrupted: {len(done.rows)} of {done.planned} runs finished; "
            f"their notebooks and results are in {args.output_dir}"
        )
        ctx.out.result(done, human=done.to_markdown())
        return 130
    ctx.out.result(table, human=table.to_markdown())
    return 0 if table.ok else _exit.ERROR


RESULTS: tuple[type[BaseModel], ...] = (RunResult, BatchTable)
