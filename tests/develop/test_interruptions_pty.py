"""``sofia-nb dev`` stopped at every step, in a real terminal, then run again: nothing lost,
duplicated or misattributed, and nothing left running.

Each step is reached deterministically, never by a sleep: the loopback model holds a reply until
the test lets it go; a ``git`` first on PATH waits on a file when the test armed its subcommand
(``init``, ``add -A``, the commit, the ``show`` after it); the PoC's ``conftest.py`` waits on a file
when the test armed the next test run; a ``sitecustomize`` waits on a file in the ``python -m venv``
that makes the PoC's environment. At the step the run gets Ctrl+C (the terminal's key: SIGINT to
its foreground group) or SIGKILL; then ``status --json`` must say ``paused``, no process of the run
may be left, and the next ``dev`` — the very command the stopped run printed, for Ctrl+C — must
reach green with the scaffold and two iterations: the session's records, ``git log`` (one commit
per record, each holding exactly the files its record lists) and the PoC's files as one
uninterrupted run leaves them. A full disk at the save after an iteration's commit (SOFIA_HOME on a
tiny tmpfs; skipped where mount is refused) likewise.

The cases after the scaffold start from a copy of one scaffolded PoC (its session, folder and
``.venv``), made once per module by a run stopped at its first fix request.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pexpect
import pytest

from sofia_nb.cli import main
from sofia_nb.develop._scaffold import SCAFFOLD_SYSTEM
from sofia_nb.session import SessionStore
from tests.develop.conftest import fixture_session
from tests.support.openai_server import OpenAIServer, Reply

BIN = Path(sys.executable).parent
SOFIA_NB = str(BIN / "sofia-nb")
WAIT_S = 90.0
"""The bound on every wait for a step or for a process to end (a failure, never a pace)."""

pytestmark = pytest.mark.timeout(600)

CONFTEST = '''\
"""Waits, when the test armed it, at the start of a test run (the interruption test's gate)."""
import pathlib
import time

GATES = pathlib.Path(__file__).resolve().parent.parent / "gates"


def pytest_sessionstart(session):
    arm = GATES / "tests.arm"
    if arm.exists():
        arm.unlink()
        (GATES / "tests.reached").touch()
        while not (GATES / "tests.release").exists():
            time.sleep(0.02)
'''
CALC = "def add(a, b):\n    return a - b\n\n\ndef double(x):\n    return x\n"
TESTS = (
    "from calc import add, double\n\n\ndef test_add():\n    assert add(2, 3) == 5\n\n\n"
    "def test_double():\n    assert double(4) == 8\n"
)
FINAL_CALC = "def add(a, b):\n    return a + b\n\n\ndef double(x):\n    return x * 2\n"
SCAFFOLD_FILES = {
    ".gitignore": "__pycache__/\n.pytest_cache/\n",
    "pytest.ini": "[pytest]\npythonpath = .\n",
    "conftest.py": CONFTEST,
    "calc.py": CALC,
    "test_calc.py": TESTS,
}


def _block(path: str, text: str) -> str:
    return f"```text file={path}\n{text}```\n"


SCAFFOLD = "A calculator with failing tests.\n\n" + "".join(_block(p, t) for p, t in SCAFFOLD_FILES.items())


def _sr(search: str, replace: str, prose: str) -> str:
    return (
        f"{prose}\n\ncalc.py\n```python\n<<<<<<< SEARCH\n{search}\n=======\n{replace}\n>>>>>>> REPLACE\n```\n"
    )


FIXES = {
    "fix1": _sr("    return a - b", "    return a + b", "Add instead of subtracting."),
    "fix2": _sr("    return x", "    return x * 2", "Double the number."),
}

GIT_WRAPPER = """#!/bin/sh
# git, but waiting on a file when the test armed this subcommand (and the arguments hold its text)
G='{gates}'
sub=""
skip=0
for a in "$@"; do
  if [ "$skip" = 1 ]; then skip=0; continue; fi
  case "$a" in -c) skip=1; continue;; -*) continue;; esac
  sub="$a"; break
done
arm="$G/git-$sub.arm"
if [ -n "$sub" ] && [ -f "$arm" ] && printf '%s\\n' "$*" | grep -qF -- "$(cat "$arm")"; then
  rm -f "$arm"; touch "$G/git.reached"
  while [ ! -f "$G/git.release" ]; do sleep 0.02; done
fi
exec /usr/bin/git "$@"
"""
SITECUSTOMIZE = """\
import sys
import time
from pathlib import Path

if sys.orig_argv[1:3] == ["-m", "venv"]:  # the PoC's environment being made: wait when armed
    gates = Path(__file__).resolve().parent.parent
    if (gates / "venv.arm").exists():
        (gates / "venv.arm").unlink()
        (gates / "venv.reached").touch()
        while not (gates / "venv.release").exists():
            time.sleep(0.02)
"""


class Model:
    """The scaffold and two fixes, chosen by what the request asks for; a reply waits while held."""

    def __init__(self) -> None:
        self.held: dict[str, threading.Event] = {}
        self.arrived: dict[str, threading.Event] = {k: threading.Event() for k in ("scaffold", *FIXES)}

    def hold(self, kind: str) -> threading.Event:
        self.held[kind] = threading.Event()
        return self.held[kind]

    def release_all(self) -> None:
        for event in self.held.values():
            event.set()

    def __call__(self, body: dict[str, Any]) -> Reply:
        if body["messages"][0]["content"] == SCAFFOLD_SYSTEM:
            kind, text = "scaffold", SCAFFOLD
        else:
            kind = "fix1" if "::test_add" in body["messages"][-1]["content"] else "fix2"
            text = FIXES[kind]
        self.arrived[kind].set()
        return Reply(text, hold=self.held.get(kind), usage=(1_000, 200))


@dataclass
class Case:
    root: Path
    session_id: str
    server: OpenAIServer
    model: Model
    env: dict[str, str] = field(default_factory=dict)

    @property
    def gates(self) -> Path:
        return self.root / "gates"

    @property
    def poc(self) -> Path:
        return self.root / "poc"

    @property
    def home(self) -> Path:
        return self.root / ".sofia"

    def command(self) -> list[str]:
        return [
            "sofia-nb",
            "dev",
            "--session",
            self.session_id,
            "--llm",
            "openai:gpt-4o",
            "--output",
            str(self.poc),
        ]

    def arm(self, gate: str, text: str = "") -> None:
        (self.gates / f"{gate}.arm").write_text(text)

    def reached(self, what: str, child: pexpect.spawn) -> None:
        wait_until(lambda: (self.gates / f"{what}.reached").exists(), f"the {what} gate", child)

    def release(self) -> None:
        for name in ("git", "tests", "venv"):
            (self.gates / f"{name}.release").touch()
        self.model.release_all()

    def disarm(self) -> None:
        self.model.held.clear()
        for path in self.gates.glob("*.arm"):
            path.unlink()
        for path in self.gates.glob("*.reached"):
            path.unlink()

    def status(self) -> dict[str, Any]:
        """``sofia-nb status --session ID --json``, run in this process (a second start-up per case
        would cost more than the rest of the check)."""
        shown = io.StringIO()
        with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(shown):
            patch.setenv("SOFIA_HOME", str(self.home))
            assert main(["status", "--session", self.session_id, "--json"]) == 0
        return json.loads(shown.getvalue().splitlines()[-1])


def wait_until(done: Callable[[], bool], what: str, child: pexpect.spawn | None = None) -> None:
    """Poll ``done`` until it holds, within ``WAIT_S``; a run that ended first fails at once."""
    deadline = time.monotonic() + WAIT_S
    while not done():
        if child is not None and not child.isalive():
            child.expect(pexpect.EOF)
            pytest.fail(f"the run ended before {what}:\n{child.before[-3000:]}")
        assert time.monotonic() < deadline, f"no {what} within {WAIT_S} s"
        time.sleep(0.02)


def processes_under(root: Path) -> list[str]:
    """Live processes started in ``root`` or naming it (git, the tests' reaper and pytest, venv)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                continue
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            cwd = os.readlink(entry / "cwd")
        except (OSError, IndexError):
            continue
        if str(root) in cmdline or cwd.startswith(str(root)):
            found.append(f"{entry.name}: {cmdline[:200]}")
    return found


def make_case(root: Path, server: OpenAIServer, model: Model, session_id: str | None = None) -> Case:
    gates = root / "gates"
    (gates / "bin").mkdir(parents=True, exist_ok=True)
    (gates / "site").mkdir(exist_ok=True)
    wrapper = gates / "bin" / "git"
    wrapper.write_text(GIT_WRAPPER.format(gates=gates))
    wrapper.chmod(0o755)
    (gates / "site" / "sitecustomize.py").write_text(SITECUSTOMIZE)
    if session_id is None:
        session = fixture_session()
        SessionStore(root / ".sofia" / "sessions").save(session)
        session_id = session.id
    case = Case(root, session_id, server, model)
    case.env = {
        **{k: v for k, v in os.environ.items() if k not in ("SOFIA_LLM", "COLUMNS", "LINES", "PYTHONPATH")},
        "SOFIA_HOME": str(case.home),
        "TERM": "xterm-256color",
        "OPENAI_BASE_URL": server.base_url,
        "OPENAI_API_KEY": "sk-loopback",
        "PATH": f"{gates / 'bin'}:{BIN}:/usr/bin:/bin",
        "PYTHONPATH": f"{gates / 'site'}:{os.environ.get('PYTHONPATH', '')}".rstrip(":"),
        "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
    }
    return case


def spawn(case: Case) -> pexpect.spawn:
    return pexpect.spawn(
        SOFIA_NB,
        case.command()[1:],
        cwd=str(case.root),
        env=case.env,
        encoding="utf-8",
        dimensions=(40, 120),
        timeout=WAIT_S,
    )


def interrupt(case: Case, child: pexpect.spawn, how: str) -> list[str]:
    """Stop the run at the step it waits at (Ctrl+C, SIGTERM, SIGHUP or SIGKILL); the command that
    resumes it (the one the run printed, but after SIGKILL)."""
    try:
        if how != "SIGKILL":
            if how == "SIGINT":
                child.sendintr()  # the terminal's key: SIGINT to the whole foreground group
            else:
                os.kill(child.pid, signal.Signals[how])
            child.expect(pexpect.EOF)
            child.close()
            out = child.before
            code = 130 if how == "SIGINT" else 128 + signal.Signals[how]
            assert child.exitstatus == code, out[-3000:]
            shown = " ".join(out.split())
            hint = re.search(r"paused: resume with: (sofia-nb dev [^\n]*?--output \S+)", shown)
            assert hint is not None, out[-3000:]
            return shlex.split(hint.group(1))
        os.kill(child.pid, signal.SIGKILL)
        child.expect(pexpect.EOF)
        child.close()
        return case.command()
    finally:
        case.release()  # what still waits (a held reply, a gate) may end: the run is gone
        wait_until(lambda: not processes_under(case.root), "the end of every process of the run")


def resume(case: Case, command: list[str]) -> subprocess.CompletedProcess[str]:
    case.disarm()
    for path in case.gates.glob("*.release"):
        path.unlink()
    return subprocess.run(
        command, cwd=case.root, env=case.env, capture_output=True, text=True, timeout=WAIT_S * 2
    )


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["/usr/bin/git", *args], cwd=root, capture_output=True, text=True, check=True
    ).stdout


def assert_whole(case: Case, done: subprocess.CompletedProcess[str]) -> None:
    """The run reached green as one uninterrupted run would have: scaffold, two iterations."""
    assert done.returncode == 0, done.stderr[-3000:]
    session = SessionStore(case.home / "sessions").load(case.session_id)
    poc = session.poc
    assert poc is not None and poc.final_status == "success" and poc.pending is None
    assert [(i.iteration, i.outcome) for i in poc.iterations] == [
        (0, "scaffold"),
        (1, "tests-failing"),
        (2, "tests-passing"),
    ]
    log = git(case.poc, "log", "--format=%H %s").splitlines()
    assert [line.split(" ", 1)[1].split(":")[:2] for line in log] == [
        ["sofia", " iteration 2"],
        ["sofia", " iteration 1"],
        ["sofia", f" scaffold from workshop session {case.session_id}"],
    ]
    assert [line.split()[0] for line in reversed(log)] == [i.commit for i in poc.iterations]
    assert poc.checkpoint == poc.iterations[-1].commit
    for record in poc.iterations[1:]:  # each commit holds exactly the files its record lists
        files = git(case.poc, "show", "--name-only", "--format=", record.commit).split()
        assert files == record.files_changed == ["calc.py"]
    tracked = set(git(case.poc, "ls-files").split())
    assert set(SCAFFOLD_FILES) <= tracked and not any(p.startswith(".venv") for p in tracked)
    assert git(case.poc, "status", "--porcelain") == ""
    assert (case.poc / "calc.py").read_text() == FINAL_CALC
    assert not processes_under(case.root)


@pytest.fixture(scope="module")
def server() -> Any:
    model = Model()
    with OpenAIServer(responder=model) as running:
        running.model = model  # type: ignore[attr-defined]
        yield running
    model.release_all()


@pytest.fixture(scope="module")
def scaffolded(tmp_path_factory: pytest.TempPathFactory, server: OpenAIServer) -> Case:
    """One PoC at its scaffold, recorded with its environment: a run stopped at its first fix request."""
    model: Model = server.model  # type: ignore[attr-defined]
    case = make_case(tmp_path_factory.mktemp("template"), server, model)
    model.hold("fix1")
    child = spawn(case)
    wait_until(model.arrived["fix1"].is_set, "the first fix request", child)
    interrupt(case, child, "SIGINT")
    case.disarm()
    return case


def copy_case(template: Case, root: Path) -> Case:
    for name in (".sofia", "poc"):
        shutil.copytree(template.root / name, root / name, symlinks=True)
    return make_case(root, template.server, template.model, template.session_id)


@dataclass(frozen=True)
class Step:
    name: str
    fresh: bool
    """From a new session (the scaffold's steps), else from the scaffolded copy."""
    reach: Callable[[Case, pexpect.spawn], None]
    before: Callable[[Case], None] = lambda case: None


def _hold_model(kind: str) -> Callable[[Case], None]:
    def before(case: Case) -> None:
        case.model.arrived[kind].clear()
        case.model.hold(kind)

    return before


def _model_reached(kind: str) -> Callable[[Case, pexpect.spawn], None]:
    return lambda case, child: wait_until(case.model.arrived[kind].is_set, f"the {kind} request", child)


def _git_gate(sub: str, text: str = "") -> Callable[[Case], None]:
    return lambda case: case.arm(f"git-{sub}", text)


def _fresh_environment(case: Case) -> None:
    """The scaffold recorded, its environment not yet: the recorded point before the .venv."""
    path = case.home / "sessions" / f"{case.session_id}.json"
    data = json.loads(path.read_text())
    data["poc"]["environment_ready"] = False
    path.write_text(json.dumps(data))
    shutil.rmtree(case.poc / ".venv")
    case.arm("venv")


def _test_run_reached(case: Case, child: pexpect.spawn) -> None:
    # The baseline ran before the first fix request; the next test run is iteration 1's, after its commit.
    wait_until(case.model.arrived["fix1"].is_set, "the fix1 request", child)
    case.arm("tests")
    case.model.held["fix1"].set()
    case.reached("tests", child)


STEPS = [
    Step("waiting-for-the-scaffold", True, _model_reached("scaffold"), _hold_model("scaffold")),
    Step("scaffold-files-written", True, lambda c, ch: c.reached("git", ch), _git_gate("init")),
    Step("scaffold-commit", True, lambda c, ch: c.reached("git", ch), _git_gate("commit", "scaffold")),
    Step("environment-half-made", False, lambda c, ch: c.reached("venv", ch), _fresh_environment),
    Step("test-run", False, _test_run_reached, _hold_model("fix1")),
    Step("fix-request", False, _model_reached("fix1"), _hold_model("fix1")),
    Step("edits-applied", False, lambda c, ch: c.reached("git", ch), _git_gate("add", "add -A")),
    Step("iteration-commit", False, lambda c, ch: c.reached("git", ch), _git_gate("commit", "iteration 1")),
    Step("after-commit-before-save", False, lambda c, ch: c.reached("git", ch), _git_gate("show")),
]


@pytest.mark.parametrize("how", ["SIGINT", "SIGKILL"])
@pytest.mark.parametrize("step", STEPS, ids=[s.name for s in STEPS])
def test_dev_stopped_at_each_step_resumes_with_nothing_lost(
    step: Step, how: str, tmp_path: Path, server: OpenAIServer, scaffolded: Case
) -> None:
    model: Model = server.model  # type: ignore[attr-defined]
    case = make_case(tmp_path, server, model) if step.fresh else copy_case(scaffolded, tmp_path)
    step.before(case)
    child = spawn(case)
    try:
        step.reach(case, child)
        command = interrupt(case, child, how)
    finally:
        child.close(force=True)
        case.release()
    status = case.status()
    assert status["status"] == "paused", status
    assert status["poc_status"] is None, status
    assert_whole(case, resume(case, command))


@pytest.mark.slow
@pytest.mark.parametrize(("how", "step"), [("SIGTERM", "fix-request"), ("SIGHUP", "test-run")])
def test_dev_stopped_by_sigterm_or_sighup_pauses_says_how_to_resume_and_resumes(
    how: str, step: str, tmp_path: Path, server: OpenAIServer, scaffolded: Case
) -> None:
    test_dev_stopped_at_each_step_resumes_with_nothing_lost(
        next(s for s in STEPS if s.name == step), how, tmp_path, server, scaffolded
    )


def fill(folder: Path) -> Path:
    """Write into ``folder`` until its file system is full; the filler, to remove."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError:
            pass
    return filler


@pytest.mark.slow
def test_a_full_disk_at_the_save_after_a_commit_loses_nothing(
    tmp_path: Path, server: OpenAIServer, scaffolded: Case
) -> None:
    """SOFIA_HOME on a 1 MB tmpfs, filled while the run waits after its first iteration's commit:
    the save fails and says so, the session keeps its last save, and once there is room again the
    next run undoes the unrecorded commit and numbers the iteration as the first."""
    home = tmp_path / ".sofia"
    home.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(home)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode(errors='replace').strip()}")
    try:
        shutil.copytree(scaffolded.home / "sessions", home / "sessions")
        shutil.copytree(scaffolded.poc, tmp_path / "poc", symlinks=True)
        case = make_case(tmp_path, server, server.model, scaffolded.session_id)  # type: ignore[attr-defined]
        case.arm("git-show")
        child = spawn(case)
        try:
            case.reached("git", child)
            filler = fill(home)
            case.release()
            child.expect(pexpect.EOF)
            child.close()
        finally:
            child.close(force=True)
            case.release()
        out = " ".join(child.before.split())
        assert child.exitstatus == 1 and "No space left on device" in out, out[-2000:]
        wait_until(lambda: not processes_under(case.root), "the end of every process of the run")
        filler.unlink()
        assert case.status()["status"] == "paused"
        assert_whole(case, resume(case, case.command()))
    finally:
        subprocess.run(["umount", "-l", str(home)], check=False)


@pytest.mark.slow
def test_an_environment_made_but_never_recorded_is_made_again_and_never_committed(
    tmp_path: Path, scaffolded: Case
) -> None:
    """An earlier run stopped after ``python -m venv`` but before the folder's .gitignore and link
    (and before the record): the next run makes the environment again; no commit takes .venv/."""
    case = copy_case(scaffolded, tmp_path)
    path = case.home / "sessions" / f"{case.session_id}.json"
    data = json.loads(path.read_text())
    data["poc"]["environment_ready"] = False
    path.write_text(json.dumps(data))
    shutil.rmtree(case.poc / ".venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(case.poc / ".venv")], check=True)
    assert_whole(case, resume(case, case.command()))
