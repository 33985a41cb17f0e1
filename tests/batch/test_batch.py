"""Headless runs with real kernels: one notebook, a grid on local processes, and on a Dask LocalCluster."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("nbformat")
pytest.importorskip("papermill")

from sofia_nb.batch import GridError, LocalExecutor, expand_grid, run_many, run_notebook
from tests.support.notebooks import write_notebook


def _notebook(path: Path, body: str) -> Path:
    return write_notebook(path, [body], parameters="interactive = True\nresult_path = ''\nn = 1\nword = 'a'")


WRITES_RESULT = (
    "import json\n"
    "assert interactive is False\n"
    "json.dump({'square': n * n, 'word': word * n}, open(result_path, 'w'))\n"
    "print('done', n)"
)


@pytest.fixture
def good(tmp_path: Path) -> Path:
    return _notebook(tmp_path / "good.ipynb", WRITES_RESULT)


def test_one_run_injects_interactive_false_and_reads_the_result(good: Path, tmp_path: Path) -> None:
    row = run_notebook(good, tmp_path / "out" / "good.ipynb", {"n": 3, "word": "ab"}, timeout_s=60)
    assert row.status == "ok", row.error
    assert row.result == {"square": 9, "word": "ababab"}
    executed = json.loads(Path(row.output_path).read_text())
    assert any(
        "done 3" in "".join(o.get("text", "")) for c in executed["cells"] for o in c.get("outputs", [])
    )


def test_a_failing_notebook_is_a_failed_row_not_a_crash(tmp_path: Path) -> None:
    bad = _notebook(tmp_path / "bad.ipynb", "raise ValueError('no such customer')")
    row = run_notebook(bad, tmp_path / "bad.out.ipynb", timeout_s=60)
    assert row.status == "failed"
    assert "ValueError" in row.error and "no such customer" in row.error


def test_a_cell_that_waits_forever_is_stopped_by_the_timeout(tmp_path: Path) -> None:
    hang = _notebook(tmp_path / "hang.ipynb", "import time\ntime.sleep(600)")
    row = run_notebook(hang, tmp_path / "hang.out.ipynb", timeout_s=3)
    assert row.status == "failed"
    assert "Timeout" in row.error or "timed out" in row.error.lower()


def test_a_local_grid_keeps_grid_order(good: Path, tmp_path: Path) -> None:
    table = run_many(good, {"n": [3, 1]}, executor=LocalExecutor(2), output_dir=tmp_path, timeout_s=60)
    assert [r.result for r in table.rows] == [{"square": 9, "word": "aaa"}, {"square": 1, "word": "a"}]
    assert "| 1 | n=3 | ok |" in table.to_markdown()


def test_grid_expansion() -> None:
    assert expand_grid({"n": [1, 2], "word": "x"}) == [{"n": 1, "word": "x"}, {"n": 2, "word": "x"}]
    assert expand_grid([{"n": 5}]) == [{"n": 5}]
    with pytest.raises(GridError, match="grid entry 0"):
        expand_grid([3])  # type: ignore[list-item]


def test_cli_run_with_parameters_and_json_result(good: Path, tmp_path: Path) -> None:
    out = tmp_path / "cli.ipynb"
    proc = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "run", str(good), "-p", "n", "2", "--output", str(out), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    row = json.loads(proc.stdout.strip().splitlines()[-1])
    assert row["status"] == "ok"
    assert row["result"] == {"square": 4, "word": "aa"}


def test_cli_run_refuses_a_missing_notebook(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "run", str(tmp_path / "nope.ipynb")],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert "nope.ipynb" in proc.stderr


def test_a_job_carries_the_files_its_parameters_name_as_content(good: Path, tmp_path: Path) -> None:
    from sofia_nb.batch._ship import pack_job
    from sofia_nb.session import SessionStore, WorkshopSession

    (tmp_path / "inputs.yaml").write_text("discover: [hello]\n")
    (tmp_path / "model.yaml").write_text("replies: [hi]\n")
    store = SessionStore(tmp_path / "sessions")
    first, second = WorkshopSession(name="one"), WorkshopSession(name="two")
    store.save(first)
    store.save(second)
    params = {
        "inputs": str(tmp_path / "inputs.yaml"),
        "llm": f"scripted:{tmp_path / 'model.yaml'}",
        "preapproved_tools": ["demo-search/*"],
        "consent_policy": "deny",
        "session": first.id,
    }
    job = pack_job(good, params, timeout_s=5, kernel_name=None, store=store)
    assert job.parameters == {
        **params,
        "inputs": "inputs/inputs/inputs.yaml",
        "llm": "scripted:inputs/llm/model.yaml",
    }
    assert job.files == {
        "inputs/inputs/inputs.yaml": b"discover: [hello]\n",
        "inputs/llm/model.yaml": b"replies: [hi]\n",
        f".sofia/sessions/{first.id}.json": store.path_for(first.id).read_bytes(),
    }
    assert str(tmp_path) not in job.model_dump_json()
    every = pack_job(good, {"session": "last"}, timeout_s=5, kernel_name=None, store=store)
    assert set(every.files) == {f".sofia/sessions/{s.id}.json" for s in (first, second)}


FLAKY_KERNEL = """\
import sys
from pathlib import Path

