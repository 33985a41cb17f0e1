"""On a terminal, only an answer typed after the consent question counts: a "y" typed while the
model was still writing (meant for the conversation, or a stray key) never allows a tool that
nobody had been asked about. Driven in a real pty: the child stops itself before asking, the test
types ahead while it is stopped (the terminal holds the keys), then lets it go on."""

from __future__ import annotations

import os
import signal
import sys
import textwrap
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

CHILD = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from sofia_nb.consent import ConsentRequest, LineReader, TerminalConsent

    print("ready", flush=True)
    os.kill(os.getpid(), signal.SIGSTOP)  # the test types ahead now, then continues us
    request = ConsentRequest(tool="web/search", arguments={"query": "kilns"}, deadline_s=60)
    decision = asyncio.run(TerminalConsent(LineReader(sys.stdin), sys.stdout).ask(request))
    print(f"\\ndecision={decision.decision}/{decision.scope}", flush=True)
    """
)


def _stopped(pid: int) -> bool:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "T"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the child's state from /proc")
def test_keys_typed_before_the_question_are_shown_and_not_taken_as_the_answer(tmp_path: Path) -> None:
    script = tmp_path / "ask.py"
    script.write_text(CHILD)
    child = pexpect.spawn(sys.executable, [str(script)], encoding="utf-8", timeout=30, env=dict(os.environ))
    try:
        child.expect("ready")
        deadline = time.monotonic() + 30
        while not _stopped(child.pid):  # bounded: the child stops itself right after "ready"
            assert time.monotonic() < deadline, "the child never stopped"
            time.sleep(0.01)
        child.send("y\nyes that sounds right\npart of a li")  # two whole lines and one half typed
        os.kill(child.pid, signal.SIGCONT)
        child.expect(r"not taken as its answer: y yes that sounds right\)")
        child.expect(r"\[N\] deny")
        child.sendline("s")
        child.expect(r"decision=(\w+)/(\w+)")
        assert child.match.groups() == ("allow", "session")  # the answer typed after the question
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
