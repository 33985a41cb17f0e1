"""``sofia-nb workshop --demo --invite`` in a pty: the join link and a text QR code, the
facilitator's slash commands open a round and show live counts, phones (HTTP on loopback) answer,
the answer reaches the session, and the participant server stops with the process."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import httpx
import pytest

from sofia_nb.session import Phase
from tests.cli.test_workshop_pty import GATE, PROMPT, Terminal, _session

pytest.importorskip("starlette")
pytestmark = pytest.mark.timeout(300)


def _join(url: str, name: str) -> httpx.Client:
    origin = re.match(r"http://[^/]+", url).group(0)  # type: ignore[union-attr]
    phone = httpx.Client(timeout=10, headers={"Origin": origin})
    assert phone.post(url + "api/join", json={"name": name}).status_code == 200
    return phone


def test_invite_from_the_terminal(tmp_path: Path) -> None:
    home = tmp_path / ".sofia"
    term = Terminal(home, "--demo", "--invite")
    shown = term.expect(PROMPT[Phase.DISCOVER])
    url = re.search(r"join link for the team: (http://127\.0\.0\.1:\d+/\S+/)", shown).group(1)  # type: ignore[union-attr]
    assert "▀" in shown or "█" in shown  # the QR code, in block characters
    assert "/round" in shown  # the commands are named

    term.send("/round question What slows the night shift down?", r"round r1 \(question\) open")
    term.expect(PROMPT[Phase.DISCOVER])
    ana, ben = _join(url, "Ana"), _join(url, "")
    assert (
        ana.post(
            url + "api/send", json={"kind": "answer", "round_id": "r1", "text": "Phone orders"}
        ).status_code
        == 200
    )
    counts = term.send("/team", PROMPT[Phase.DISCOVER])
    assert "2 joined" in counts and "1 answered, 1 entries" in counts and "c1: Ana: Phone orders" in counts
    assert "no round" not in term.send("/bogus", PROMPT[Phase.DISCOVER])  # the help again, nothing raised
    port = int(url.split(":")[2].split("/")[0])

    term.send("done", GATE)
    term.send("e", r"paused")
    assert term.close() == 0
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    session = _session(home)
    assert [r.kind.value for r in session.team.rounds] == ["question"]
    assert [c.model_dump()["text"] for c in session.team.contributions] == ["Phone orders"]
    ben.close()
    ana.close()