starts, dies, connection = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
with starts.open("a") as out:
    out.write("start\\n")
if len(starts.read_text().splitlines()) <= dies:
    sys.exit(1)  # as a kernel does that finds its port taken: before any reply
from ipykernel.kernelapp import launch_new_instance

sys.argv = ["ipykernel", "-f", connection]
launch_new_instance()
"""


def _flaky_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dies: int) -> Path:
    """A kernel spec whose first ``dies`` starts exit at once; returns the file counting starts."""
    script, starts = tmp_path / "flaky_kernel.py", tmp_path / "starts.txt"
    script.write_text(FLAKY_KERNEL)
    spec = tmp_path / "jupyter" / "kernels" / "flaky"
    spec.mkdir(parents=True)
    argv = [sys.executable, str(script), str(starts), str(dies), "{connection_file}"]
    (spec / "kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": "flaky", "language": "python"})
    )
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    return starts


def test_a_kernel_that_dies_before_its_first_reply_is_started_once_more(
    good: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    starts = _flaky_kernel(tmp_path, monkeypatch, dies=1)
    row = run_notebook(good, tmp_path / "out.ipynb", {"n": 2}, timeout_s=60, kernel_name="flaky")
    assert row.status == "ok", row.error
    assert row.result == {"square": 4, "word": "aa"}
    assert len(starts.read_text().splitlines()) == 2


def test_a_kernel_that_keeps_dying_at_start_is_a_failed_row_after_two_starts(
    good: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    starts = _flaky_kernel(tmp_path, monkeypatch, dies=5)
    row = run_notebook(good, tmp_path / "out.ipynb", timeout_s=60, kernel_name="flaky")
    assert row.status == "failed" and row.error == "RuntimeError: Kernel died before replying to kernel_info"
    assert len(starts.read_text().splitlines()) == 2


def test_a_notebook_that_fails_is_run_once(tmp_path: Path) -> None:
    marks = tmp_path / "runs.txt"
    bad = _notebook(
        tmp_path / "bad.ipynb", f"open({str(marks)!r}, 'a').write('run\\n')\nraise RuntimeError('x')"
    )
    row = run_notebook(bad, tmp_path / "bad.out.ipynb", timeout_s=60)
    assert row.status == "failed" and marks.read_text() == "run\n"


def test_the_kernel_runs_encrypted_so_it_does_not_warn_of_plain_text(
    good: Path, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    zmq = pytest.importorskip("zmq")
    from jupyter_client import KernelManager

    if "transport_encryption" not in KernelManager.class_trait_names() or not zmq.has("curve"):
        pytest.skip("jupyter_client or pyzmq here cannot provision CurveZMQ keys")
    row = run_notebook(good, tmp_path / "out.ipynb", timeout_s=60)
    assert row.status == "ok", row.error
    assert "without encryption" not in capfd.readouterr().err
