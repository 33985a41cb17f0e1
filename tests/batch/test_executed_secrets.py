"""Planted keys and a notebook that shows them every way a notebook can (stdout, HTML, Markdown, a
widget's state, an error, its result JSON): after ``sofia-nb run`` no file holds them, the executed
notebook keeps its outputs with ``[REDACTED]`` in their place, and nothing printed holds them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("papermill")
pytest.importorskip("ipywidgets")

from tests.support.notebooks import write_notebook

PLANTED = {
    "OPENAI_API_KEY": "planted-openai-value-5t6y",
    "AZURE_OPENAI_API_KEY": "planted-azure-value-8u9i",
    "GITHUB_TOKEN": "ghp_PLANTEDgithubTOKEN0123456789abcdef",
}
SHAPE = "sk-proj-shapeOnlyNeverInTheEnvironment123"

SHOWS_EVERYTHING = f"""\
import json, os
import ipywidgets as w
from IPython.display import HTML, Markdown, display
keys = [os.environ[name] for name in {sorted(PLANTED)!r}] + [{SHAPE!r}]
print("stdout:", *keys)
display(HTML("<b>" + " ".join(keys) + "</b>"))
display(Markdown("**keys** " + " ".join(keys)))
display(w.Text(value=keys[0], description=keys[2]))
json.dump({{"keys": keys, "api_key": keys[0]}}, open(result_path, "w"))
keys
"""


def make_notebook(path: Path, body: str) -> Path:
    return write_notebook(path, [body], parameters="interactive = True\nresult_path = ''")


def files_holding_secrets(folder: Path) -> list[str]:
    secrets = [*PLANTED.values(), SHAPE]
    return [
        f"{path.name}: {secret[:12]}"
        for path in folder.rglob("*")
        if path.is_file()
        for secret in secrets
        if secret.encode() in path.read_bytes()
    ]


@pytest.fixture
def planted(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in PLANTED.items():
        monkeypatch.setenv(name, value)


@pytest.mark.usefixtures("planted")
def test_no_file_holds_a_planted_key_after_sofia_nb_run(tmp_path: Path) -> None:
    notebook = make_notebook(tmp_path / "shows.ipynb", SHOWS_EVERYTHING)
    out = tmp_path / "out" / "shows.out.ipynb"
    done = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "run", str(notebook), "--output", str(out), "--json"],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    assert files_holding_secrets(tmp_path / "out") == []
    assert not [s for s in [*PLANTED.values(), SHAPE] if s in done.stdout + done.stderr]
    executed = json.loads(out.read_text(encoding="utf-8"))
    shown = json.dumps(executed["cells"][-1]["outputs"])  # after papermill's injected cell
    for kind in ("stdout:", "<b>", "**keys**", "application/vnd.jupyter.widget-view+json", "execute_result"):
        assert kind in shown, kind  # every output is still there
    assert shown.count("[REDACTED]") >= 12
    widgets = json.dumps(executed["metadata"]["widgets"])
    assert "[REDACTED]" in widgets  # the Text widget's value and description, in the saved state
    row = json.loads(done.stdout.splitlines()[-1])
    assert row["result"] == {"keys": ["[REDACTED]"] * 4, "api_key": "[REDACTED]"}
    nbformat.validate(nbformat.reads(out.read_text(encoding="utf-8"), as_version=4))


@pytest.mark.usefixtures("planted")
def test_a_failing_notebook_leaves_no_key_in_its_error_or_its_file(tmp_path: Path) -> None:
    notebook = make_notebook(
        tmp_path / "fails.ipynb", "import os\nraise ValueError('bad key ' + os.environ['OPENAI_API_KEY'])"
    )
    out = tmp_path / "out" / "fails.out.ipynb"
    done = subprocess.run(
        [sys.executable, "-m", "sofia_nb", "run", str(notebook), "--output", str(out), "--json"],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 1
    row = json.loads(done.stdout.splitlines()[-1])
    assert row["error"] == "ValueError: bad key [REDACTED]"
    assert "ValueError" in out.read_text(encoding="utf-8")  # the traceback is kept
    assert files_holding_secrets(tmp_path / "out") == []
