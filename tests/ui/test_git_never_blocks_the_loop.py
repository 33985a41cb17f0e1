"""Git runs beside the event loop, not on it: while the Ralph loop's commit is held by a ``git`` that
waits for the test, the notebook's Stop button and an MCP ping are still handled.

In the notebook the loop runs on the kernel's event loop, as here. A ``git`` run with a blocking
``subprocess.run`` would hold that loop for as long as git takes: no click, no MCP reply.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from sofia_nb.consent import PolicyConsent
from sofia_nb.develop import DevelopmentOptions, RalphResult, open_development
from sofia_nb.events import EventBus
from sofia_nb.llm import ScriptedLLM
from sofia_nb.mcp import McpManager
from sofia_nb.ui import RalphPanel

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "tests" / "support" / "mcp_fake_server.py"
CALC = "def add(a, b):\n    return a - b\n"
TEST = "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"
FIX = (  # not yet right: the tests still fail after it, so only the stop ends the run
    "Try multiplication.\n\ncalc.py\n```python\n"
    "<<<<<<< SEARCH\n    return a - b\n=======\n    return a * b\n>>>>>>> REPLACE\n```\n"
)
HANDLED_WITHIN_S = 20.0
"""How long the test waits for each to be handled while git is held (it takes milliseconds)."""


def _git_stub(folder: Path, held: Path, release: Path) -> Path:
    """A ``git`` that, for ``commit``, says it is running (``held``) and waits for ``release``
    (at most 60 s, so it never hangs), then runs the real git."""
    real = shutil.which("git")
    assert real is not None
    folder.mkdir()
    stub = folder / "git"
    stub.write_text(
        "#!/bin/sh\n"
        'case " $* " in *" commit "*)\n'
        f"  : > '{held}'\n"
        "  i=0\n"
        f"  while [ ! -e '{release}' ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done;;\n"
        "esac\n"
        f'exec {real} "$@"\n'
    )
    stub.chmod(0o755)
    return folder


def _project(root: Path) -> Path:
    root.mkdir()
    (root / "calc.py").write_text(CALC)
    (root / "test_calc.py").write_text(TEST)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(root), "GIT_CONFIG_NOSYSTEM": "1"}
    ident = ["-c", "user.name=u", "-c", "user.email=u@x"]
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], [*ident, "commit", "-qm", "start"]):
        subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)
    return root


async def test_stop_and_an_mcp_ping_are_handled_while_git_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = _project(tmp_path / "calc")
    held, release = tmp_path / "held", tmp_path / "release"
    stubs = _git_stub(tmp_path / "bin", held, release)
    monkeypatch.setenv("PATH", f"{stubs}:{os.environ['PATH']}")
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"servers": {"fake": {"command": sys.executable, "args": [str(SERVER)]}}}))

    bus = EventBus()
    run = await open_development(
        DevelopmentOptions(mcp_config=config), consent=PolicyConsent("deny"), bus=bus, llm=ScriptedLLM([FIX])
    )
    client = McpManager(config)  # an MCP client on the same loop as the run, as in a notebook
    panel = RalphPanel(bus, on_stop=run.stop)  # the notebook's panel, built on this (the kernel's) loop
    loop = asyncio.get_running_loop()
    seen: dict[str, object] = {}

    def while_git_is_held() -> None:
        """From another thread, as the kernel's comm handler and a server's traffic arrive."""
        for _ in range(1200):
            if held.exists():
                break
            threading.Event().wait(0.05)
        seen["held"] = held.exists()
        panel.stop_button.click()  # handed to the loop (Dispatcher), as a real click is
        ping = asyncio.run_coroutine_threadsafe(_ping(client), loop)
        try:
            seen["ping"] = ping.result(HANDLED_WITHIN_S)
        except TimeoutError:
            seen["ping"] = "no answer while git ran"
        for _ in range(int(HANDLED_WITHIN_S / 0.05)):
            if panel.stop_button.description == "Stopping…":
                break
            threading.Event().wait(0.05)
        seen["stop"] = panel.stop_button.description
        seen["git still held"] = not release.exists()
        release.touch()

    async with run, client:
        await (await client.session("fake")).ping()  # connected before git starts
        watcher = threading.Thread(target=while_git_is_held)
        watcher.start()
        result: RalphResult = await run.fix(project)
        await asyncio.to_thread(watcher.join)

    assert seen == {"held": True, "ping": "pong", "stop": "Stopping…", "git still held": True}
    # the stop came during the first iteration's commit: that iteration ends whole (its tests run
    # again on the edit), and the run ends before the second
    assert (result.reason, result.iterations) == ("user-stopped", 1)


async def _ping(client: McpManager) -> str:
    await (await client.session("fake")).ping()
    return "pong"
