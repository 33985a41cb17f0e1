"""Headless runs as a hostile caller or an impatient person meets them, through the real ``sofia-nb
run`` and real kernels: a parameter name that is code never runs, a grid has a row limit, each row
is written as it finishes, Ctrl+C stops the pool and keeps the finished rows, and workers (and their
kernels) die with the main process."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("nbformat")
pytest.importorskip("papermill")

from sofia_nb.batch import (
    GridError,
    GridInterrupted,
    LocalExecutor,
    ParameterError,
    expand_grid,
    run_many,
    run_notebook,
)
from tests.support.notebooks import write_notebook

WAIT_S = 90.0
"""The most any wait here lasts: kernels start in seconds; the bound only turns a hang into a failure."""


def notebook(path: Path) -> Path:
    """Run ``n`` writes its kernel's pid and its parent's into ``pids/n.txt``; ``n`` 1 finishes at
    once, every other ``n`` sleeps ten minutes."""
    body = (
        "import json, os, pathlib, time\n"
        "if pids:\n"
        "    pathlib.Path(pids, f'{n}.txt').write_text(f'{os.getpid()} {os.getppid()}')\n"
        "if n != 1:\n"
        "    time.sleep(600)\n"
        "json.dump({'n': n}, open(result_path, 'w'))\n"
    )
    return write_notebook(path, [body], parameters="interactive = True\nresult_path = ''\nn = 1\npids = ''")


def _sofia_nb_run(nb: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``sofia-nb run nb ARGS`` in a process of its own, its output captured."""
    command = [sys.executable, "-m", "sofia_nb", "run", str(nb), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def until(condition: Callable[[], object], what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.1)


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def started_pids(folder: Path, runs: list[int]) -> list[int]:
    """The kernel and worker pids of ``runs``, once every one of them has written its file."""
    files = [folder / f"{n}.txt" for n in runs]
    until(lambda: all(f.is_file() and f.read_text() for f in files), f"runs {runs} to start")
    return [int(pid) for f in files for pid in f.read_text().split()]


@pytest.fixture
def grid_cli(tmp_path: Path) -> Iterator[Callable[..., subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []

    def start(*runs: int, workers: int = 3) -> subprocess.Popen[str]:
        nb = notebook(tmp_path / "slow.ipynb")
        (tmp_path / "pids").mkdir(exist_ok=True)
        grid = tmp_path / "grid.yaml"
        grid.write_text(json.dumps({"n": list(runs), "pids": str(tmp_path / "pids")}))
        argv = [sys.executable, "-m", "sofia_nb", "run", str(nb), "--grid", str(grid), "--json"]
        argv += ["--workers", str(workers), "--output-dir", str(tmp_path / "runs"), "--timeout", "900"]
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        started.append(proc)
        return proc

    yield start
    for proc in started:  # a failed test must not leave a grid running
        if proc.poll() is None:
            proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):  # a surviving worker holds its pipes
            proc.communicate(timeout=5)


def test_a_parameter_name_that_is_code_is_refused_and_never_runs(tmp_path: Path) -> None:
    nb = notebook(tmp_path / "nb.ipynb")
    canary = tmp_path / "CANARY"
    code = f"__import__('pathlib').Path({str(canary)!r}).touch(); n"
    single = _sofia_nb_run(nb, "-p", code, "2", "--output", str(tmp_path / "o.ipynb"))
    assert single.returncode == 2
    assert "is not a parameter of this notebook (its parameters cell declares: n, pids)" in single.stderr
    grid = tmp_path / "grid.yaml"
    grid.write_text(json.dumps([{"n": 1}, {code: 1}]))
    gridded = _sofia_nb_run(nb, "--grid", str(grid), "--output-dir", str(tmp_path / "runs"))
    assert gridded.returncode == 2 and "is not a parameter of this notebook" in gridded.stderr
    assert not canary.exists()
    assert not (tmp_path / "o.ipynb").exists() and not (tmp_path / "runs").exists()  # nothing ran
    with pytest.raises(ParameterError):
        run_notebook(nb, tmp_path / "o.ipynb", {"undeclared": 1})


def test_a_grid_past_its_row_limit_is_refused_before_anything_runs(tmp_path: Path) -> None:
    huge = {"a": list(range(100)), "b": list(range(100)), "c": list(range(100))}
    with pytest.raises(
        GridError, match=r"the grid asks for 1,000,000 runs; the limit is 1,000 \(set \[batch\]"
    ):
        expand_grid(huge)  # counted, not expanded
    assert len(expand_grid({"a": [1, 2, 3]}, max_rows=3)) == 3
    home = Path(os.environ["SOFIA_HOME"])
    (home / "config.toml").write_text("[batch]\nmax_grid_rows = 2\n")
    nb = notebook(tmp_path / "nb.ipynb")
    grid = tmp_path / "grid.yaml"
    grid.write_text("n: [1, 1, 1]\n")
    refused = _sofia_nb_run(nb, "--grid", str(grid), "--output-dir", str(tmp_path / "runs"))
    assert refused.returncode == 2
    assert (
        "the grid asks for 3 runs; the limit is 2 (set [batch] max_grid_rows in config.toml" in refused.stderr
    )
    assert not (tmp_path / "runs").exists()


def test_each_row_is_on_disk_when_it_finishes(tmp_path: Path) -> None:
    nb = notebook(tmp_path / "nb.ipynb")
    out, first, second = tmp_path / "runs", tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    seen: list[tuple[int, bool, int, list[str]]] = []

    def on_row(number: int, row: object) -> None:
        lines = (out / "nb.rows.jsonl").read_text().splitlines()
        later = [p.name for p in second.iterdir()]  # one worker: the second run has not begun yet
        seen.append((number, (out / f"nb-{number:03d}.result.json").is_file(), len(lines), later))

    grid = [{"n": 1, "pids": str(first)}, {"n": 1, "pids": str(second)}]
    table = run_many(nb, grid, executor=LocalExecutor(1), output_dir=out, timeout_s=120, on_row=on_row)
    assert table.ok and [r.result for r in table.rows] == [{"n": 1}] * 2
    assert seen == [(1, True, 1, []), (2, True, 2, ["1.txt"])]


def test_ctrl_c_on_a_grid_stops_every_worker_and_keeps_the_finished_rows(
    tmp_path: Path, grid_cli: Callable[..., subprocess.Popen[str]]
) -> None:
    proc = grid_cli(1, 2, 3, workers=3)
    pids = started_pids(tmp_path / "pids", [1, 2, 3])
    until(lambda: (tmp_path / "runs" / "slow-001.result.json").is_file(), "the first run's row")
    proc.send_signal(signal.SIGINT)  # what the terminal sends the foreground process on Ctrl+C
    out, err = proc.communicate(timeout=WAIT_S)
    assert proc.returncode == 130, err
    table = json.loads(out.splitlines()[-1])
    assert [(r["parameters"]["n"], r["status"], r["result"]) for r in table["rows"]] == [(1, "ok", {"n": 1})]
    assert table["planned"] == 3
    assert "interrupted: 1 of 3 runs finished" in err
    assert (tmp_path / "runs" / "slow-001.ipynb").is_file()
    assert len((tmp_path / "runs" / "slow.rows.jsonl").read_text().splitlines()) == 1
    until(lambda: not any(alive(pid) for pid in pids), "every worker and kernel to end")


def test_workers_and_their_kernels_die_with_a_killed_main_process(
    tmp_path: Path, grid_cli: Callable[..., subprocess.Popen[str]]
) -> None:
    proc = grid_cli(2, 3, workers=2)
    pids = started_pids(tmp_path / "pids", [2, 3])
    proc.kill()  # SIGKILL: no handler, no finally
    proc.communicate(timeout=WAIT_S)
    until(lambda: not any(alive(pid) for pid in pids), "every worker and kernel to end")


def test_a_grid_stopped_in_process_raises_with_the_finished_rows_and_stops_its_workers(
    tmp_path: Path,
) -> None:
    """As Ctrl+C lands in a notebook's kernel: this process lives on, so only the stop ends the workers."""
    nb = notebook(tmp_path / "nb.ipynb")
    pids = tmp_path / "pids"
    pids.mkdir()
    running: list[int] = []

    def interrupt_after_the_first(number: int, row: object) -> None:
        running.extend(started_pids(pids, [2]))
        raise KeyboardInterrupt

    with pytest.raises(GridInterrupted) as stopped:
        run_many(
            nb,
            [{"n": 1, "pids": str(pids)}, {"n": 2, "pids": str(pids)}],
            executor=LocalExecutor(2),
            output_dir=tmp_path / "runs",
            timeout_s=120,
            on_row=interrupt_after_the_first,
        )
    assert [r.result for r in stopped.value.table.rows] == [{"n": 1}]
    assert stopped.value.table.planned == 2 and not stopped.value.table.ok
    until(lambda: not any(alive(pid) for pid in running), "the second run's worker and kernel to end")
