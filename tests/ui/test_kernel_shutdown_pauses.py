"""A person's kernel that shuts down (the notebook closed, a Voilà page gone and its kernel shut
down, a restart) leaves its workshop Paused with what was kept, as Ctrl+C does in the terminal:
a real kernel opens the app with someone at the screen, the facilitator's line is sent, the kernel
is shut down the way Jupyter shuts one down (a shutdown request), and the session file says paused."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from sofia_nb.session import SessionStatus, SessionStore
from tests.conftest import ROOT

manager = pytest.importorskip("jupyter_client.manager")
pytestmark = pytest.mark.timeout(180)

OPEN = """
import sofia_nb.ui as ui
run = await ui.NotebookWorkshop.open(llm="demo", interactive={interactive})
await run.workshop.start_phase()
await run.workshop.send("We are Tern Ferries: four boats, one harbour, bookings by phone.")
print(run.session.id, run.session.status.value)
"""


def _execute(kc: Any, code: str) -> str:
    msg_id = kc.execute(code)
    out: list[str] = []
    while True:
        reply = kc.get_iopub_msg(timeout=60)  # a bound on a hang, not a speed check
        if reply["parent_header"].get("msg_id") != msg_id:
            continue
        if reply["msg_type"] == "stream":
            out.append(reply["content"]["text"])
        elif reply["msg_type"] == "error":
            raise AssertionError(f"{reply['content']['ename']}: {reply['content']['evalue']}")
        elif reply["msg_type"] == "status" and reply["content"]["execution_state"] == "idle":
            return "".join(out).strip()


@pytest.mark.parametrize(("interactive", "after"), [(True, "paused"), (False, "active")])
def test_a_kernel_shut_down_leaves_a_persons_workshop_paused(
    tmp_path: Path, interactive: bool, after: str
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SOFIA_HOME": str(tmp_path / ".sofia")}
    env.pop("SOFIA_LLM", None)
    km, kc = manager.start_new_kernel(kernel_name="python3", env=env, cwd=str(tmp_path))
    try:
        session_id, status = _execute(kc, OPEN.format(interactive=interactive)).split()[-2:]
        assert status == "active"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=False)  # a shutdown request, as JupyterLab and Voilà send one
    saved = SessionStore(tmp_path / ".sofia" / "sessions").load(session_id)
    # A headless run (papermill) is not a person's: its session is left as the run left it.
    assert saved.status == SessionStatus(after), json.dumps(saved.activities[-1].model_dump(mode="json"))
    assert any(t.content.startswith("We are Tern Ferries") for t in saved.turns)  # nothing typed lost
    if interactive:
        assert saved.activities[-1].message == "paused: the kernel shut down"
