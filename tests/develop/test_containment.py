"""The PoC's tests are code nobody reviewed: they stay inside the loop. A daemon they leave is killed,
a hook or an fsmonitor they install never runs, a key they dig out of an ancestor's environment
reaches neither the model nor the history, a project they delete stops the loop clearly, and the
PoC's requirements go into the PoC's own environment. Real pytest runs, real git."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
import zipfile
from pathlib import Path

import pytest

import sofia_nb
from sofia_nb.develop import TEMPLATES, LoopOptions
from sofia_nb.develop._runner import TestRunner
from tests.support.openai_server import OpenAIServer

from .conftest import CALC, RIGHT, git, write_calc
from .test_loop import make_loop

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
WAIT_S = 30.0

KEYS = {"OPENAI_API_KEY": "planted-openai-4r5t6y7u", "AZURE_OPENAI_API_KEY": "planted-azure-8i9o0p1a"}


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state not in ("Z", "X")


def gone(pids: list[int]) -> bool:
    deadline = time.monotonic() + WAIT_S
    while any(running(p) for p in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def project(root: Path, test_source: str) -> Path:
    write_calc(root)
    (root / "test_more.py").write_text(textwrap.dedent(test_source))
    return root


@linux_only
def test_a_daemon_the_tests_leave_behind_is_killed_with_the_run(tmp_path: Path) -> None:
    """A double fork and a ``setsid``: both leave the run's process group, so killing the group alone
    (what the runner did) leaves them running; the reaper adopts them and kills them."""
    pids = tmp_path / "pids"
    root = project(
        tmp_path / "p",
        f"""\
        import os, subprocess, time

        def test_starts_daemons():
            subprocess.Popen(["setsid", "sleep", "300"])
            if os.fork() == 0:  # the classic double fork: the grandchild is orphaned at once
                os.setsid()
                if os.fork() == 0:
                    open({str(pids)!r}, "a").write(f"{{os.getpid()}}\\n")
                    time.sleep(300)
                os._exit(0)
            for _ in range(100):
                if os.path.exists({str(pids)!r}):
                    break
                time.sleep(0.05)
            out = subprocess.run(["pgrep", "-f", "^sleep 300$"], capture_output=True, text=True).stdout
            open({str(pids)!r}, "a").write(out)
        """,
    )
    run = asyncio.run(TEMPLATES["python-pytest"].runner().run(root))
    assert run.results.passed >= 1, run.results.raw_output_tail
    left = [int(p) for p in pids.read_text().split()]
    assert len(left) >= 2
    try:
        assert gone(left), "a daemon of the tests outlived the run"
    finally:
        for pid in left:
            if running(pid):
                os.kill(pid, 9)


@linux_only
def test_a_daemon_the_tests_leave_is_killed_even_when_the_owner_is_sigkilled(tmp_path: Path) -> None:
    """The loop's owner (a kernel, the CLI) killed with SIGKILL mid-run: the reaper's parent-death
    signal is a stop (SIGTERM), so it still ends the ``setsid`` daemon the tests started; with SIGKILL
    it died at once and left the daemon it had adopted to init."""
    pid_file = tmp_path / "daemon.pid"
    command = ["sh", "-c", f"setsid sh -c 'echo $$ > {pid_file}; exec sleep 300' & exec sleep 300"]
    owner_code = (
        "import asyncio\n"
        "from pathlib import Path\n"
        "from sofia_nb.develop._runner import TestRunner\n"
        f"runner = TestRunner({command!r}, 'exit-code', timeout_s=60)\n"
        f"asyncio.run(runner.run(Path({str(tmp_path)!r})))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    owner = subprocess.Popen([sys.executable, "-c", owner_code], env=env)
    try:
        deadline = time.monotonic() + WAIT_S
        while not (pid_file.exists() and pid_file.read_text().strip()) and time.monotonic() < deadline:
            assert owner.poll() is None, f"the owner ended (code {owner.returncode}) before its tests started"
            time.sleep(0.05)
        daemon = int(pid_file.read_text())
    finally:
        owner.kill()
        owner.wait()
    try:
        assert gone([daemon]), "a daemon of the tests outlived its SIGKILLed owner"
    finally:
        if running(daemon):
            os.kill(daemon, 9)


SYSTEM_PYTHON = Path("/usr/bin/python3")


@linux_only
@pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("setpriv") is None or not SYSTEM_PYTHON.exists(),
    reason="runs the reaper as another user: needs root, setpriv and a system python3",
)
def test_the_tests_cannot_read_the_reapers_environment(tmp_path: Path) -> None:
    """A test of the same user can read the ``/proc/PID/environ`` of any dumpable process it sees; the
    reaper is not dumpable, so its parent's environment is closed to the test. As root nothing is
    closed, so the reaper and the test run as ``nobody`` (a copy of the package nobody can read)."""
    folder = Path(tempfile.mkdtemp(prefix="sofia-reaper-"))
    try:
        folder.chmod(0o755)
        package = folder / "sofia_nb"
        package.mkdir(mode=0o755)
        source = Path(sofia_nb.__file__).parent
        for name in ("__init__.py", "_version.py", "_children.py", "_reaper.py"):
            shutil.copy(source / name, package / name)
            (package / name).chmod(0o644)
        probe = (
            "import os\n"
            "try:\n"
            "    print('read:', 'SOFIA_CANARY' in open(f'/proc/{os.getppid()}/environ').read())\n"
            "except OSError as exc:\n"
            "    print('refused:', exc.strerror)\n"
        )
        nobody = ("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--")
        done = subprocess.run(
            [*nobody, str(SYSTEM_PYTHON), "-m", "sofia_nb._reaper", "--", str(SYSTEM_PYTHON), "-c", probe],
            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(folder), "SOFIA_CANARY": "planted"},
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        shutil.rmtree(folder)
    assert done.stdout.strip() == "refused: Permission denied", done.stdout + done.stderr


def test_a_hook_or_an_fsmonitor_the_tests_install_never_runs(tmp_path: Path, no_git_identity: None) -> None:
    """``--no-verify`` skips only the pre-commit hooks: a ``post-commit`` hook ran on the loop's
    commit; an ``fsmonitor`` in the repository's config runs on ``status`` and ``add``."""
    canary = tmp_path / "canary"
    root = write_calc(tmp_path / "p")
    loop, _ = make_loop(root, [RIGHT], options=LoopOptions(max_iterations=2))
    (root / "test_more.py").write_text(
        textwrap.dedent(
            f"""\
            import os, stat, subprocess

            def test_installs_a_hook_and_an_fsmonitor():
                hook = os.path.join(".git", "hooks", "post-commit")
                open(hook, "w").write("#!/bin/sh\\necho hook >> {canary}\\n")
                os.chmod(hook, 0o755)
                subprocess.run(["git", "config", "core.fsmonitor", "echo fsmonitor >> {canary}; true"])
            """
        )
    )
    result = asyncio.run(loop.run())
    assert result.status == "success", result.reason
    assert git(root, "config", "core.fsmonitor").strip()  # the test did install it
    assert not canary.exists(), canary.read_text()


