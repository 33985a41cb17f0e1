"""A grid on a real Dask cluster whose workers share nothing with the client but the scheduler.

`dask scheduler` (port 0) and two `dask worker` processes, each its own process group, working
folder, TMPDIR and SOFIA_HOME; where `unshare -m` works, the client's folder is hidden from the
workers by a tmpfs mounted over it, so only content can have reached them.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("papermill")
distributed = pytest.importorskip("distributed")
cloudpickle = pytest.importorskip("cloudpickle")
if not Path(sys.executable).with_name("dask").is_file():
    pytest.skip("no dask command beside this Python", allow_module_level=True)

from sofia_nb._children import die_with_parent, kill_group
from sofia_nb.batch import DaskExecutor, run_many
from sofia_nb.session import SessionStore, WorkshopSession
from tests.support.notebooks import write_notebook

DASK_CLI = Path(sys.executable).with_name("dask")
DASK = [str(DASK_CLI), "scheduler"]
WORKER = [str(DASK_CLI), "worker"]

BODY = """\
import json, os
from pathlib import Path
import yaml
from sofia_nb.session import SessionStore, export_session
assert interactive is False
messages = yaml.safe_load(open(inputs))
loaded = SessionStore().load(session)
export_session(loaded, f"exports/{loaded.id}", formats=["json"])
Path("poc/app").mkdir(parents=True)
Path("poc/app/README.md").write_text(f"tag {tag}")
json.dump({"tag": tag, "discover": messages["discover"], "session": loaded.name,
           "home": os.environ["SOFIA_HOME"], "cwd": os.getcwd()}, open(result_path, "w"))
