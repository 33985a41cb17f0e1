"""Small hostile files stay small (issue 45): a session file of empty turns in a cloned repository's
``.sofia/sessions/`` and a YAML alias bomb as a parameters file are refused by name, with the bound
they broke, at a cost measured as the peak RSS of a child process. Each child runs under
``prlimit`` (address space), so a regression fails the test instead of taking the machine."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sofia_nb.session import SessionStore
from tests.support.notebooks import write_notebook

from ..session.factory import rich_session

LIMIT_BYTES = 3 * 1024**3  # the address space a child may map: python + libraries, and far below 9 GB
MEASURE = (  # the child dies with this process (SIGKILL on its parent's death): none outlives the test
    "import ctypes, json, resource, subprocess, sys\n"
    "def die_with_parent(): ctypes.CDLL(None).prctl(1, 9)\n"
    "done = subprocess.run(\n"
    "    sys.argv[1:], capture_output=True, text=True, timeout=90, preexec_fn=die_with_parent\n"
    ")\n"
    "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
    "print(json.dumps({'rc': done.returncode, 'out': done.stdout, 'err': done.stderr, 'peak_mb': peak}))\n"
)
GOOD = "20261201-090000-abcd"
HOSTILE = "20261202-090000-evil"


def run_measured(args: list[str], cwd: Path) -> dict[str, object]:
    """``sofia-nb ARGS`` in a bounded child; its exit code, output and peak RSS in MB."""
    prlimit = shutil.which("prlimit")
    assert prlimit, "prlimit (util-linux) bounds the child; install it"
    env = {k: v for k, v in os.environ.items() if k != "SOFIA_HOME"}  # the clone's own .sofia/
    env["SOFIA_NB_HEADLESS"] = "1"
    argv = [prlimit, f"--as={LIMIT_BYTES}", sys.executable, "-m", "sofia_nb", *args]
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, *argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def empty_turns(size: int) -> str:
    """The issue's shape: a session file that is ``size`` bytes of empty turns."""
    head = '{"id": "' + HOSTILE + '", "schema_version": 6, "turns": ['
    return head + ",".join(["{}"] * ((size - len(head)) // 3)) + "]}"


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """A cloned repository whose ``.sofia/sessions/`` holds one good session."""
    SessionStore(tmp_path / ".sofia" / "sessions").save(rich_session(GOOD))
    return tmp_path


@pytest.mark.parametrize(
    "command", [["status", "--json"], ["export", "--session", "last", "--format", "json"]]
)
def test_a_megabyte_of_empty_turns_is_refused_by_name_and_costs_little(
    clone: Path, command: list[str]
) -> None:
    honest = run_measured(command, clone)  # the same command with only the good session
    size = 1_000_000
    (clone / ".sofia" / "sessions" / f"{HOSTILE}.json").write_text(empty_turns(size), encoding="utf-8")

    hostile = run_measured(command, clone)

    assert hostile["rc"] == 0, hostile
    said = str(hostile["out"]) + str(hostile["err"])
    if command[0] == "status":
        listed = json.loads(str(hostile["out"]))
        assert [s["session_id"] for s in listed["sessions"]] == [GOOD]  # the rest still listed
        [bad] = listed["unreadable"]
        assert bad["session_id"] == HOSTILE
        said = bad["error"]
    assert f"{HOSTILE}.json" in said or command[0] == "export", said
    if command[0] == "status":
        assert "objects and lists in" in said and "one per 32 characters" in said, said  # the bound it broke
    else:
        assert (clone / "exports" / GOOD).is_dir()  # 'last' is the good one: the bad file did not stop it
    growth = float(hostile["peak_mb"]) - float(honest["peak_mb"])  # type: ignore[arg-type]
    assert growth < 20 * size / 1024**2, (honest["peak_mb"], hostile["peak_mb"])  # at most 20x its size


ALIAS_BOMB = (  # 324 bytes of YAML: 387 million strings when walked
    "a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n"
    "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
    "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
    "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n"
    "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n"
    "i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n"
)


def notebook(folder: Path) -> Path:
    """A notebook whose parameters cell declares the bomb's names."""
    declared = "".join(f"{name} = 0\n" for name in "abcdefghi")
    return write_notebook(folder / "nb.ipynb", ["1"], parameters=declared)


@pytest.mark.parametrize("how", ["file", "value"])
def test_a_yaml_alias_bomb_as_parameters_is_refused_before_any_run(tmp_path: Path, how: str) -> None:
    nb = notebook(tmp_path)
    (tmp_path / "bomb.yaml").write_text(ALIAS_BOMB, encoding="utf-8")
    given = ["-f", "bomb.yaml"] if how == "file" else ["-p", "i", ALIAS_BOMB]

    done = run_measured(["run", nb.name, *given], tmp_path)

    assert done["rc"] == 2, done  # a usage error: nothing ran
    assert "more than 16 YAML aliases" in str(done["err"]), done
    assert ("bomb.yaml" if how == "file" else "-p i") in str(done["err"]), done
    assert not (tmp_path / "nb.out.ipynb").exists()
    assert float(done["peak_mb"]) < 400, done  # type: ignore[arg-type]  # an interpreter, not gigabytes


# VmHWM: the peak RSS of this process's own memory (ru_maxrss keeps its parent's from before exec)
READ_YAML = (
    "import json, re, sys\n"
    "from sofia_nb._datafile import BoundsError, load_yaml\n"
    "def peak(): return int(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read())[1]) / 1024\n"
    "text = open(sys.argv[1], encoding='utf-8').read()\n"
    "before = peak()\n"
    "try:\n"
    "    said = 'read' if load_yaml(text) else 'empty'\n"
    "except BoundsError as exc:\n"
    "    said = str(exc)\n"
    "print(json.dumps({'said': said, 'growth_mb': peak() - before}))\n"
)
IDEA = "- title: Pallet tracking at the cross-dock\n  feasibility: 4\n  value: 5\n"
IDEA += "  notes: frozen goods, three regions\n"


@pytest.mark.parametrize(
    ("shape", "said"),
    [
        (IDEA, "read"),  # a team's ideas, as people write them: 2 MB of them is read
        ("- [" + ",".join(["{a: 1}"] * 20_000) + "]\n", "YAML nodes"),  # the densest: refused on the way
    ],
    ids=["honest", "dense-maps"],
)
def test_reading_a_yaml_file_costs_at_most_20_times_its_size(tmp_path: Path, shape: str, said: str) -> None:
    """Measured in a child under ``prlimit``: the growth of its peak RSS while ``load_yaml`` reads
    about 2 MB (the node graph ``yaml.safe_load`` builds cost 33 times the text)."""
    path = tmp_path / "big.yaml"
    path.write_text(shape * (2_000_000 // len(shape)), encoding="utf-8")
    prlimit = shutil.which("prlimit")
    assert prlimit, "prlimit (util-linux) bounds the child; install it"
    done = subprocess.run(
        [prlimit, f"--as={LIMIT_BYTES}", sys.executable, "-c", READ_YAML, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert said in result["said"], result
    size_mb = path.stat().st_size / 1024**2
    assert result["growth_mb"] < 20 * size_mb, (result, size_mb)