@linux_only
def test_a_key_read_from_an_ancestors_environment_reaches_neither_the_model_nor_the_history(
    tmp_path: Path, no_git_identity: None
) -> None:
    """``sofia-nb fix`` started with the model keys in its environment, a real OpenAI-compatible
    endpoint on loopback. The test walks up its ancestors and reads each one's
    ``/proc/PID/environ`` (sofia-nb's holds the keys), prints them in its failure and writes them into
    the project; the model writes a key into ``config.py``. Redaction keeps them from the model; the
    scan before each commit keeps both files out of git. (The reaper is not dumpable, so its own
    environ is closed to a test of the same user; as root, as here, nothing is closed: the harder case.)"""
    root = write_calc(tmp_path / "p")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "start")
    (root / "test_more.py").write_text(
        textwrap.dedent(
            """\
            import os

            def environ_of_ancestors():
                found, pid = [], os.getppid()
                while pid > 1:
                    try:
                        found.append(open(f"/proc/{pid}/environ", "rb").read().decode("utf-8", "replace"))
                    except OSError as exc:
                        found.append(f"{pid}: {exc}")
                    pid = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
                return "\\n".join(found).replace("\\0", "\\n")

            def test_reads_the_ancestors():
                seen = environ_of_ancestors()
                open("leaked.txt", "w").write(seen)
                assert "OPENAI" not in seen, seen
            """
        )
    )
    git(root, "add", "-A")
    git(root, "commit", "-qm", "the hostile test")
    config_block = f'```python file=config.py\nAPI_KEY = "{KEYS["OPENAI_API_KEY"]}"\n```\n'
    with OpenAIServer() as server:
        server.reply("Keep the key at hand.\n\n" + config_block + RIGHT["text"])
        server.reply(RIGHT["text"])
        env = {**os.environ, **KEYS, "OPENAI_BASE_URL": server.base_url}
        done = subprocess.run(
            [
                *(sys.executable, "-m", "sofia_nb", "fix", "--project", str(root), "--llm", "openai:m"),
                *("--json", "--max-iterations", "2", "--test-cmd", "python -m pytest -q -p no:cacheprovider"),
            ],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
        )
    assert KEYS["OPENAI_API_KEY"] in (root / "leaked.txt").read_text()  # the test did read them
    asked = json.dumps([r.body for r in server.requests])
    assert "OPENAI_API_KEY" in asked  # the failure, with what it printed, reached the model...
    assert not [k for k in KEYS.values() if k in asked]  # ...without the keys
    committed = set(git(root, "log", "--all", "--name-only", "--format=").split())
    assert "calc.py" in committed and not {"leaked.txt", "config.py"} & committed
    history = git(root, "log", "-p", "--all")
    assert not [k for k in KEYS.values() if k in history]
    said = [
        line["detail"]
        for line in map(json.loads, done.stdout.splitlines())
        if line.get("type") == "activity" and line.get("name") == "secrets"
    ]
    assert said and "leaked.txt (holds a secret" in said[0], done.stdout[-2000:]
    assert "config.py (holds a secret" in " ".join(said)
    excluded = (root / ".git" / "info" / "exclude").read_text().splitlines()
    assert "/leaked.txt" in excluded and "/config.py" in excluded