"""


@functools.cache
def _unshare_works() -> str:
    """'' when `unshare -m` can mount a tmpfs here, else the reason it cannot."""
    if not shutil.which("unshare"):
        return "no unshare command"
    probe = subprocess.run(
        ["unshare", "-m", "--propagation", "private", "sh", "-c", "mount -t tmpfs none /mnt"],
        capture_output=True,
        text=True,
        timeout=10,
    )
    return "" if probe.returncode == 0 else f"unshare -m failed: {probe.stderr.strip()[:200]}"


class Cluster:
    def __init__(self, root: Path, hide: Path | None) -> None:
        self.root, self.hide, self.groups = root, hide, []
        self.scheduler_file = root / "scheduler.json"
        self.worker_dirs = [root / f"worker-{i}" for i in (1, 2)]

    def _start(self, argv: list[str], cwd: Path, env: dict[str, str]) -> None:
        with open(cwd / "log.txt", "w") as log:  # the child keeps its own copy of the descriptor
            proc = subprocess.Popen(
                argv,
                cwd=cwd,
                env=env,
                stdout=log,
                stderr=log,
                start_new_session=True,  # its own process group, stopped as one
                preexec_fn=die_with_parent(),  # and gone with pytest even after a SIGKILL
            )
        self.groups.append(proc)

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        (self.root / "scheduler").mkdir()
        self._start(
            [
                *DASK,
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--no-dashboard",
                "--scheduler-file",
                str(self.scheduler_file),
            ],
            self.root / "scheduler",
            env,
        )
        deadline = time.monotonic() + 30
        while not self.scheduler_file.is_file() and time.monotonic() < deadline:
            time.sleep(0.1)
        for folder in self.worker_dirs:
            for sub in ("tmp", "home"):
                (folder / sub).mkdir(parents=True)
            argv = [
                *WORKER,
                "--scheduler-file",
                str(self.scheduler_file),
                "--nthreads",
                "1",
                "--no-nanny",
                "--no-dashboard",
                "--host",
                "127.0.0.1",
                "--local-directory",
                str(folder / "tmp"),
            ]
            if self.hide is not None:
                argv = [
                    "unshare",
                    "-m",
                    "--propagation",
                    "private",
                    "sh",
                    "-c",
                    f'mount -t tmpfs none "{self.hide}" && exec "$@"',
                    "sh",
                    *argv,
                ]
            worker_env = {**env, "TMPDIR": str(folder / "tmp"), "SOFIA_HOME": str(folder / "home")}
            self._start(argv, folder, worker_env)

    def stop(self) -> None:
        for proc in self.groups:
            kill_group(proc.pid, signal.SIGTERM)
        for proc in self.groups:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                kill_group(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)


class RecordingClient:
    """A ``distributed.Client`` that keeps every submitted task, pickled as the scheduler gets it."""

    def __init__(self, client: Any) -> None:
        self.client, self.submitted = client, []

    def submit(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        self.submitted.append(cloudpickle.dumps((fn, args, kwargs)))
        return self.client.submit(fn, *args, **kwargs)

    def gather(self, futures: Any) -> Any:
        return self.client.gather(futures)


@pytest.fixture(scope="module")
def client_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("client")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory, client_dir: Path) -> Iterator[Cluster]:
    hide = None if _unshare_works() else client_dir
    running = Cluster(tmp_path_factory.mktemp("cluster"), hide)
    running.start()
    try:
        yield running
    finally:
        running.stop()


class Client:
    """What the client side holds: a notebook, an inputs file and a session, all in its folder."""

    def __init__(self, folder: Path) -> None:
        self.notebook = write_notebook(
            folder / "grid.ipynb",
            [BODY],
            parameters="interactive = True\nresult_path = ''\ninputs = None\nsession = None\ntag = ''",
        )
        self.inputs = folder / "inputs.yaml"
        self.inputs.write_text("discover: [we ship fresh food]\n")
        self.store = SessionStore(folder / "home" / "sessions")
        self.session = WorkshopSession(name="Valdora")
        self.store.save(self.session)


@pytest.fixture(scope="module")
def client(client_dir: Path) -> Client:
    return Client(client_dir)


def test_a_grid_returns_everything_to_the_client(cluster: Cluster, client_dir: Path, client: Client) -> None:
    notebook, inputs, store, session = client.notebook, client.inputs, client.store, client.session
    out = client_dir / "runs"

    with distributed.Client(scheduler_file=str(cluster.scheduler_file), timeout=30) as dask_client:
        dask_client.wait_for_workers(2, timeout=60)
        recording = RecordingClient(dask_client)
        grid = [{"tag": t, "inputs": str(inputs), "session": session.id} for t in ("a", "b")]
        table = run_many(
            notebook, grid, executor=DaskExecutor(recording), output_dir=out, timeout_s=60, store=store
        )

    assert table.ok, [r.error for r in table.rows]
    for i, (row, tag) in enumerate(zip(table.rows, "ab", strict=True), 1):
        stem = out / f"grid-{i:03d}"
        assert row.output_path == str(stem.with_suffix(".ipynb"))
        assert nbformat.read(stem.with_suffix(".ipynb"), as_version=4).cells[1].outputs == []
        assert json.loads(stem.with_suffix(".result.json").read_text()) == row.result
        assert row.result is not None
        assert row.result["tag"] == tag and row.result["discover"] == ["we ship fresh food"]
        assert row.result["session"] == "Valdora"
        assert row.parameters == grid[i - 1]  # the client's parameters, not the shipped copies' names
        # a private folder and SOFIA_HOME under one worker's TMPDIR, never the worker's own home
        assert row.result["home"] == os.path.join(row.result["cwd"], ".sofia")
        assert any(row.result["cwd"].startswith(str(w / "tmp")) for w in cluster.worker_dirs)
        assert (stem / "exports" / session.id / "summary.json").is_file()
        assert (stem / "poc" / "app" / "README.md").read_text() == f"tag {tag}"
        assert (stem / ".sofia" / "sessions" / f"{session.id}.json").is_file()
    assert len(recording.submitted) == 2
    assert not any(str(client_dir).encode() in task for task in recording.submitted)
    for worker in cluster.worker_dirs:
        assert list((worker / "home").iterdir()) == []  # the worker's own SOFIA_HOME stays untouched
        assert not list((worker / "tmp").glob("sofia-run-*"))  # each run's folder is removed


def test_sofia_nb_run_grid_on_the_cluster(cluster: Cluster, client_dir: Path, client: Client) -> None:
    grid = client_dir / "grid.yaml"
    grid.write_text(f"tag: [c]\ninputs: {client.inputs}\nsession: {client.session.id}\n")
    address = json.loads(cluster.scheduler_file.read_text())["address"]
    out = client_dir / "cli-runs"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "sofia_nb",
            "run",
            str(client.notebook),
            "--grid",
            str(grid),
            "--dask",
            address,
            "--output-dir",
            str(out),
            "--timeout",
            "60",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SOFIA_HOME": str(client_dir / "home")},
    )
    assert proc.returncode == 0, proc.stderr
    (row,) = json.loads(proc.stdout.strip().splitlines()[-1])["rows"]
    assert row["result"]["tag"] == "c" and row["result"]["session"] == "Valdora"
    assert (out / "grid-001" / "poc" / "app" / "README.md").read_text() == "tag c"


def test_the_workers_cannot_see_the_client_folder(cluster: Cluster, client_dir: Path) -> None:
    reason = _unshare_works()
    if reason:
        pytest.skip(f"the client folder cannot be hidden here: {reason}")
    (client_dir / "marker").write_text("client only")
    with distributed.Client(scheduler_file=str(cluster.scheduler_file), timeout=30) as dask_client:
        dask_client.wait_for_workers(2, timeout=60)
        seen = dask_client.run(os.path.exists, str(client_dir / "marker"))
    assert len(seen) == 2 and not any(seen.values())
