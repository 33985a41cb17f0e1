"""It survives: a real kernel invites the team, phones vote, the kernel restarts, the notebook
opens the session with ``session="last"`` and invites again — the rounds and votes are back, the
old server stopped with the old kernel, and a phone that reconnects (its cookie) keeps its votes."""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import ROOT

pytest.importorskip("starlette")
manager = pytest.importorskip("jupyter_client.manager")
pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

OPEN = """
import sofia_nb.ui as ui
run = await ui.NotebookWorkshop.open(llm="demo", interactive=False, session={session!r})
panel = run.invite()
print(panel.server.url)
"""
ROUND = """
ideas = [{"id": "a", "title": "Route planner"}, {"id": "b", "title": "Waste forecast"}]
panel.room.open_round("select", items=ideas, phase=run.workshop.phase)
print(panel.room.current.id)
"""
SAVED = "print(len(run.workshop.store.load(run.session.id).team.contributions))"
STATE = (
    "print([r.kind.value for r in run.session.team.rounds], [c.kind for c in run.session.team.contributions])"
)


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


def _phone(url: str) -> httpx.Client:
    return httpx.Client(timeout=10, headers={"Origin": url.split("/", 3)[0] + "//" + url.split("/")[2]})


def test_a_kernel_restart_with_session_last_brings_the_rounds_and_votes_back(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SOFIA_HOME": str(tmp_path / ".sofia")}
    env.pop("SOFIA_LLM", None)
    km, kc = manager.start_new_kernel(kernel_name="python3", env=env, cwd=str(tmp_path))
    try:
        url = _execute(kc, OPEN.format(session=None)).splitlines()[-1]
        rid = _execute(kc, ROUND)
        ana, ben = _phone(url), _phone(url)
        me = ana.post(url + "api/join", json={"name": "Ana"}).json()["you"]
        ben.post(url + "api/join", json={})
        assert (
            ana.post(
                url + "api/send", json={"kind": "votes", "round_id": rid, "dots": {"a": 2, "b": 1}}
            ).status_code
            == 200
        )
        assert (
            ben.post(url + "api/send", json={"kind": "votes", "round_id": rid, "dots": {"b": 3}}).status_code
            == 200
        )
        for _ in range(200):  # the kernel's loop takes the room into the session and saves it
            if _execute(kc, SAVED) == "2":
                break
            time.sleep(0.05)
        old_port = int(url.split(":")[2].split("/")[0])

        km.restart_kernel(now=True)
        kc.wait_for_ready(timeout=60)
        with pytest.raises(OSError):  # the old server went with the old kernel
            socket.create_connection(("127.0.0.1", old_port), timeout=1).close()

        again = _execute(kc, OPEN.format(session="last")).splitlines()[-1]
        assert again != url
        assert _execute(kc, STATE) == "['select'] ['votes', 'votes']"
        ana_again = _phone(again)  # the same phone opens the new link: its cookie jar, the new page's Origin
        ana_again.cookies = ana.cookies
        reply = ana_again.get(again + "api/me")
        view = reply.json()
        assert "joined" in view, (reply.status_code, view)
        assert view["joined"] and view["you"]["id"] == me["id"]
        assert view["round"]["id"] == rid and view["mine"]["dots"] == {"a": 2, "b": 1}
        # And it goes on voting in the same round, replacing its allocation.
        vote = {"kind": "votes", "round_id": rid, "dots": {"a": 3}}
        sent = ana_again.post(again + "api/send", json=vote)
        assert sent.status_code == 200, sent.text
        assert ana_again.get(again + "api/me").json()["mine"]["dots"] == {"a": 3}
        _execute(kc, "await run.aclose()")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