def test_a_project_the_tests_delete_stops_the_loop_with_a_clear_error(
    tmp_path: Path, no_git_identity: None
) -> None:
    root = write_calc(tmp_path / "p")
    (root / "test_more.py").write_text(
        "import os, shutil\n\ndef test_deletes_its_project():\n    shutil.rmtree(os.getcwd())\n"
    )
    loop, _ = make_loop(root, [RIGHT, RIGHT])
    result = asyncio.run(loop.run())
    assert result.status == "failed"
    assert result.reason == (
        f"error: ProjectGone: the project folder {root} is gone (a test may have deleted it); "
        "the loop stops: nothing is left to test or commit"
    )
    assert loop.context.llm.requests == []  # type: ignore[attr-defined]  # nothing asked of the model


def wheel(folder: Path, name: str, version: str = "1.0") -> Path:
    """A real wheel of a one-module package, written by hand: pip installs it with no index."""
    module = f"{name}.py"
    dist = f"{name}-{version}.dist-info"
    files = {
        module: b"ANSWER = 42\n",
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode(),
        f"{dist}/WHEEL": b"Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }

    def digest(data: bytes) -> str:
        return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

    record = "".join(f"{path},sha256={digest(data)},{len(data)}\n" for path, data in files.items())
    files[f"{dist}/RECORD"] = (record + f"{dist}/RECORD,,\n").encode()
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        for name_in, data in files.items():
            archive.writestr(name_in, data)
    return path


def test_a_poc_requirement_goes_into_the_pocs_own_environment(tmp_path: Path, no_git_identity: None) -> None:
    root = write_calc(tmp_path / "p")
    built = wheel(root, "sofia_poc_helper")
    (root / "requirements.txt").write_text(f"./{built.name}\n")
    (root / "test_more.py").write_text(
        "import sys\nimport sofia_poc_helper\n\n"
        "def test_uses_the_requirement():\n"
        "    assert sofia_poc_helper.ANSWER == 42\n"
        "    assert sys.prefix.endswith('.venv')\n"
    )
    (root / "calc.py").write_text(CALC.replace("a - b", "a + b"))
    loop, _ = make_loop(root, [])
    assert asyncio.run(loop.install())
    run = asyncio.run(loop.runner.run(root))
    assert run.ok, run.results.raw_output_tail
    installed = list((root / ".venv" / "lib").glob("python3*/site-packages/sofia_poc_helper.py"))
    assert installed, "not installed into the PoC's .venv"
    ours = subprocess.run([sys.executable, "-c", "import sofia_poc_helper"], capture_output=True)
    assert ours.returncode != 0, "installed into sofia_nb's own environment"
    assert ".venv" not in git(root, "status", "--porcelain")  # the environment ignores itself


def test_tests_run_with_their_own_home_and_tmpdir_outside_the_project(tmp_path: Path) -> None:
    seen = tmp_path / "seen.txt"
    root = project(
        tmp_path / "p",
        f"""\
        import os, tempfile

        def test_where():
            open({str(seen)!r}, "w").write(os.environ["HOME"] + "\\n" + tempfile.gettempdir())
        """,
    )
    asyncio.run(TestRunner([sys.executable, "-m", "pytest", "-q", "test_more.py"], "exit-code").run(root))
    home, tmp = seen.read_text().splitlines()
    for folder in (Path(home), Path(tmp)):
        assert not folder.resolve().is_relative_to(root.resolve())
        assert folder != Path.home() and not folder.exists()  # private to the run, removed after it
    assert Path(tmp).parent == Path(home)
