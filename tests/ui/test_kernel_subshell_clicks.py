"""In a real ipykernel 7 kernel: the app is built in a main-shell cell, the first click comes from the
main shell and the second from a subshell (a ``subshell-…`` thread with its own loop, as comms over
subshells deliver them). Both steps run on the main thread's loop and neither fails."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
ipykernel = pytest.importorskip("ipykernel")
manager = pytest.importorskip("jupyter_client.manager")

from tests.conftest import ROOT

pytestmark = pytest.mark.slow

if int(ipykernel.__version__.split(".")[0]) < 7:
    pytest.skip("subshells need ipykernel 7", allow_module_level=True)

SETUP = """
import asyncio, threading
from sofia_nb.llm import LLMResponse, LLMUsage
from sofia_nb.session import SessionStore
from sofia_nb.ui import WorkshopApp
from sofia_nb.workshop import Workshop

class Model:
    model_name, context_window = "test:echo", 8000
    def __init__(self):
        self.threads = []
    async def complete(self, messages, *, tools=None, purpose="chat", on_text=None):
        self.threads.append(threading.current_thread().name)
        usage = LLMUsage(input_tokens=1, output_tokens=1)
        return LLMResponse(text="noted", usage=usage, model=self.model_name)
    async def aclose(self):
        pass

model = Model()
app = WorkshopApp(Workshop.create(model, store=SessionStore({store!r})))
"""
CLICK = "app.message.value = 'message {n}'\napp.send_button.click()\nprint(threading.current_thread().name)"
REPORT = (
    "print(model.threads, [repr(t.exception()) for t in app.tasks if t.done()],"
    " 'different loop' in app.status.value)"
)


def _execute(kc: Any, code: str, subshell_id: str | None = None) -> str:
    msg = kc.session.msg("execute_request", {"code": code, "silent": False, "store_history": False})
    if subshell_id:
        msg["header"]["subshell_id"] = subshell_id
    kc.shell_channel.send(msg)
    out: list[str] = []
    while True:
        reply = kc.get_iopub_msg(timeout=30)  # a bound on a hang, not a speed check
        if reply["parent_header"].get("msg_id") != msg["header"]["msg_id"]:
            continue
        if reply["msg_type"] == "stream":
            out.append(reply["content"]["text"])
        elif reply["msg_type"] == "error":
            out.append(f"ERROR {reply['content']['ename']}: {reply['content']['evalue']}")
        elif reply["msg_type"] == "status" and reply["content"]["execution_state"] == "idle":
            return "".join(out).strip()


def test_a_click_from_a_subshell_after_one_from_the_main_shell_runs_on_the_main_loop(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SOFIA_HOME": str(tmp_path / "home")}
    km, kc = manager.start_new_kernel(kernel_name="python3", env=env, cwd=str(tmp_path))
    try:
        assert "ERROR" not in _execute(kc, SETUP.format(store=str(tmp_path / "sessions")))
        kc.control_channel.send(kc.session.msg("create_subshell_request", {}))
        subshell = kc.get_control_msg(timeout=30)["content"]["subshell_id"]
        assert _execute(kc, CLICK.format(n=1)) == "MainThread"
        _wait_for(kc, "len(app.tasks) == 1 and app.tasks[0].done()")
        assert _execute(kc, CLICK.format(n=2), subshell).startswith("subshell-")
        _wait_for(kc, "len(app.tasks) == 2 and app.tasks[1].done()")
        assert _execute(kc, REPORT) == "['MainThread', 'MainThread'] ['None', 'None'] False"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def _wait_for(kc: Any, condition: str) -> None:
    for _ in range(300):
        if _execute(kc, f"print({condition})") == "True":
            return
        time.sleep(0.05)
    raise AssertionError(f"never true in the kernel: {condition}")
